import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import clsx from 'clsx';
import { type DiceOutcome, type DiceParams } from '@nebula/games';
import type { BoardProps } from '../types';
import {
  DICE_MAX_ROLL,
  clampTarget,
  diceChanceText,
  diceMultiplierText,
  diceTargetText,
  targetBounds,
  withTarget,
} from './dice-math';
import { formatHundredths } from '../kit/format';
import { useRoundTimeline } from '../kit/use-round-timeline';
import './dice.css';
import { useTranslation } from '../../lib/i18n';

/** Share of the round the marker slides; it then lands and shows the outcome. */
const SLIDE_SHARE = 0.78;
const SCALE = [0, 25, 50, 75, 100];

function easeOutQuart(x: number): number {
  return 1 - (1 - x) ** 4;
}

/**
 * The dice board: the 0.00-100.00 slider with the winning range in green, the handle the player drags
 * to set the target, and the result marker that slides to the roll and lands green or red.
 */
export function DiceBoard({
  params,
  setParams,
  locked,
  round,
  roundKey,
  onAnimationEnd,
  houseEdgeBps,
  sound,
}: BoardProps<DiceParams, DiceOutcome>) {
  const { t } = useTranslation();
  const trackRef = useRef<HTMLDivElement>(null);
  const moverRef = useRef<HTMLDivElement>(null);
  const dotRef = useRef<HTMLDivElement>(null);
  const labelRef = useRef<HTMLSpanElement>(null);
  const lastRoll = useRef(DICE_MAX_ROLL / 2);
  const slideFrom = useRef(DICE_MAX_ROLL / 2);
  const landed = useRef(false);
  const [phase, setPhase] = useState<'idle' | 'rolling' | 'landed'>('idle');
  const [win, setWin] = useState(false);
  const [dragging, setDragging] = useState(false);

  const place = (roll: number) => {
    const transform = `translate3d(${roll / 100}%, 0, 0)`;
    if (moverRef.current) moverRef.current.style.transform = transform;
    if (dotRef.current) dotRef.current.style.transform = transform;
    if (labelRef.current) labelRef.current.textContent = formatHundredths(Math.round(roll));
  };

  useRoundTimeline(round, roundKey, onAnimationEnd, {
    start(_current, duration) {
      slideFrom.current = lastRoll.current;
      landed.current = false;
      if (duration > 0) {
        place(slideFrom.current);
        setPhase('rolling');
        sound.play('roll');
      }
    },
    frame(progress, current) {
      const slide = Math.min(1, progress / SLIDE_SHARE);
      const from = slideFrom.current;
      place(from + (current.outcome.roll - from) * easeOutQuart(slide));
      if (slide >= 1 && !landed.current) {
        landed.current = true;
        setWin(current.win);
        setPhase('landed');
      }
    },
    finish(current) {
      place(current.outcome.roll);
      lastRoll.current = current.outcome.roll;
      setWin(current.win);
      setPhase('landed');
    },
  });

  const { min, max } = targetBounds(params.condition);
  const setTarget = (target: number) => {
    const next = clampTarget(target, params.condition);
    if (next === params.target) return;
    setParams(withTarget(params, next));
    sound.play('tick', { pitch: 0.8 + next / DICE_MAX_ROLL / 2 });
  };
  // Dragging moves in whole numbers (the sidebar fields reach every hundredth).
  const targetAt = (clientX: number) => {
    const rect = trackRef.current?.getBoundingClientRect();
    if (!rect || rect.width <= 0) return params.target;
    const share = Math.min(1, Math.max(0, (clientX - rect.left) / rect.width));
    return Math.round((share * DICE_MAX_ROLL) / 100) * 100;
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (locked || event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    event.currentTarget.focus();
    setDragging(true);
    setTarget(targetAt(event.clientX));
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!dragging || locked) return;
    setTarget(targetAt(event.clientX));
  };
  const endDrag = () => setDragging(false);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (locked) return;
    const step = event.shiftKey ? 1 : 100;
    const moves: Record<string, number> = {
      ArrowRight: params.target + step,
      ArrowUp: params.target + step,
      ArrowLeft: params.target - step,
      ArrowDown: params.target - step,
      PageUp: params.target + 1000,
      PageDown: params.target - 1000,
      Home: min,
      End: max,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setTarget(next);
  };

  const under = params.condition === 'under';
  const split = `${params.target / 100}%`;
  const conditionLabel = under ? t('gameDice.rollUnder') : t('gameDice.rollOver');

  return (
    <div className="dice-board" data-testid="dice-board">
      <div className="dice-board__inner">
        <div className="dice-lane">
          <div className="dice-lane__mover" ref={moverRef}>
            <div
              className={clsx(
                'dice-marker',
                phase !== 'idle' && 'is-visible',
                phase === 'landed' && (win ? 'is-win' : 'is-lose'),
              )}
            >
              <div className="dice-marker__body">
                <svg className="dice-marker__hex" viewBox="0 0 80 70" aria-hidden>
                  <path d="M22 3h36a6 6 0 0 1 5.2 3l15 26a6 6 0 0 1 0 6l-15 26a6 6 0 0 1-5.2 3H22a6 6 0 0 1-5.2-3l-15-26a6 6 0 0 1 0-6l15-26A6 6 0 0 1 22 3z" />
                </svg>
                <span
                  className="dice-marker__value"
                  ref={labelRef}
                  data-testid="dice-result"
                  aria-label={t('gameDice.lastRoll')}
                />
              </div>
            </div>
          </div>
        </div>

        <div className={clsx('dice-rail', locked && 'is-locked', dragging && 'is-dragging')}>
          <div
            ref={trackRef}
            className="dice-track"
            role="slider"
            tabIndex={locked ? -1 : 0}
            aria-label={`${t('gameDice.target')}: ${conditionLabel}`}
            aria-valuemin={min / 100}
            aria-valuemax={max / 100}
            aria-valuenow={params.target / 100}
            aria-valuetext={diceTargetText(params)}
            aria-disabled={locked || undefined}
            data-testid="dice-slider"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
            onLostPointerCapture={endDrag}
            onKeyDown={onKeyDown}
          >
            <div className="dice-track__bar">
              <div
                className={clsx('dice-track__part', under ? 'is-win' : 'is-lose')}
                style={{ width: split }}
              />
              <div
                className={clsx('dice-track__part', under ? 'is-lose' : 'is-win')}
                style={{ left: split }}
              />
            </div>
            <div className={clsx('dice-track__dot', phase !== 'idle' && 'is-visible')} ref={dotRef}>
              <span className={clsx(phase === 'landed' && (win ? 'is-win' : 'is-lose'))} />
            </div>
            <div className="dice-handle" style={{ left: split }}>
              <span />
              <span />
              <span />
            </div>
          </div>
          <div className="dice-scale" aria-hidden>
            {SCALE.map((value) => (
              <span key={value} style={{ left: `${value}%` }}>
                {value}
              </span>
            ))}
          </div>
        </div>

        <dl className="dice-stats">
          <div>
            <dt>{t('gameDice.multiplier')}</dt>
            <dd>{diceMultiplierText(params, houseEdgeBps)}×</dd>
          </div>
          <div>
            <dt>{conditionLabel}</dt>
            <dd>{diceTargetText(params)}</dd>
          </div>
          <div>
            <dt>{t('gameDice.winChance')}</dt>
            <dd>{diceChanceText(params)}%</dd>
          </div>
        </dl>
      </div>
    </div>
  );
}
