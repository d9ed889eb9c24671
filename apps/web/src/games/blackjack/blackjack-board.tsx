/**
 * The blackjack table: the shoe, the dealer's row (the hole card face down until the round settles,
 * then turned over), the table's printed rules, and the player's hand(s) with totals, a doubled chip,
 * result badges and the active hand lit. New cards fly in from the shoe one after another in deal
 * order (see `table-plan.ts`); totals and badges appear as the cards land.
 */
import { type CSSProperties, useEffect, useLayoutEffect, useRef, useState } from 'react';
import clsx from 'clsx';
import { type BlackjackParams, BlackjackResult, type BlackjackState } from '@nebula/games';
import type { ExtendedBoardProps } from '../types';
import { PlayingCard } from './playing-card';
import { type SeatHand, type TablePlan, planTable } from './table-plan';
import './texts';
import './blackjack.css';
import { useTranslation } from '../../lib/i18n';

/** Result codes the table shows as a win (green), a push (neutral) or a loss (red). */
function tone(result: BlackjackResult): 'win' | 'push' | 'loss' {
  if (
    result === BlackjackResult.Win ||
    result === BlackjackResult.Blackjack ||
    result === BlackjackResult.DealerBust
  ) {
    return 'win';
  }
  return result === BlackjackResult.Push ? 'push' : 'loss';
}

const delayStyle = (ms: number) => ({ '--bj-appear': `${ms}ms` }) as CSSProperties;

