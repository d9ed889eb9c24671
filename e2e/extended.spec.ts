/**
 * The extended games in Chromium (issue F6 "Done when"): for each game a funded player plays a round to
 * a win and a round to a loss (outcomes are random: rounds repeat until each happened), then opens a
 * round, makes one decision, reloads the page (RestoreData brings the round back) and finishes it.
 * Every ended round is checked against the server: its bet, the history row and the balance. Finally
 * the seed pair is rotated and /fairness replays the last round to the server's multiplier.
 * How each game is played through its UI is its playbook (e2e/extended/<id>.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { CHROMIUM_PATH, HAS_CHROMIUM } from './playwright.config';
import {
  GAME_CURRENCY,
  type Player,
  headerAmount,
  registerPlayer,
  serverBalance,
  serverBets,
  signInAs,
  simulateDeposit,
  waitForBalance,
} from './helpers/games';
import { type Goal, type Playbook, roundState, waitRound } from './extended/playbook';
import { blackjackPlaybook } from './extended/blackjack';
import { coinflipPlaybook } from './extended/coinflip';
import { hiloPlaybook } from './extended/hilo';
import { minesPlaybook } from './extended/mines';
import { stairsPlaybook } from './extended/stairs';
import { towerPlaybook } from './extended/tower';
import { videopokerPlaybook } from './extended/videopoker';

test.skip(!HAS_CHROMIUM, `Chromium not installed at ${CHROMIUM_PATH}: apt-get install -y chromium`);

const PLAYBOOKS: Playbook[] = [
  minesPlaybook,
  towerPlaybook,
  stairsPlaybook,
  hiloPlaybook,
  coinflipPlaybook,
  blackjackPlaybook,
  videopokerPlaybook,
];
const FUNDING = '50';
const WAGER = '0.1';
/** Rounds tried for each outcome before the test gives up. */
const ATTEMPTS = 20;

test.describe.configure({ mode: 'parallel' });

const players = new Map<string, Promise<Player>>();
test.beforeAll(async () => {
  test.setTimeout(120_000);
  for (const book of PLAYBOOKS) {
    players.set(
      book.id,
      registerPlayer(`x${book.id.slice(0, 4)}`).then(async (player) => {
        await simulateDeposit(player.name, GAME_CURRENCY, FUNDING);
        return player;
      }),
    );
  }
  await Promise.all(players.values());
});

/** Opens a round with the play button; resolves with the frame's round state after Play answered. */
async function openRound(page: Page, book: Playbook, goal: Goal): Promise<string | null> {
  await waitRound(page, (await roundState(page)) === 'finished' ? 'finished' : 'none');
  await book.setup?.(page, goal);
  const button = page.getByTestId('bet-button');
  await expect(button).toHaveAttribute('data-label', 'bet');
  await expect(button).toBeEnabled();
  await button.click();
  await expect
    .poll(async () => page.getByTestId('game-frame').getAttribute('data-busy'), { timeout: 15_000 })
    .toBe('false');
  return roundState(page);
}

/** Checks the round that just ended against the server; returns its status. */
async function checkEnded(page: Page, player: Player, gameId: string, before: number): Promise<string> {
  await waitRound(page, 'finished');
  const bets = await serverBets(player.token, gameId);
  expect(bets).toHaveLength(before + 1);
  const bet = bets[0]!;
  await expect(page.getByTestId('history-row').first()).toHaveAttribute('data-bet-id', bet.id);
  return bet.status;
}

for (const book of PLAYBOOKS) {
  test(`${book.id}: a win, a loss, and a round restored after a reload`, async ({ page }) => {
    test.setTimeout(300_000);
    const player = await players.get(book.id)!;
    await waitForBalance(player.token, Number(FUNDING));
    await signInAs(page, player);
    await page.goto(`/casino/game/${book.id}`);
    const frame = page.getByTestId('game-frame');
    await expect(frame).toBeVisible({ timeout: 20_000 });
    await expect(frame).toHaveAttribute('data-game', book.id);
    await waitRound(page, 'none');
    const wager = page.getByTestId('wager-input');
    await wager.fill(WAGER);
    await wager.blur();

    const seen = new Set<string>();
    for (const goal of ['win', 'lose'] as const) {
      await test.step(`a round played to a ${goal}`, async () => {
        for (let attempt = 0; attempt < ATTEMPTS && !seen.has(goal); attempt++) {
          const before = (await serverBets(player.token, book.id)).length;
          const state = await openRound(page, book, goal);
          if (state === 'in-progress') await book.play(page, goal);
          seen.add(await checkEnded(page, player, book.id, before));
        }
        expect([...seen]).toContain(goal);
      });
    }

    await test.step('a round open across a reload is restored and finished', async () => {
      let restored = false;
      for (let attempt = 0; attempt < ATTEMPTS && !restored; attempt++) {
        const before = (await serverBets(player.token, book.id)).length;
        const state = await openRound(page, book, 'win');
        if (state !== 'in-progress' || !(await book.step(page))) {
          if ((await roundState(page)) === 'in-progress') await book.play(page, 'win');
          await checkEnded(page, player, book.id, before);
          continue;
        }
        await waitRound(page, 'in-progress');
        await page.reload();
        await expect(frame).toBeVisible({ timeout: 20_000 });
        // RestoreData brings the same round back, with the wager locked.
        await waitRound(page, 'in-progress');
        await expect(page.getByTestId('wager-input')).toBeDisabled();
        await book.play(page, 'win');
        await checkEnded(page, player, book.id, before);
        restored = true;
      }
      expect(restored).toBe(true);
    });

    // The header shows the server's balance once every round is settled.
    await expect
      .poll(
        async () =>
          (await page.getByTestId('balance-amount').textContent()) ===
          headerAmount(await serverBalance(player.token)),
        { timeout: 10_000 },
      )
      .toBe(true);

    await test.step('rotate the seed pair and verify the last round on /fairness', async () => {
      const [last] = await serverBets(player.token, book.id);
      await page.getByTestId('fairness-button').click();
      const modal = page.getByTestId('fairness-modal');
      await expect(modal).toBeVisible();
      await modal.getByTestId('fairness-rotate').click();
      await expect(modal.getByTestId('fairness-nonce')).toHaveText('0');
      const link = modal.getByTestId('fairness-verify-link');
      await expect(link).toHaveAttribute('href', new RegExp(`^/fairness\\?verify=${book.id}-`));
      await link.click();
      await expect(page).toHaveURL(/\/fairness\?verify=/);
      const shown = page.getByTestId('verify-multiplier');
      await expect(shown).toBeVisible({ timeout: 15_000 });
      // The page replays the round (its decisions ride in the link) to the server's multiplier.
      expect(Number((await shown.textContent())?.replace(/[^\d.]/g, ''))).toBeCloseTo(
        Number(last!.multiplier),
        6,
      );
    });
  });
}
