/**
 * The chain check of a crash round, run in the browser without freezing it: the game hash is hashed
 * `steps` times (index + 1) in slices of at most {@link SLICE_MS} milliseconds, one slice per macrotask,
 * with progress after each. Long walks (more than {@link AUTO_STEPS} hashes) wait for the player to start
 * them; any walk can be stopped and resumed where it stopped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ChainWalker } from './chain-hash';
import type { ChainInput } from './crash-verify-model';

/** Walks up to this many hashes start on their own (a whole default chain: 1,000,000 games). */
export const AUTO_STEPS = 1_000_000;
/** Work per slice before yielding to the page, ms. */
export const SLICE_MS = 12;
/** Hashes between two clock reads inside a slice. */
export const BATCH = 256;
/** Progress is shown at most this often, ms (a render per slice would cost more than the hashing). */
export const PROGRESS_MS = 100;

/** Where the walk stands. `first` is the hash after one step: the previous game's hash. */
export type ChainWalk =
  | { status: 'idle' }
  | { status: 'confirm'; total: number }
  | { status: 'running'; done: number; total: number; first: string | null }
  | { status: 'stopped'; done: number; total: number }
  | { status: 'done'; total: number; first: string; final: string; match: boolean; ms: number };

/** A walk in progress, kept across a stop so that it resumes. */
interface Position {
  key: string;
  walker: ChainWalker;
  done: number;
  first: string | null;
  /** Milliseconds spent hashing so far. */
  ms: number;
}

interface Progress {
  key: string;
  done: number;
  first: string | null;
  /** Set once the walk is complete. */
  final?: string;
  ms: number;
}

/** Tuning of {@link useChainWalk} (tests use small values). */
export interface ChainWalkOptions {
  /** Longest walk that starts on its own; default {@link AUTO_STEPS}. */
  autoSteps?: number;
  /** Work per slice, ms (at least one batch of hashes runs per slice); default {@link SLICE_MS}. */
  sliceMs?: number;
}

/** The walk for `input` (restarted whenever it changes), with `start` and `stop`. */
export function useChainWalk(
  input: ChainInput,
  { autoSteps = AUTO_STEPS, sliceMs = SLICE_MS }: ChainWalkOptions = {},
) {
  const ok = input.status === 'ok' ? input : null;
  const key = ok ? `${ok.hash}:${ok.steps}:${ok.terminating}` : '';
  const [run, setRun] = useState<{ key: string; state: 'started' | 'stopped' } | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const position = useRef<Position | null>(null);
  const runState = run?.key === key ? run.state : null;
  const shouldRun =
    ok !== null && runState !== 'stopped' && (ok.steps <= autoSteps || runState === 'started');
  const hash = ok?.hash ?? '';
  const steps = ok?.steps ?? 0;

  useEffect(() => {
    if (!shouldRun) return undefined;
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (position.current?.key !== key) {
      position.current = { key, walker: new ChainWalker(hash), done: 0, first: null, ms: 0 };
    }
    const at = position.current;
    let shown = Number.NEGATIVE_INFINITY;
    const slice = () => {
      if (!alive) return;
      const began = performance.now();
      const until = began + sliceMs;
      if (at.done === 0) {
        at.walker.step(1);
        at.first = at.walker.hex;
        at.done = 1;
      }
      // At least one batch per slice, however short the slice.
      do {
        const n = Math.min(BATCH, steps - at.done);
        at.walker.step(n);
        at.done += n;
      } while (at.done < steps && performance.now() < until);
      const now = performance.now();
      at.ms += now - began;
      const complete = at.done >= steps;
      if (complete || now - shown >= PROGRESS_MS) {
        shown = now;
        setProgress({
          key,
          done: at.done,
          first: at.first,
          ms: at.ms,
          ...(complete ? { final: at.walker.hex } : {}),
        });
      }
      if (!complete) timer = setTimeout(slice, 0);
    };
    timer = setTimeout(slice, 0);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [shouldRun, key, hash, steps, sliceMs]);

  const start = useCallback(() => setRun({ key, state: 'started' }), [key]);
  const stop = useCallback(() => {
    setRun({ key, state: 'stopped' });
    // Show exactly where it stopped (progress is only published every PROGRESS_MS).
    const at = position.current;
    if (at?.key === key) setProgress({ key, done: at.done, first: at.first, ms: at.ms });
  }, [key]);

  const mine = progress?.key === key ? progress : null;
  let walk: ChainWalk;
  if (!ok) walk = { status: 'idle' };
  else if (mine?.final !== undefined && mine.first !== null) {
    walk = {
      status: 'done',
      total: ok.steps,
      first: mine.first,
      final: mine.final,
      match: mine.final === ok.terminating,
      ms: mine.ms,
    };
  } else if (runState === 'stopped') walk = { status: 'stopped', done: mine?.done ?? 0, total: ok.steps };
  else if (!shouldRun) walk = { status: 'confirm', total: ok.steps };
  else walk = { status: 'running', done: mine?.done ?? 0, total: ok.steps, first: mine?.first ?? null };
  return { walk, start, stop };
}
