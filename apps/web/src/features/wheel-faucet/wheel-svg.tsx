/**
 * The bonus wheel itself (spec 1 sections 3, 4 and 9): 6 prizes shown twice on 12 segments (segment i
 * shows prize i mod 6), drawn in SVG. `spinTo(segment)` turns it 8 full rotations plus the way to the
 * segment in 5 s with a smooth ease-out, moving the wheel's transform directly each frame (no React
 * render per frame); each segment passing the pointer ticks (a sound and a flick of the pointer).
 */
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { WHEEL_ROTATIONS, WHEEL_SEGMENT_COUNT, WHEEL_SPIN_MS } from '@nebula/contracts/constants';
import { createSound } from '../../games/frame/sound';
import { useAppStore } from '../../lib/store';

const SEGMENT_DEG = 360 / WHEEL_SEGMENT_COUNT;
const R = 100;

/** Fill colours of the 6 prizes (dark to bright as the prizes grow). */
export const PRIZE_COLOURS = ['#24384d', '#1b8f5a', '#3b6fd8', '#7a5cf0', '#d9822b', '#e0457b'] as const;

export interface WheelHandle {
  /** Spins to `segment` (0 to 11); resolves when the wheel has stopped. */
  spinTo(segment: number): Promise<void>;
}

const point = (deg: number, r: number) => {
  const a = (deg * Math.PI) / 180;
  return `${(r * Math.sin(a)).toFixed(3)} ${(-r * Math.cos(a)).toFixed(3)}`;
};

function segmentPath(index: number): string {
  const from = index * SEGMENT_DEG - SEGMENT_DEG / 2;
  const to = from + SEGMENT_DEG;
  return `M0 0 L${point(from, R)} A${R} ${R} 0 0 1 ${point(to, R)} Z`;
}

/** A label along its segment's radius, read from the hub outwards (the same on every segment: it turns). */
function labelTransform(index: number): string {
  return `rotate(${index * SEGMENT_DEG - 90}) translate(66 0)`;
}

/** Ease-out quint: fast off the mark, a long gentle stop. */
export const easeOut = (t: number) => 1 - (1 - t) ** 5;

/** The wheel's rotation that stops `segment` under the pointer, `rotations` turns past `from`. */
export function targetRotation(
  from: number,
  segment: number,
  rotations = WHEEL_ROTATIONS,
  jitter = 0,
): number {
  const rest = (((-segment * SEGMENT_DEG - from) % 360) + 360) % 360;
  return from + rotations * 360 + rest + jitter;
}

/** The segment under the pointer at `rotation`. */
export const segmentAt = (rotation: number) =>
  ((Math.round(-rotation / SEGMENT_DEG) % WHEEL_SEGMENT_COUNT) + WHEEL_SEGMENT_COUNT) % WHEEL_SEGMENT_COUNT;

export const BonusWheel = forwardRef<
  WheelHandle,
  { labels: readonly string[]; spinning: boolean; highlight: number | null }
