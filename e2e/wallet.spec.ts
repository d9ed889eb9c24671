/**
 * The wallet journey (issue F4 "Done when"): a fresh player with a verified email and 2FA opens the
 * wallet, gets a deposit address with its QR code, a development deposit arrives on the simulated
 * chain and the header balance updates live; the player requests a withdrawal (2FA dialog), cancels
 * it, requests another that staff (the admin demo account) accepts in the back office queue; the
 * history shows each state.
 *
 * The development deposit goes through POST /api/dev/simulateDeposit (NODE_ENV=development only),
 * authenticated by the token the server writes to $DATA_DIR/dev-deposit.token: global-setup.ts
 * exports that folder as E2E_DATA_DIR (set it yourself when running against E2E_BASE_URL).
 * WALLET_SCREENSHOTS=dir also saves the header and each tab at 1440 and 390 px.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './global-setup';
import { BASE_URL, CHROMIUM_PATH, HAS_CHROMIUM } from './playwright.config';
import { apiLogin, call, mailedLink, solveCaptcha, totp, uniqueSuffix } from './helpers/auth';
import { toastWith } from './helpers/ui';

test.skip(!HAS_CHROMIUM, `Chromium not installed at ${CHROMIUM_PATH}: apt-get install -y chromium`);

const DATA_DIR = process.env.E2E_DATA_DIR;
const SHOTS = process.env.WALLET_SCREENSHOTS ? path.resolve(process.env.WALLET_SCREENSHOTS) : null;
/** A well-formed mainnet bech32 address (BIP-173 example): withdrawals are never really paid here. */
const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

interface Me {
  _id: string;
  name: string;
  email: string;
  email_verified: boolean;
  roles: { id: string }[];
  token: string;
}

