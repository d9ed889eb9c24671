/**
 * Player protection in the browser (issue G5, "Done when"): a loss limit set in the profile's
 * Responsible gambling section refuses the bet that would cross it, and the game says why (an auto
 * run stops with the reason, a manual bet shows it too); a time-out sends the player to /error/se at
 * the next page, which says when it ends and opens the wallet's Withdraw tab; the reality check
 * appears at the chosen interval (shortened by the operator setting `protection.reality_check`) with
 * the session's time and net result, and Continue / Log out work.
 */
import { expect, test, type Page } from '@playwright/test';
import { CHROMIUM_PATH, HAS_CHROMIUM } from './playwright.config';
import { DEMO_PASSWORD } from './global-setup';
import { apiLogin, call } from './helpers/auth';
import { GAME_CURRENCY, registerPlayer, signInAs, simulateDeposit, waitForBalance } from './helpers/games';
import { gotoPage } from './helpers/ui';

test.skip(!HAS_CHROMIUM, `Chromium not installed at ${CHROMIUM_PATH}: apt-get install -y chromium`);
test.describe.configure({ mode: 'parallel' });

/** The reality-check interval the test offers and picks (seconds). */
const SHORT_CHECK = 8;

interface ProtectionRecord {
  limits: { kind: string; period: string; amount: string; currency: string; used: string }[];
  block: { type: string; until: string | null } | null;
}

const record = (token: string) => call<ProtectionRecord>('POST', '/api/protection', {}, token);

async function openResponsibleGambling(page: Page): Promise<void> {
  await gotoPage(page, '/profile/settings/responsible');
  await expect(page.getByTestId('rg-panel')).toBeVisible({ timeout: 15_000 });
}

test('a loss limit refuses the bet that would cross it, and the game says why', async ({ page }) => {
  test.setTimeout(150_000);
  const player = await registerPlayer('rgloss');
  await simulateDeposit(player.name, GAME_CURRENCY, '20');
  await signInAs(page, player);
  await waitForBalance(player.token, 20);

  await test.step('set a daily loss limit of 1 USDT', async () => {
    await openResponsibleGambling(page);
    const form = page.getByTestId('rg-limit-form');
    await form.getByRole('tab', { name: 'Loss', exact: true }).click();
    await form.getByRole('tab', { name: 'Daily' }).click();
    await form.getByRole('button', { name: 'Currency' }).click();
    await page.getByRole('option', { name: /Tether/ }).click();
    await form.getByTestId('rg-limit-amount').fill('1');
    await expect(form.getByTestId('rg-limit-effect')).toHaveText('Takes effect immediately.');
    await form.getByTestId('rg-limit-save').click();
    const tile = page.getByTestId('rg-limit-loss-day');
    await expect(tile).toBeVisible();
    await expect(tile.getByTestId('rg-limit-loss-day-used')).toHaveText('0.00 USDT of 1.00 USDT used');
    expect((await record(player.token)).limits).toMatchObject([
      { kind: 'loss', period: 'day', amount: '1', currency: GAME_CURRENCY },
    ]);
  });

  await test.step('an auto run of limbo at 50x stops at the limit with the reason', async () => {
    await gotoPage(page, '/casino/game/limbo');
    await page.getByTestId('limbo-target').fill('50');
    await page.getByTestId('limbo-target').blur();
    const wager = page.getByTestId('wager-input');
    await wager.fill('0.3');
    await wager.blur();
    await page.getByTestId('auto-tab').click();
    await page.getByTestId('auto-games-input').fill('0');
    await page.getByTestId('bet-button').click();
    const notice = page.getByTestId('refusal-notice');
    await expect(notice).toBeVisible({ timeout: 90_000 });
    await expect(notice).toHaveAttribute('data-reason', 'loss_limit');
    await expect(notice).toContainText('Auto bet stopped');
    await expect(notice.getByTestId('refusal-text')).toHaveText(/loss limit/);
    await expect(page.getByTestId('bet-button')).toHaveAttribute('data-label', 'start');
  });

  await test.step('a manual bet over the limit is refused with the same reason', async () => {
    await page.getByTestId('manual-tab').click();
    await page.getByTestId('refusal-notice').getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByTestId('refusal-notice')).toHaveCount(0);
    await page.getByTestId('bet-button').click();
    const notice = page.getByTestId('refusal-notice');
    await expect(notice).toContainText('Bet refused');
    await expect(notice.getByTestId('refusal-text')).toHaveText(/loss limit/);
    // The server never let the loss cross the limit.
    const [limit] = (await record(player.token)).limits;
    expect(Number(limit!.used)).toBeLessThanOrEqual(1);
    expect(Number(limit!.used)).toBeGreaterThan(0.3);
  });

  await test.step('the limit shows what the period has used', async () => {
    await page.getByTestId('refusal-notice').getByRole('link', { name: 'Manage your limits' }).click();
    await expect(page).toHaveURL(/\/profile\/settings\/responsible$/);
    const used = page.getByTestId('rg-limit-loss-day-used');
    await expect(used).toHaveText(/^0\.[3-9]\d* USDT of 1\.00 USDT used$/);
  });
});

