/**
 * The last protection refusal of this game page (issue G5): kept on screen under the play button
 * until the next settled bet, a dismissal or leaving the game, so a limit reached mid auto run is not
 * only a toast that fades.
 */
import { create } from 'zustand';
import type { ProtectionRefusal } from './play-errors';

export interface Refusal {
  reason: ProtectionRefusal;
  /** The server's text. */
  text: string;
  /** It stopped an auto run. */
  auto: boolean;
}

export const useRefusal = create<{ refusal: Refusal | null }>()(() => ({ refusal: null }));

export function showRefusal(refusal: Refusal): void {
  useRefusal.setState({ refusal });
}

export function clearRefusal(): void {
  if (useRefusal.getState().refusal) useRefusal.setState({ refusal: null });
}
