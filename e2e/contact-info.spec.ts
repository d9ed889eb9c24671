/**
 * The contact-info modal in the browser (issue G7 item 5): with the operator's modal on (E-mail and
 * Telegram), a signed-in player sees it with their e-mail locked, chooses "Remind me later", and it stays
 * away after a reload (the 24 h snooze is kept by the server). A second player, at 390 wide, saves a
 * Telegram name and sees the success text. Screenshots at 1440 and 390 go to $E2E_SHOTS when it is set.
 */
import { expect, test } from '@playwright/test';
import { CHROMIUM_PATH, HAS_CHROMIUM } from './playwright.config';
import { DEMO_PASSWORD } from './global-setup';
import { apiLogin, call } from './helpers/auth';
import { registerPlayer, signInAs } from './helpers/games';
import { screenshots } from './helpers/shots';

test.skip(!HAS_CHROMIUM, `Chromium not installed at ${CHROMIUM_PATH}: apt-get install -y chromium`);

const { shot } = screenshots('E2E_SHOTS');
const MODAL = {
  enabled: true,
  title: 'Become a VIP',
  description: 'Leave your contacts and your personal VIP manager will reach out with exclusive offers.',
  images: [],
  fields: [
    { title: 'E-mail', model: 'email' },
    { title: 'Telegram', model: 'telegram' },
  ],
};

async function setModal(value: unknown): Promise<void> {
  const admin = await apiLogin('admin', DEMO_PASSWORD);
  await call('POST', '/api/admin/settings/update', { key: 'profile.contact_info', value }, admin.token);
}

test.describe('the contact-info modal', () => {
  test.beforeAll(async () => setModal(MODAL));
  test.afterAll(async () => setModal({ ...MODAL, enabled: false }));

  test('a player sees it, snoozes it, and it stays away after a reload', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const player = await registerPlayer('contact');
    await signInAs(page, player);
    await page.goto('/');
    const modal = page.getByTestId('contact-info-modal');
    await expect(modal).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('dialog', { name: 'Become a VIP' })).toBeVisible();
    const email = modal.getByTestId('contact-field-email');
    await expect(email).toHaveValue(player.email);
    await expect(email).toHaveAttribute('readonly', '');
    await shot(page, 'contact-info-1440');

    const snoozed = page.waitForResponse((r) => r.url().endsWith('/api/profile/snoozeContactInfo') && r.ok());
    await modal.getByTestId('contact-info-later').click();
    await snoozed;
    await expect(modal).toBeHidden();

    const settings = page.waitForResponse((r) => r.url().endsWith('/api/contactInfoModalSettings') && r.ok());
    await page.reload();
    expect(((await (await settings).json()) as { show: boolean }).show).toBe(false);
    await expect(page.getByTestId('contact-info-modal')).toHaveCount(0);
  });

  test('at 390 wide a player saves their Telegram name', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const player = await registerPlayer('contact');
    await signInAs(page, player);
    await page.goto('/');
    const modal = page.getByTestId('contact-info-modal');
    await expect(modal).toBeVisible({ timeout: 20_000 });
    await modal.getByTestId('contact-field-telegram').fill('@nebula_vip');
    await shot(page, 'contact-info-390');
    await modal.getByTestId('contact-info-save').click();
    await expect(page.getByText('Contact info successfully updated!')).toBeVisible();
    await expect(modal).toBeHidden();
    await shot(page, 'contact-info-390-saved');
  });
});
