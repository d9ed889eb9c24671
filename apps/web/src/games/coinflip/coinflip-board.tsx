/**
 * The coinflip board: the 3D coin (tossed and spun onto each result), the streak and multiplier, and
 * the ladder of the 20 steps: flips made so far (the coin each landed on, lit green, a wrong call
 * red), the next step highlighted, and what every step pays.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import clsx from 'clsx';
import { COINFLIP_MAX_FLIPS, type CoinflipParams, type CoinflipState } from '@nebula/games';
import type { ExtendedBoardProps } from '../types';
import { Coin, CoinEmblem } from './coin';
import {
  coinAngles,
  compactMultiplier,
  multiplierLadder,
  multiplierText,
  progressOf,
  spinDuration,
} from './coinflip-model';
import { useSettled } from './use-settled';
import './texts';
import './coinflip.css';
import { useTranslation } from '../../lib/i18n';

/** The coinflip board (`coinflip-board`, `coinflip-coin` with `data-side`). */
export function CoinflipBoard({
  round,
  roundKey,
  houseEdgeBps,
  sound,
}: ExtendedBoardProps<CoinflipParams, CoinflipState>) {
  const { t } = useTranslation();
  const state = round?.view;
  const flips = state?.flips ?? [];
  const spin = spinDuration(round);
  // Until the coin has landed, the streak, ladder and badges still show the round before this flip.
  const settled = useSettled(roundKey, spin);
  const shownFlips = settled ? flips : flips.slice(0, -1);
  const { streak, lost, side } = progressOf(state);
  const shownStreak = settled ? streak : progressOf({ flips: shownFlips }).streak;
  const { from, angle } = coinAngles(state);
  const finished = round?.state === 'finished';
  const ended = finished && settled;
  const maxed = ended && !lost && streak === COINFLIP_MAX_FLIPS;
  const taken = ended && !lost && streak > 0;
  const shownLost = ended && lost;
  const ladder = multiplierLadder(houseEdgeBps);
  const current = shownStreak > 0 ? ladder[shownStreak - 1] : undefined;
  const next = !ended && shownStreak < COINFLIP_MAX_FLIPS ? ladder[shownStreak] : undefined;

  // Sounds: the toss, then a rising pop for each right call (the frame plays win / lose at the end).
  const latestSound = useRef(sound);
  useLayoutEffect(() => {
    latestSound.current = sound;
  });
  const last = round?.last;
  useEffect(() => {
    if (!last || !spin) return undefined;
    latestSound.current.play('roll', { pitch: 1.6 });
    if (last !== 'continue') return undefined;
    const timer = setTimeout(() => latestSound.current.play('pop', { pitch: 1 + streak * 0.04 }), spin);
    return () => clearTimeout(timer);
  }, [roundKey, last, spin, streak]);

  const stripRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const strip = stripRef.current;
    const target = strip?.children[Math.max(0, flips.length - 2)] as HTMLElement | undefined;
    if (strip && target) strip.scrollLeft = target.offsetLeft - strip.offsetLeft;
  }, [flips.length]);

  const coinLabel = side ? t(`gameCoinflip.side.${side}`) : t('gameCoinflip.pickSide');
  const multiplier = shownLost ? '0.00' : current ? multiplierText(current) : '1.00';
  const badge = shownLost
    ? t('gameCoinflip.lost')
    : maxed
      ? t('gameCoinflip.maxed')
      : taken
        ? t('gameCoinflip.taken')
        : null;

  return (
    <div
      className={clsx('coinflip-board', shownLost && 'is-lost', taken && 'is-taken')}
      data-testid="coinflip-board"
      data-state={round?.state ?? 'none'}
    >
      <div className="coinflip-arena">
        <Coin
          from={from}
          angle={angle}
          spin={spin}
          tossKey={`${round?.betId ?? 'none'}:${flips.length}`}
          side={side}
          label={coinLabel}
          state={shownLost ? 'lost' : taken ? 'won' : 'idle'}
        />
        <div className="coinflip-status">
          <div className="coinflip-stat">
            <span className="coinflip-stat__label">{t('gameCoinflip.streak')}</span>
            <span className="coinflip-stat__value" data-testid="coinflip-streak">
              {shownStreak}
            </span>
          </div>
          <div className="coinflip-stat coinflip-stat--multiplier">
            <span className="coinflip-stat__label">{t('gameCoinflip.multiplier')}</span>
            <span className="coinflip-stat__value" data-testid="coinflip-multiplier">
              {multiplier}×
            </span>
          </div>
        </div>
        {badge ? (
          <span key={`${round?.betId}:badge`} className={clsx('coinflip-badge', lost ? 'is-lost' : 'is-won')}>
            {badge}
          </span>
        ) : (
          <span className="coinflip-hint">
            {round
              ? next && t('gameCoinflip.next', { multiplier: multiplierText(next) })
              : t('gameCoinflip.noRound')}
          </span>
        )}
      </div>

      <ol
        className="coinflip-ladder"
        ref={stripRef}
        aria-label={t('gameCoinflip.flips')}
        data-testid="coinflip-streak-strip"
      >
        {ladder.map((value, i) => {
          const flip = shownFlips[i];
          const result = flip ? (flip.call === flip.result ? 'right' : 'wrong') : null;
          const isNext = !ended && !!round && i === shownFlips.length;
          return (
            <li
              key={i}
              className={clsx('coinflip-step', result && `is-${result}`, isNext && 'is-next')}
              data-testid="coinflip-step"
              data-result={result ?? ''}
              title={t('gameCoinflip.flip', { n: i + 1 })}
            >
              <span className={clsx('coinflip-step__coin', flip && `is-${flip.result}`)}>
                {flip ? <CoinEmblem side={flip.result} className="coinflip-step__emblem" /> : i + 1}
              </span>
              <span className="coinflip-step__value">{compactMultiplier(value)}×</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
