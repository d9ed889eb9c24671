/**
 * Baccarat's board: the table with the Player and Banker hands (cards dealt from the shoe in order,
 * third cards sideways, running totals), the winner banner, and the three betting spots that take
 * chips (click places the selected chip, right-click removes the spot's stake).
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import clsx from 'clsx';
import {
  type BaccaratOutcome,
  type BaccaratSide,
  baccaratSideMultiplier,
  ratioToDecimal,
} from '@nebula/games';
import type { BoardProps } from '../types';
import { PlaceHint, StakeChip, useChipExponent } from '../chips/chips';
import { chipAtomic } from '../chips/chip-unit';
import { HandView } from './cards';
import { type DealStep, dealDuration, dealSchedule, handTotal } from './deal';
import {
  BACCARAT_SIDES,
  type BaccaratStakes,
  type BaccaratUiParams,
  addChip,
  baccaratUiTotal,
  removeSide,
  stakeOf,
} from './params';
import './texts';
import { formatMoney } from '../../lib/money-format';
// spots.css first: the narrow-board overrides in baccarat.css come after it.
import './spots.css';
import './baccarat.css';
import { useTranslation } from '../../lib/i18n';

interface Deal {
  key: number;
  outcome: BaccaratOutcome;
  steps: DealStep[];
}

const sameStakes = (a: BaccaratStakes | null, b: BaccaratStakes) =>
  !!a && a.player === b.player && a.banker === b.banker && a.tie === b.tie;

/** Pays shown on a spot: the multiplier a win on that side returns, 4 decimals rounded down. */
export function sidePays(side: BaccaratSide, houseEdgeBps: number): string {
  return ratioToDecimal(baccaratSideMultiplier(side, side, houseEdgeBps), 4);
}

