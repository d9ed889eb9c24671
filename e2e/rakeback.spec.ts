/**
 * Rakeback in the browser (issue G7 item 4): staff give level 0 a 10% rakeback rate for this spec, a
 * fresh player deposits and bets, opens the Rakeback dialog from /promotions, sees what accrued (stake x
 * house edge x 10%) and claims it: the spec's success text, the list reloads at zero. A second claim
 * after more bets answers the spec's cooldown text. Then the dialog on a phone (390 wide).
 * Screenshots at 1440 and 390 wide go to $E2E_SHOTS when it is set.
 */
import { expect, test } from '@playwright/test';
import { CHROMIUM_PATH, HAS_CHROMIUM } from './playwright.config';
import { DEMO_PASSWORD } from './global-setup';
import { apiLogin, call } from './helpers/auth';
import { type Player, registerPlayer, signInAs, simulateDeposit, waitForBalance } from './helpers/games';
import { toastWith } from './helpers/ui';
import { screenshots } from './helpers/shots';

test.skip(!HAS_CHROMIUM, `Chromium not installed at ${CHROMIUM_PATH}: apt-get install -y chromium`);

const { shot } = screenshots('E2E_SHOTS');
async function setLevels(value: unknown[]): Promise<void> {
  const admin = await apiLogin('admin', DEMO_PASSWORD);
  await call('POST', '/api/admin/settings/update', { key: 'vip.levels', value }, admin.token);
}

async function bets(player: Player, count: number): Promise<void> {
  for (let i = 0; i < count; i++)
    await call(
      'POST',
      '/api/whisper',
      {
        event: 'Play',
        data: {
          api_id: 'dice',
          bet: '10',
          demo: false,
          currency: 'usdt',
          quick: true,
          data: { target: 5000, condition: 'over' },
        },
      },
      player.token,
    );
}

/** Waits until the server has accrued something claimable for the player (the stream's consumer runs on the leader). */
async function accrued(player: Player): Promise<void> {
  await expect
    .poll(
      async () => {
        const { rakeback } = await call<{ rakeback: { id: string; value: string }[] }>(
          'POST',
          '/api/data/rakeback',
          {},
          player.token,
        );
        return rakeback.some((r) => /[1-9]/.test(r.value));
      },
      { timeout: 30_000, intervals: [500] },
    )
    .toBe(true);
}

test.afterAll(async () => {
  await setLevels([]);
});

test('a player claims rakeback after bets; a second claim within 4 hours is refused', async ({ page }) => {
  test.setTimeout(180_000);
  await setLevels([{ level: 0, rakebackPercent: '10' }]);
  const player = await registerPlayer('rake');
  await simulateDeposit(player.name, 'usdt', '100');
  await waitForBalance(player.token, 100);
  await bets(player, 5);
  await accrued(player);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, player);
  await page.goto('/promotions');
  await page.getByTestId('hub-rakeback-open').click();
  const dialog = page.getByTestId('rakeback-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('rakeback-percent')).toHaveText('10% of the house edge');
  // 50 USDT staked at dice's 1% edge and 10%: 0.05 USDT (exactly what the server accrued).
  const { rakeback } = await call<{ rakeback: { id: string; value: string }[] }>(
    'POST',
    '/api/data/rakeback',
    {},
    player.token,
  );
  expect(rakeback).toEqual([{ id: 'usdt', value: expect.stringMatching(/^0\.0\d*[1-9]/) }]);
  await expect(page.getByTestId('rakeback-usdt')).toContainText('0.0');
  await shot(page, 'rakeback-1440');

  await page.getByTestId('rakeback-claim').click();
  await expect(toastWith(page, 'Available cashback is claimed successfully')).toBeVisible();
  await expect(page.getByTestId('rakeback-claim')).toBeDisabled();
  await expect(page.getByTestId('rakeback-next')).toContainText('Next claim');
  await shot(page, 'rakeback-1440-claimed');

  // More bets: something to claim again, but within the 4-hour cooldown.
  await bets(player, 2);
  await accrued(player);
  await page.keyboard.press('Escape');
  await page.getByTestId('hub-rakeback-open').click();
  await expect(page.getByTestId('rakeback-claim')).toBeEnabled({ timeout: 15_000 });
  await page.getByTestId('rakeback-claim').click();
  await expect(toastWith(page, 'You can collect cashback after 4 hours')).toBeVisible();

  // On a phone.
  const small = await page.context().newPage();
  await small.setViewportSize({ width: 390, height: 844 });
  await signInAs(small, player);
  await small.goto('/promotions');
  await small.getByTestId('hub-rakeback-open').click();
  await expect(small.getByTestId('rakeback-dialog')).toBeVisible();
  await expect(small.getByTestId('rakeback-percent')).toHaveText('10% of the house edge');
  await shot(small, 'rakeback-390');
  // The rates of the levels, the player's own highlighted.
  await small.locator('.rakeback-levels summary').click();
  await expect(small.getByTestId('rakeback-levels')).toContainText('Legend');
  await small.getByTestId('rakeback-levels').scrollIntoViewIfNeeded();
  await shot(small, 'rakeback-390-levels');
  await small.close();
});

test('a player receives a staff notification live in the strip and dismisses it', async ({ page }) => {
  test.setTimeout(120_000);
  const player = await registerPlayer('note');
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, player);
  await page.goto('/promotions');
  await expect(page.getByTestId('hub-rakeback')).toBeVisible();

  // Staff write one for this player while the page is open: it arrives without a reload.
  const admin = await apiLogin('admin', DEMO_PASSWORD);
  const created = await call<{ id: string; text: string }>(
    'POST',
    '/api/admin/notifications/create',
    {
      text: 'Weekend race: <b>double prizes</b> <a href="/leaderboard">See the race</a><script>alert(1)</script>',
      icon: 'trophy',
      player: player.name,
    },
    admin.token,
  );
  expect(created.text).not.toContain('script');
  const note = page.getByTestId('server-notification').filter({ hasText: 'Weekend race' });
  await expect(note).toBeVisible({ timeout: 30_000 });
  await expect(note.locator('b')).toHaveText('double prizes');
  await expect(note.locator('a')).toHaveAttribute('href', '/leaderboard');
  await shot(page, 'notification-1440');

  // The back office lists it (1440), then a phone shows the strip (390).
  const staff = await page.context().browser()!.newPage();
  await staff.setViewportSize({ width: 1440, height: 900 });
  await staff.addInitScript((user) => localStorage.setItem('nebula:user', JSON.stringify(user)), admin);
  await staff.goto('/admin/notifications');
  await expect(staff.getByTestId('admin-notification').filter({ hasText: 'Weekend race' })).toBeVisible();
  await shot(staff, 'admin-notifications-1440');
  await staff.close();

  const small = await page.context().newPage();
  await small.setViewportSize({ width: 390, height: 844 });
  await signInAs(small, player);
  await small.goto('/promotions');
  await expect(small.getByTestId('server-notification').filter({ hasText: 'Weekend race' })).toBeVisible({
    timeout: 30_000,
  });
  await shot(small, 'notification-390');
  await small.close();

  // Dismissed: gone now and after a reload.
  await note.getByTestId('dismiss-notification').click();
  await expect(note).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('hub-rakeback')).toBeVisible();
  await page.waitForTimeout(2_000);
  await expect(page.getByTestId('server-notification').filter({ hasText: 'Weekend race' })).toHaveCount(0);
});
