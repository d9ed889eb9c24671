/**
 * Hilo through its UI: the board shows the current card (`hilo-current-card`, `data-rank` A=1 .. K=13)
 * and one `hilo-history-card` per earlier card; the decisions are sidebar Actions (`hilo-higher`,
 * `hilo-lower`, `hilo-equal`, `hilo-skip`), the guesses with their chance in percent in `data-chance`.
 *  - win: the likelier of Higher or same / Lower or same once (at least 7 in 13), then Take (`bet-button`);
 *    on an A or a K that guess cannot lose and pays only rtp * 1, so such a card is skipped first;
 *  - lose: 'Same' (1 in 13) until the round ends;
 *  - step: one guess, the likelier one.
 */
import type { Page } from '@playwright/test';
import { type Goal, type Playbook, roundState, waitRound } from './playbook';

type Guess = 'higher' | 'lower' | 'equal';

/** The chance of a guess from the current card, in percent. */
async function chanceOf(page: Page, guess: Guess): Promise<number> {
  return Number((await page.getByTestId(`hilo-${guess}`).getAttribute('data-chance')) ?? '0');
}

/** The likelier of Higher or same and Lower or same from the current card. */
async function likelierGuess(page: Page): Promise<Guess> {
  return (await chanceOf(page, 'higher')) >= (await chanceOf(page, 'lower')) ? 'higher' : 'lower';
}

/** Makes one decision and waits for the server's answer: the next card joins the round. */
async function decide(page: Page, testId: string): Promise<void> {
  const before = await page.getByTestId('hilo-history-card').count();
  const button = page.getByTestId(testId);
  await button.and(page.locator(':enabled')).waitFor({ timeout: 20_000 });
  await button.click();
  await page.waitForFunction(
    (count) => document.querySelectorAll('[data-testid="hilo-history-card"]').length > count,
    before,
    { timeout: 20_000 },
  );
  await page.getByTestId('game-frame').and(page.locator('[data-busy="false"]')).waitFor({ timeout: 20_000 });
}

export const hiloPlaybook: Playbook = {
  id: 'hilo',

  async play(page: Page, goal: Goal) {
    if (goal === 'win') {
      // A sure guess (A or K) would pay rtp * 1: skip to a card where the guess is a real bet.
      for (let skips = 0; skips < 10; skips += 1) {
        if ((await chanceOf(page, await likelierGuess(page))) < 100) break;
        await decide(page, 'hilo-skip');
      }
      await decide(page, `hilo-${await likelierGuess(page)}`);
      if ((await roundState(page)) === 'in-progress') await page.getByTestId('bet-button').click();
    } else {
      while ((await roundState(page)) === 'in-progress') await decide(page, 'hilo-equal');
    }
    await waitRound(page, 'finished');
  },

  async step(page: Page) {
    await decide(page, `hilo-${await likelierGuess(page)}`);
    return (await roundState(page)) === 'in-progress';
  },
};

export default hiloPlaybook;
