/**
 * The back office's outbox and audit log (issue G8 items 8 and 9), as staff use them against the real
 * server: an administrator finds a new player's verification mail by searching the outbox, opens its
 * link (the player's address is then confirmed), finds a settings change in the audit log with its
 * before and after, and edits a setting in the settings screen's form (a bad value refused with the
 * server's reason); a moderator is kept out of the audit log. ADMIN_SCREENSHOTS=dir saves both screens
 * at 1440 and 390 px.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './global-setup';
import { CHROMIUM_PATH, HAS_CHROMIUM } from './playwright.config';
import { apiLogin, call, HttpError } from './helpers/auth';
import { registerPlayer } from './helpers/games';
import { closeOpenedContexts, gotoPage, newContext, toastWith } from './helpers/ui';

test.skip(!HAS_CHROMIUM, `Chromium not installed at ${CHROMIUM_PATH}: apt-get install -y chromium`);
test.afterEach(closeOpenedContexts);

/** Opens a back-office page (its own layout, not the casino shell that gotoPage waits for). */
async function openAdmin(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('admin-layout')).toBeVisible({ timeout: 30_000 });
}

const SHOTS = process.env.ADMIN_SCREENSHOTS ? path.resolve(process.env.ADMIN_SCREENSHOTS) : null;

