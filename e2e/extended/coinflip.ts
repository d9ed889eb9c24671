/**
 * Coinflip through its UI: the board shows the coin (`coinflip-coin`, `data-side`) and the 20-step
 * ladder (`coinflip-step`, `data-result` right | wrong | '' for steps not flipped yet); the calls are
 * sidebar Actions (`coinflip-heads`, `coinflip-tails`).
 *  - win: one flip (1 in 2), then Take (`bet-button`);
 *  - lose: flip until the round ends;
 *  - step: one flip.
 */
import type { Page } from '@playwright/test';
import { type Goal, type Playbook, roundState, waitRound } from './playbook';

const FLIPPED = '[data-testid="coinflip-step"]:not([data-result=""])';

/** Calls heads and waits for the server's answer (one more step of the ladder is flipped). */
async function flip(page: Page): Promise<void> {
  const before = await page.locator(FLIPPED).count();
  const button = page.getByTestId('coinflip-heads');
  await button.and(page.locator(':enabled')).waitFor({ timeout: 20_000 });
  await button.click();
  await page.waitForFunction(
    ({ selector, count }) => document.querySelectorAll(selector).length > count,
    { selector: FLIPPED, count: before },
    { timeout: 20_000 },
  );
  await page.getByTestId('game-frame').and(page.locator('[data-busy="false"]')).waitFor({ timeout: 20_000 });
}

export const coinflipPlaybook: Playbook = {
  id: 'coinflip',

  async play(page: Page, goal: Goal) {
    await flip(page);
    if (goal === 'win') {
      if ((await roundState(page)) === 'in-progress') await page.getByTestId('bet-button').click();
    } else {
      while ((await roundState(page)) === 'in-progress') await flip(page);
    }
    await waitRound(page, 'finished');
  },

  async step(page: Page) {
    await flip(page);
    return (await roundState(page)) === 'in-progress';
  },
};

export default coinflipPlaybook;
