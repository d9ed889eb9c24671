/**
 * How the extended games' e2e (extended.spec.ts) plays one game through its UI. Each game has one
 * playbook file beside this one; the spec runs the same three paths for every game:
 *  1. a round played to a win  (repeated up to 20 times until one is won: outcomes are random),
 *  2. a round played to a loss (likewise until one is lost),
 *  3. a round opened, one decision made, the page reloaded (RestoreData brings the round back), then
 *     finished.
 * The spec checks every ended round against the server (bet status, history row, balance).
 *
 * Frame test ids a playbook may use: `bet-button` (Bet; 'Take {profit}' / 'Cancel' while a round is
 * open; disabled while busy), `game-frame` with `data-round` = 'none' | 'in-progress' | 'finished' and
 * `data-busy` = 'true' | 'false'.
 */
import type { Page } from '@playwright/test';

export type Goal = 'win' | 'lose';

export interface Playbook {
  /** The game id, e.g. `mines`. */
  id: string;
  /** Sets the game's sidebar controls before Play so that `goal` is likely (e.g. 1 mine to win, 24 to lose). */
  setup?(page: Page, goal: Goal): Promise<void>;
  /**
   * Called with the round open (Play answered). Makes decisions, and for a win on a cash-out game clicks
   * `bet-button` (Take), until the round has ended (`data-round` = 'finished'). Aim for `goal`, but the
   * spec accepts either outcome and repeats.
   */
  play(page: Page, goal: Goal): Promise<void>;
  /**
   * Called with the round open: makes ONE decision that keeps it open when possible. Resolves true when
   * the round is still open afterwards (then the spec reloads the page and calls `play` again).
   */
  step(page: Page): Promise<boolean>;
}

/** Waits until the frame's round state is `state` and no call is in flight. */
export async function waitRound(page: Page, state: 'none' | 'in-progress' | 'finished'): Promise<void> {
  const frame = page.getByTestId('game-frame');
  await frame.and(page.locator(`[data-round="${state}"][data-busy="false"]`)).waitFor({ timeout: 20_000 });
}

/** The round's state as the frame shows it. */
export async function roundState(page: Page): Promise<string | null> {
  return page.getByTestId('game-frame').getAttribute('data-round');
}
