/**
 * Video poker through its UI: the board shows five `videopoker-card` buttons (`data-index` 0..4,
 * `data-held`; the card index 0..51 in the `data-card` of the card inside, rank = floor(index / 4))
 * and the pay table (`videopoker-paytable`); the frame's Bet button deals, the sidebar Action
 * `videopoker-draw` draws. The round ends with the draw; there is no Take.
 *  - play (either goal: the outcome is the cards'): hold every card that pairs another, then Draw;
 *  - step: the round is open after the deal and the draw would end it, so no decision: true.
 */
import type { Page } from '@playwright/test';
import { type Playbook, waitRound } from './playbook';

/** The five dealt card indices, left to right. */
async function dealtCards(page: Page): Promise<number[]> {
  const faces = page.locator('[data-testid="videopoker-card"] [data-card]');
  await page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll('[data-testid="videopoker-card"] [data-card]')).filter(
        (card) => card.getAttribute('data-card') !== '',
      ).length === 5,
    undefined,
    { timeout: 20_000 },
  );
  return (await faces.evaluateAll((cards) => cards.map((card) => card.getAttribute('data-card')))).map(
    Number,
  );
}

export const videopokerPlaybook: Playbook = {
  id: 'videopoker',

  async play(page: Page) {
    await page
      .getByTestId('game-frame')
      .and(page.locator('[data-busy="false"]'))
      .waitFor({ timeout: 20_000 });
    const ranks = (await dealtCards(page)).map((card) => Math.floor(card / 4));
    const slots = page.getByTestId('videopoker-card');
    for (const [index, rank] of ranks.entries()) {
      if (ranks.filter((other) => other === rank).length < 2) continue;
      const slot = slots.nth(index);
      await slot.click();
      await slot.and(page.locator('[data-held="true"]')).waitFor({ timeout: 5_000 });
    }
    const draw = page.getByTestId('videopoker-draw');
    await draw.and(page.locator(':enabled')).waitFor({ timeout: 20_000 });
    await draw.click();
    await waitRound(page, 'finished');
  },

  async step() {
    return true;
  },
};

export default videopokerPlaybook;
