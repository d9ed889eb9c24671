/**
 * Roulette's board: the wheel with the ball and the result, the recent results strip and the betting
 * table (horizontal on wide boards; vertical on phones, with the wheel under it so it stays in view
 * next to the play button). A round spins the ball into the outcome pocket,
 * then the pocket is highlighted, the chips show won or lost and the frame hears `onAnimationEnd`.
 */
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import clsx from 'clsx';
import { ROULETTE_MAX_PLACEMENTS, type RouletteOutcome, type RoulettePlacement } from '@nebula/games';
import { toast } from '../../ui';
import type { BoardProps } from '../types';
import { PlaceHint, useChipExponent } from '../chips/chips';
import { chipAtomic } from '../chips/chip-unit';
import { type Orientation, pocketColor } from './layout';
import { type RouletteSpot, type RouletteUiParams, addChip, removeSpot } from './params';
import { RouletteTable } from './table';
import { RouletteWheel, type WheelHandle } from './wheel';
import './texts';
import './roulette.css';
import { useTranslation } from '../../lib/i18n';

/** Board width under which the table turns vertical. */
export const VERTICAL_BELOW_PX = 560;
/** Results kept in the strip. */
export const RECENT_LIMIT = 12;

/** How long a spin runs for a round delay: a little longer than the delay, within the frame's grace. */
export function spinDuration(delay: number): number {
  if (delay <= 0) return 0;
  return Math.round(Math.min(delay * 1.3, delay + 400));
}

function useOrientation(ref: RefObject<HTMLElement | null>): Orientation {
  const [orientation, setOrientation] = useState<Orientation>('horizontal');
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const update = (width: number) => {
      if (width > 0) setOrientation(width < VERTICAL_BELOW_PX ? 'vertical' : 'horizontal');
    };
    update(element.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) update(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return orientation;
}

type Phase = 'idle' | 'spinning' | 'landed';

/** The roulette board. */
export function RouletteBoard(props: BoardProps<RouletteUiParams, RouletteOutcome>) {
  const { params, locked, round, roundKey, houseEdgeBps, currency, decimals } = props;
  const { t } = useTranslation();
  const exponent = useChipExponent(currency, decimals);
  const rootRef = useRef<HTMLDivElement>(null);
  const wheelRef = useRef<WheelHandle>(null);
  const orientation = useOrientation(rootRef);
  const [phase, setPhase] = useState<Phase>('idle');
  const [winner, setWinner] = useState<number | null>(null);
  const [recent, setRecent] = useState<{ key: number; number: number }[]>([]);
  const [resultPlacements, setResultPlacements] = useState<readonly RoulettePlacement[] | null>(null);

  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const initialKey = useRef(round ? roundKey : null);
  const landedKey = useRef<number | null>(null);

  useEffect(() => {
    const current = latest.current.round;
    if (!current) return undefined;
    const n = current.outcome.number;
    const land = () => {
      if (landedKey.current === roundKey) return;
      landedKey.current = roundKey;
      setWinner(n);
      setPhase('landed');
      setResultPlacements(latest.current.params.placements);
      setRecent((list) => [{ key: roundKey, number: n }, ...list].slice(0, RECENT_LIMIT));
      latest.current.onAnimationEnd(roundKey);
    };
    const instant = current.quick || current.delay <= 0 || roundKey === initialKey.current;
    if (instant || landedKey.current === roundKey) {
      wheelRef.current?.place(n);
      land();
      return undefined;
    }
    const duration = spinDuration(current.delay);
    setPhase('spinning');
    setWinner(null);
    wheelRef.current?.spin(n, duration);
    latest.current.sound.play('roll');
    const timer = setTimeout(() => {
      latest.current.sound.play('pop');
      land();
    }, duration);
    return () => clearTimeout(timer);
  }, [roundKey]);

  const onPlace = useCallback(
    (spot: RouletteSpot) => {
      const { params: current, locked: isLocked, setParams, sound } = latest.current;
      if (isLocked) return;
      const next = addChip(current, spot, chipAtomic(current.chip, exponent));
      if (!next) {
        toast.warning(t('rouletteUi.limit', { count: ROULETTE_MAX_PLACEMENTS }), { id: 'roulette-limit' });
        return;
      }
      setParams(next);
      sound.play('chip');
    },
    [exponent, t],
  );

  const onRemove = useCallback((key: string) => {
    const { params: current, locked: isLocked, setParams, sound } = latest.current;
    if (isLocked) return;
    const next = removeSpot(current, key);
    if (next !== current) {
      setParams(next);
      sound.play('pop', { pitch: 0.8 });
    }
  }, []);

  const showResult = phase === 'landed' && resultPlacements === params.placements;
  const landedColor = winner === null ? null : pocketColor(winner);

  return (
    <div
      ref={rootRef}
      className={clsx('roulette', `roulette--${orientation}`, phase === 'spinning' && 'is-spinning')}
      data-testid="roulette-board"
    >
      <div className="roulette__top">
        <div className="roulette__wheel">
          <RouletteWheel ref={wheelRef} />
          {phase === 'landed' && winner !== null && (
            <div
              key={roundKey}
              className={clsx('roulette__result', `is-${landedColor}`)}
              aria-live="polite"
              aria-label={`${t('rouletteUi.result')}: ${winner} ${t(`rouletteUi.color.${landedColor}`)}`}
            >
              <span data-testid="roulette-result">{winner}</span>
            </div>
          )}
        </div>
        <ol className="roulette__recent" aria-label={t('rouletteUi.recent')}>
          {recent.map((entry, i) => (
            <li
              key={entry.key}
              className={clsx('roulette__pill', `is-${pocketColor(entry.number)}`, i === 0 && 'is-latest')}
            >
              {entry.number}
            </li>
          ))}
        </ol>
      </div>
      <RouletteTable
        placements={params.placements}
        orientation={orientation}
        locked={locked}
        exponent={exponent}
        houseEdgeBps={houseEdgeBps}
        winner={phase === 'landed' ? winner : null}
        showResult={showResult}
        onPlace={onPlace}
        onRemove={onRemove}
      />
      {params.placements.length === 0 && !locked && <PlaceHint />}
    </div>
  );
}