test('a time-out sends the player to /error/se, which says when it ends and offers the withdrawal', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const player = await registerPlayer('rgtime');
  await signInAs(page, player);
  // The footer's Responsible gambling link opens the player's own tools.
  await gotoPage(page, '/vip');
  const footer = page.getByTestId('footer');
  await footer.scrollIntoViewIfNeeded({ timeout: 15_000 });
  await footer.getByRole('link', { name: 'Responsible gambling' }).click();
  await expect(page).toHaveURL(/\/profile\/settings\/responsible$/);
  await expect(page.getByTestId('rg-time-out')).toBeVisible({ timeout: 15_000 });
  await page.getByTestId('rg-time-out-24h').click();
  await page.getByTestId('rg-time-out-start').click();
  const modal = page.getByTestId('rg-time-out-modal');
  await expect(modal).toContainText('cannot be cancelled or shortened');
  await modal.getByTestId('rg-time-out-confirm').click();
  await expect(page).toHaveURL(/\/error\/se$/);

  // The next page the player opens is the notice again.
  await gotoPage(page, '/casino/game/dice');
  await expect(page).toHaveURL(/\/error\/se$/);
  const notice = page.getByTestId('block-page');
  await expect(notice).toHaveAttribute('data-block', 'time_out');
  await expect(notice.getByRole('heading', { level: 1 })).toHaveText('Your account is on a time-out');
  const server = await record(player.token);
  expect(server.block).toMatchObject({ type: 'time_out' });
  const ends = new Date(server.block!.until!);
  await expect(notice.getByTestId('block-ends')).toHaveText(
    new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(ends),
  );
  await expect(notice).toContainText(/in (23 h 59 min|1 day|24 h)/);

  // Contact support: without an operator e-mail (legal.operator), the live support chat opens.
  await notice.getByTestId('block-support').click();
  await expect(page.getByTestId('chat-panel')).toBeVisible();
  await expect(page).toHaveURL(/\/error\/se$/);

  // Withdrawing still works: the wallet opens on its Withdraw tab.
  await notice.getByTestId('block-withdraw-open').click();
  const wallet = page.getByTestId('wallet-modal');
  await expect(wallet).toBeVisible({ timeout: 15_000 });
  await expect(wallet.getByRole('tab', { name: 'Withdraw', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

test('the reality check appears at the chosen interval with the session time and result', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const admin = await apiLogin('admin', DEMO_PASSWORD);
  // The operator offers a short interval too (the default choices start at 15 minutes); the value in
  // force comes back afterwards.
  const { settings } = await call<{ settings: { key: string; value: { choices: number[] } }[] }>(
    'POST',
    '/api/admin/settings',
    {},
    admin.token,
  );
  const before = settings.find((setting) => setting.key === 'protection.reality_check')!.value;
  await call(
    'POST',
    '/api/admin/settings/update',
    {
      key: 'protection.reality_check',
      value: {
        ...before,
        choices: [SHORT_CHECK, ...before.choices.filter((seconds) => seconds !== SHORT_CHECK)],
      },
    },
    admin.token,
  );
  try {
    const player = await registerPlayer('rgreal');
    await signInAs(page, player);
    await openResponsibleGambling(page);
    const reality = page.getByTestId('rg-reality');
    await reality.getByRole('button', { name: 'Reality check' }).click();
    await page.getByRole('option', { name: `${SHORT_CHECK} seconds` }).click();
    await reality.getByTestId('rg-reality-save').click();
    await expect(reality).toContainText(`Now: ${SHORT_CHECK} seconds`);

    // The first check after the change, on the server's clock from the session's start.
    const check = page.getByTestId('reality-check');
    await expect(check).toBeVisible({ timeout: 30_000 });
    await expect(check.getByTestId('reality-check-elapsed')).toHaveText(/^\d{2}:\d{2}$/);
    await expect(check.getByTestId('reality-check-net')).toHaveText('$0.00');
    // Continue answers this check: it closes, and the next one (a later number) comes at a later
    // interval. Told apart by their numbers, not by when they show (a slow machine may see the next
    // one fall due while it is still clicking).
    const first = Number(await check.getAttribute('data-check'));
    expect(first).toBeGreaterThan(0);
    await check.getByTestId('reality-check-continue').click();
    await expect(page.locator(`[data-testid="reality-check"][data-check="${first}"]`)).toHaveCount(0);
    const next = page.locator('[data-testid="reality-check"]:not([data-check="' + first + '"])');
    await expect(next).toBeVisible({ timeout: 30_000 });
    expect(Number(await next.getAttribute('data-check'))).toBeGreaterThan(first);
    // Log out signs the player out.
    await next.getByTestId('reality-check-logout').click();
    await expect(page.getByTestId('sign-in')).toBeVisible({ timeout: 15_000 });
  } finally {
    await call(
      'POST',
      '/api/admin/settings/update',
      { key: 'protection.reality_check', value: before },
      admin.token,
    );
  }
});
