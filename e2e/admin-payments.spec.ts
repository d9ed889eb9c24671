/**
 * The back office's payments (issue G8 item 3), as staff use them against the real server: a player's
 * deposit arrives on the simulated chain; an administrator opens Payments from the back office's menu,
 * finds the deposit by part of the player's name and by its transaction hash, sees its confirmations
 * and state, exports the list as CSV (the file holds the deposit), finds the player's address, reads the
 * chains' confirmations, and a deposit held over the player's own deposit limit with the rule (read-only); the withdrawal queue is one click away; staff
 * without the `wallet` permission are refused. ADMIN_SCREENSHOTS=dir saves each section at 1440 and 390 px.
 */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './global-setup';
import { CHROMIUM_PATH, HAS_CHROMIUM } from './playwright.config';
import { apiLogin, call, HttpError } from './helpers/auth';
import { registerPlayer, simulateDeposit, waitForBalance } from './helpers/games';
import { closeOpenedContexts, newContext } from './helpers/ui';
import { screenshots } from './helpers/shots';

test.skip(!HAS_CHROMIUM, `Chromium not installed at ${CHROMIUM_PATH}: apt-get install -y chromium`);
test.afterEach(closeOpenedContexts);

const { dir: SHOTS, shot } = screenshots('ADMIN_SCREENSHOTS', { fullPage: true });

interface Deposit {
  _id: string;
  txid: string;
  address: string;
  confirmations: number;
  requiredConfirmations: number;
  status: string;
}

