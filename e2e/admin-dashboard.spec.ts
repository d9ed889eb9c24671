/**
 * The back office's dashboard (issue G8 item 1) against the real server: a player deposits and bets,
 * and the administrator's /admin shows the figures (deposits, wagered and GGR of the settled real
 * bets, from the wager stream's daily table) and the GGR chart stacked by product, drawn by the
 * lazily loaded chart library. A player is refused the dashboard's endpoint.
 * ADMIN_SCREENSHOTS=dir saves the screen at 1440 and 390 px.
 */
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './global-setup';
import { CHROMIUM_PATH, HAS_CHROMIUM } from './playwright.config';
import { HttpError, apiLogin, call } from './helpers/auth';
import { registerPlayer, simulateDeposit, waitForBalance } from './helpers/games';
import { closeOpenedContexts, newContext } from './helpers/ui';
import { screenshots } from './helpers/shots';

test.skip(!HAS_CHROMIUM, `Chromium not installed at ${CHROMIUM_PATH}: apt-get install -y chromium`);
test.afterEach(closeOpenedContexts);

const { dir: SHOTS, shot } = screenshots('ADMIN_SCREENSHOTS', { fullPage: true });

interface Dashboard {
  totals: { wageredUsd: string; bets: number; depositsUsd: string; deposits: number };
  products: string[];
}

test('an administrator sees the figures and the GGR chart on /admin', async ({ browser }) => {
  test.setTimeout(SHOTS ? 240_000 : 150_000);
  const admin = await apiLogin('admin', DEMO_PASSWORD);
  const before = await call<Dashboard>('POST', '/api/admin/dashboard', { days: 7 }, admin.token);

  const player = await registerPlayer('dash');
  await simulateDeposit(player.name, 'usdt', '40');
  await waitForBalance(player.token, 40);
  for (let i = 0; i < 3; i++)
    await call(
      'POST',
      '/api/whisper',
      {
        event: 'Play',
        data: {
          api_id: 'dice',
          bet: '2',
          demo: false,
          currency: 'usdt',
          quick: true,
          data: { target: 5000, condition: 'over' },
        },
      },
      player.token,
    );
  // The wager stream's consumer runs on the leader: wait for the three bets to be counted.
  await expect
    .poll(
      async () =>
        (await call<Dashboard>('POST', '/api/admin/dashboard', { days: 7 }, admin.token)).totals.bets -
        before.totals.bets,
      { timeout: 30_000 },
    )
    .toBe(3);
  const after = await call<Dashboard>('POST', '/api/admin/dashboard', { days: 7 }, admin.token);
  expect(after.products).toContain('originals');
  expect(after.totals.deposits - before.totals.deposits).toBe(1);

  // A player is refused the endpoint.
  const refused: unknown = await call('POST', '/api/admin/dashboard', {}, player.token).catch(
    (e: unknown) => e,
  );
  expect(refused).toBeInstanceOf(HttpError);
  expect((refused as HttpError).status).toBe(403);

  const context = await newContext(browser, { viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript((user) => localStorage.setItem('nebula:user', JSON.stringify(user)), admin);
  await page.goto('/admin');
  const tiles = page.getByTestId('admin-dashboard-tiles');
  await expect(tiles).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: '7 days' }).click();
  const wagered = page.locator('[data-stat="wagered"]');
  await expect(wagered).toContainText(`$${after.totals.wageredUsd}`.replace(/\B(?=(\d{3})+(?!\d))/g, ','), {
    timeout: 20_000,
  });
  await expect(page.locator('[data-stat="deposits"]')).toContainText(`${after.totals.deposits} credited`);
  for (const stat of ['players', 'ggr', 'withdrawals', 'pending', 'bonus'])
    await expect(page.locator(`[data-stat="${stat}"]`)).toBeVisible();
  const chart = page.getByTestId('admin-ggr-chart');
  await expect(chart.locator('canvas')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('admin-ledger-health')).toContainText('Healthy');
  await shot(page, 'dashboard-1440');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(chart.locator('canvas')).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'dashboard-390');
});