/** A fresh account (the demo accounts stay untouched): registered, email verified, 2FA on. */
async function freshPlayer(): Promise<{ me: Me; secret: string }> {
  const name = `wal_${uniqueSuffix()}`;
  const email = `${name}@example.test`;
  const password = `pw-${uniqueSuffix()}`;
  const { user } = await call<{ user: Me }>('POST', '/auth/register', {
    email,
    name,
    password,
    captcha: await solveCaptcha(),
  });
  const since = Date.now() - 1000;
  await call('POST', '/api/user/verifyEmail', {}, user.token).catch(() => undefined); // may be sent already
  const link = await mailedLink(DEMO_PASSWORD, email, /\/email\/[^\s"'<>]+/, since);
  const [, userId, token] = /\/email\/([^/]+)\/([^/?#]+)/.exec(link) ?? [];
  await call('POST', '/api/user/confirmEmail', { user: userId, token });
  // 2FA is turned on from another session: the page's session then has no fresh 2FA and a
  // withdrawal asks for the code.
  const other = await apiLogin(name, password);
  const { secret } = await call<{ secret: string }>('POST', '/api/user/2fa/setup', {}, other.token);
  // The previous 30 s step: the challenge in the page then uses the current one (each step counts once).
  await call('POST', '/api/user/2fa/enable', { code: await totp(secret, -1) }, other.token);
  const { user: fresh } = await call<{ user: Omit<Me, 'token'> }>('POST', '/auth/update', {}, user.token);
  expect(fresh.email_verified).toBe(true);
  return { me: { ...fresh, token: user.token }, secret };
}

async function signIn(page: Page, me: Me): Promise<void> {
  await page.addInitScript((user) => {
    localStorage.setItem('nebula:user', JSON.stringify(user));
  }, me);
}

async function simulateDeposit(user: string, amount: string): Promise<void> {
  const token = fs.readFileSync(path.join(DATA_DIR!, 'dev-deposit.token'), 'utf8').trim();
  const res = await fetch(`${BASE_URL}/api/dev/simulateDeposit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-dev-deposit-token': token },
    body: JSON.stringify({ user, currency: 'btc', amount }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** Steps already used for a code: the server accepts each 30 s step once. */
const usedSteps = new Set<number>();

async function passTwoFactor(page: Page, secret: string): Promise<void> {
  const dialog = page.getByTestId('two-factor-challenge');
  await expect(dialog).toBeVisible();
  const now = Math.floor(Date.now() / 30_000);
  // The current step, or the next one (within the server's one-step drift) when it was used.
  let offset = 0;
  while (usedSteps.has(now + offset)) offset++;
  if (offset > 1) {
    await page.waitForTimeout((now + 1) * 30_000 - Date.now() + 500);
    return passTwoFactor(page, secret);
  }
  usedSteps.add(now + offset);
  const code = await totp(secret, offset);
  for (const [index, digit] of [...code].entries()) {
    await dialog.getByLabel(`Digit ${index + 1}`, { exact: true }).press(digit);
  }
  await expect(dialog).toBeHidden();
}

function wallet(page: Page) {
  return page.getByTestId('wallet-modal');
}

async function openTab(page: Page, name: 'Deposit' | 'Withdraw' | 'History') {
  await wallet(page).getByRole('tab', { name, exact: true }).click();
}

/** Requests a withdrawal; `twoFactor: 'required'` insists on the 2FA dialog (the first request). */
async function requestWithdrawal(
  page: Page,
  secret: string,
  fill: () => Promise<void>,
  twoFactor: 'required' | 'if-asked' = 'if-asked',
) {
  await openTab(page, 'Withdraw');
  const tab = page.getByTestId('withdraw-tab');
  await tab.getByTestId('withdraw-address').fill(BTC_ADDRESS);
  await fill();
  await tab.getByTestId('withdraw-submit').click();
  // A sensitive call: the API layer holds it for the 2FA dialog and replays it after the code.
  const dialog = page.getByTestId('two-factor-challenge');
  const created = toastWith(page, 'Withdrawal request has been created.');
  if (twoFactor === 'required') {
    await passTwoFactor(page, secret);
  } else {
    await expect(dialog.or(created).first()).toBeVisible({ timeout: 15_000 });
    if (await dialog.isVisible()) await passTwoFactor(page, secret);
  }
  await expect(created).toBeVisible();
  await expect(tab.getByTestId('pending-withdraw')).toBeVisible();
}

test.describe('wallet', () => {
  test('deposit address + QR, live dev deposit, withdrawal with 2FA, cancel, staff accept, history', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const { me, secret } = await freshPlayer();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
    await signIn(page, me);
    await page.goto('/');
    const balance = page.getByTestId('balance-amount');
    await expect(balance).toHaveText('0.00');

    await test.step('open the wallet: address, copy, QR, notes, $ shortcut into the QR', async () => {
      await page.getByTestId('wallet-button').click();
      await expect(wallet(page)).toBeVisible();
      await expect(wallet(page).getByRole('tab', { name: 'Deposit', exact: true })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      const address = page.getByTestId('deposit-address');
      await expect(address).toHaveText(/^bc1[0-9a-z]{20,}$/);
      const qr = page.getByTestId('deposit-qr');
      await expect(qr).toBeVisible();
      await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml/);
      expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await expect(qr).toHaveAttribute('data-value', `bitcoin:${await address.textContent()}`);
      await expect(page.getByTestId('deposit-confirmations')).toHaveText(
        /Credited after \d+ network confirmations?\./,
      );
      await expect(page.getByTestId('deposit-minimum')).toHaveText(/^\d+(\.\d+)? BTC$/);

      await page.getByTestId('deposit-copy').click();
      await expect(page.getByTestId('deposit-copy')).toHaveText('Copied!');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await address.textContent());

      // The key filter: letters and a second dot never reach the field.
      const amount = page.getByTestId('deposit-amount');
      await amount.pressSequentially('1a.2.3x');
      await expect(amount).toHaveValue('1.23');
      await amount.fill('');
      await expect(page.getByTestId('deposit-submit')).toBeDisabled();
      await page.getByTestId('deposit-shortcut-100').click();
      await expect(amount).toHaveValue(/^0\.\d+$/);
      const value = await amount.inputValue();
      await page.getByTestId('deposit-submit').click();
      await expect(qr).toHaveAttribute('data-value', new RegExp(`amount=${value.replace('.', '\\.')}`));
    });

    await test.step('a development deposit confirms and the header balance updates live', async () => {
      test.skip(!DATA_DIR, 'E2E_DATA_DIR is not set: the development deposit token cannot be read');
      await simulateDeposit(me.name, '0.05');
      await openTab(page, 'History');
      const row = page.getByTestId('deposit-row').first();
      await expect(row).toBeVisible({ timeout: 15_000 });
      await expect(row.getByTestId('deposit-status')).toHaveText(/^(\d+\/\d+ confirmations|Paid)$/);
      await expect(row.getByTestId('deposit-status')).toHaveText('Paid', { timeout: 30_000 });
      // Pushed by BalanceModification (no reload): the pill flashes green and shows the new total.
      await expect(balance).toHaveText('0.05');
    });

    let cancelledId = '';
    await test.step('withdraw 25% (2FA dialog), then cancel it', async () => {
      await requestWithdrawal(
        page,
        secret,
        async () => {
          await page.getByTestId('withdraw-shortcut-25').click();
          await expect(page.getByTestId('withdraw-amount')).toHaveValue('0.0125');
        },
        'required',
      );
      // Debited at request: 0.0125 plus the fee.
      await expect(balance).not.toHaveText('0.05');
      await expect(page.getByTestId('withdraw-submit')).toBeDisabled();
      await page.getByTestId('pending-withdraw-cancel').click();
      await expect(
        toastWith(page, 'Withdrawal cancelled. The amount is back in your balance.'),
      ).toBeVisible();
      await expect(page.getByTestId('pending-withdraw')).toHaveCount(0);
      await expect(balance).toHaveText('0.05');
      const { withdraws } = await call<{ withdraws: { _id: string; status: number }[] }>(
        'POST',
        '/api/wallet/history/withdraws',
        {},
        me.token,
      );
      expect(withdraws[0]?.status).toBe(4);
      cancelledId = withdraws[0]!._id;
    });

    let acceptedId = '';
    await test.step('withdraw again; the address and amount are checked in the fields first', async () => {
      await openTab(page, 'Withdraw');
      const tab = page.getByTestId('withdraw-tab');
      await tab.getByTestId('withdraw-address').fill('abc');
      await tab.getByTestId('withdraw-amount').fill('');
      await tab.getByTestId('withdraw-submit').click();
      await expect(tab.getByText('Enter your wallet address.', { exact: true })).toBeVisible();
      await expect(tab.getByText('Enter an amount.', { exact: true })).toBeVisible();
      await requestWithdrawal(page, secret, async () => {
        await tab.getByTestId('withdraw-amount').fill('0.01');
      });
      const { withdraws } = await call<{ withdraws: { _id: string; status: number }[] }>(
        'POST',
        '/api/wallet/history/withdraws',
        {},
        me.token,
      );
      expect(withdraws[0]?.status).toBe(0);
      acceptedId = withdraws[0]!._id;
      expect(acceptedId).not.toBe(cancelledId);
    });

    await test.step('staff accepts it in the back office queue with a transaction id', async () => {
      const admin = await apiLogin('admin', DEMO_PASSWORD);
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const staff = await context.newPage();
      await staff.addInitScript((user) => localStorage.setItem('nebula:user', JSON.stringify(user)), admin);
      await staff.goto('/admin/withdrawals');
      const row = staff.locator(`[data-testid="admin-withdraw-row"][data-id="${acceptedId}"]`);
      await expect(row).toBeVisible();
      await expect(row).toContainText(me.name);
      await row.getByTestId('admin-withdraw-accept').click();
      const form = staff.getByTestId('withdraw-accept-form');
      await form.getByTestId('withdraw-decision-submit').click();
      await expect(form.getByText('Fill in this field', { exact: true })).toBeVisible();
      await form.getByTestId('withdraw-decision-input').fill(`0x${'ab'.repeat(32)}`);
      await form.getByTestId('withdraw-decision-submit').click();
      await expect(toastWith(staff, 'Withdrawal accepted.')).toBeVisible();
      await expect(row).toHaveCount(0); // it left the moderation queue
      if (SHOTS) await staff.screenshot({ path: path.join(SHOTS, 'admin-withdrawals-1440.png') });
      await context.close();
    });

    await test.step('history shows paid, accepted and cancelled', async () => {
      await openTab(page, 'History');
      await expect(page.getByTestId('deposit-row').first().getByTestId('deposit-status')).toHaveText('Paid');
      await wallet(page).getByRole('tab', { name: 'Withdrawals', exact: true }).click();
      const rows = page.getByTestId('withdraw-row');
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0).getByTestId('withdraw-status')).toHaveText('Accepted', { timeout: 10_000 });
      await expect(rows.nth(1).getByTestId('withdraw-status')).toHaveText('Cancelled');
    });

    if (SHOTS) await screenshots(browser, me);
  });
});

/** The header wallet and each tab at 1440 and 390 px (WALLET_SCREENSHOTS=dir). */
async function screenshots(browser: Browser, me: Me): Promise<void> {
  fs.mkdirSync(SHOTS!, { recursive: true });
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
    await signIn(page, me);
    await page.goto('/');
    await expect(page.getByTestId('balance-amount')).not.toHaveText('0.00');
    await page.screenshot({ path: path.join(SHOTS!, `header-${size.width}.png`) });
    await page.getByRole('button', { name: 'Select currency' }).click();
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(SHOTS!, `picker-${size.width}.png`) });
    await page.keyboard.press('Escape');
    await page.getByTestId('wallet-button').click();
    await expect(page.getByTestId('deposit-qr')).toBeVisible();
    await page.getByTestId('deposit-shortcut-250').click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SHOTS!, `deposit-${size.width}.png`) });
    await openTab(page, 'Withdraw');
    await expect(page.getByTestId('withdraw-limits')).toBeVisible();
    await page.getByTestId('withdraw-shortcut-50').click();
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(SHOTS!, `withdraw-${size.width}.png`) });
    await openTab(page, 'History');
    await expect(page.getByTestId('deposit-row').first()).toBeVisible();
    await page.waitForTimeout(350); // the tab indicator slides
    await page.screenshot({ path: path.join(SHOTS!, `history-deposits-${size.width}.png`) });
    await wallet(page).getByRole('tab', { name: 'Withdrawals', exact: true }).click();
    await expect(page.getByTestId('withdraw-row').first()).toBeVisible();
    await page.waitForTimeout(350);
    await page.screenshot({ path: path.join(SHOTS!, `history-withdraws-${size.width}.png`) });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `the wallet at ${size.width} scrolls sideways`).toBeLessThanOrEqual(0);
    await context.close();
  }
}
