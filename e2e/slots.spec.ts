/**
 * Third-party games through the local aggregator (issue G10): a hosted slot played for real money (its
 * bet and win paid through the signed callbacks: the round shows in the player's bets and the live
 * feed's My Bets) and in demo; a provider restricted in the player's country sends a launch to
 * /error/slotUnavailable (needs the server started with TRUSTED_COUNTRY_HEADER, as global-setup does);
 * a currency change on an `external:` route asks before reloading the game.
 */
import { expect, test } from '@playwright/test';
import { CHROMIUM_PATH, HAS_CHROMIUM } from './playwright.config';
import { gotoPage } from './helpers/ui';
import { apiLogin } from './helpers/auth';
import { DEMO_PASSWORD } from './global-setup';
import {
  GAME_CURRENCY,
  type Player,
  registerPlayer,
  serverBets,
  signInAs,
  simulateDeposit,
  waitForBalance,
} from './helpers/games';

test.skip(!HAS_CHROMIUM, `Chromium not installed at ${CHROMIUM_PATH}: apt-get install -y chromium`);

const COUNTRY_HEADER = process.env.E2E_COUNTRY_HEADER ?? process.env.TRUSTED_COUNTRY_HEADER;
/** A slot of Aurora Reels (no restrictions) and one of Lunar Spin Works (restricted in US, GB, AU). */
const SLOT = 'aurora-reels-glacier-gems';
const RESTRICTED = 'lunar-spin-works-moonlit-mansion';

test.describe('third-party games', () => {
  test.describe.configure({ mode: 'serial' });
  let player: Player;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    player = await registerPlayer('slots');
    await simulateDeposit(player.name, GAME_CURRENCY, '20');
    await waitForBalance(player.token, 20);
  });

  test('plays a hosted slot for real (My Bets, live feed) and in demo', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAs(page, player);
    await gotoPage(page, `/casino/game/external:${SLOT}`);
    await expect(page.getByTestId('simulated-badge')).toBeVisible();
    const feed = page.getByTestId('live-feed');
    await feed.getByRole('tab', { name: 'My Bets' }).click();
    await expect(feed.locator('[role=table]')).toHaveAttribute('aria-busy', 'false');

    const game = page.frameLocator('[data-testid="external-game-frame"]');
    await expect(game.getByText('Real money')).toBeVisible({ timeout: 15_000 });
    await expect(game.locator('#balance')).toHaveText('20');
    await game.locator('#bet').fill('1');
    await game.getByRole('button', { name: 'Spin' }).click();
    await expect(game.locator('#msg')).toHaveText(/You win|No win this time/, { timeout: 15_000 });

    await expect.poll(async () => (await serverBets(player.token, SLOT)).length, { timeout: 10_000 }).toBe(1);
    const [bet] = await serverBets(player.token, SLOT);
    expect(bet!.wager).toBe('1');
    await expect(feed.locator(`[data-bet-id="${bet!.id}"]`)).toBeVisible({ timeout: 10_000 });

    // Demo: the provider's fun credits, no wallet call.
    await page.getByRole('radio', { name: 'Demo' }).click();
    await expect(game.getByText('Demo · fun credits')).toBeVisible({ timeout: 15_000 });
    await expect(game.locator('#balance')).toHaveText('1000');
    await game.getByRole('button', { name: 'Spin' }).click();
    await expect(game.locator('#msg')).toHaveText(/You win|No win this time/, { timeout: 15_000 });
    expect(await serverBets(player.token, SLOT)).toHaveLength(1);
  });

  test('a currency change on an external route asks before reloading the game', async ({ page }) => {
    // The demo account 'player' has a verified email: its currency selector is enabled.
    const demoPlayer = await apiLogin('player', DEMO_PASSWORD);
    await signInAs(page, demoPlayer as unknown as Player);
    await gotoPage(page, `/casino/game/external:${SLOT}`);
    const game = page.frameLocator('[data-testid="external-game-frame"]');
    await expect(game.getByText('Real money')).toBeVisible({ timeout: 15_000 });
    const frame = page.getByTestId('external-game-frame');
    const launched = await frame.getAttribute('src');
    await page.getByRole('button', { name: 'Select currency' }).click();
    await page.getByRole('option', { name: /Bitcoin/ }).click();
    const prompt = page.getByTestId('refresh-currency-prompt');
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText('This game is playing in USDT. Reload it to play in BTC?');
    await prompt.getByRole('button', { name: 'Keep playing in USDT' }).click();
    await expect(prompt).toHaveCount(0);
    // The selection went back to USDT and the game was not reloaded.
    await expect(page.getByTestId('balance')).toHaveAttribute('style', /--currency-color/);
    await expect(frame).toHaveAttribute('src', launched!);
    // Changing again and reloading launches the game in the new currency.
    await page.getByRole('button', { name: 'Select currency' }).click();
    await page.getByRole('option', { name: /Bitcoin/ }).click();
    await prompt.getByRole('button', { name: 'Reload the game' }).click();
    await expect(frame).not.toHaveAttribute('src', launched!);
    await expect(game.getByText('Bet (BTC)')).toBeVisible({ timeout: 15_000 });
  });
});

test.describe('territory restrictions of providers', () => {
  test.skip(!COUNTRY_HEADER, 'start the server with TRUSTED_COUNTRY_HEADER=x-e2e-country to test blocking');

  test('a restricted provider from a blocked country lands on /error/slotUnavailable', async ({ page }) => {
    await page.setExtraHTTPHeaders({ [COUNTRY_HEADER!]: 'US' });
    await gotoPage(page, `/casino/game/external:${RESTRICTED}`);
    await expect(page).toHaveURL(/\/error\/slotUnavailable$/);
    await expect(page.getByText('Access denied')).toBeVisible();
    // The same game from an allowed country launches.
    await page.setExtraHTTPHeaders({ [COUNTRY_HEADER!]: 'DE' });
    await gotoPage(page, `/casino/game/external:${RESTRICTED}`);
    await expect(
      page.frameLocator('[data-testid="external-game-frame"]').getByText('Demo · fun credits'),
    ).toBeVisible({
      timeout: 15_000,
    });
  });
});
