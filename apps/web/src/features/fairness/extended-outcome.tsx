/**
 * An extended round's final state, drawn by the game's own view (games/verifiers.ts: the mines board,
 * the tower or stairs rows, the coin flips, the cards), with a JSON fallback; plus the facts every
 * round has (how it ended, what it pays per base wager, what was staked).
 */
import clsx from 'clsx';
import {
  type ExtendedVerifyResult,
  ONE_RATIO,
  eqRatio,
  isExtendedGameId,
  ratioToDecimal,
} from '@nebula/games';
import { EXTENDED_GAME_VERIFIERS } from '../../games/verifiers';
import './extended-view.css';
import { useTranslation } from '../../lib/i18n';

/** The final state of `result` as its game's drawing, or JSON for a game without one. */
export function ExtendedStateView({ result }: { result: ExtendedVerifyResult }) {
  const { t } = useTranslation();
  if (isExtendedGameId(result.gameId)) {
    const { StateView } = EXTENDED_GAME_VERIFIERS[result.gameId];
    return <StateView result={result} />;
  }
  return (
    <div className="pg-field">
      <span className="fv-muted">{t('fairnessUi.extended.view.state')}</span>
      <pre className="fv-json-view">{JSON.stringify(result.state, null, 2)}</pre>
    </div>
  );
}

/** Up to 8 decimals, trailing zeros dropped. */
function short(value: Parameters<typeof ratioToDecimal>[0]): string {
  return ratioToDecimal(value, 8).replace(/\.?0+$/, '');
}

/** How the round ended, what the base wager pays and (when not 1) what was staked. */
export function ExtendedFacts({ result }: { result: ExtendedVerifyResult }) {
  const { t } = useTranslation();
  const tone = result.ending === 'lose' ? 'is-loss' : result.ending === 'open' ? undefined : 'is-win';
  return (
    <div className="fv-stack">
      <div className="fv-facts fv-ext-facts">
        <div className="fv-fact">
          <span className="fv-fact__label">{t('fairnessUi.extended.ending.label')}</span>
          <span className={clsx('fv-fact__value', tone)} data-testid="verify-ending">
            {t(`fairnessUi.extended.ending.${result.ending}`)}
          </span>
        </div>
        <div className="fv-fact">
          <span className="fv-fact__label">{t('fairnessUi.extended.pays')}</span>
          <span className="fv-fact__value">{short(result.payout)}×</span>
        </div>
        {!eqRatio(result.stake, ONE_RATIO) && (
          <div className="fv-fact">
            <span className="fv-fact__label">{t('fairnessUi.extended.stake')}</span>
            <span className="fv-fact__value">{short(result.stake)}×</span>
          </div>
        )}
      </div>
      {result.ending === 'open' && <p className="fv-hint">{t('fairnessUi.extended.ending.openNote')}</p>}
    </div>
  );
}
