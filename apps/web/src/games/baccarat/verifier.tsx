/** Baccarat's verifier parts: the stakes as JSON, both hands and the winner, one float per card. */
import clsx from 'clsx';
import { cardFromIndex } from '@nebula/fairness';
import type { BaccaratOutcome, VerifyResult } from '@nebula/games';
import { type GameVerifier, type ParamsEditorProps, formatJson, parseJson } from '../kit/verifier';
import { type JsonDraft, JsonParamsEditor } from '../kit/verifier-json';
import { PlayingCard } from '../kit/verifier-parts';
import { type Translation, useTranslation } from '../../lib/i18n';

const DEFAULT_STAKES = { player: '100', banker: '0', tie: '0' };

interface BaccaratShape {
  player: readonly number[];
  banker: readonly number[];
}

/** Who received each of the six baccarat cards, in deal order (unused when not dealt). */
export function baccaratRoles(outcome: BaccaratShape, count: number): ('player' | 'banker' | 'unused')[] {
  const roles: ('player' | 'banker' | 'unused')[] = ['player', 'banker', 'player', 'banker'];
  if (outcome.player.length === 3) roles.push('player');
  if (outcome.banker.length === 3) roles.push('banker');
  while (roles.length < count) roles.push('unused');
  return roles.slice(0, count);
}

function BaccaratParamsEditor(props: ParamsEditorProps<JsonDraft>) {
  return <JsonParamsEditor game="baccarat" rows={5} {...props} />;
}

function BaccaratOutcomeView({ result }: { result: VerifyResult }) {
  const { t } = useTranslation();
  const outcome = result.outcome as BaccaratOutcome;
  const hand = (side: 'player' | 'banker', cards: readonly number[], total: number) => (
    <div className={clsx('fv-hand', outcome.winner === side && 'is-winner')}>
      <div className="fv-hand__head">
        <span>{t(`verifier.baccarat.role.${side}`)}</span>
        <span className="fv-hand__total">{total}</span>
      </div>
      <div className="fv-hand__cards">
        {cards.map((card, i) => (
          <PlayingCard key={i} index={card} />
        ))}
      </div>
    </div>
  );
  return (
    <div className="fv-stack">
      <div className="fv-hands">
        {hand('player', outcome.player, outcome.playerTotal)}
        {hand('banker', outcome.banker, outcome.bankerTotal)}
      </div>
      <p className="fv-strong">{t(`verifier.baccarat.winner.${outcome.winner}`)}</p>
    </div>
  );
}

/** The outcome view's texts (keys `verifier.baccarat.*`), registered by games/verifiers.ts. */
const textsEn = {
  role: { player: 'Player', banker: 'Banker', unused: 'not dealt' },
  winner: { player: 'Player wins', banker: 'Banker wins', tie: 'Tie' },
};

const textsDe: Translation<typeof textsEn> = {
  role: { player: 'Spieler', banker: 'Bank', unused: 'nicht ausgeteilt' },
  winner: { player: 'Spieler gewinnt', banker: 'Bank gewinnt', tie: 'Unentschieden' },
};

export const baccaratVerifier: GameVerifier<JsonDraft> = {
  defaultDraft: () => ({ json: formatJson(DEFAULT_STAKES) }),
  draftToParams: (draft) => parseJson(draft.json),
  paramsToDraft: (params) => ({ json: formatJson(params) }),
  ParamsEditor: BaccaratParamsEditor,
  OutcomeView: BaccaratOutcomeView,
  floatSteps(result) {
    const roles = baccaratRoles(result.outcome as BaccaratOutcome, result.floats.length);
    return result.floats.map((f, i) => {
      const index = Math.floor(f * 52);
      return {
        formula: `floor(f × 52) = ${index}`,
        value: cardFromIndex(index).label,
        noteKey: `verifier.baccarat.role.${roles[i]}`,
        unused: roles[i] === 'unused',
      };
    });
  },
  texts: { en: textsEn, de: textsDe },
};
