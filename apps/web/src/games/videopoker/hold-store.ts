/**
 * The holds the player toggles before the draw, shared by the board (click a card) and the Draw
 * button in the sidebar Actions (two components the frame renders apart). Kept per round: a new round
 * id starts with nothing held. Module state is fine here: one video poker page at a time.
 */
import { useCallback, useSyncExternalStore } from 'react';

const NONE: readonly boolean[] = [false, false, false, false, false];

let current: { betId: string | null; held: readonly boolean[] } = { betId: null, held: NONE };
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The holds of round `betId` (nothing held for any other round). */
function holdsOf(betId: string | null): readonly boolean[] {
  return betId !== null && current.betId === betId ? current.held : NONE;
}

/** Toggles position `index` (0..4) of round `betId`. */
export function toggleHold(betId: string, index: number): void {
  const held = [...holdsOf(betId)];
  held[index] = !held[index];
  current = { betId, held };
  emit();
}

/** The holds of `betId` and a toggle, re-rendering on change. */
export function useHolds(betId: string | null): [readonly boolean[], (index: number) => void] {
  const snapshot = useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
  const held = betId !== null && snapshot.betId === betId ? snapshot.held : NONE;
  const toggle = useCallback(
    (index: number) => {
      if (betId !== null) toggleHold(betId, index);
    },
    [betId],
  );
  return [held, toggle];
}
