/**
 * Promo codes in the browser (issue G7 item 1): the home lobby's promotion banners (Poker ones only for
 * signed-in players), a player activating the seeded BONUS50 in the wallet's Promocode tab and seeing the
 * bonus money in the header, the low-balance rule refusing a second code, and staff creating a code in
 * the back office (/admin/promocodes) that a player then activates, then disabling it.
 * Screenshots at 1440 and 390 wide go to $E2E_SHOTS when it is set.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Me } from '@nebula/contracts';
import { CHROMIUM_PATH, HAS_CHROMIUM } from './playwright.config';
import { DEMO_PASSWORD } from './global-setup';
import { HttpError, apiLogin, call, mailedLink, solveCaptcha, uniqueSuffix } from './helpers/auth';
import { type Player, serverBalance, signInAs } from './helpers/games';
import { closeOpenedContexts, gotoPage, newContext, toastWith } from './helpers/ui';

test.skip(!HAS_CHROMIUM, `Chromium not installed at ${CHROMIUM_PATH}: apt-get install -y chromium`);
test.afterEach(closeOpenedContexts);

const SHOTS = process.env.E2E_SHOTS;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** A fresh player with a verified e-mail (the wallet opens only then). */
async function verifiedPlayer(prefix: string): Promise<Player> {
  const name = `${prefix}_${uniqueSuffix()}`.slice(0, 20);
  const email = `${name}@example.test`;
  const { user } = await call<{ user: Me }>('POST', '/auth/register', {
    email,
    name,
    password: `pw-${uniqueSuffix()}`,
    captcha: await solveCaptcha(),
  });
  const since = Date.now() - 1000;
  await call('POST', '/api/user/verifyEmail', {}, user.token).catch(() => undefined); // may be sent already
  const link = await mailedLink(DEMO_PASSWORD, email, /\/email\/[^\s"'<>]+/, since);
  const [, userId, token] = /\/email\/([^/]+)\/([^/?#]+)/.exec(link) ?? [];
  await call('POST', '/api/user/confirmEmail', { user: userId, token });
  const { user: fresh } = await call<{ user: Omit<Me, 'token'> }>('POST', '/auth/update', {}, user.token);
  expect(fresh.email_verified).toBe(true);
  return { ...fresh, token: user.token } as unknown as Player;
}

async function openPromocodeTab(page: Page) {
  await page.getByTestId('wallet-button').click();
  const wallet = page.getByTestId('wallet-modal');
  await expect(wallet).toBeVisible({ timeout: 15_000 });
  await wallet.getByRole('tab', { name: 'Promocode', exact: true }).click();
  await expect(wallet.getByTestId('promocode-tab')).toBeVisible();
  return wallet;
}

test('a player activates a seeded code in the wallet tab and sees the bonus money', async ({ browser }) => {
  test.setTimeout(SHOTS ? 180_000 : 90_000);
  const player = await verifiedPlayer('promo');

  await test.step('guests see the promotion banners without the Poker one', async () => {
    const context = await newContext(browser, { viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await gotoPage(page, '/');
    const banners = page.getByTestId('promotion-banner');
    await expect(banners.filter({ hasText: 'WELCOME10' })).toBeVisible();
    await expect(page.locator('[data-testid="promotion-banner"][data-type="Poker"]')).toHaveCount(0);
  });

  const context = await newContext(browser, { viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInAs(page, player);
  await gotoPage(page, '/');
  await expect(page.locator('[data-testid="promotion-banner"][data-type="Poker"]')).toBeVisible();
  await shot(page, 'promocodes-home-1440');

  const wallet = await openPromocodeTab(page);
  await expect(wallet.getByTestId('promo-public')).toContainText('BONUS50');
  await wallet.getByTestId('promocode-input').fill('bonus50');
  await wallet.getByTestId('promocode-activate').click();
  await expect(toastWith(page, 'Promocode activated!')).toBeVisible();
  await expect(wallet.getByTestId('promocode-done')).toContainText(
    '50 USDT bonus added. Wager 500 USDT to turn it into real money.',
  );
  // The header adds the usable bonus to the real balance and marks it.
  await expect(page.getByTestId('balance-bonus')).toBeVisible();
  await expect(page.getByTestId('balance-amount')).toHaveText('50.00');
  await shot(page, 'promocodes-wallet-1440');

  // The low-balance rule: holding 50 USDT of bonus money, another code is refused with its text.
  await wallet.getByTestId('promocode-input').fill('WELCOME10');
  await wallet.getByTestId('promocode-activate').click();
  await expect(wallet.getByTestId('promocode-error')).toHaveText(
    'Your balance must be below $5 to activate a promocode.',
  );
  // Used once: BONUS50 again is code 4.
  await wallet.getByTestId('promocode-input').fill('BONUS50');
  await wallet.getByTestId('promocode-activate').click();
  await expect(wallet.getByTestId('promocode-error')).toHaveText('You have already used this promocode');

  await test.step('on a phone (390 wide)', async () => {
    const phone = await newContext(browser, { viewport: { width: 390, height: 844 }, isMobile: true });
    const small = await phone.newPage();
    await signInAs(small, player);
    await gotoPage(small, '/');
    await expect(small.getByTestId('promotion-banners')).toBeVisible();
    await small.getByTestId('promotion-banners').scrollIntoViewIfNeeded();
    await shot(small, 'promocodes-home-390');
    const tab = await openPromocodeTab(small);
    await expect(tab.getByTestId('promo-public')).toBeVisible();
    await shot(small, 'promocodes-wallet-390');
  });
});

test('staff create a code in the back office that a player then activates; disabled, it is invalid', async ({
  browser,
}) => {
  test.setTimeout(SHOTS ? 180_000 : 90_000);
  const admin = await apiLogin('admin', DEMO_PASSWORD);
  const code = `E2E${uniqueSuffix()
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(-8)}`.toUpperCase();

  const staff = await newContext(browser, { viewport: { width: 1440, height: 900 } });
  const adminPage = await staff.newPage();
  await adminPage.addInitScript((user) => localStorage.setItem('nebula:user', JSON.stringify(user)), admin);
  await adminPage.goto('/admin/promocodes');
  await expect(adminPage.getByTestId('admin-layout')).toBeVisible({ timeout: 30_000 });
  await expect(adminPage.getByTestId('promo-row').first()).toBeVisible();
  await adminPage.getByTestId('promo-new').click();
  const form = adminPage.getByTestId('promo-create-form');
  await form.getByTestId('promo-form-code').fill(code);
  await form.getByTestId('promo-form-value').fill('3');
  await form.getByTestId('promo-form-maxUses').fill('5');
  await form.getByTestId('promo-form-description').fill('Created by the e2e run');
  await form.getByTestId('promo-form-submit').click();
  await expect(toastWith(adminPage, `Promo code ${code} created.`)).toBeVisible();
  const row = adminPage.locator(`[data-testid="promo-row"][data-code="${code}"]`);
  await expect(row).toContainText('0 / 5');
  await shot(adminPage, 'promocodes-admin-1440');

  const player = await verifiedPlayer('promoadm');
  const context = await newContext(browser, { viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInAs(page, player);
  await gotoPage(page, '/');
  const wallet = await openPromocodeTab(page);
  await wallet.getByTestId('promocode-input').fill(code.toLowerCase());
  await wallet.getByTestId('promocode-activate').click();
  await expect(toastWith(page, 'Promocode activated!')).toBeVisible();
  await expect(wallet.getByTestId('promocode-done')).toContainText('3 USDT added to your balance.');
  await expect(page.getByTestId('balance-amount')).toHaveText('3.00');
  expect(Number(await serverBalance(player.token))).toBe(3);

  // The staff list counts the use; disabling asks twice, then the code is invalid.
  await adminPage.getByTestId('promo-search').fill(code);
  await adminPage.getByRole('button', { name: 'Refresh' }).click();
  await expect(row).toContainText('1 / 5');
  await row.getByTestId('promo-disable').click();
  await row.getByTestId('promo-disable-confirm').click();
  await expect(toastWith(adminPage, `Promo code ${code} disabled.`)).toBeVisible();
  await expect(row).toContainText('Disabled');

  const other = await verifiedPlayer('promoinv');
  const refused = await call('POST', '/api/promocode/activate', { code }, other.token).catch(
    (err: unknown) => err,
  );
  expect(refused).toBeInstanceOf(HttpError);
  expect((refused as HttpError).body).toEqual({ code: 1, message: 'Invalid code' });

  if (SHOTS) {
    const phone = await newContext(browser, { viewport: { width: 390, height: 844 }, isMobile: true });
    const small = await phone.newPage();
    await small.addInitScript((user) => localStorage.setItem('nebula:user', JSON.stringify(user)), admin);
    await small.goto('/admin/promocodes');
    await expect(small.getByTestId('promo-row').first()).toBeVisible({ timeout: 30_000 });
    await shot(small, 'promocodes-admin-390');
  }
});

test('staff create a wheel-tickets code; a player activates it in the wallet and the wheel shows the tickets', async ({
  browser,
}) => {
  test.setTimeout(SHOTS ? 240_000 : 120_000);
  const admin = await apiLogin('admin', DEMO_PASSWORD);
  const code = `SPIN${uniqueSuffix()
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(-8)}`.toUpperCase();

  const createIn = async (width: number, height: number, typed: string) => {
    const staff = await newContext(browser, { viewport: { width, height }, isMobile: width < 600 });
    const adminPage = await staff.newPage();
    await adminPage.addInitScript((user) => localStorage.setItem('nebula:user', JSON.stringify(user)), admin);
    await adminPage.goto('/admin/promocodes');
    await expect(adminPage.getByTestId('admin-layout')).toBeVisible({ timeout: 30_000 });
    await adminPage.getByTestId('promo-new').click();
    const form = adminPage.getByTestId('promo-create-form');
    await form.getByTestId('promo-form-code').fill(typed);
    await form.getByTestId('promo-form-type').selectOption('tickets');
    await expect(form.getByTestId('promo-form-value')).toHaveCount(0);
    await form.getByTestId('promo-form-tickets').fill('4');
    await form.getByTestId('promo-form-maxUses').fill('5');
    await form.getByTestId('promo-form-description').fill('Four spins of the bonus wheel');
    await shot(adminPage, `promocodes-tickets-create-${width}`);
    await form.getByTestId('promo-form-submit').click();
    await expect(toastWith(adminPage, `Promo code ${typed} created.`)).toBeVisible();
    const row = adminPage.locator(`[data-testid="promo-row"][data-code="${typed}"]`);
    await expect(row).toContainText('4 wheel tickets');
    await expect(row).toContainText('Wheel tickets');
  };
  await createIn(1440, 900, code);

  const activateIn = async (width: number, height: number) => {
    const player = await verifiedPlayer('promotix');
    const context = await newContext(browser, { viewport: { width, height }, isMobile: width < 600 });
    const page = await context.newPage();
    await signInAs(page, player);
    await gotoPage(page, '/');
    const wallet = await openPromocodeTab(page);
    await wallet.getByTestId('promocode-input').fill(code.toLowerCase());
    await wallet.getByTestId('promocode-activate').click();
    await expect(toastWith(page, 'Promocode activated! 4 wheel tickets added.')).toBeVisible();
    await expect(wallet.getByTestId('promocode-done')).toContainText('4 wheel tickets added.');
    await shot(page, `promocodes-tickets-wallet-${width}`);
    // No money moved; the wheel shows the 4 tickets beside the registration ticket.
    expect(Number(await serverBalance(player.token))).toBe(0);
    await gotoPage(page, '/bonus');
    await expect(page.getByTestId('wheel-card')).toContainText('5 tickets', { timeout: 20_000 });
  };
  await activateIn(1440, 900);
  if (SHOTS) {
    await createIn(390, 844, `${code}M`);
    await activateIn(390, 844);
  }
});