/** The baccarat board. */
export function BaccaratBoard(props: BoardProps<BaccaratUiParams, BaccaratOutcome>) {
  const { params, locked, round, roundKey, houseEdgeBps, currency, decimals } = props;
  const { t } = useTranslation();
  const exponent = useChipExponent(currency, decimals);
  const [deal, setDeal] = useState<Deal | null>(null);
  const [revealed, setRevealed] = useState(0);
  const [done, setDone] = useState(false);
  const [resultStakes, setResultStakes] = useState<BaccaratStakes | null>(null);

  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const initialKey = useRef(round ? roundKey : null);
  const endedKey = useRef<number | null>(null);

  useEffect(() => {
    const current = latest.current.round;
    if (!current) return undefined;
    const instant =
      current.quick || current.delay <= 0 || roundKey === initialKey.current || endedKey.current === roundKey;
    const total = instant ? 0 : dealDuration(current.delay);
    const steps = dealSchedule(current.outcome, total);
    setDeal({ key: roundKey, outcome: current.outcome, steps });
    const finish = () => {
      setRevealed(steps.length);
      setDone(true);
      if (endedKey.current === roundKey) return;
      endedKey.current = roundKey;
      const { player, banker, tie } = latest.current.params;
      setResultStakes({ player, banker, tie });
      latest.current.onAnimationEnd(roundKey);
    };
    if (instant) {
      finish();
      return undefined;
    }
    setRevealed(0);
    setDone(false);
    const timers = steps.flatMap((step, i) => [
      setTimeout(() => latest.current.sound.play('card', { pitch: 1 + i * 0.04 }), step.start),
      setTimeout(() => setRevealed((count) => Math.max(count, i + 1)), step.start + step.duration),
    ]);
    timers.push(setTimeout(finish, total + 40));
    return () => timers.forEach(clearTimeout);
  }, [roundKey]);

  const shown = useMemo(() => deal?.steps.slice(0, revealed) ?? [], [deal, revealed]);
  const totalOf = (hand: 'player' | 'banker') => {
    const cards = shown.filter((step) => step.hand === hand).map((step) => step.card);
    return cards.length ? handTotal(cards) : null;
  };
  const winner = done && deal ? deal.outcome.winner : null;
  const handState = (hand: 'player' | 'banker') =>
    winner === null ? null : winner === 'tie' ? 'tie' : winner === hand ? 'won' : 'lost';
  const showResult = winner !== null && sameStakes(resultStakes, params);

  const onPlace = useCallback(
    (side: BaccaratSide) => {
      const { params: current, locked: isLocked, setParams, sound } = latest.current;
      if (isLocked) return;
      setParams(addChip(current, side, chipAtomic(current.chip, exponent)));
      sound.play('chip');
    },
    [exponent],
  );
  const onRemove = useCallback((side: BaccaratSide) => {
    const { params: current, locked: isLocked, setParams, sound } = latest.current;
    if (isLocked) return;
    const next = removeSide(current, side);
    if (next !== current) {
      setParams(next);
      sound.play('pop', { pitch: 0.8 });
    }
  }, []);

  const spotState = (side: BaccaratSide) => {
    if (!showResult || winner === null) return null;
    if (side === winner) return 'won';
    if (winner === 'tie') return 'push';
    return 'lost';
  };

  const hand = (side: 'player' | 'banker') => (
    <HandView
      hand={side}
      label={t(`baccaratUi.side.${side}`)}
      steps={deal?.steps.filter((step) => step.hand === side) ?? []}
      total={totalOf(side)}
      state={handState(side)}
      dealKey={deal?.key ?? 0}
    />
  );

  return (
    <div className={clsx('bac', deal && !done && 'is-dealing')} data-testid="baccarat-board">
      <div className="bac__felt">
        <div className="bac__shoe" aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
        <div className="bac__hands">
          {hand('player')}
          <div className="bac__center">
            {!deal && <div className="bac__hint">{t('baccaratUi.placeBets')}</div>}
            {winner !== null && deal && (
              <div key={deal.key} className={clsx('bac__banner', `is-${winner}`)} aria-live="polite">
                <span className="bac__banner-side" data-testid="baccarat-result">
                  {winner}
                </span>
                <span className="bac__banner-text">
                  {winner === 'tie' ? t('baccaratUi.tieText') : t('baccaratUi.wins')}
                </span>
                <span className="bac__banner-score">
                  {deal.outcome.playerTotal} : {deal.outcome.bankerTotal}
                </span>
              </div>
            )}
          </div>
          {hand('banker')}
        </div>
      </div>
      <div className="bac__spots">
        {BACCARAT_SIDES.map((side) => {
          const stake = stakeOf(params, side);
          const pays = sidePays(side, houseEdgeBps);
          const state = spotState(side);
          return (
            <button
              key={side}
              type="button"
              className={clsx('bac-spot', `bac-spot--${side}`, state && `is-${state}`)}
              data-testid={`baccarat-bet-${side}`}
              disabled={locked}
              aria-label={t('baccaratUi.betOn', { side: t(`baccaratUi.side.${side}`), multiplier: pays })}
              onClick={() => onPlace(side)}
              onContextMenu={(event) => {
                event.preventDefault();
                onRemove(side);
              }}
            >
              <span className="bac-spot__name">{t(`baccaratUi.side.${side}`)}</span>
              <span className="bac-spot__pays">{t('baccaratUi.pays', { multiplier: pays })}</span>
              <span className="bac-spot__stake">
                {stake > 0n && <StakeChip key={params[side]} amount={stake} exponent={exponent} />}
                {state === 'push' && stake > 0n && (
                  <span className="bac-spot__tag">{t('baccaratUi.push')}</span>
                )}
              </span>
              <span className={clsx('bac-spot__amount', stake === 0n && 'is-zero')}>
                {formatMoney(stake, decimals)} {currency.toUpperCase()}
              </span>
            </button>
          );
        })}
      </div>
      {baccaratUiTotal(params) === 0n && !locked && <PlaceHint />}
    </div>
  );
}
