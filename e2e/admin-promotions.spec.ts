/**
 * The back office's promotions hub (issue G8 item 5) against the real server: an administrator opens
 * /admin/promotions from the back office's menu, sees the live figures, changes a bonus wheel weight
 * (the chances follow as one types; a weight that is not a whole number is refused before saving) and
 * the player's wheel data carries the new weight; then raises a VIP level's rakeback rate in the level
 * grid and the player's rakeback programme shows it; both changes are in the audit log. A marketing
 * staff member (permission promocodes) edits the wheel but sees the VIP table read only; a moderator
 * is sent home. The settings are put back as they were. ADMIN_SCREENSHOTS=dir saves every tab at 1440
 * and 390 px.
 */
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './global-setup';
import { CHROMIUM_PATH, HAS_CHROMIUM } from './playwright.config';
import { apiLogin, call } from './helpers/auth';
import { registerPlayer } from './helpers/games';
import { closeOpenedContexts, newContext, toastWith } from './helpers/ui';
import { screenshots } from './helpers/shots';

test.skip(!HAS_CHROMIUM, `Chromium not installed at ${CHROMIUM_PATH}: apt-get install -y chromium`);
test.afterEach(closeOpenedContexts);

const { dir: SHOTS, shot } = screenshots('ADMIN_SCREENSHOTS', { fullPage: true });
const TABS = ['bonus', 'wheel', 'faucet', 'vip', 'rakeback', 'race', 'banners', 'contact'] as const;

interface Entry {
  key: string;
  stored: unknown;
  default: unknown;
}

async function storedOf(token: string, key: string): Promise<unknown> {
  const { settings } = await call<{ settings: Entry[] }>('POST', '/api/admin/settings', {}, token);
  const entry = settings.find((s) => s.key === key);
  return entry?.stored ?? entry?.default;
}

