/**
 * Stairs through its UI: the hazards per row are typed into `stairs-hazards-input` (1..6), stones are
 * `stairs-stone` buttons with `data-row`, `data-index` and `data-state` (hidden | safe | hazard); only
 * the next row's stones are enabled while the round is open.
 *  - win: 1 hazard (6 of 7 stones hold), step on one stone of the first row, then Take (`bet-button`);
 *  - lose: 6 hazards (1 of 7 holds), step on stones until the round ends;
 *  - step: step on one stone.
 */
import type { Page } from '@playwright/test';
import { type Goal, type Playbook, roundState, waitRound } from './playbook';

const PLAYABLE = '[data-testid="stairs-stone"]:not([disabled])';

/** Types the hazard count and leaves the field (the value applies as it is typed). */
async function setHazards(page: Page, hazards: number): Promise<void> {
  const input = page.getByTestId('stairs-hazards-input');
  await input.fill(String(hazards));
  await input.press('Enter');
  await page.waitForFunction(
    (expected) =>
      (document.querySelector('[data-testid="stairs-hazards-input"]') as HTMLInputElement | null)?.value ===
      expected,
    String(hazards),
    { timeout: 5_000 },
  );
}

/** Steps on the first stone of the next row and waits for the server's answer. */
async function stepOne(page: Page): Promise<void> {
  const stone = page.locator(PLAYABLE).first();
  const row = await stone.getAttribute('data-row');
  const index = await stone.getAttribute('data-index');
  if (row === null || index === null) throw new Error('no playable stairs stone');
  await stone.click();
  // The stone holds (round open or top reached) or crumbles (round lost, staircase revealed).
  await page
    .locator(
      `[data-testid="stairs-stone"][data-row="${row}"][data-index="${index}"]:not([data-state="hidden"])`,
    )
    .waitFor({ timeout: 20_000 });
  await page.getByTestId('game-frame').and(page.locator('[data-busy="false"]')).waitFor({ timeout: 20_000 });
}

export const stairsPlaybook: Playbook = {
  id: 'stairs',

  async setup(page: Page, goal: Goal) {
    await setHazards(page, goal === 'win' ? 1 : 6);
  },

  async play(page: Page, goal: Goal) {
    await stepOne(page);
    if (goal === 'win') {
      if ((await roundState(page)) === 'in-progress') await page.getByTestId('bet-button').click();
    } else {
      while ((await roundState(page)) === 'in-progress') await stepOne(page);
    }
    await waitRound(page, 'finished');
  },

  async step(page: Page) {
    await stepOne(page);
    return (await roundState(page)) === 'in-progress';
  },
};

export default stairsPlaybook;
