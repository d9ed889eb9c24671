/**
 * The external sportsbook (issue G10 item 4) with the licence's `sportsbook_external` plugin on:
 * /sportsbook?bt-path= embeds the provider's renderer (the local sportsbook, labelled Simulated), the
 * page's bt-path and the renderer's path follow each other (its nav, the browser's back button), and a
 * bet placed in the renderer moves the player's real balance through the operator wallet's signed calls
 * (the header's balance and the server's). The emulator page (/debugger/emulator/sportsbook, staff)
 * fires the provider's signed wallet calls and shows each answer and balance change. Screenshots at
 * 1440 and 390 px go to E2E_SHOTS when set.
 */
import { expect, test, type Page } from '@playwright/test';
import { CHROMIUM_PATH, HAS_CHROMIUM } from './playwright.config';
import { DEMO_PASSWORD } from './global-setup';
import { apiLogin, call } from './helpers/auth';
import {
  GAME_CURRENCY,
  type Player,
  headerAmount,
  registerPlayer,
  serverBalance,
  signInAs,
  simulateDeposit,
  waitForBalance,
} from './helpers/games';
import { closeOpenedContexts, gotoPage, newContext } from './helpers/ui';
import { screenshots } from './helpers/shots';

test.skip(!HAS_CHROMIUM, `Chromium not installed at ${CHROMIUM_PATH}: apt-get install -y chromium`);

const { shot } = screenshots('E2E_SHOTS');

async function setExternal(on: boolean): Promise<void> {
  const admin = await apiLogin('admin', DEMO_PASSWORD);
  await call(
    'POST',
    '/api/admin/settings/update',
    { key: 'license', value: { plugins: { sportsbook_external: on } } },
    admin.token,
  );
}

