/**
 * The bonus wheel and the faucet in the browser (issue 20 items 2-3): a new player opens the bonus modal
 * from /bonus, sees their registration ticket and the tooltip, spins (the wheel turns for 5 s to the
 * answered segment) and sees the prize as bonus money (the modal, the header's bonus badge, the bonus
 * list of the server); a second spin is refused with the spec's text; a guest pressing Spin gets the
 * login modal. The faucet refuses before a deposit, then pays once and counts down to the next claim.
 * Screenshots at 1440 and 390 wide go to $E2E_SHOTS when it is set.
 */
import { expect, test } from '@playwright/test';
import { CHROMIUM_PATH, HAS_CHROMIUM } from './playwright.config';
import { call } from './helpers/auth';
import { GAME_CURRENCY, registerPlayer, signInAs, simulateDeposit, waitForBalance } from './helpers/games';
import { screenshots } from './helpers/shots';

test.skip(!HAS_CHROMIUM, `Chromium not installed at ${CHROMIUM_PATH}: apt-get install -y chromium`);

const { shot } = screenshots('E2E_SHOTS');
const bonuses = (token: string) =>
  call<{ _id: string; value: string; source: string }[]>('POST', '/api/bonusBalance', {}, token);

test('spin the bonus wheel and see the prize in bonus money', async ({ page }) => {
  test.setTimeout(120_000);
  const player = await registerPlayer('wheel');
  await signInAs(page, player);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/bonus');

  const card = page.getByTestId('wheel-card');
  await expect(card).toContainText('1 ticket', { timeout: 20_000 });
  await card.getByTestId('wheel-open').click();
  const modal = page.getByTestId('bonus-modal');
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('wheel-tickets')).toHaveText('1 ticket');
  await expect(modal.getByRole('tooltip')).toHaveText(
    'Every player gets one spin after registration; more spins come from special promo codes.',
  );
  await expect(modal.getByTestId('bonus-wheel').locator('.bwheel__seg')).toHaveCount(12);
  await shot(page, 'wheel-modal-1440');

  const answered = page.waitForResponse((r) => r.url().endsWith('/api/promocode/ticket/spin'));
  await modal.getByTestId('wheel-spin').click();
  const spin = (await (await answered).json()) as { segment: number; nonce: number };
  // Blocked while spinning.
  await expect(modal.getByTestId('wheel-spin')).toBeDisabled();
  await expect(modal.getByTestId('wheel-spin')).toHaveText('Spinning...');
  await shot(page, 'wheel-spinning-1440');
  const result = modal.getByTestId('wheel-result');
  await expect(result).toContainText(/You won \d+(\.\d+)? USDT/, { timeout: 15_000 });
  await expect(modal.getByTestId('wheel-tickets')).toHaveText('0 tickets');
  await expect(modal.getByTestId('wheel-spin')).toBeEnabled();
  await shot(page, 'wheel-won-1440');

  // The prize is bonus money: on the server and in the header.
  const list = await bonuses(player.token);
  expect(list).toHaveLength(1);
  expect(list[0]!.source).toBe('wheel');
  const won = /You won ([\d.]+) USDT/.exec((await result.textContent()) ?? '')?.[1];
  expect(Number(won)).toBe(Number(list[0]!.value));
  await expect(page.getByTestId('balance-bonus')).toBeVisible({ timeout: 20_000 });

  // No ticket left: the spec's text.
  await modal.getByTestId('wheel-spin').click();
  await expect(page.getByText("You don't have enough tickets to spin the wheel.")).toBeVisible();

  // The spin can be verified: its link opens the fairness page's Bonus wheel tab.
  await modal.getByRole('link', { name: 'Verify this spin' }).click();
  await expect(page.getByTestId('wheel-verify')).toBeVisible();
  await expect(page.getByTestId('wheel-client-seed')).not.toHaveValue('');
  await expect(page.getByTestId('wheel-nonce')).toHaveValue(String(spin.nonce));
  // Rotating the seed pair reveals the server seed: the tab recomputes the spin's segment.
  const rotated = await call<{ previous: { serverSeed: string } }>(
    'POST',
    '/api/fairness/rotate',
    {},
    player.token,
  );
  await page.getByTestId('wheel-server-seed').fill(rotated.previous.serverSeed);
  await expect(page.getByTestId('wheel-verify-segment')).toHaveText(String(spin.segment));
  await expect(page.getByTestId('wheel-verify-result')).toContainText(
    'The server seed matches the commitment',
  );
  await shot(page, 'wheel-verify-1440');

  // On a phone.
  const small = await page.context().newPage();
  await small.setViewportSize({ width: 390, height: 844 });
  await signInAs(small, player);
  await small.goto('/bonus');
  await small.getByTestId('wheel-open').click();
  await expect(small.getByTestId('bonus-modal').getByTestId('wheel-tickets')).toHaveText('0 tickets');
  await shot(small, 'wheel-modal-390');
  await small.close();
});

test('a guest pressing Spin gets the login modal', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await page.getByTestId('open-bonus-wheel').click();
  const modal = page.getByTestId('bonus-modal');
  await expect(modal.getByTestId('wheel-tickets')).toHaveText('0 tickets', { timeout: 20_000 });
  await modal.getByTestId('wheel-spin').click();
  await expect(page.getByRole('tab', { name: 'Log in' })).toBeVisible({ timeout: 20_000 });
});

test('claim the faucet and see its countdown', async ({ page }) => {
  test.setTimeout(180_000);
  const player = await registerPlayer('faucet');
  await signInAs(page, player);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/bonus');
  const faucet = page.getByTestId('faucet');
  const status = faucet.getByTestId('faucet-status');
  await expect(status).toHaveText('Available', { timeout: 20_000 });

  // No deposit yet: code 2's message, and the button is enabled again.
  await faucet.getByTestId('faucet-claim').click();
  await expect(page.getByText('A deposit is required to use the faucet.', { exact: false })).toBeVisible();
  await expect(faucet.getByTestId('faucet-claim')).toBeEnabled();
  await shot(page, 'faucet-deposit-required-1440');

  await simulateDeposit(player.name, GAME_CURRENCY, '20');
  await waitForBalance(player.token, 20);

  await faucet.getByTestId('faucet-claim').click();
  await expect(status).toHaveText('Spinning...');
  await expect(faucet.getByTestId('faucet-claim')).toBeDisabled();
  await shot(page, 'faucet-spinning-1440');
  await expect(status).toHaveText(/^Received \d+\.\d+ USDT$/, { timeout: 15_000 });
  const received = (await status.textContent())!.replace('Received ', '');
  await expect(faucet.getByTestId('faucet-reward')).toContainText(received.split(' ')[0]!);
  await shot(page, 'faucet-received-1440');
  // After 1.5 s the status counts down to the next claim, a day away; the button stays disabled.
  await expect(status).toHaveText('Available in 24 hours', { timeout: 10_000 });
  await expect(faucet.getByTestId('faucet-claim')).toBeDisabled();
  await shot(page, 'faucet-countdown-1440');

  // A reload keeps the countdown (Me's bonus_claim).
  const small = await page.context().newPage();
  await small.setViewportSize({ width: 390, height: 844 });
  await signInAs(small, player);
  await small.goto('/bonus');
  await expect(small.getByTestId('faucet-status')).toHaveText(/Available in (24|23) hours/, {
    timeout: 20_000,
  });
  await shot(small, 'faucet-countdown-390');
  await small.close();
});
