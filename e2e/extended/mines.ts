/**
 * Mines through its UI: the mine count is set in the sidebar (`mines-count-input`), tiles are
 * `mines-tile` buttons with `data-index` and `data-state` (hidden | gem | mine).
 *  - win: 1 mine, reveal one tile (24 in 25 it is a gem), then Take (`bet-button`);
 *  - lose: 24 mines, reveal tiles until the round ends (24 in 25 the first one is a mine);
 *  - step: reveal one tile.
 */
import type { Page } from '@playwright/test';
import { type Goal, type Playbook, roundState, waitRound } from './playbook';

const HIDDEN = '[data-testid="mines-tile"][data-state="hidden"]';

/** Types the mine count and leaves the field (the value applies as it is typed). */
async function setMineCount(page: Page, count: number): Promise<void> {
  const input = page.getByTestId('mines-count-input');
  await input.fill(String(count));
  await input.press('Enter');
  await page.waitForFunction(
    (expected) =>
      (document.querySelector('[data-testid="mines-count-input"]') as HTMLInputElement | null)?.value ===
      expected,
    String(count),
    { timeout: 5_000 },
  );
}

/** Reveals the first hidden tile and waits for the server's answer. */
async function revealOne(page: Page): Promise<void> {
  const tile = page.locator(HIDDEN).first();
  const index = await tile.getAttribute('data-index');
  if (index === null) throw new Error('no hidden tile to reveal');
  await tile.click();
  // The tile turns into a gem (round open or cleared) or a mine (round lost, board revealed).
  await page
    .locator(`[data-testid="mines-tile"][data-index="${index}"]:not([data-state="hidden"])`)
    .waitFor({ timeout: 20_000 });
  await page.getByTestId('game-frame').and(page.locator('[data-busy="false"]')).waitFor({ timeout: 20_000 });
}

export const minesPlaybook: Playbook = {
  id: 'mines',

  async setup(page: Page, goal: Goal) {
    await setMineCount(page, goal === 'win' ? 1 : 24);
  },

  async play(page: Page, goal: Goal) {
    await revealOne(page);
    if (goal === 'win') {
      if ((await roundState(page)) === 'in-progress') await page.getByTestId('bet-button').click();
    } else {
      // 24 mines: a gem here clears the board at once; keep going only if it somehow stays open.
      while ((await roundState(page)) === 'in-progress') await revealOne(page);
    }
    await waitRound(page, 'finished');
  },

  async step(page: Page) {
    await revealOne(page);
    return (await roundState(page)) === 'in-progress';
  },
};

export default minesPlaybook;
