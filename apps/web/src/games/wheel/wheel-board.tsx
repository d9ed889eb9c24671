/**
 * The wheel board: a ring of coloured segments under a pointer at the top. Each round spins the wheel
 * several turns with an ease-out to the outcome's segment (requestAnimationFrame; the pointer flicks
 * at each segment it passes), then the won segment, the centre and the legend entry light up.
 */
import { type CSSProperties, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import clsx from 'clsx';
import { type WheelOutcome, type WheelParams, eqRatio, ratioToDecimal } from '@nebula/games';
import { formatNumber, useTranslation } from '../../lib/i18n';
import type { BoardProps } from '../types';
import {
  easeOutQuart,
  sectorPath,
  segmentAt,
  spinDuration,
  targetRotation,
  wheelLegend,
  wheelSegments,
} from './layout';
import './texts';
import './wheel.css';

const OUTER = 96;
const INNER = 72;
const TURNS = 3;

interface Spin {
  key: number;
  segment: number;
  count: number;
  from: number;
  to: number;
  start: number;
  duration: number;
  /** The segment under the pointer at the last frame (a tick when it changes). */
  passed: number;
  lastTick: number;
}

/** Board of the wheel game (`data-testid="wheel-board"`, the landed multiplier in `wheel-result`). */
export function WheelBoard({
  params,
  round,
  roundKey,
  onAnimationEnd,
  houseEdgeBps,
  sound,
}: BoardProps<WheelParams, WheelOutcome>) {
  const { t } = useTranslation();
  const count = params.segments;
  const segments = useMemo(
    () => wheelSegments(params.segments, params.risk, houseEdgeBps),
    [params.segments, params.risk, houseEdgeBps],
  );
  const legend = useMemo(() => wheelLegend(segments), [segments]);
  const hubId = `wheel-hub-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  /** The round whose spin has ended (its result shows). */
  const [endedKey, setEndedKey] = useState<number | null>(null);

  const rotor = useRef<SVGGElement>(null);
  const pointer = useRef<SVGPathElement>(null);
  const rotation = useRef(0);
  const frame = useRef(0);
  const launched = useRef<number | null>(null);
  const spin = useRef<Spin | null>(null);
  const latest = useRef({ onAnimationEnd, sound });
  useLayoutEffect(() => {
    latest.current = { onAnimationEnd, sound };
  });

  function turnTo(degrees: number): void {
    rotation.current = degrees;
    if (rotor.current) rotor.current.style.transform = `rotate(${degrees.toFixed(3)}deg)`;
  }

  function finish(key: number): void {
    spin.current = null;
    latest.current.sound.play('pop');
    latest.current.onAnimationEnd(key);
  }

  function flickPointer(): void {
    const element = pointer.current;
    if (element && typeof element.animate === 'function') {
      element.animate(
        [
          { transform: 'rotate(0deg)' },
          { transform: 'rotate(-16deg)', offset: 0.35 },
          { transform: 'rotate(0deg)' },
        ],
        { duration: 140, easing: 'ease-out' },
      );
    }
  }

  function step(now: number): void {
    frame.current = 0;
    const current = spin.current;
    if (!current) return;
    const progress = Math.min(1, (now - current.start) / current.duration);
    const degrees = current.from + (current.to - current.from) * easeOutQuart(progress);
    turnTo(degrees);
    const under = segmentAt(degrees, current.count);
    if (under !== current.passed) {
      current.passed = under;
      if (now - current.lastTick > 45) {
        current.lastTick = now;
        latest.current.sound.play('tick', { pitch: 0.9 + (1 - progress) * 0.3 });
        flickPointer();
      }
    }
    if (progress < 1) frame.current = requestAnimationFrame(step);
    else {
      setEndedKey(current.key);
      finish(current.key);
    }
  }

  // A new round: spin to its segment (quick mode: jump there).
  useEffect(() => {
    if (!round || launched.current === roundKey) return;
    launched.current = roundKey;
    cancelAnimationFrame(frame.current);
    frame.current = 0;
    const { segment } = round.outcome;
    if (segment < 0 || segment >= count) {
      finish(roundKey);
      return;
    }
    if (round.quick || round.delay <= 0) {
      turnTo(targetRotation(rotation.current, segment, count, 0));
      finish(roundKey);
      return;
    }
    const from = rotation.current;
    spin.current = {
      key: roundKey,
      segment,
      count,
      from,
      // Where inside the segment the pointer stops is cosmetic only.
      to: targetRotation(from, segment, count, TURNS, (Math.random() - 0.5) * 0.7),
      start: performance.now(),
      duration: spinDuration(round.delay),
      passed: segmentAt(from, count),
      lastTick: 0,
    };
    frame.current = requestAnimationFrame(step);
    // finish/turnTo/step only touch refs and state setters; the effect runs once per round.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [roundKey, round]);

  // (Re)start the frame loop on mount, so a spin survives a remount (React strict mode).
  useEffect(() => {
    turnTo(rotation.current);
    if (spin.current && frame.current === 0) frame.current = requestAnimationFrame(step);
    return () => {
      cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The result shows once the spin ended (at once in quick mode), and only on the layout it was played on.
  const played = round?.params as Partial<WheelParams> | undefined;
  const sameLayout = played?.segments === params.segments && played?.risk === params.risk;
  const settled = round !== null && (round.quick || round.delay <= 0 || endedKey === roundKey);
  const result = round && sameLayout && settled ? round.outcome.segment : null;
  const spinning = round !== null && !settled;
  const won = result !== null ? segments[result] : undefined;
  const separator = count >= 40 ? 0.5 : 0.8;

  return (
    <div className="wheel" data-testid="wheel-board" data-segments={count} data-risk={params.risk}>
      <div className={clsx('wheel__stage', spinning && 'is-spinning', won && 'has-result')}>
        <svg
          className="wheel__svg"
          viewBox="-112 -112 224 224"
          role="img"
          aria-label={t('wheelUi.board', { count })}
        >
          <defs>
            <radialGradient id={hubId} cx="50%" cy="40%" r="65%">
              <stop offset="0%" style={{ stopColor: 'var(--bg-hover)' }} />
              <stop offset="100%" style={{ stopColor: 'var(--bg-input)' }} />
            </radialGradient>
          </defs>
          <circle r={OUTER + 9} className="wheel__rim" />
          <circle r={OUTER + 3} className="wheel__rim-inner" />
          <g ref={rotor} className="wheel__rotor">
            {segments.map((segment) => (
              <path
                key={`${count}-${segment.index}`}
                d={sectorPath(segment.index, count, INNER, OUTER)}
                fill={segment.color}
                strokeWidth={separator}
                data-segment={segment.index}
                className={clsx(
                  'wheel__segment',
                  result === segment.index && 'is-won',
                  result !== null && result !== segment.index && 'is-dim',
                )}
              />
            ))}
          </g>
          <circle r={INNER} className="wheel__inner" fill={`url(#${hubId})`} />
          <circle r={INNER - 8} className="wheel__inner-ring" />
          <path ref={pointer} className="wheel__pointer" d="M -9 -111 L 9 -111 L 0 -84 Z" />
        </svg>
        <div
          className="wheel__center"
          data-testid="wheel-result"
          data-segment={result ?? undefined}
          style={won ? { color: won.multiplier.num === 0n ? 'var(--text-muted)' : won.color } : undefined}
          aria-live="polite"
        >
          {won && (
            <span key={roundKey} className="wheel__center-value">
              {ratioToDecimal(won.multiplier, 2)}×
            </span>
          )}
        </div>
      </div>
      <ul className="wheel__legend" aria-label={t('wheelUi.legend')}>
        {legend.map((entry) => {
          const isWon = won !== undefined && eqRatio(won.multiplier, entry.multiplier);
          return (
            <li
              key={ratioToDecimal(entry.multiplier, 8)}
              className={clsx('wheel__legend-item', isWon && 'is-won')}
              style={{ '--wheel-color': entry.color } as CSSProperties}
              data-multiplier={ratioToDecimal(entry.multiplier, 2)}
            >
              <span className="wheel__legend-value">{ratioToDecimal(entry.multiplier, 2)}×</span>
              <span className="wheel__legend-chance">
                {t('wheelUi.chance', {
                  chance: formatNumber((entry.count * 100) / count, { maximumFractionDigits: 2 }),
                })}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
