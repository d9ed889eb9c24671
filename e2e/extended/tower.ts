/**
 * Tower through its UI: the difficulty is a segmented control (`tower-difficulty-<level>`), tiles are
 * `tower-tile` buttons with `data-level`, `data-index` and `data-state` (hidden | safe | hazard); only
 * the current level's tiles are enabled while the round is open.
 *  - win: low (3 of 4 tiles safe), pick one tile on the first level, then Take (`bet-button`);
 *  - lose: high (1 of 3 safe), pick tiles until the round ends (2 in 3 the first pick is a bomb);
 *  - step: pick one tile.
 */
import type { Page } from '@playwright/test';
import { type Goal, type Playbook, roundState, waitRound } from './playbook';

const PLAYABLE = '[data-testid="tower-tile"]:not([disabled])';

/** Selects a difficulty and waits until the control shows it. */
async function setDifficulty(page: Page, difficulty: 'low' | 'medium' | 'high'): Promise<void> {
  const button = page.getByTestId(`tower-difficulty-${difficulty}`);
  await button.click();
  await page
    .locator(`[data-testid="tower-difficulty-${difficulty}"][aria-pressed="true"]`)
    .waitFor({ timeout: 5_000 });
}

/** Picks the first tile of the current level and waits for the server's answer. */
async function pickOne(page: Page): Promise<void> {
  const tile = page.locator(PLAYABLE).first();
  const level = await tile.getAttribute('data-level');
  const index = await tile.getAttribute('data-index');
  if (level === null || index === null) throw new Error('no playable tower tile');
  await tile.click();
  // The tile turns into a gem (round open or topped) or a bomb (round lost, tower revealed).
  await page
    .locator(
      `[data-testid="tower-tile"][data-level="${level}"][data-index="${index}"]:not([data-state="hidden"])`,
    )
    .waitFor({ timeout: 20_000 });
  await page.getByTestId('game-frame').and(page.locator('[data-busy="false"]')).waitFor({ timeout: 20_000 });
}

export const towerPlaybook: Playbook = {
  id: 'tower',

  async setup(page: Page, goal: Goal) {
    await setDifficulty(page, goal === 'win' ? 'low' : 'high');
  },

  async play(page: Page, goal: Goal) {
    await pickOne(page);
    if (goal === 'win') {
      if ((await roundState(page)) === 'in-progress') await page.getByTestId('bet-button').click();
    } else {
      while ((await roundState(page)) === 'in-progress') await pickOne(page);
    }
    await waitRound(page, 'finished');
  },

  async step(page: Page) {
    await pickOne(page);
    return (await roundState(page)) === 'in-progress';
  },
};

export default towerPlaybook;
