import { expect, test, type Page } from '@playwright/test';
import { CHROMIUM_PATH, HAS_CHROMIUM } from './playwright.config';

test.skip(!HAS_CHROMIUM, `Chromium not installed at ${CHROMIUM_PATH}: apt-get install -y chromium`);

async function cssVar(page: Page, name: string): Promise<string> {
  return page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);
}

async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

test.describe('web shell', () => {
  test('home renders the shell: sidebar, header, lobby, footer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expect(page.getByTestId('header')).toBeVisible();
    await expect(page.getByTestId('home-lobby')).toBeVisible();
    await expect(page.getByTestId('footer')).toBeVisible();
    await expect(page.getByTestId('live-feed')).toBeVisible();
    await expect(page.getByTestId('sign-in')).toBeVisible();
    await expect(page.getByTestId('mobile-nav')).toHaveCount(0);
  });

  test('navigates between routes through the sidebar', async ({ page }) => {
    await page.goto('/');
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByRole('link', { name: 'Slots' }).click();
    await expect(page).toHaveURL(/\/casino\/slots$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Slots' })).toBeVisible();
    await sidebar.getByRole('link', { name: 'VIP Club' }).click();
    await expect(page).toHaveURL(/\/vip$/);
    await expect(page.getByRole('heading', { level: 1, name: 'VIP Club' })).toBeVisible();
    await sidebar.getByRole('link', { name: 'Fairness' }).click();
    await expect(page).toHaveURL(/\/fairness$/);
    await expect(page.getByTestId('fairness-form')).toBeVisible();
  });

  test('a guarded route opens the login modal and keeps the URL for a guest', async ({ page }) => {
    await page.goto('/promotions');
    await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
    // The faucet card's action needs a signed-in player: a guest gets the login modal.
    await page.getByTestId('hub-faucet-signin').click();
    await expect(page.getByTestId('auth-modal')).toBeVisible();
    await expect(page).toHaveURL(/\/promotions$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
  });

  test('a direct load of a guarded URL as a guest lands on / with the login modal', async ({ page }) => {
    await page.goto('/profile/settings/connections');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('auth-modal')).toBeVisible();
    await expect(page.getByTestId('connections-page')).toHaveCount(0);
  });

  test('theme switch changes a CSS variable and persists across reload', async ({ page }) => {
    await page.goto('/');
    const before = await cssVar(page, '--bg-page');
    await page.getByTestId('sidebar').getByTestId('theme-blueTheme').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'blueTheme');
    const after = await cssVar(page, '--bg-page');
    expect(after).not.toBe(before);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'blueTheme');
    expect(await cssVar(page, '--bg-page')).toBe(after);
  });

  test('language switch to Deutsch changes visible texts', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('sign-in')).toHaveText('Sign in');
    await page.getByTestId('sidebar').getByTestId('language-picker').click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    await expect(page.getByTestId('sign-in')).not.toHaveText('Sign in');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Aktionen' })).toBeVisible();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/this/page/does-not-exist');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByText('404')).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page.getByTestId('home-lobby')).toBeVisible();
  });

  test('plugin pages show not-found when the plugin is off', async ({ page }) => {
    const license = await (await page.request.post('/license', { data: {} })).json();
    test.skip(license.plugins.includes('poker'), 'poker plugin is on in this licence');
    await page.goto('/poker');
    await expect(page.getByTestId('not-found')).toBeVisible();
  });
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('shows the bottom menu, hides the sidebar and does not scroll sideways', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('mobile-nav')).toBeVisible();
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
    await expect(page.getByTestId('home-lobby')).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);

    await page.getByTestId('mobile-nav').getByRole('button', { name: 'Browse' }).click();
    await expect(page.getByTestId('sidebar-sheet')).toBeVisible();
    await page.getByTestId('sidebar-sheet').getByRole('link', { name: 'Promotions' }).click();
    await expect(page).toHaveURL(/\/promotions$/);
    await expect(page.getByTestId('sidebar-sheet')).toHaveCount(0);
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});