/** Blackjack's board (`blackjack-board`, `blackjack-dealer-total`, per hand `blackjack-hand` + `blackjack-player-total`). */
export function BlackjackBoard({
  round,
  roundKey,
  sound,
}: ExtendedBoardProps<BlackjackParams, BlackjackState>) {
  const { t } = useTranslation();
  // Plans are derived per answer from the previous one (React's "state from previous render" pattern).
  const [memo, setMemo] = useState<{ key: number; plan: TablePlan | null }>(() => ({
    key: roundKey,
    plan: planTable(round, null),
  }));
  let plan = memo.plan;
  if (memo.key !== roundKey) {
    plan = planTable(round, memo.plan?.snapshot ?? null);
    setMemo({ key: roundKey, plan });
  }

  const latestSound = useRef(sound);
  useLayoutEffect(() => {
    latestSound.current = sound;
  });
  const cues = plan?.cues;
  useEffect(() => {
    if (!cues || cues.length === 0) return undefined;
    const timers = cues.map((cue, i) =>
      setTimeout(
        () =>
          latestSound.current.play(cue.kind === 'reveal' ? 'pop' : 'card', { pitch: 0.96 + (i % 3) * 0.04 }),
        cue.at,
      ),
    );
    return () => timers.forEach(clearTimeout);
  }, [cues]);

  const state = round?.view;
  const insurance = state?.insurance ?? 'none';
  const handCount = plan?.hands.length ?? 1;

  return (
    <div
      className="bj"
      data-testid="blackjack-board"
      data-phase={state?.phase ?? 'none'}
      data-hands={handCount}
      aria-label={t('blackjackUi.board')}
    >
      <div className={clsx('bj__felt', handCount > 2 && 'is-crowded')}>
        <div className="bj__shoe" aria-hidden>
          <span />
          <span />
          <span />
        </div>

        <section className="bj__dealer" aria-label={t('blackjackUi.dealer')}>
          <div className="bj__label">
            <span>{t('blackjackUi.dealer')}</span>
            {plan && plan.dealerTotal !== null && (
              <span
                key={plan.dealerText}
                className={clsx('bj-total', plan.settled && plan.dealerTotal > 21 && 'is-bust')}
                data-testid="blackjack-dealer-total"
                data-total={plan.dealerTotal}
                style={delayStyle(plan.dealerReadyAt)}
              >
                {plan.dealerText}
              </span>
            )}
            {insurance === 'taken' && (
              <InsuranceChip
                paid={!!state?.insurancePaid}
                settled={!!plan?.settled}
                doneAt={plan?.doneAt ?? 0}
              />
            )}
          </div>
          <div className="bj__cards bj__cards--dealer">
            {plan ? (
              plan.dealer.map((card) => (
                <PlayingCard
                  key={card.key}
                  card={card.card}
                  faceDown={card.faceDown}
                  motion={card.motion}
                  hiddenLabel={t('blackjackUi.hiddenCard')}
                  className="bj__card"
                />
              ))
            ) : (
              <EmptySlots />
            )}
          </div>
        </section>

        <div className="bj__rules" aria-hidden>
          <span className="bj__rules-main">{t('blackjackUi.rules')}</span>
          {state?.phase === 'insurance' ? (
            <span className="bj__prompt">{t('blackjackUi.insurance')}</span>
          ) : (
            <span className="bj__rules-sub">
              <span>{t('blackjackUi.rulesDealer')}</span>
              <span>{t('blackjackUi.rulesInsurance')}</span>
            </span>
          )}
        </div>

        <section className="bj__hands" aria-label={t('blackjackUi.player')}>
          {plan ? (
            plan.hands.map((hand, i) => (
              <HandView
                key={hand.id}
                hand={hand}
                number={i + 1}
                multi={plan.hands.length > 1}
                doneAt={plan.doneAt}
              />
            ))
          ) : (
            <div className="bj-hand">
              <div className="bj__cards">
                <EmptySlots />
              </div>
              <p className="bj__placeholder">{t('blackjackUi.placeBet')}</p>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

function EmptySlots() {
  return (
    <>
      <div className="bj__slot" />
      <div className="bj__slot" />
    </>
  );
}

function HandView({
  hand,
  number,
  multi,
  doneAt,
}: {
  hand: SeatHand;
  number: number;
  multi: boolean;
  doneAt: number;
}) {
  const { t } = useTranslation();
  const result = hand.result;
  return (
    <div
      className={clsx('bj-hand', hand.active && 'is-active', result !== null && `is-${tone(result)}`)}
      data-testid="blackjack-hand"
      data-active={hand.active}
      data-result={result ?? ''}
      style={delayStyle(doneAt)}
    >
      <div className="bj__cards">
        {hand.cards.map((card) => (
          <PlayingCard key={card.key} card={card.card} motion={card.motion} className="bj__card" />
        ))}
      </div>
      <div className="bj-hand__meta">
        {multi && <span className="bj-hand__name">{t('blackjackUi.hand', { number })}</span>}
        <span
          key={hand.totalText}
          className={clsx('bj-total', hand.total > 21 && 'is-bust', hand.total === 21 && 'is-21')}
          data-testid="blackjack-player-total"
          data-total={hand.total}
          style={delayStyle(hand.readyAt)}
        >
          {hand.totalText}
        </span>
        {hand.doubled && <span className="bj-hand__chip">{t('blackjackUi.doubled')} ×2</span>}
      </div>
      {result !== null && (
        <span
          className={clsx('bj-badge', `is-${tone(result)}`)}
          data-testid="blackjack-result"
          data-code={result}
        >
          {t(`blackjackUi.result.${result}`)}
        </span>
      )}
    </div>
  );
}

/** The insurance side bet once taken: 'Insured', then paid (2:1) or lost when the round settles. */
function InsuranceChip({ paid, settled, doneAt }: { paid: boolean; settled: boolean; doneAt: number }) {
  const { t } = useTranslation();
  const text = !settled
    ? t('blackjackUi.insured')
    : paid
      ? t('blackjackUi.insurancePaid')
      : t('blackjackUi.insuranceLost');
  return (
    <span
      className={clsx('bj-insured', settled && (paid ? 'is-win' : 'is-loss'))}
      data-testid="blackjack-insurance"
      style={delayStyle(settled ? doneAt : 0)}
    >
      {text}
    </span>
  );
}