test('staff read the outbox and the audit log', async ({ browser }) => {
  // Two staff members, a player and a mail on a loaded machine; screenshots at two widths take longer.
  test.setTimeout(SHOTS ? 240_000 : 90_000);
  const admin = await apiLogin('admin', DEMO_PASSWORD);
  const player = await registerPlayer('outbox');
  const email = `${player.name}@example.test`;
  await call('POST', '/api/user/verifyEmail', {}, player.token);
  // A staff action to find in the log: the operator details written back unchanged.
  const { settings } = await call<{ settings: { key: string; value: unknown }[] }>(
    'POST',
    '/api/admin/settings',
    {},
    admin.token,
  );
  const operator = settings.find((s) => s.key === 'legal.operator');
  await call(
    'POST',
    '/api/admin/settings/update',
    { key: 'legal.operator', value: operator?.value },
    admin.token,
  );

  const context = await newContext(browser, { viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript((user) => localStorage.setItem('nebula:user', JSON.stringify(user)), admin);

  await test.step('the outbox finds the verification mail and its link confirms the address', async () => {
    await openAdmin(page, '/admin');
    await expect(page.getByTestId('admin-outbox-peek')).toBeVisible();
    await page.getByRole('link', { name: 'Outbox', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/outbox$/);
    await page.getByTestId('outbox-search').fill(email.toUpperCase());
    const items = page.getByTestId('outbox-item');
    await expect(items).toHaveCount(1);
    await items.first().click();
    const mail = page.getByTestId('outbox-mail');
    await expect(mail).toContainText(email);
    await expect(page.frameLocator('[data-testid="outbox-mail-html"]').locator('body')).toContainText(
      player.name,
    );
    if (SHOTS) {
      fs.mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SHOTS, 'outbox-1440.png') });
    }
    // The link button opens the mail's link in a new tab; the player follows the same path here (the
    // mail's host is the server's PUBLIC_URL, which the test server leaves at localhost).
    const link = mail.getByTestId('outbox-link').first();
    await expect(link).toHaveAttribute('target', '_blank');
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(new RegExp(`/email/${player._id}/`));
    const confirm = await (await newContext(browser, { viewport: { width: 1440, height: 900 } })).newPage();
    await gotoPage(confirm, new URL(href).pathname);
    // A new tab loads the whole app before it confirms: a cap for a loaded machine.
    await expect(toastWith(confirm, 'Your email address has been confirmed.')).toBeVisible({
      timeout: 30_000,
    });
  });

  await test.step('the audit log filters to the settings change and shows it', async () => {
    await page.getByRole('link', { name: 'Audit log', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await page.getByTestId('audit-filter-action').fill('settings');
    await page.getByTestId('audit-filter-targetId').fill('legal.operator');
    await page.getByTestId('audit-apply').click();
    const row = page.getByTestId('audit-row').first();
    await expect(row).toHaveAttribute('data-action', 'settings.update');
    await expect(row).toContainText('admin');
    await row.getByTestId('audit-toggle').click();
    await expect(page.getByTestId('audit-change').first()).toContainText('After');
    // A bad filter is the server's 422, said on the page.
    await page.getByTestId('audit-filter-actor').fill('not-a-user-id');
    await page.getByTestId('audit-apply').click();
    await expect(page.getByRole('alert')).toContainText('A user id.');
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'audit-error-1440.png') });
  });

  await test.step('settings: a setting edited in its form, a bad value refused with the reason, then put back', async () => {
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByTestId('settings-search').fill('link_allow');
    await page.locator('[data-testid="settings-item"][data-key="chat.link_allowlist"]').click();
    const editor = page.getByTestId('setting-editor');
    await expect(editor).toHaveAttribute('data-key', 'chat.link_allowlist');
    await editor.getByRole('button', { name: 'Add' }).click();
    const rows = editor.locator('[data-testid^="setting-field-"]');
    const added = rows.last();
    await added.fill('not a host name');
    await editor.getByTestId('setting-save').click();
    await expect(editor.getByTestId('setting-error')).toBeVisible();
    await added.fill('e2e-admin.example');
    await editor.getByTestId('setting-save').click();
    await expect(toastWith(page, 'chat.link_allowlist saved.')).toBeVisible();
    const stored = async () =>
      (
        await call<{ settings: { key: string; value: unknown }[] }>(
          'POST',
          '/api/admin/settings',
          {},
          admin.token,
        )
      ).settings.find((entry) => entry.key === 'chat.link_allowlist')?.value;
    expect(await stored()).toContain('e2e-admin.example');
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'settings-1440.png') });
    await editor
      .getByRole('button', { name: /^Remove/ })
      .last()
      .click();
    await editor.getByTestId('setting-save').click();
    await expect.poll(stored).not.toContain('e2e-admin.example');
  });

  if (SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await openAdmin(page, '/admin/audit');
    await expect(page.getByTestId('audit-row').first()).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, 'audit-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await openAdmin(page, '/admin/audit');
    await page.getByTestId('audit-toggle').first().click();
    await page.screenshot({ path: path.join(SHOTS, 'audit-1440.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await openAdmin(page, '/admin/outbox');
    await expect(page.getByTestId('outbox-item').first()).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, 'outbox-list-390.png'), fullPage: true });
    await page.getByTestId('outbox-item').first().click();
    await page.screenshot({ path: path.join(SHOTS, 'outbox-mail-390.png'), fullPage: true });
    await openAdmin(page, '/admin/settings?key=games.house_edge_bps');
    await page.screenshot({ path: path.join(SHOTS, 'settings-390.png'), fullPage: true });
  }

  await test.step('a moderator is kept out of the audit log', async () => {
    const moderator = await apiLogin('moderator', DEMO_PASSWORD);
    const modContext = await newContext(browser, { viewport: { width: 1440, height: 900 } });
    const mod = await modContext.newPage();
    await mod.addInitScript((user) => localStorage.setItem('nebula:user', JSON.stringify(user)), moderator);
    await gotoPage(mod, '/admin/audit');
    // The route guard sends a member without the permission home.
    await expect(mod).toHaveURL(/\/$/);
    await expect(mod.getByTestId('audit-filters')).toHaveCount(0);
    const denied = await call<unknown>('POST', '/api/admin/audit', {}, moderator.token).then(
      () => 200,
      (err: unknown) => (err instanceof HttpError ? err.status : 0),
    );
    expect(denied).toBe(403);
  });
});
