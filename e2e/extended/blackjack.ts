/**
 * Blackjack through its UI: the board (`blackjack-board`, `data-phase` insurance | player | settled)
 * shows one `blackjack-hand` per hand (`data-active` on the hand to play) with its
 * `blackjack-player-total` (`data-total`: the best total); the decisions are sidebar Actions
 * (`blackjack-hit|stand|double|split`, and `blackjack-insurance-yes|no` only while the dealer shows
 * an ace). A round ends by itself once the dealer has played; there is no Take.
 *  - play (either goal: the outcome is the cards'): decline insurance if asked, hit while the total is
 *    below 12, then stand;
 *  - step: decline insurance, or hit below 12 (standing would end the round); false when neither applies.
 */
import { type Page, expect } from '@playwright/test';
import { type Playbook, roundState, waitRound } from './playbook';

const ACTIVE_TOTAL =
  '[data-testid="blackjack-hand"][data-active="true"] [data-testid="blackjack-player-total"]';

/** What changes with every answer: the phase, the active hand and the number of cards on the table. */
async function signature(page: Page): Promise<string> {
  return page.evaluate(() => {
    const board = document.querySelector('[data-testid="blackjack-board"]');
    const hands = Array.from(document.querySelectorAll('[data-testid="blackjack-hand"]'));
    const active = hands.findIndex((hand) => hand.getAttribute('data-active') === 'true');
    const cards = board?.querySelectorAll('[data-card]').length ?? 0;
    return `${board?.getAttribute('data-phase') ?? ''}|${active}|${cards}`;
  });
}

/** Clicks a decision and waits for the server's answer to reach the board. */
async function decide(page: Page, testId: string): Promise<void> {
  const before = await signature(page);
  const button = page.getByTestId(testId);
  await button.and(page.locator(':enabled')).waitFor({ timeout: 20_000 });
  await button.click();
  await expect.poll(() => signature(page), { timeout: 20_000 }).not.toBe(before);
  await page.getByTestId('game-frame').and(page.locator('[data-busy="false"]')).waitFor({ timeout: 20_000 });
}

/** The decision the playbook makes now: decline insurance, hit below 12, else stand. */
async function nextDecision(page: Page): Promise<'insurance-no' | 'hit' | 'stand'> {
  await page.getByTestId('game-frame').and(page.locator('[data-busy="false"]')).waitFor({ timeout: 20_000 });
  if (await page.getByTestId('blackjack-insurance-no').isVisible()) return 'insurance-no';
  const total = Number(await page.locator(ACTIVE_TOTAL).getAttribute('data-total', { timeout: 20_000 }));
  return total < 12 ? 'hit' : 'stand';
}

export const blackjackPlaybook: Playbook = {
  id: 'blackjack',

  async play(page: Page) {
    while ((await roundState(page)) === 'in-progress') {
      await decide(page, `blackjack-${await nextDecision(page)}`);
    }
    await waitRound(page, 'finished');
  },

  async step(page: Page) {
    const decision = await nextDecision(page);
    if (decision === 'stand') return false;
    await decide(page, `blackjack-${decision}`);
    return (await roundState(page)) === 'in-progress';
  },
};

export default blackjackPlaybook;
