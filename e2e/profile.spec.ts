/**
 * Profile page, popup-free settings and their server effects (issue 4 item 9, 2FA UI of item 4).
 * Sign-in happens from Node: the ALTCHA challenge is solved with altcha-lib (as the widget would),
 * POST /auth/login returns the user with its bearer token, and the page starts with that user in
 * localStorage ('nebula:user', the shape lib/store.ts reads). Tests that change an account use a
 * freshly registered one, so the demo accounts stay as they are for the other specs.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { solveChallenge } from '../apps/server/node_modules/altcha-lib/dist/esm/v2/index.js';
import { deriveKey } from '../apps/server/node_modules/altcha-lib/dist/esm/v2/algorithms/sha.js';
import { DEMO_PASSWORD } from './global-setup';
import { CHROMIUM_PATH, HAS_CHROMIUM } from './playwright.config';

test.skip(!HAS_CHROMIUM, `Chromium not installed at ${CHROMIUM_PATH}: apt-get install -y chromium`);

const SHOTS = process.env.PROFILE_SCREENSHOTS
  ? path.resolve(process.env.PROFILE_SCREENSHOTS)
  : path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-results', 'profile-screens');

interface Me {
  _id: string;
  name: string;
  token: string;
  roles: { id: string }[];
  twoFactorEnabled: boolean;
  private_profile: boolean;
}

const CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

async function captcha(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/captcha/challenge');
  expect(res.ok()).toBe(true);
  const challenge = (await res.json()) as Parameters<typeof solveChallenge>[0]['challenge'];
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function login(
  request: APIRequestContext,
  name: string,
  password = DEMO_PASSWORD,
  userAgent?: string,
): Promise<Me> {
  const res = await request.post('/auth/login', {
    data: { login: name, password, captcha: await captcha(request) },
    headers: { 'X-Requested-With': 'XMLHttpRequest', ...(userAgent ? { 'User-Agent': userAgent } : {}) },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { user: Me }).user;
}

async function register(request: APIRequestContext, prefix: string): Promise<{ me: Me; password: string }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const res = await request.post('/auth/register', {
    data: { email: `${name}@example.com`, name, password, captcha: await captcha(request) },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { me: ((await res.json()) as { user: Me }).user, password };
}

const demoSessions = new Map<string, Promise<Me>>();

/** One session per demo account and worker: every login solves a proof-of-work captcha. */
function demo(request: APIRequestContext, name: 'player' | 'admin'): Promise<Me> {
  let session = demoSessions.get(name);
  if (!session) {
    session = login(request, name);
    demoSessions.set(name, session);
    session.catch(() => demoSessions.delete(name));
  }
  return session;
}

/** Calls the API as `me` from Node (bearer token, no cookies). */
async function call(request: APIRequestContext, me: Me, url: string, data: object = {}) {
  return request.post(url, {
    data,
    headers: { Authorization: `Bearer ${me.token}`, 'X-Requested-With': 'XMLHttpRequest' },
  });
}

async function signInPage(page: Page, me: Me): Promise<void> {
  await page.addInitScript((user) => {
    localStorage.setItem('nebula:user', JSON.stringify(user));
  }, me);
}

/**
 * Screenshots of `url` at 1440 and 390 px, each in a fresh context loaded at that width (the shell
 * decides chat and menus at load). Fails on sideways scrolling. `prepare` may open a dialog first.
 */
async function screens(
  browser: Browser,
  me: Me | null,
  url: string,
  name: string,
  prepare?: (page: Page) => Promise<void>,
): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const size of [
    { width: 1440, height: 900, mobile: false },
    { width: 390, height: 844, mobile: true },
  ]) {
    const context = await browser.newContext({
      viewport: { width: size.width, height: size.height },
      isMobile: size.mobile,
      hasTouch: size.mobile,
    });
    const page = await context.newPage();
    if (me) await signInPage(page, me);
    await page.goto(url);
    await expect(page.locator('[data-testid="profile-skeleton"], .profile-sessions[aria-busy]')).toHaveCount(
      0,
    );
    if (prepare) await prepare(page);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${size.width}.png`), fullPage: !prepare });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${size.width} scrolls sideways`).toBeLessThanOrEqual(0);
    await context.close();
  }
}

