/**
 * The back office's fairness screen (issue 21, decision 0045), against the real server: a player bets
 * on dice and changes the seed pair (revealing the server seed); an administrator looks the bet up by
 * id in /admin/fairness and sees it recomputed and verified with its seeds and nonce, and sees the crash
 * hash chains with the one in play. ADMIN_SCREENSHOTS=dir saves the screen at 1440 and 390 px.
 */
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './global-setup';
import { CHROMIUM_PATH, HAS_CHROMIUM } from './playwright.config';
import { apiLogin, call } from './helpers/auth';
import { registerPlayer, simulateDeposit, waitForBalance } from './helpers/games';
import { closeOpenedContexts, newContext } from './helpers/ui';
import { screenshots } from './helpers/shots';

test.skip(!HAS_CHROMIUM, `Chromium not installed at ${CHROMIUM_PATH}: apt-get install -y chromium`);
test.afterEach(closeOpenedContexts);

const { dir: SHOTS, shot } = screenshots('ADMIN_SCREENSHOTS', { fullPage: true });

test('an administrator verifies a player’s bet and sees the crash chains', async ({ browser }) => {
  test.setTimeout(SHOTS ? 240_000 : 150_000);
  const admin = await apiLogin('admin', DEMO_PASSWORD);
  const player = await registerPlayer('fair');
  await simulateDeposit(player.name, 'usdt', '20');
  await waitForBalance(player.token, 20, 'usdt');
  const bet = await call<{ id: string; game: { multiplier: string } }>(
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
  await page.getByRole('link', { name: 'Fairness', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/fairness$/);

  await test.step('before the pair is rotated the server seed is secret', async () => {
    await page.getByTestId('fairness-bet-id').fill(bet.id);
    await page.getByTestId('fairness-lookup').click();
    const result = page.getByTestId('fairness-result');
    await expect(result).toHaveAttribute('data-status', 'secret');
    await expect(result).toContainText(player.name);
    await expect(result).toContainText('not revealed yet');
  });

  await test.step('after the player changes the seed pair the bet is recomputed and verified', async () => {
    await call('POST', '/api/fairness/rotate', {}, player.token);
    await page.getByTestId('fairness-lookup').click();
    const result = page.getByTestId('fairness-result');
    await expect(result).toHaveAttribute('data-status', 'verified');
    await expect(result).toContainText('Verified');
    await expect(result).toContainText(`×${bet.game.multiplier}`);
    await expect(result.getByText('yes', { exact: true })).toBeVisible();
  });

  await test.step('an unknown id says so', async () => {
    await page.getByTestId('fairness-bet-id').fill('999999999999');
    await page.getByTestId('fairness-lookup').click();
    await expect(page.getByRole('alert')).toHaveText('No bet with this id.');
    await page.getByTestId('fairness-bet-id').fill(bet.id);
    await page.getByTestId('fairness-lookup').click();
    await expect(page.getByTestId('fairness-result')).toHaveAttribute('data-status', 'verified');
  });

  await test.step('the crash chains list the one in play', async () => {
    await expect(page.getByTestId('fairness-chain').first()).toBeVisible();
    await shot(page, 'fairness-1440');
  });

  if (SHOTS) {
    const narrow = await newContext(browser, { viewport: { width: 390, height: 844 } });
    const phone = await narrow.newPage();
    await phone.addInitScript((user) => localStorage.setItem('nebula:user', JSON.stringify(user)), admin);
    await phone.goto('/admin/fairness');
    await phone.getByTestId('fairness-bet-id').fill(bet.id);
    await phone.getByTestId('fairness-lookup').click();
    await expect(phone.getByTestId('fairness-result')).toHaveAttribute('data-status', 'verified');
    await shot(phone, 'fairness-390');
  }
});
