import { useEffect, useEffectEvent, useRef } from 'react';
import type { RoundView } from '../types';

/** What a board does at each step of a round's animation. */
export interface RoundTimeline<O> {
  /** The round starts: reset the stage for it. `duration` is 0 in quick mode. */
  start?(round: RoundView<O>, duration: number): void;
  /** An animation frame with progress 0..1 (never called in quick mode). */
  frame?(progress: number, round: RoundView<O>): void;
  /** The animation is over: show the final state. */
  finish(round: RoundView<O>): void;
}

/** True when the player asked the system for less motion (boards then show the result at once). */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/** How long a round animates: `round.delay` (1000 by default), 0 in quick mode or with reduced motion. */
export function roundDuration(round: RoundView<unknown>): number {
  if (round.quick || round.delay <= 0 || prefersReducedMotion()) return 0;
  return round.delay;
}

/**
 * Runs a board's animation once per `roundKey`: `start`, then `frame(progress)` on every animation
 * frame for `roundDuration(round)` ms, then `finish` and `onAnimationEnd(roundKey)`.
 *
 * The end is scheduled with a timer, not with animation frames, so a round also ends in a hidden tab
 * (where browsers pause `requestAnimationFrame`) and auto bets keep going. A round the board mounts
 * with (it was played before the board appeared) is shown at once.
 */
export function useRoundTimeline<O>(
  round: RoundView<O> | null,
  roundKey: number,
  onAnimationEnd: (roundKey: number) => void,
  timeline: RoundTimeline<O>,
): void {
  // The key the board mounted with: its round (if any) was played before the board appeared.
  const mountKey = useRef(roundKey);
  const run = useEffectEvent((key: number) => {
    if (!round) return undefined;
    const current = round;
    const duration = key === mountKey.current ? 0 : roundDuration(current);
    timeline.start?.(current, duration);
    let frameId = 0;
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      if (frameId) cancelAnimationFrame(frameId);
      timeline.finish(current);
      onAnimationEnd(key);
    };
    if (duration === 0) {
      // Quick mode: the result at once (one macrotask later, so the start state never paints).
      const timer = setTimeout(end, 0);
      return () => clearTimeout(timer);
    }
    const started = performance.now();
    const step = (now: number) => {
      const progress = Math.min(1, Math.max(0, (now - started) / duration));
      timeline.frame?.(progress, current);
      if (progress < 1) frameId = requestAnimationFrame(step);
    };
    frameId = requestAnimationFrame(step);
    const timer = setTimeout(end, duration);
    return () => {
      clearTimeout(timer);
      if (frameId) cancelAnimationFrame(frameId);
    };
  });

  useEffect(() => run(roundKey), [roundKey]);
}
