import { useLayoutEffect, useRef, useState } from 'react';
import clsx from 'clsx';
import type { LimboOutcome, LimboParams } from '@nebula/games';
import type { BoardProps } from '../types';
import { formatDisplay, formatHundredths } from '../kit/format';
import { useRoundTimeline } from '../kit/use-round-timeline';
import { limboChanceText, limboTargetText } from './limbo-math';
import './limbo.css';
import { useTranslation } from '../../lib/i18n';

/** Share of the round the counter climbs; it then lands and shows the outcome. */
const CLIMB_SHARE = 0.82;

function easeOutCubic(x: number): number {
  return 1 - (1 - x) ** 3;
}

/**
 * The value shown at `progress` (0..1) of the climb to `result` hundredths: exponential in the
 * progress, so a 1,000x result rushes through the small numbers the way a rocket would.
 */
export function limboCounterAt(progress: number, result: number): number {
  const end = Math.max(1, result / 100);
  return Math.exp(Math.log(end) * easeOutCubic(Math.min(1, Math.max(0, progress))));
}

/** The limbo board: a big multiplier counter that climbs from 1.00x to the result, green or red. */
export function LimboBoard({
  params,
  round,
  roundKey,
  onAnimationEnd,
  houseEdgeBps,
  sound,
}: BoardProps<LimboParams, LimboOutcome>) {
  const { t } = useTranslation();
  const valueRef = useRef<HTMLSpanElement>(null);
  const landed = useRef(false);
  const crossed = useRef(false);
  const [phase, setPhase] = useState<'idle' | 'rolling' | 'over' | 'landed'>('idle');
  const [win, setWin] = useState(false);

  const show = (text: string) => {
    if (valueRef.current) valueRef.current.textContent = text;
  };
  // The counter's size follows the length of the result, fixed for the whole climb.
  const fitTo = (result: number) => {
    valueRef.current?.parentElement?.style.setProperty('--len', String(formatHundredths(result).length));
  };

  // The counter's text is written directly (every animation frame); it starts at 1.00x.
  useLayoutEffect(() => {
    if (valueRef.current && !valueRef.current.textContent) valueRef.current.textContent = '1.00';
  }, []);

  useRoundTimeline(round, roundKey, onAnimationEnd, {
    start(current, duration) {
      landed.current = false;
      crossed.current = false;
      if (duration > 0) {
        fitTo(current.outcome.result);
        show('1.00');
        setPhase('rolling');
        sound.play('roll');
      }
    },
    frame(progress, current) {
      const climb = Math.min(1, progress / CLIMB_SHARE);
      if (climb < 1) {
        const value = limboCounterAt(climb, current.outcome.result);
        show(formatDisplay(value, 2));
        // Passing the target means a win: the counter turns green on the way up.
        const target = (current.params as Partial<LimboParams> | null)?.target;
        if (!crossed.current && typeof target === 'number' && value * 100 >= target && current.win) {
          crossed.current = true;
          setPhase('over');
          sound.play('tick', { pitch: 1.4 });
        }
      } else if (!landed.current) {
        landed.current = true;
        show(formatHundredths(current.outcome.result));
        setWin(current.win);
        setPhase('landed');
      }
    },
    finish(current) {
      fitTo(current.outcome.result);
      show(formatHundredths(current.outcome.result));
      setWin(current.win);
      setPhase('landed');
    },
  });

  const outcomeClass = phase === 'landed' && (win ? 'is-win' : 'is-lose');
  const rolling = phase === 'rolling' || phase === 'over';
  return (
    <div
      className={clsx('limbo-board', rolling && 'is-rolling', phase === 'over' && 'is-over', outcomeClass)}
      data-testid="limbo-board"
    >
      <div className="limbo-board__sky" aria-hidden />
      <div className="limbo-board__glow" aria-hidden />
      <div className="limbo-board__center">
        <div className={clsx('limbo-counter', phase === 'over' && 'is-over', outcomeClass)}>
          <span className="limbo-counter__value" ref={valueRef} data-testid="limbo-result" />
          <span className="limbo-counter__x">×</span>
        </div>
        <div className="limbo-chips">
          <span className="limbo-chip">
            <span className="limbo-chip__label">{t('gameLimbo.targetShort')}</span>
            <span className="limbo-chip__value">{limboTargetText(params)}×</span>
          </span>
          <span className="limbo-chip">
            <span className="limbo-chip__label">{t('gameLimbo.winChance')}</span>
            <span className="limbo-chip__value">{limboChanceText(params, houseEdgeBps)}%</span>
          </span>
        </div>
      </div>
    </div>
  );
}