test('an administrator finds a deposit in Payments, sees its confirmations and exports it', async ({
  browser,
}) => {
  test.setTimeout(SHOTS ? 240_000 : 150_000);
  const admin = await apiLogin('admin', DEMO_PASSWORD);
  const player = await registerPlayer('payview');
  // BTC on the simulated chain: 2 confirmations (the chain's default; the e2e server sets none for it).
  await simulateDeposit(player.name, 'btc', '0.0125');
  await waitForBalance(player.token, 0.0125, 'btc');
  const { deposits } = await call<{ deposits: Deposit[] }>(
    'POST',
    '/api/admin/deposits',
    { search: player.name },
    admin.token,
  );
  expect(deposits).toHaveLength(1);
  const deposit = deposits[0]!;
  expect(deposit.status).toBe('credited');
  expect(deposit.requiredConfirmations).toBe(2);

  const context = await newContext(browser, {
    viewport: { width: 1440, height: 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await page.addInitScript((user) => localStorage.setItem('nebula:user', JSON.stringify(user)), admin);
  await page.goto('/admin');
  await expect(page.getByTestId('admin-layout')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Payments', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/wallet$/);
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
  await expect(page.getByTestId('deposit-row').first()).toBeVisible();

  // By part of the player's name, any case.
  await page.getByTestId('deposits-search').fill(player.name.slice(0, 12).toUpperCase());
  const row = page.locator(`[data-testid="deposit-row"][data-id="${deposit._id}"]`);
  await expect(row).toBeVisible();
  await expect(page.getByTestId('deposit-row')).toHaveCount(1);
  await expect(row).toContainText('0.0125');
  await expect(row.getByTestId('deposit-confirmations')).toHaveText(
    `${deposit.confirmations}/${deposit.requiredConfirmations}`,
  );
  expect(deposit.confirmations).toBeGreaterThanOrEqual(2);
  await expect(row.getByTestId('deposit-state').last()).toHaveAttribute('data-state', 'credited');
  await expect(row.getByTestId('payments-player')).toHaveAttribute('href', `/admin/user/${player._id}`);
  await shot(page, 'payments-deposits-1440');

  // By the transaction hash; the state filter keeps it among the credited, hides it among the pending.
  await page.getByTestId('deposits-search').fill(deposit.txid.toUpperCase());
  await expect(row).toBeVisible();
  await page.getByTestId('deposits-status').selectOption('pending');
  await expect(row).toBeHidden();
  await page.getByTestId('deposits-status').selectOption('credited');
  await expect(row).toBeVisible();
  await page.getByTestId('deposits-currency').selectOption('btc');
  await expect(row).toBeVisible();

  // CSV export of what is listed.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('deposits-export').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^deposits-.*\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  const lines = csv
    .replace(/^\ufeff/, '')
    .trim()
    .split(/\r\n/);
  expect(lines[0]).toContain('Confirmations');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(deposit.txid);
  expect(lines[1]).toContain(player.name);
  expect(lines[1]).toContain(`${deposit.confirmations}/2`);
  expect(lines[1]).toContain('credited');

  // The player's deposit address.
  await page.getByRole('tab', { name: 'Addresses' }).click();
  await expect(page).toHaveURL(/\/admin\/wallet\?tab=addresses$/);
  await page.getByTestId('addresses-search').fill(deposit.address.slice(0, 14));
  await expect(page.getByTestId('address-row')).toHaveCount(1);
  await expect(page.getByTestId('address-row')).toContainText(player.name);
  await shot(page, 'payments-addresses-1440');

  // Chains: BTC takes deposits with its default 2 confirmations; ETH's come from DEPOSIT_CONFIRMATIONS.
  await page.getByRole('tab', { name: 'Chains' }).click();
  const btc = page.locator('[data-testid="chain-card"][data-chain="btc"]');
  await expect(btc.getByTestId('chain-confirmations')).toHaveText('2');
  await expect(btc).toContainText('Deposits on');
  const eth = page.locator('[data-testid="chain-card"][data-chain="eth"]');
  await expect(eth.getByTestId('chain-confirmations')).toHaveText('1');
  await expect(eth.getByTestId('chain-confirmations-from')).toHaveAttribute('data-from', 'env');
  await expect(btc.getByTestId('chain-confirmations-from')).toHaveAttribute('data-from', 'default');
  await expect(page.locator('[data-testid="currency-row"][data-currency="btc"]')).toContainText('0.0001 BTC');
  await shot(page, 'payments-chains-1440');

  // Held deposits: the player sets a daily deposit limit, then deposits more than it lets in; what is
  // over the limit is held, listed read-only with the reason.
  await call(
    'POST',
    '/api/protection/limit',
    { kind: 'deposit', period: 'day', amount: '0.02', currency: 'btc' },
    player.token,
  );
  await simulateDeposit(player.name, 'btc', '0.05');
  await expect
    .poll(
      async () =>
        (
          await call<{ held: { amount: string }[] }>(
            'POST',
            '/api/admin/deposits/held',
            { search: player._id },
            admin.token,
          )
        ).held.length,
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe(1);
  await page.getByRole('tab', { name: 'Held' }).click();
  await expect(page.getByRole('note')).toContainText('Staff cannot release it');
  await page.getByTestId('held-search').fill(player.name);
  await expect(page.getByTestId('held-row')).toHaveCount(1);
  await expect(page.getByTestId('held-row')).toContainText('BTC');
  await expect(page.getByTestId('held-row').getByRole('button')).toHaveCount(0);
  await shot(page, 'payments-held-1440');

  if (SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'payments-held-390');
    await page.getByRole('tab', { name: 'Chains' }).click();
    await expect(page.locator('[data-testid="chain-card"][data-chain="btc"]')).toBeVisible();
    await shot(page, 'payments-chains-390');
    await page.getByRole('tab', { name: 'Deposits', exact: true }).click();
    await expect(page.getByTestId('deposit-row').first()).toBeVisible();
    await shot(page, 'payments-deposits-390');
    await page.getByRole('tab', { name: 'Addresses' }).click();
    await expect(page.getByTestId('address-row').first()).toBeVisible();
    await shot(page, 'payments-addresses-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  }

  // The withdrawal queue is one click away.
  await page.getByTestId('payments-withdrawals').click();
  await expect(page).toHaveURL(/\/admin\/withdrawals$/);

  // Staff without the `wallet` permission (a chat moderator) are refused.
  const moderator = await apiLogin('moderator', DEMO_PASSWORD);
  const refused = await call('POST', '/api/admin/deposits', {}, moderator.token).catch((err: unknown) => err);
  expect(refused).toBeInstanceOf(HttpError);
  expect((refused as HttpError).status).toBe(403);
});
