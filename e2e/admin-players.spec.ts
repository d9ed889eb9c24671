/**
 * The back office's players (issue G8 item 2), as staff use them against the real server: an
 * administrator finds a new player in /admin/users by part of the name, opens the player's page in a
 * new tab (the deposit and the bet the player made are on it), credits their balance with a reason and
 * sees the new balance; the adjustment is in the audit log and the ledger's health check holds; the
 * administrator gives the player a staff role; a moderator is kept out. An administrator writes staff
 * notes on a player and bans them: the player's open session is signed out and their sign-in is refused
 * with the ban's text; the unban lets them in again (decision 0047). ADMIN_SCREENSHOTS=dir saves the
 * list and the page at 1440 and 390 px.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './global-setup';
import { CHROMIUM_PATH, HAS_CHROMIUM } from './playwright.config';
import { apiLogin, call, HttpError, solveCaptcha, uniqueSuffix } from './helpers/auth';
import { registerPlayer, simulateDeposit, waitForBalance } from './helpers/games';
import {
  closeOpenedContexts,
  field,
  gotoPage,
  newContext,
  openAuth,
  solveCaptchaWidget,
  toastWith,
} from './helpers/ui';
import { screenshots } from './helpers/shots';

test.skip(!HAS_CHROMIUM, `Chromium not installed at ${CHROMIUM_PATH}: apt-get install -y chromium`);
test.afterEach(closeOpenedContexts);

const { dir: SHOTS, shot } = screenshots('ADMIN_SCREENSHOTS', { fullPage: true });

test('an administrator finds a player, opens the page and adjusts the balance', async ({ browser }) => {
  // A deposit to confirm and two staff members on a loaded machine; screenshots take longer.
  test.setTimeout(SHOTS ? 240_000 : 150_000);
  const admin = await apiLogin('admin', DEMO_PASSWORD);
  const player = await registerPlayer('staffview');
  await simulateDeposit(player.name, 'usdt', '40');
  await waitForBalance(player.token, 40, 'usdt');
  await call(
    'POST',
    '/api/whisper',
    {
      event: 'Play',
      data: {
        api_id: 'dice',
        bet: '1',
        demo: false,
        currency: 'usdt',
        quick: true,
        data: { target: 5000, condition: 'over' },
      },
    },
    player.token,
  );

  const context = await newContext(browser, { viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript((user) => localStorage.setItem('nebula:user', JSON.stringify(user)), admin);

  await page.goto('/admin');
  await expect(page.getByTestId('admin-layout')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByTestId('players-row').first()).toBeVisible();
  await page.getByTestId('players-search').fill(player.name.slice(0, 12).toUpperCase());
  const row = page.locator(`[data-testid="players-row"][data-id="${player._id}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('player-state')).toHaveAttribute('data-state', 'active');
  await shot(page, 'players-1440');

  // The player opens in a new tab (spec: /admin/user/{id} opens in a new tab for staff).
  const [tab] = await Promise.all([context.waitForEvent('page'), row.getByTestId('players-open').click()]);
  await expect(tab).toHaveURL(new RegExp(`/admin/user/${player._id}$`));
  await expect(tab.getByTestId('player-name')).toHaveText(player.name, { timeout: 30_000 });
  const real = tab.locator('[data-testid="player-balance"][data-currency="usdt"][data-kind="real"]');
  const realBalance = async () =>
    (
      await call<{ balances: { currency: string; kind: string; balance: string }[] }>(
        'POST',
        '/api/admin/user',
        { userId: player._id },
        admin.token,
      )
    ).balances.find((b) => b.currency === 'usdt' && b.kind === 'real')?.balance ?? '0';
  const before = await realBalance();
  await expect(real).toContainText(before);
  await expect(tab.getByTestId('player-deposits-table')).toContainText('40 USDT');
  await expect(tab.getByTestId('player-bets-table')).toContainText('dice');
  await shot(tab, 'player-1440');

  await tab.getByTestId('action-adjust').click();
  const form = tab.getByTestId('adjust-form');
  await expect(form).toBeVisible();
  await form.getByTestId('adjust-currency').selectOption('usdt');
  // Bad input is refused with the server's reason, nothing moves.
  await form.getByTestId('adjust-amount').fill('1.123456789');
  await form.getByTestId('adjust-reason').fill('E2E goodwill credit');
  await form.getByTestId('adjust-submit').click();
  await expect(form.getByTestId('adjust-error')).toBeVisible();
  await form.getByTestId('adjust-amount').fill('12.5');
  if (SHOTS) await tab.screenshot({ path: path.join(SHOTS, 'adjust-1440.png') });
  await form.getByTestId('adjust-submit').click();
  await expect(toastWith(tab, 'Balance adjusted')).toBeVisible();
  const after = await realBalance();
  // Exactly 12.5 USDT more, in atomic units (8 decimals).
  const atomic = (text: string) => BigInt(Math.round(Number(text) * 1e8));
  expect(atomic(after) - atomic(before)).toBe(1_250_000_000n);
  await expect(real).toContainText(after);

  const audit = await call<{ entries: { action: string; details: Record<string, unknown> }[] }>(
    'POST',
    '/api/admin/audit',
    { action: 'players.adjust_balance', targetId: player._id },
    admin.token,
  );
  expect(audit.entries).toHaveLength(1);
  expect(audit.entries[0]?.details).toMatchObject({ amount: '12.5', reason: 'E2E goodwill credit' });
  const health = await call<{ ok: boolean }>('POST', '/api/admin/ledger/health', {}, admin.token);
  expect(health.ok).toBe(true);

  // Roles: the administrator gives the player the support role; the header shows it, the log has it.
  await tab.getByTestId('action-roles').click();
  const roles = tab.getByTestId('roles-form');
  await expect(roles.getByTestId('role-player')).toBeChecked();
  await roles.getByTestId('role-support').check();
  if (SHOTS) await tab.screenshot({ path: path.join(SHOTS, 'roles-1440.png') });
  await roles.getByTestId('roles-submit').click();
  await expect(toastWith(tab, 'Roles saved.')).toBeVisible();
  await expect(tab.getByTestId('player-header')).toContainText('support');
  // Both actions are listed on the page's staff actions card (administrators read the audit log).
  await expect(tab.getByTestId('player-audit-entry')).toHaveCount(2);
  await expect(tab.getByTestId('player-audit-entry').first()).toHaveAttribute('data-action', 'players.roles');

  if (SHOTS) {
    await tab.setViewportSize({ width: 390, height: 844 });
    await shot(tab, 'player-390');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'players-390');
  }

  // A moderator (chat moderation only) is refused the players.
  const moderator = await apiLogin('moderator', DEMO_PASSWORD);
  const refused = await call('POST', '/api/admin/users', {}, moderator.token).catch((err: unknown) => err);
  expect(refused).toBeInstanceOf(HttpError);
  expect((refused as HttpError).status).toBe(403);
});

test('an administrator notes and bans a player: the open session ends and sign-in is refused', async ({
  browser,
}) => {
  // Two browsers, two captcha widgets solved in the page and three in Node on a loaded machine.
  test.setTimeout(240_000);
  const admin = await apiLogin('admin', DEMO_PASSWORD);
  const name = `ban_${uniqueSuffix()}`.slice(0, 20);
  const password = `pw-${uniqueSuffix()}`;
  const { user: player } = await call<{ user: { _id: string; name: string; token: string } }>(
    'POST',
    '/auth/register',
    { email: `${name}@example.test`, name, password, captcha: await solveCaptcha() },
  );

  // The player is signed in in their own browser.
  const playerContext = await newContext(browser, { viewport: { width: 1280, height: 800 } });
  const playerPage = await playerContext.newPage();
  await playerPage.addInitScript((user) => {
    if (!sessionStorage.getItem('e2e:seeded')) {
      sessionStorage.setItem('e2e:seeded', '1');
      localStorage.setItem('nebula:user', JSON.stringify(user));
    }
  }, player);
  await gotoPage(playerPage, '/');
  const avatar = playerPage.getByTestId('header').getByRole('link', { name: 'Profile' });
  await expect(avatar).toBeVisible({ timeout: 15_000 });
  // A mark on this document: gone once the app has reloaded the page (below).
  await playerPage.evaluate(() => Object.assign(window, { e2eBeforeBan: true }));

  const context = await newContext(browser, { viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript((user) => localStorage.setItem('nebula:user', JSON.stringify(user)), admin);
  await page.goto(`/admin/user/${player._id}`);
  await expect(page.getByTestId('player-name')).toHaveText(player.name, { timeout: 30_000 });

  // Notes: two added (newest first, with the author), the administrator's own one deleted again.
  const notes = page.getByTestId('player-notes');
  await expect(notes).toContainText('No notes yet');
  await notes.getByTestId('note-body').fill('Asked to close the account by e-mail.');
  await notes.getByTestId('note-add').click();
  await expect(toastWith(page, 'Note added.')).toBeVisible();
  await notes.getByTestId('note-body').fill('Same device as a closed account: watch new sign-ups.');
  await notes.getByTestId('note-add').click();
  const items = notes.getByTestId('player-note');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('Same device as a closed account');
  await expect(items.first()).toContainText('admin');
  await expect(items.first()).toHaveAttribute('data-own', 'true');
  await expect(notes.getByTestId('note-body')).toHaveValue('');
  await items.first().getByTestId('player-note-delete').click();
  await items.first().getByTestId('player-note-delete').click();
  await expect(toastWith(page, 'Note deleted.')).toBeVisible();
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Asked to close the account by e-mail.');
  await notes.getByTestId('note-body').fill('Banned after the review, see the audit log.');
  await notes.getByTestId('note-add').click();
  await expect(items).toHaveCount(2);

  // The ban: a reason is required; then the player's one session ends.
  await page.getByTestId('action-ban').click();
  const ban = page.getByTestId('ban-form');
  await ban.getByTestId('ban-submit').click();
  await expect(ban.getByTestId('ban-error')).toHaveText('Give a reason of at least 3 characters.');
  await ban.getByTestId('ban-reason').fill('Chargeback fraud (E2E)');
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'ban-1440.png') });
  await ban.getByTestId('ban-submit').click();
  await expect(toastWith(page, 'Account banned; 1 session ended.')).toBeVisible();
  await expect(page.getByTestId('player-banned')).toContainText('Chargeback fraud (E2E)');
  await expect(page.getByTestId('player-header').getByTestId('player-state')).toHaveAttribute(
    'data-state',
    'banned',
  );
  await expect(page.getByTestId('action-unban')).toBeVisible();
  await expect(page.getByTestId('player-sessions')).toContainText('No active session');
  await expect(page.getByTestId('player-audit-entry').first()).toHaveAttribute('data-action', 'players.ban');
  await shot(page, 'player-banned-1440');
  if (SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'player-banned-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  }

  // The player's open page: the next refresh answers 419, the app forgets the user and reloads. Wait for
  // the new document (a sign-in dialog opened before the reload would vanish with the old one). A read
  // during the navigation is retried.
  await expect
    .poll(
      () =>
        playerPage
          .evaluate(() => !('e2eBeforeBan' in window) && localStorage.getItem('nebula:user') === null)
          .catch(() => false),
      { timeout: 30_000 },
    )
    .toBe(true);
  const loader = playerPage.getByRole('status').filter({ hasText: 'Your session has expired. Reloading...' });
  await expect(loader).toHaveCount(0, { timeout: 15_000 });
  await expect(playerPage.getByTestId('sign-in')).toBeVisible({ timeout: 30_000 });
  // Signing in again with the right password is refused with the ban's text.
  const modal = await openAuth(playerPage, 'sign-in');
  await field(modal, 'Email or login').fill(name);
  await field(modal, 'Password').fill(password);
  await solveCaptchaWidget(modal);
  await modal.getByTestId('auth-submit').click();
  await expect(toastWith(playerPage, 'This account has been banned. Please contact support.')).toBeVisible();
  await expect(modal).toBeVisible();
  const refused = await apiLogin(name, password).catch((err: unknown) => err);
  expect(refused).toBeInstanceOf(HttpError);
  expect((refused as HttpError).status).toBe(403);

  // The unban lets the player sign in again.
  await page.getByTestId('action-unban').click();
  await page.getByTestId('ban-reason').fill('Reviewed: not fraud');
  await page.getByTestId('ban-submit').click();
  await expect(toastWith(page, 'Ban lifted.')).toBeVisible();
  await expect(page.getByTestId('player-banned')).toHaveCount(0);
  expect((await apiLogin(name, password)).name).toBe(name);
});