test.describe('external sportsbook', () => {
  test.describe.configure({ mode: 'serial' });
  let player: Player;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    await setExternal(true);
    player = await registerPlayer('xsb');
    await simulateDeposit(player.name, GAME_CURRENCY, '20');
    await waitForBalance(player.token, 20);
  });
  test.afterAll(async () => {
    await setExternal(false);
    await closeOpenedContexts();
  });

  test('places a bet through the simulated renderer; bt-path follows the renderer', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAs(page, player);
    await gotoPage(page, `/sportsbook?bt-path=${encodeURIComponent('/soccer-1')}`);
    await expect(page.getByTestId('simulated-sportsbook-badge')).toBeVisible();
    const frame = page.frameLocator('[data-testid="external-sportsbook-frame"]');
    await expect(frame.getByTestId('simulated-sportsbook')).toBeVisible({ timeout: 15_000 });
    await expect(frame.getByRole('heading', { name: 'Soccer' })).toBeVisible();
    await expect(frame.getByText(player.name)).toBeVisible({ timeout: 15_000 });
    const balance = page.getByTestId('balance-amount');
    await expect(balance).toHaveText(headerAmount('20'));

    // The renderer's nav moves bt-path; the browser's back button moves the renderer.
    await frame.getByRole('button', { name: 'Tennis', exact: true }).click();
    await expect(frame.getByRole('heading', { name: 'Tennis' })).toBeVisible();
    await expect(page).toHaveURL(/bt-path=%2Ftennis-5/);
    await page.goBack();
    await expect(page).toHaveURL(/bt-path=%2Fsoccer-1/);
    await expect(frame.getByRole('heading', { name: 'Soccer' })).toBeVisible();

    // A bet of 2: bet/make and bet/commit through the operator wallet.
    await frame.locator('button.odd').first().click();
    await frame.locator('#stake').fill('2');
    await shot(page, 'external-sportsbook-1440');
    await frame.getByRole('button', { name: 'Place bet' }).click();
    await expect(frame.locator('#msg')).toHaveText(/Bet accepted: 2 USDT/, { timeout: 15_000 });
    await expect(balance).toHaveText(headerAmount('18'), { timeout: 15_000 });
    expect(await serverBalance(player.token)).toBe('18');

    await frame.getByRole('button', { name: 'My bets' }).click();
    await expect(page).toHaveURL(/bt-path=%2Fbets/);
    await expect(frame.getByTestId('sportsbook-bet')).toHaveCount(1);
    await expect(frame.getByTestId('sportsbook-bet')).toContainText('open');
  });

  test('phone width: the renderer fits without horizontal scrolling', async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await newContext(browser, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signInAs(page, player);
    await gotoPage(page, `/sportsbook?bt-path=${encodeURIComponent('/basketball-2')}`);
    const frame = page.frameLocator('[data-testid="external-sportsbook-frame"]');
    await expect(frame.getByRole('heading', { name: 'Basketball' })).toBeVisible({ timeout: 15_000 });
    await frame.locator('button.odd').first().click();
    await expect(frame.locator('#stake')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'external-sportsbook-390');
  });

  test('the sportsbook emulator fires signed wallet calls and shows each answer and balance change', async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const admin = await apiLogin('admin', DEMO_PASSWORD);
    await simulateDeposit('admin', GAME_CURRENCY, '2');
    await waitForBalance(admin.token, 2);
    const open = async (width: number, height: number) => {
      const context = await newContext(browser, { viewport: { width, height } });
      const page = await context.newPage();
      await page.addInitScript(
        ({ user, currency }) => {
          localStorage.setItem('nebula:user', JSON.stringify(user));
          localStorage.setItem('nebula:settings', JSON.stringify({ state: { currency }, version: 1 }));
        },
        { user: admin, currency: GAME_CURRENCY },
      );
      // A page without the shell (no main#main to wait for): its heading says it is up.
      await page.goto('/debugger/emulator/sportsbook');
      await expect(page.getByRole('heading', { name: 'Sportsbook emulator' })).toBeVisible({
        timeout: 30_000,
      });
      return page;
    };
    const runOf = (page: Page, scenario: string) =>
      page.locator(`[data-testid="emulator-run"][data-scenario="${scenario}"]`).first();

    const page = await open(1440, 900);
    const before = Number(await serverBalance(admin.token));
    await page.getByRole('button', { name: 'Make, commit, win' }).click();
    const win = runOf(page, 'makeCommitWin');
    await expect(win.getByTestId('emulator-step')).toHaveCount(4, { timeout: 30_000 });
    await expect(win.locator('[data-expected="false"]')).toHaveCount(0);
    await expect(win.getByTestId('emulator-step').first()).toContainText('bet/make');
    await expect(win.getByTestId('emulator-change').first()).toHaveText('-0.01 USDT');
    await expect(win.getByTestId('emulator-change').nth(2)).toHaveText(/^\+0\.0\d+ USDT$/);
    // The request behind a step: the JWT payload the provider sent.
    await win.getByText('Request', { exact: false }).first().click();
    await expect(win.locator('.emu__request pre').first()).toContainText('"betslip"');
    expect(Number(await serverBalance(admin.token))).toBeGreaterThan(before);

    await page.getByRole('button', { name: 'Rollback of a settlement' }).click();
    const rollback = runOf(page, 'rollbackSettlement');
    await expect(rollback.getByTestId('emulator-step')).toHaveCount(7, { timeout: 30_000 });
    await expect(rollback.locator('[data-expected="false"]')).toHaveCount(0);
    await expect(rollback.getByTestId('emulator-step').nth(4)).toContainText('bet/rollback');

    await page.getByRole('button', { name: 'Bad JWT signature' }).click();
    const bad = runOf(page, 'badSignature');
    await expect(bad.getByTestId('emulator-step')).toHaveCount(1, { timeout: 30_000 });
    await expect(bad.getByTestId('emulator-answer')).toContainText('"code":2005');
    await expect(bad.getByTestId('emulator-change')).toHaveText('0 USDT');
    await expect(bad.locator('[data-expected="true"]')).toHaveCount(1);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'sportsbook-emulator-1440');

    const phone = await open(390, 844);
    await phone.getByRole('button', { name: 'Duplicate make' }).click();
    const duplicate = runOf(phone, 'duplicateMake');
    await expect(duplicate.getByTestId('emulator-step')).toHaveCount(5, { timeout: 30_000 });
    await expect(duplicate.locator('[data-expected="false"]')).toHaveCount(0);
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(phone, 'sportsbook-emulator-390');

    // A player is no staff: the page is not theirs.
    const guest = await newContext(browser, { viewport: { width: 1440, height: 900 } });
    const other = await guest.newPage();
    await signInAs(other, player);
    await other.goto('/debugger/emulator/sportsbook');
    await expect(other.locator('main').first()).toBeVisible({ timeout: 30_000 });
    await expect(other.getByTestId('sportsbook-emulator')).toHaveCount(0);
    await expect(other.getByRole('button', { name: 'Make, commit, win' })).toHaveCount(0);
  });
});