test.describe('profile', () => {
  // Each sign-in solves a real proof-of-work captcha in Node; screenshots add fresh contexts.
  test.describe.configure({ timeout: 120_000 });

  test("the profile page shows the player's card", async ({ page, request }) => {
    const player = await demo(request, 'player');
    await page.goto(`/profile/${player._id}`);
    const card = page.getByTestId('profile-card');
    await expect(card).toBeVisible();
    await expect(page.getByTestId('profile-name')).toHaveText('player');
    await expect(page.getByTestId('profile-wagered')).toHaveText(/^\$\d[\d,]*\.\d{2}$/);
    await expect(page.getByTestId('profile-games')).toHaveText(/^\d[\d,]*$/);
    await expect(card.getByText(/^Joined /)).toBeVisible();
    await expect(card.getByText(/^Level \d+$/)).toBeVisible();
    // A guest sees neither the settings action nor the staff cog.
    await expect(page.getByTestId('profile-edit-settings')).toHaveCount(0);
    await expect(page.getByTestId('profile-admin-link')).toHaveCount(0);

    // By login name too; an unknown name shows the not-found state.
    await page.goto('/profile/player');
    await expect(page.getByTestId('profile-name')).toHaveText('player');
    await page.goto('/profile/nobody_by_this_name');
    await expect(page.getByText('Player not found')).toBeVisible();
  });

  test('the owner gets the settings action; staff with `users` get the admin cog', async ({
    browser,
    request,
  }) => {
    const player = await demo(request, 'player');
    const admin = await demo(request, 'admin');

    const own = await browser.newPage();
    await signInPage(own, player);
    await own.goto(`/profile/${player._id}`);
    await expect(own.getByTestId('profile-edit-settings')).toBeVisible();
    await expect(own.getByTestId('profile-admin-link')).toHaveCount(0);
    await screens(browser, player, `/profile/${player._id}`, 'profile');
    await own.getByTestId('profile-edit-settings').click();
    await expect(own).toHaveURL(/\/profile\/settings$/);
    await own.close();

    const staff = await browser.newPage();
    await signInPage(staff, admin);
    await staff.goto(`/profile/${player._id}`);
    const cog = staff.getByTestId('profile-admin-link');
    await expect(cog).toBeVisible();
    await expect(cog).toHaveAttribute('href', `/admin/user/${player._id}`);
    await expect(cog).toHaveAttribute('target', '_blank');
    await staff.close();
  });

  test('the profile popup opens on the open-profile event', async ({ page, browser, request }) => {
    const admin = await demo(request, 'admin');
    await signInPage(page, admin);
    await page.goto('/');
    await expect(page.getByTestId('home-lobby')).toBeVisible();
    await page.evaluate(() =>
      window.dispatchEvent(new CustomEvent('open-profile', { detail: { id: 'player' } })),
    );
    const popup = page.getByTestId('profile-popup');
    await expect(popup.getByTestId('profile-name')).toHaveText('player');
    await expect(popup.getByTestId('profile-wagered')).toHaveText(/^\$\d[\d,]*\.\d{2}$/);
    await expect(popup.getByTestId('profile-admin-link')).toBeVisible();
    await popup.getByTestId('profile-page-link').click();
    await expect(page).toHaveURL(/\/profile\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('profile-popup')).toHaveCount(0);
    await expect(page.getByTestId('profile-page').getByTestId('profile-name')).toHaveText('player');

    await screens(browser, admin, '/', 'profile-popup', async (shot) => {
      await expect(shot.getByTestId('home-lobby')).toBeVisible();
      await shot.evaluate(() =>
        window.dispatchEvent(new CustomEvent('open-profile', { detail: { id: 'player' } })),
      );
      await expect(shot.getByTestId('profile-popup').getByTestId('profile-wagered')).toBeVisible();
    });
  });

  test('settings: username is read-only, email and password forms validate', async ({
    page,
    browser,
    request,
  }) => {
    const { me } = await register(request, 'setg');
    await signInPage(page, me);
    await page.goto('/profile/settings');
    await expect(page.getByTestId('settings-username')).toHaveValue(me.name);
    await expect(page.getByText('Username cannot be changed.')).toBeVisible();
    await expect(page.getByTestId('settings-current-email')).toHaveText(`${me.name}@example.com`);

    await page.getByTestId('settings-email-input').fill('not-an-email');
    await page.getByRole('button', { name: 'Change email' }).click();
    await expect(page.getByTestId('settings-email').getByRole('alert')).toHaveText('Invalid email');
    const other = await register(request, 'seto');
    await page.getByTestId('settings-email-input').fill(`${other.me.name}@example.com`);
    await page.getByRole('button', { name: 'Change email' }).click();
    await expect(page.getByTestId('settings-email').getByRole('alert')).toHaveText(
      'This email is already registered',
    );
    await screens(browser, me, '/profile/settings', 'settings-general');

    await page.getByRole('tab', { name: 'Security' }).click();
    await expect(page).toHaveURL(/\/profile\/settings\/security$/);
    await page.getByTestId('password-current').fill('whatever');
    await page.getByTestId('password-new').fill('abc');
    await page.getByTestId('password-confirm').fill('abd');
    await page.getByTestId('password-submit').click();
    const form = page.getByTestId('settings-password');
    await expect(form.getByText('Password should have at least 5 characters')).toBeVisible();
    await expect(form.getByText('Passwords do not match')).toBeVisible();
    await page.getByTestId('password-new').fill('abcdef');
    await page.getByTestId('password-confirm').fill('abcdef');
    await page.getByTestId('password-submit').click();
    await expect(form.getByText('The current password is not correct.')).toBeVisible();
  });

  test('the privacy switch makes the profile private for a guest', async ({ page, browser, request }) => {
    const { me } = await register(request, 'priv');
    await signInPage(page, me);
    await page.goto('/profile/settings/privacy');
    const toggle = page.getByTestId('privacy-profile');
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(toggle).toBeEnabled();
    await screens(browser, me, '/profile/settings/privacy', 'settings-privacy');

    const guest = await browser.newPage();
    await guest.goto(`/profile/${me.name}`);
    await expect(guest.getByText('This profile is private.')).toBeVisible();
    await expect(guest.getByTestId('profile-card')).toHaveCount(0);
    await guest.close();
    await screens(browser, null, `/profile/${me.name}`, 'profile-private');

    // The owner still sees their own card, marked private.
    await page.goto(`/profile/${me._id}`);
    await expect(page.getByTestId('profile-card').getByText('Private', { exact: true })).toBeVisible();
  });

  test('sessions list this device and sign out another one', async ({ page, browser, request }) => {
    const { me, password } = await register(request, 'sess');
    const other = await login(request, me.name, password, CHROME_UA);
    await signInPage(page, me);
    await page.goto('/profile/settings/sessions');
    const rows = page.getByTestId('session-row');
    await expect(rows).toHaveCount(2);
    const current = page.locator('[data-testid="session-row"][data-current]');
    await expect(current.getByTestId('session-current')).toHaveText('This device');
    await expect(current.getByTestId('session-revoke')).toHaveCount(0);
    const another = rows.filter({ hasNotText: 'This device' });
    await expect(another).toContainText('Chrome on Windows');
    await screens(browser, me, '/profile/settings/sessions', 'settings-sessions');
    expect((await call(request, other, '/auth/update')).status()).toBe(200);
    await another.getByTestId('session-revoke').click();
    await expect(rows).toHaveCount(1);
    await expect(page.getByText('The session was signed out.')).toBeVisible();
    // The revoked token is refused (419: the client shows the expiry loader and reloads).
    expect([401, 419]).toContain((await call(request, other, '/auth/update')).status());
    expect((await call(request, me, '/auth/update')).status()).toBe(200);
  });

  test('two-factor: enable with the QR setup and a real code, then disable', async ({
    page,
    browser,
    request,
  }) => {
    const { me } = await register(request, 'tfa');
    await signInPage(page, me);
    await page.goto('/profile/settings/security');
    await expect(page.getByTestId('two-factor-status')).toHaveText('Off');
    await page.getByTestId('two-factor-enable').click();
    const modal = page.getByTestId('two-factor-modal');
    // The dialog's code (with the QR library) loads on first use, and the set-up call answers first.
    await expect(modal).toBeVisible({ timeout: 20_000 });
    await expect(modal.getByTestId('two-factor-qr')).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
    const qrLoaded = await modal
      .getByTestId('two-factor-qr')
      .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
    expect(qrLoaded).toBe(true);
    const secret = ((await modal.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    // A wrong code is refused and cleared.
    const wrong = (await generate({ secret })) === '000000' ? '111111' : '000000';
    await modal.getByTestId('two-factor-code').fill(wrong);
    await modal.getByTestId('two-factor-submit').click();
    await expect(modal.getByRole('alert')).toBeVisible();
    await expect(modal.getByTestId('two-factor-code')).toHaveValue('');

    const enabledAt = Math.floor(Date.now() / 1000);
    await modal.getByTestId('two-factor-code').fill(await generate({ secret, epoch: enabledAt }));
    await modal.getByTestId('two-factor-submit').click();
    await expect(page.getByTestId('two-factor-modal')).toHaveCount(0);
    await expect(page.getByTestId('two-factor-status')).toHaveText('On');
    const after = (await (await call(request, me, '/auth/update')).json()) as { user: Me };
    expect(after.user.twoFactorEnabled).toBe(true);

    // Each time step is accepted once: disable with a later step's code (the next step is within
    // the server's one-step drift, so the test need not wait for it).
    await page.getByTestId('two-factor-disable').click();
    const disable = page.getByTestId('two-factor-modal');
    const epoch = Math.max(Math.floor(Date.now() / 1000), enabledAt + 30);
    await disable.getByTestId('two-factor-code').fill(await generate({ secret, epoch }));
    await disable.getByTestId('two-factor-submit').click();
    await expect(page.getByTestId('two-factor-modal')).toHaveCount(0);
    await expect(page.getByTestId('two-factor-status')).toHaveText('Off');
    const final = (await (await call(request, me, '/auth/update')).json()) as { user: Me };
    expect(final.user.twoFactorEnabled).toBe(false);

    await screens(browser, me, '/profile/settings/security', 'settings-security');
    await screens(browser, me, '/profile/settings/security', 'settings-2fa-modal', async (shot) => {
      await shot.getByTestId('two-factor-enable').click();
      await expect(shot.getByTestId('two-factor-qr')).toBeVisible();
    });
  });

  test('connections is its own login-required page inside the settings', async ({
    page,
    browser,
    request,
  }) => {
    const player = await demo(request, 'player');
    await signInPage(page, player);
    await page.goto('/profile/settings/connections');
    await expect(page.getByTestId('connections-page')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Connections' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('connection-wallet')).toContainText('Coming soon');
    await expect(page.getByText(/comes in a later release/)).toBeVisible();
    await screens(browser, player, '/profile/settings/connections', 'settings-connections');
  });
});
