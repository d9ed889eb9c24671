/** Blackjack's verifier parts: the dealer's and the player's hands, who took each card. */
import clsx from 'clsx';
import { type BlackjackHand, type BlackjackState, blackjackTotal } from '@nebula/games';
import type { ExtendedGameVerifier } from '../kit/verifier';
import { FLOAT_NOTES, cardFormula, cardLabel } from '../kit/verifier-extended';
import { PlayingCard } from '../kit/verifier-parts';
import { useTranslation } from '../../lib/i18n';

function Hand({ title, cards, hand }: { title: string; cards: readonly number[]; hand?: BlackjackHand }) {
  const { t } = useTranslation();
  const { total } = blackjackTotal(cards);
  const result = hand?.result ?? null;
  const tone = result === null ? null : [1, 3, 5].includes(result) ? 'win' : result === 2 ? 'push' : 'loss';
  return (
    <div className={clsx('fv-hand fv-bj-hand', tone && `is-${tone}`)}>
      <div className="fv-hand__head">
        <span>
          {title}
          {hand?.doubled && <span className="fv-note"> · {t('fairnessUi.extended.view.doubled')}</span>}
        </span>
        <span className="fv-hand__total">{total}</span>
      </div>
      <div className="fv-hand__cards">
        {cards.map((card, i) => (
          <PlayingCard key={i} index={card} />
        ))}
      </div>
      {result !== null && (
        <span className={clsx('fv-badge', tone && `is-${tone}`)}>
          {t(`fairnessUi.extended.view.results.${result}`)}
        </span>
      )}
    </div>
  );
}

/** Blackjack: the dealer's cards (hole card included: the round is over) and each player hand. */
function BlackjackStateView({ state }: { state: BlackjackState }) {
  const { t } = useTranslation();
  return (
    <div className="fv-stack">
      <Hand title={t('fairnessUi.extended.view.dealer')} cards={state.dealer} />
      <div className="fv-hands">
        {state.hands.map((hand, i) => (
          <Hand
            key={i}
            title={t('fairnessUi.extended.view.hand', { n: i + 1 })}
            cards={hand.cards}
            hand={hand}
          />
        ))}
      </div>
      {state.insurancePaid && (
        <p className="fv-strong is-win">{t('fairnessUi.extended.view.insurancePaid')}</p>
      )}
    </div>
  );
}

export const blackjackVerifier: ExtendedGameVerifier = {
  /** Who took each card: the start deals player, dealer, player, dealer; later steps deal the dealer last. */
  floatSteps(result) {
    const roles: ('player' | 'dealer')[] = [];
    result.steps.forEach((step, index) => {
      if (index === 0) {
        roles.push(...(['player', 'dealer', 'player', 'dealer'] as const).slice(0, step.floats.length));
        return;
      }
      const before = (result.steps[index - 1]?.state as BlackjackState).dealer.length;
      const dealer = (step.state as BlackjackState).dealer.length - before;
      const player = step.floats.length - dealer;
      for (let i = 0; i < step.floats.length; i += 1) roles.push(i < player ? 'player' : 'dealer');
    });
    return result.floats.map((read, i) => ({
      formula: cardFormula(read.value),
      value: cardLabel(read.value),
      noteKey: `${FLOAT_NOTES}.${roles[i] ?? 'player'}`,
    }));
  },
  StateView: ({ result }) => <BlackjackStateView state={result.state as BlackjackState} />,
  describeAction(a, _level, key) {
    if (a.action === 'insurance') return key(a.accept ? 'insuranceYes' : 'insuranceNo');
    return typeof a.action === 'string' ? key(a.action) : null;
  },
};
