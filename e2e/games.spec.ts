/**
 * The game page (issue F5 item 7 and its "Done when"), for each of the eight in-house games: a fresh
 * player funded with real money (a development deposit of USDT) places two manual bets: the result
 * popup shows the server's multiplier, the history row is the server's bet, the header balance is the
 * server's balance and the profit monitor counts the bets. Then an auto run of 5 games stops by
 * itself and the history grows by 5. Finally the player rotates the seed pair in the fairness modal
 * and follows the revealed pair's link to /fairness, which recomputes the last bet's multiplier.
 */
import { expect, test, type Page } from '@playwright/test';
import { CHROMIUM_PATH, HAS_CHROMIUM } from './playwright.config';
import {
  GAME_CASES,
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

test.skip(!HAS_CHROMIUM, `Chromium not installed at ${CHROMIUM_PATH}: apt-get install -y chromium`);

/** USDT each player gets; a bet is 0.1 USDT (the stake games: one 10-chip, also 0.1 USDT). */
const FUNDING = '50';
const WAGER = '0.1';
const AUTO_GAMES = 5;

// Each game's test uses its own player: the two workers may split the games between them.
test.describe.configure({ mode: 'parallel' });

const players = new Map<string, Promise<Player>>();

// Every player is registered and funded up front: their deposits confirm while the first games run.
test.beforeAll(async () => {
  test.setTimeout(120_000);
  for (const game of GAME_CASES) {
    players.set(
      game.id,
      registerPlayer(`g${game.id.slice(0, 4)}`).then(async (player) => {
        await simulateDeposit(player.name, GAME_CURRENCY, FUNDING);
        return player;
      }),
    );
  }
  await Promise.all(players.values());
});

/** Places one bet with the play button and returns the server's bet it settled. */
async function placeManualBet(page: Page, player: Player, game: string, round: number) {
  const before = (await serverBets(player.token, game)).length;
  const button = page.getByTestId('bet-button');
  await expect(button).toBeEnabled();
  await button.click();
  // The popup stays 2 s: read what it shows inside the page the moment it appears (a slow machine
  // could miss it between two separate checks), then ask the server.
  const handle = await page.waitForFunction(
    (n) => {
      const el = document.querySelector(`[data-testid="result-popup"][data-round="${n}"]`);
      if (!el) return null;
      return {
        betId: el.getAttribute('data-bet-id'),
        kind: el.getAttribute('data-kind'),
        multiplier: el.querySelector('[data-testid="result-multiplier"]')?.getAttribute('data-value') ?? null,
      };
    },
    round,
    { timeout: 15_000, polling: 'raf' },
  );
  const shown = await handle.jsonValue();
  const bets = await serverBets(player.token, game);
  expect(bets).toHaveLength(before + 1);
  const bet = bets[0]!;
  // The popup is the server's round: its bet id and multiplier.
  expect(shown).toEqual({ betId: bet.id, kind: bet.status, multiplier: bet.multiplier });
  // The newest history row is that bet.
  const row = page.getByTestId('history-row').first();
  await expect(row).toHaveAttribute('data-bet-id', bet.id);
  await expect(row).toHaveAttribute('data-multiplier', bet.multiplier);
  await expect(row).toHaveAttribute('data-profit', bet.profit);
  return bet;
}

async function expectHeaderMatchesServer(page: Page, player: Player) {
  // Balance events arrive after the round's delay: poll until the header agrees with the server.
  await expect
    .poll(
      async () =>
        (await page.getByTestId('balance-amount').textContent()) ===
        headerAmount(await serverBalance(player.token)),
      { timeout: 10_000 },
    )
    .toBe(true);
  // The sidebar shows the balance by the same rule as the header.
  await expect(page.getByTestId('frame-balance')).toHaveText(headerAmount(await serverBalance(player.token)));
}

async function expectMonitorCount(page: Page, count: number) {
  const monitor = page.getByTestId('profit-monitor');
  if (!(await monitor.isVisible())) await page.getByTestId('monitor-toggle').click();
  await expect(monitor).toBeVisible();
  await expect
    .poll(async () => {
      const wins = Number(await monitor.getByTestId('monitor-wins').textContent());
      const losses = Number(await monitor.getByTestId('monitor-losses').textContent());
      return wins + losses;
    })
    .toBe(count);
}

for (const game of GAME_CASES) {
  test(`${game.id}: manual bets, auto run, fairness rotation and verification`, async ({ page }) => {
    test.setTimeout(180_000);
    const player = await players.get(game.id)!;
    await waitForBalance(player.token, Number(FUNDING));
    await signInAs(page, player);
    await page.goto(`/casino/game/${game.id}`);

    const frame = page.getByTestId('game-frame');
    await expect(frame).toBeVisible({ timeout: 20_000 });
    await expect(frame).toHaveAttribute('data-game', game.id);
    await expect(page.getByTestId('bet-button')).toHaveText('Bet');
    await expect(page.getByTestId('balance-amount')).toHaveText(
      headerAmount(await serverBalance(player.token)),
    );

    await test.step('two manual bets: popup, history, header balance and monitor match the server', async () => {
      await game.setup?.(page);
      const wager = page.getByTestId('wager-input');
      if (game.stakes) {
        await expect(wager).toHaveAttribute('readonly', '');
        await expect(wager).toHaveValue(/^0\.1(0*)$/);
      } else {
        await wager.fill(WAGER);
        await wager.blur();
        await expect(wager).toHaveValue('0.10000000');
      }
      const first = await placeManualBet(page, player, game.id, 1);
      const second = await placeManualBet(page, player, game.id, 2);
      expect(first.wager).toBe(WAGER);
      expect(second.wager).toBe(WAGER);
      expect(first.currency).toBe(GAME_CURRENCY);
      await expect(page.getByTestId('history-row')).toHaveCount(2);
      // A history row opens the bet overview of that bet.
      await page.getByTestId('history-row').first().click();
      const overview = page.getByTestId('bet-overview');
      await expect(overview).toBeVisible({ timeout: 10_000 });
      await expect(overview.getByTestId('bet-overview-multiplier')).toHaveText(`${second.multiplier}×`);
      await page.keyboard.press('Escape');
      await expect(overview).toBeHidden();
      await expectHeaderMatchesServer(page, player);
      await expectMonitorCount(page, 2);
    });

    await test.step(`an auto run of ${AUTO_GAMES} games stops by itself`, async () => {
      await page.getByTestId('auto-tab').click();
      const button = page.getByTestId('bet-button');
      await expect(button).toHaveText('Start');
      await page.getByTestId('auto-games-input').fill(String(AUTO_GAMES));
      // Quick mode: the rounds settle without the 1 s animation.
      await page.getByTestId('quick-toggle').click();
      await expect(page.getByTestId('quick-toggle')).toHaveAttribute('aria-pressed', 'true');
      // Quick rounds can end all five games before a check of the running state would look, so the
      // locked Manual tab and the 'Stop' text are read by the page itself the moment the run starts.
      const running = page.evaluate(
        () =>
          new Promise<{ stop: boolean; manualDisabled: boolean }>((resolve) => {
            const read = () => {
              const text = document.querySelector('[data-testid="bet-button"]')?.textContent ?? '';
              if (text !== 'Stop') return false;
              const manual = Array.from(document.querySelectorAll('[role="tab"]')).find(
                (t) => t.textContent === 'Manual',
              );
              resolve({
                stop: true,
                manualDisabled: (manual as HTMLButtonElement | undefined)?.disabled === true,
              });
              return true;
            };
            const observer = new MutationObserver(() => {
              if (read()) observer.disconnect();
            });
            observer.observe(document.body, {
              subtree: true,
              childList: true,
              characterData: true,
              attributes: true,
            });
          }),
      );
      await button.click();
      expect(await running).toEqual({ stop: true, manualDisabled: true });
      await expect(button).toHaveText('Start', { timeout: 90_000 });
      const bets = await serverBets(player.token, game.id);
      expect(bets).toHaveLength(2 + AUTO_GAMES);
      await expect(page.getByTestId('history-row')).toHaveCount(2 + AUTO_GAMES);
      await expect(page.getByTestId('history-row').first()).toHaveAttribute('data-bet-id', bets[0]!.id);
      await expectMonitorCount(page, 2 + AUTO_GAMES);
      await expectHeaderMatchesServer(page, player);
    });

    await test.step('rotate the seed pair and verify the last bet on /fairness', async () => {
      const [last] = await serverBets(player.token, game.id);
      await page.getByTestId('fairness-button').click();
      const modal = page.getByTestId('fairness-modal');
      await expect(modal).toBeVisible();
      await expect(modal.getByTestId('fairness-nonce')).toHaveText(String(2 + AUTO_GAMES));
      const hash = await modal.getByTestId('fairness-hash').textContent();
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      await modal.getByTestId('fairness-rotate').click();
      await expect(modal.getByTestId('fairness-nonce')).toHaveText('0');
      await expect(modal.getByTestId('fairness-prev-hash')).toHaveText(hash!);
      await expect(modal.getByTestId('fairness-prev-nonce')).toHaveText(String(last!.nonce));
      await expect(modal.getByTestId('fairness-prev-server-seed')).toHaveText(/^[0-9a-f]{64}$/);
      const link = modal.getByTestId('fairness-verify-link');
      await expect(link).toHaveAttribute('href', new RegExp(`^/fairness\\?verify=${game.id}-`));
      await link.click();
      await expect(page).toHaveURL(/\/fairness\?verify=/);
      await expect(page.getByTestId('verify-multiplier')).toBeVisible({ timeout: 15_000 });
      const shown = await page.getByTestId('verify-multiplier').textContent();
      expect(Number(shown?.replace(/[^\d.]/g, ''))).toBeCloseTo(Number(last!.multiplier), 6);
    });
  });
}