test('an administrator changes a wheel weight and a VIP rakeback rate; players see both', async ({
  browser,
}) => {
  test.setTimeout(SHOTS ? 300_000 : 180_000);
  const admin = await apiLogin('admin', DEMO_PASSWORD);
  const player = await registerPlayer('promo');
  const prizesBefore = await storedOf(admin.token, 'wheel.prizes');
  const levelsBefore = await storedOf(admin.token, 'vip.levels');

  const context = await newContext(browser, { viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript((user) => localStorage.setItem('nebula:user', JSON.stringify(user)), admin);
  try {
    await page.goto('/admin');
    await expect(page.getByTestId('admin-layout')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Promotions', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/promotions$/);
    await expect(page.getByRole('heading', { name: 'Promotions', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Promo codes' }).first()).toBeVisible();
    await expect(page.getByTestId('promo-tab-bonus').getByTestId('promo-figure').first()).toBeVisible({
      timeout: 20_000,
    });

    // The wheel: the chances follow the weights; a bad weight cannot be saved.
    await page.getByRole('tab', { name: 'Wheel' }).click();
    await expect(page).toHaveURL(/tab=wheel/);
    const tab = page.getByTestId('promo-tab-wheel');
    await expect(tab.getByTestId('promo-figure').first()).toContainText('Tickets outstanding');
    const weight = tab.getByTestId('wheel-weight-5');
    await expect(weight).toHaveValue('2', { timeout: 20_000 });
    await expect(tab.getByTestId('wheel-chance-5')).toHaveText('2.00%');
    await weight.fill('2.5');
    await expect(tab.getByTestId('wheel-problem')).toContainText('whole number');
    await expect(tab.getByTestId('wheel-save')).toBeDisabled();
    await weight.fill('22');
    // 40 + 25 + 17 + 10 + 6 + 22 = 120: the top prize now comes 22 times in 120.
    await expect(tab.getByTestId('wheel-chance-5')).toHaveText('18.33%');
    await expect(tab.getByTestId('wheel-chance-0')).toHaveText('33.33%');
    await shot(page, 'promotions-wheel-1440');
    await tab.getByTestId('wheel-save').click();
    await expect(toastWith(page, 'wheel.prizes saved')).toBeVisible();
    const data = await call<{ prizes: { weight: number }[] }>(
      'POST',
      '/api/promocode/ticket/data',
      {},
      player.token,
    );
    expect(data.prizes.map((p) => p.weight)).toEqual([40, 25, 17, 10, 6, 22]);

    // The VIP level table: Legend's rakeback rate.
    await page.getByRole('tab', { name: 'VIP levels' }).click();
    const rate = page.getByTestId('vip-cell-10-rakebackPercent');
    await expect(rate).toHaveValue('15', { timeout: 20_000 });
    await rate.fill('101');
    await expect(page.getByTestId('vip-table-save')).toBeDisabled();
    await rate.fill('17.5');
    await expect(rate).toHaveClass(/is-changed/);
    await shot(page, 'promotions-vip-1440');
    await page.getByTestId('vip-table-save').click();
    await expect(toastWith(page, 'vip.levels saved')).toBeVisible();
    const programme = await call<{ levels: { level: number; percent: string }[] }>(
      'POST',
      '/api/data/promotions/rakeback',
      {},
      player.token,
    );
    expect(programme.levels.find((l) => l.level === 10)?.percent).toBe('17.5');
    // The rakeback tab edits the same column and shows the new rate.
    await page.getByRole('tab', { name: 'Rakeback' }).click();
    await expect(page.getByTestId('vip-cell-10-rakebackPercent')).toHaveValue('17.5');

    const { entries } = await call<{ entries: { action: string; targetId?: string; target?: unknown }[] }>(
      'POST',
      '/api/admin/audit',
      { action: 'settings.update' },
      admin.token,
    );
    const targets = JSON.stringify(entries.slice(0, 10));
    expect(targets).toContain('vip.levels');
    expect(targets).toContain('wheel.prizes');

    if (SHOTS) {
      for (const id of TABS) {
        await page.goto(`/admin/promotions?tab=${id}`);
        await expect(page.getByTestId(`promo-tab-${id}`)).toBeVisible();
        await page.waitForLoadState('networkidle');
        await shot(page, `promotions-${id}-1440`);
      }
      await page.setViewportSize({ width: 390, height: 844 });
      for (const id of ['wheel', 'vip', 'faucet', 'bonus'] as const) {
        await page.goto(`/admin/promotions?tab=${id}`);
        await expect(page.getByTestId(`promo-tab-${id}`)).toBeVisible();
        await page.waitForLoadState('networkidle');
        await shot(page, `promotions-${id}-390`);
      }
    }
  } finally {
    await call(
      'POST',
      '/api/admin/settings/update',
      { key: 'wheel.prizes', value: prizesBefore },
      admin.token,
    );
    await call('POST', '/api/admin/settings/update', { key: 'vip.levels', value: levelsBefore }, admin.token);
  }

  // Marketing staff (promocodes): the wheel is theirs, the VIP table is read only.
  const marketer = await registerPlayer('mkt');
  await call('POST', '/api/admin/user/roles', { userId: marketer._id, roles: ['marketing'] }, admin.token);
  // The account as the app stores it after its next refresh: with the marketing role's permissions.
  const { user: staff } = await call<{ user: unknown }>('POST', '/auth/update', {}, marketer.token);
  const mkt = await (await newContext(browser, { viewport: { width: 1440, height: 900 } })).newPage();
  await mkt.addInitScript((user) => localStorage.setItem('nebula:user', JSON.stringify(user)), staff);
  await mkt.goto('/admin/promotions?tab=vip');
  await expect(mkt.getByTestId('promo-tab-vip').getByTestId('promo-readonly').first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(mkt.getByTestId('vip-cell-10-rakebackPercent')).toHaveAttribute('readonly', '');
  await expect(mkt.getByTestId('vip-table-save')).toHaveCount(0);
  await mkt.getByRole('tab', { name: 'Wheel' }).click();
  await expect(mkt.getByTestId('wheel-weight-0')).toBeEditable();
  await shot(mkt, 'promotions-marketing-vip-1440');

  // A moderator (none of promocodes, banner, vip) is sent home.
  const moderator = await apiLogin('moderator', DEMO_PASSWORD);
  const mod = await (await newContext(browser)).newPage();
  await mod.addInitScript((user) => localStorage.setItem('nebula:user', JSON.stringify(user)), moderator);
  await mod.goto('/admin/promotions');
  await expect(mod).toHaveURL(/\/$/, { timeout: 20_000 });
});
