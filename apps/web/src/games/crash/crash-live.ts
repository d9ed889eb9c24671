/**
 * The live multiplier between the server's updates: the exact hundredths of `multiplierAt` at the
 * shown elapsed time (so the page and the server agree to the hundredth), recomputed only when the
 * millisecond changes, and a requestAnimationFrame loop for the parts of the page that move every
 * frame (the curve, the big multiplier, the timer, the cash-out amount) without React renders.
 */
import { useEffect, useRef } from 'react';
import { multiplierAt } from '@nebula/games';
import { type LocalRound, displayElapsed } from './crash-model';

let cached: { ms: number; value: bigint } = { ms: 0, value: 100n };

/** The exact multiplier at `ms` (memoised for the last millisecond asked). */
export function multiplierAtCached(ms: number): bigint {
  if (cached.ms !== ms) cached = { ms, value: multiplierAt(ms) };
  return cached.value;
}

/** The multiplier the page shows for `round` at `now`, in hundredths. */
export function liveHundredths(round: LocalRound | null, now: number): bigint {
  if (!round || round.phase === 'betting') return 100n;
  if (round.phase === 'busted' && round.crashPoint !== null) return round.crashPoint;
  return multiplierAtCached(displayElapsed(round, now));
}

/** Hundredths as `2.35x` with thousands separators. */
export function formatX(hundredths: bigint): string {
  const text = hundredths.toString().padStart(3, '0');
  const whole = text.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole}.${text.slice(-2)}x`;
}

/** Runs `frame(now)` on every animation frame while mounted (`now`: performance.now()). */
export function useAnimationFrame(frame: (now: number) => void, active = true): void {
  const ref = useRef(frame);
  useEffect(() => {
    ref.current = frame;
  });
  useEffect(() => {
    if (!active || typeof requestAnimationFrame !== 'function') return undefined;
    let id = 0;
    const loop = (now: number) => {
      ref.current(now);
      id = requestAnimationFrame(loop);
    };
    id = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(id);
  }, [active]);
}