>(function BonusWheel({ labels, spinning, highlight }, ref) {
  const wheel = useRef<SVGGElement>(null);
  const pointer = useRef<SVGGElement>(null);
  const rotation = useRef(0);
  const frame = useRef(0);
  const sound = useRef<ReturnType<typeof createSound> | null>(null);

  useEffect(() => {
    sound.current = createSound(() => useAppStore.getState().sound);
    return () => {
      cancelAnimationFrame(frame.current);
      sound.current?.dispose();
    };
  }, []);

  useImperativeHandle(ref, () => ({
    spinTo(segment: number) {
      cancelAnimationFrame(frame.current);
      const from = rotation.current;
      // A little play inside the segment so the stops do not all look alike.
      const jitter = (Math.random() - 0.5) * SEGMENT_DEG * 0.6;
      const to = targetRotation(from, segment, WHEEL_ROTATIONS, jitter);
      let last = segmentAt(from);
      const started = performance.now();
      return new Promise<void>((resolve) => {
        const step = (now: number) => {
          const t = Math.min(1, (now - started) / WHEEL_SPIN_MS);
          const angle = from + (to - from) * easeOut(t);
          rotation.current = angle;
          wheel.current?.setAttribute('transform', `rotate(${angle.toFixed(3)})`);
          const under = segmentAt(angle);
          if (under !== last) {
            last = under;
            sound.current?.play('tick');
            pointer.current?.animate?.([{ transform: 'rotate(-22deg)' }, { transform: 'rotate(0deg)' }], {
              duration: 110,
              easing: 'ease-out',
            });
          }
          if (t < 1) frame.current = requestAnimationFrame(step);
          else {
            rotation.current = to % 360;
            wheel.current?.setAttribute('transform', `rotate(${rotation.current.toFixed(3)})`);
            resolve();
          }
        };
        frame.current = requestAnimationFrame(step);
      });
    },
  }));

  const bulbs = Array.from({ length: 24 }, (_, i) => i);
  return (
    <svg
      className={`bwheel${spinning ? ' is-spinning' : ''}`}
      viewBox="-120 -124 240 244"
      role="img"
      aria-label={labels.join(', ')}
      data-testid="bonus-wheel"
    >
      <defs>
        <radialGradient id="bwheel-shade" r="0.5">
          <stop offset="0.2" stopColor="#000" stopOpacity="0.35" />
          <stop offset="0.75" stopColor="#000" stopOpacity="0" />
          <stop offset="1" stopColor="#fff" stopOpacity="0.08" />
        </radialGradient>
        <linearGradient id="bwheel-rim" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffd98a" />
          <stop offset="0.5" stopColor="#c98a1e" />
          <stop offset="1" stopColor="#ffe6a8" />
        </linearGradient>
        <radialGradient id="bwheel-hub" r="0.6">
          <stop offset="0" stopColor="#2a3b4d" />
          <stop offset="1" stopColor="#0f1923" />
        </radialGradient>
        <filter id="bwheel-glow" x="-50%" y="-50%" width="200%" height="200%">
          <feGaussianBlur stdDeviation="6" />
        </filter>
      </defs>
      <circle r="112" fill="#1fd67a" opacity="0.14" filter="url(#bwheel-glow)" />
      <circle r="110" fill="url(#bwheel-rim)" />
      <circle r="103" fill="#0b131b" />
      <g ref={wheel} transform="rotate(0)">
        {labels.map((label, i) => (
          <g key={i} className={highlight === i ? 'bwheel__seg is-won' : 'bwheel__seg'}>
            <path
              d={segmentPath(i)}
              fill={PRIZE_COLOURS[i % PRIZE_COLOURS.length]}
              stroke="#0b131b"
              strokeWidth="1.2"
            />
            <text
              transform={labelTransform(i)}
              className="bwheel__label"
              textAnchor="middle"
              dominantBaseline="central"
            >
              {label}
            </text>
          </g>
        ))}
        <circle r={R} fill="url(#bwheel-shade)" pointerEvents="none" />
      </g>
      {bulbs.map((i) => (
        <circle
          key={i}
          className={`bwheel__bulb${i % 2 ? ' bwheel__bulb--alt' : ''}`}
          cx={(106.5 * Math.sin((i * Math.PI) / 12)).toFixed(2)}
          cy={(-106.5 * Math.cos((i * Math.PI) / 12)).toFixed(2)}
          r="2.1"
        />
      ))}
      <circle r="24" fill="url(#bwheel-rim)" />
      <circle r="20" fill="url(#bwheel-hub)" />
      <path
        d="M0 -9 L2.6 -2.8 L9 -2.8 L3.8 1.2 L5.6 7.8 L0 3.9 L-5.6 7.8 L-3.8 1.2 L-9 -2.8 L-2.6 -2.8 Z"
        fill="#ffd98a"
      />
      <g className="bwheel__pointer-pos" transform="translate(0 -104)">
        <g ref={pointer} className="bwheel__pointer">
          <path d="M-10 -16 L10 -16 L0 8 Z" fill="url(#bwheel-rim)" stroke="#0b131b" strokeWidth="1.5" />
          <circle cy="-12" r="3" fill="#0b131b" />
        </g>
      </g>
    </svg>
  );
});
