/**
 * The back office's games (issue G8 item 4) against the real server: an administrator raises dice's
 * house edge on /admin/games and a player's next dice page and bet use it (the multiplier shown for
 * the same roll drops by the same factor, the bet's record carries the new edge); the edge goes back
 * to its default from the same row. A staff member without `game_stats` is sent home.
 * A provider switched off in the Providers section leaves the lobby's providers, and comes back.
 * ADMIN_SCREENSHOTS=dir saves the screen at 1440 and 390 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './global-setup';
import { CHROMIUM_PATH, HAS_CHROMIUM } from './playwright.config';
import { apiLogin, call } from './helpers/auth';
import { registerPlayer, signInAs } from './helpers/games';
import { closeOpenedContexts, newContext, toastWith } from './helpers/ui';
import { screenshots } from './helpers/shots';

test.skip(!HAS_CHROMIUM, `Chromium not installed at ${CHROMIUM_PATH}: apt-get install -y chromium`);
test.afterEach(closeOpenedContexts);

const { dir: SHOTS, shot } = screenshots('ADMIN_SCREENSHOTS', { fullPage: true });

/** The multiplier the dice board shows for its current roll settings (e.g. 1.98). */
async function diceMultiplier(page: Page): Promise<number> {
  const value = page
    .getByTestId('dice-board')
    .locator('dt', { hasText: 'Multiplier' })
    .locator('xpath=../dd');
  // The board waits for the game data over the realtime socket: slow on a loaded machine.
  await expect(value).toHaveText(/\d/, { timeout: 60_000 });
  return Number((await value.textContent())?.replace(/[^\d.]/g, ''));
}

test("an administrator changes dice's house edge and the next bet uses it", async ({ browser }) => {
  test.setTimeout(SHOTS ? 300_000 : 240_000);
  const admin = await apiLogin('admin', DEMO_PASSWORD);
  const player = await registerPlayer('edge');

  const playerContext = await newContext(browser, { viewport: { width: 1440, height: 900 } });
  const game = await playerContext.newPage();
  await signInAs(game, player);
  await game.goto('/casino/game/dice');
  const before = await diceMultiplier(game);

  const context = await newContext(browser, { viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript((user) => localStorage.setItem('nebula:user', JSON.stringify(user)), admin);
  await page.goto('/admin');
  await expect(page.getByTestId('admin-layout')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Games', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/games$/);
  const dice = page.locator('[data-testid="admin-game"][data-game="dice"]');
  await expect(dice).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('admin-game')).toHaveCount(16);
  const edge = dice.getByTestId('game-edge-input');
  await expect(edge).toHaveValue('1');
  await shot(page, 'games-1440');

  try {
    await edge.fill('2.5');
    await dice.getByRole('button', { name: 'Save' }).click();
    await expect(toastWith(page, 'Dice updated')).toBeVisible();
    await expect(edge).toHaveValue('2.5');
    await expect(dice).toContainText('97.5%');

    // The player's next page and bet use the new edge.
    // (The board may first show the multiplier of the game data it had, then the server's new one.)
    await game.reload();
    await expect
      .poll(async () => (await diceMultiplier(game)) / before, { timeout: 60_000 })
      .toBeCloseTo(97.5 / 99, 3);
    const data = await call<unknown>(
      'POST',
      '/api/whisper',
      { event: 'GameData', data: { api_id: 'dice' } },
      player.token,
    );
    expect(data).toMatchObject({ houseEdgeBps: 250 });

    // The audit log has the change with its before and after (dice's own entries: admin-live.spec
    // changes limbo's edge at the same time).
    const { entries } = await call<{ entries: { action: string; after: unknown }[] }>(
      'POST',
      '/api/admin/audit',
      { action: 'games.update', targetType: 'game', targetId: 'dice' },
      admin.token,
    );
    expect(entries[0]).toMatchObject({ action: 'games.update', after: { houseEdgeBps: 250 } });

    if (SHOTS) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await expect(dice).toBeVisible({ timeout: 20_000 });
      await shot(page, 'games-390');
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  } finally {
    // Back to the default from the row (other specs play dice at its default edge).
    await call('POST', '/api/admin/games/update', { game: 'dice', houseEdgeBps: null }, admin.token);
  }
  await page.reload();
  await expect(dice.getByTestId('game-edge-input')).toHaveValue('1', { timeout: 20_000 });

  // A moderator (no game_stats) is sent home.
  const moderator = await apiLogin('moderator', DEMO_PASSWORD);
  const mod = await (await newContext(browser)).newPage();
  await mod.addInitScript((user) => localStorage.setItem('nebula:user', JSON.stringify(user)), moderator);
  await mod.goto('/admin/games');
  await expect(mod).toHaveURL(/\/$/, { timeout: 20_000 });
  await expect(mod.getByTestId('admin-games')).toHaveCount(0);
});

test('an administrator switches a provider off and the lobby drops it, then back on', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await apiLogin('admin', DEMO_PASSWORD);
  const lobbyIds = async () =>
    (await call<{ providers: { id: string }[] }>('GET', '/api/game-providers')).providers.map((p) => p.id);
  expect(await lobbyIds()).toContain('aurora-reels');

  const context = await newContext(browser, { viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript((user) => localStorage.setItem('nebula:user', JSON.stringify(user)), admin);
  await page.goto('/admin/games');
  await page.getByTestId('providers-search').fill('aurora');
  const row = page.locator('[data-testid="admin-provider"][data-provider="aurora-reels"]');
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('admin-provider')).toHaveCount(1);
  const toggle = row.getByTestId('provider-switch');
  try {
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(toastWith(page, 'Aurora Reels updated')).toBeVisible();
    expect(await lobbyIds()).not.toContain('aurora-reels');
  } finally {
    await call(
      'POST',
      '/api/admin/games/providers/update',
      { provider: 'aurora-reels', enabled: true },
      admin.token,
    );
  }
  expect(await lobbyIds()).toContain('aurora-reels');
});
