/**
 * Bonus money in the browser (issue G6): a player opts in to a deposit bonus on /promotions (the
 * First-deposit bonus popup and the Bonus rules popup), makes a development deposit, sees the bonus in
 * the header (real plus bonus) and in their bonus list, plays dice until the wagering is met, and sees
 * the bonus turn into real money. The promotion is set by staff for this spec (20% of the deposit,
 * wager x1) so a few bets meet it; the development one is put back afterwards.
 * A second player whose real balance is spent (tipped away) plays dice with bonus money only
 * (decision 0036: single-round stakes take real money first, then bonus money) and sees the header
 * move. Screenshots at 1440 and 390 wide go to $E2E_SHOTS when it is set.
 */
import { expect, test, type Page } from '@playwright/test';
import { CHROMIUM_PATH, HAS_CHROMIUM } from './playwright.config';
import { DEMO_PASSWORD } from './global-setup';
import { apiLogin, call, uniqueSuffix } from './helpers/auth';
import {
  GAME_CURRENCY,
  type Player,
  headerAmount,
  registerPlayer,
  serverBalance,
  serverBets,
  signInAs,
  simulateDeposit,
  waitForBalance,
} from './helpers/games';

test.skip(!HAS_CHROMIUM, `Chromium not installed at ${CHROMIUM_PATH}: apt-get install -y chromium`);

const SHOTS = process.env.E2E_SHOTS;
const PROMOTION = {
  id: 'e2e-first-deposit',
  name: 'First deposit bonus',
  description: 'Opt in, then deposit: 20% of your deposit as bonus money. Wager it once and it is yours.',
  percent: 20,
  max: '500',
  minDeposit: '10',
  multiplier: 1,
  expiryDays: 7,
};
const DEVELOPMENT_PROMOTION = {
  id: 'welcome',
  name: 'First deposit bonus',
  description:
    'Opt in, then deposit: we add 100% of your deposit as bonus money, up to $500. Wager it 10 times within 30 days and it becomes real money.',
  percent: 100,
  max: '500',
  minDeposit: '10',
  multiplier: 10,
  expiryDays: 30,
};

async function setPromotions(value: unknown[]): Promise<void> {
  const admin = await apiLogin('admin', DEMO_PASSWORD);
  await call('POST', '/api/admin/settings/update', { key: 'bonus.deposit_promotions', value }, admin.token);
}

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** The player's /promotions on a phone (390 wide), in a page of its own; what it shows is checked. */
async function phone(page: Page, player: Player, name: string, check: (p: Page) => Promise<void>) {
  const small = await page.context().newPage();
  await small.setViewportSize({ width: 390, height: 844 });
  await signInAs(small, player);
  await small.goto('/promotions');
  await check(small);
  await shot(small, name);
  await small.close();
}

const bonuses = (player: Player) =>
  call<{ _id: string; value: string; wagering: { required: string; done: string } }[]>(
    'POST',
    '/api/bonusBalance',
    {},
    player.token,
  );

test.describe('deposit bonus', () => {
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async () => {
    await setPromotions([PROMOTION]);
  });
  test.afterAll(async () => {
    await setPromotions([DEVELOPMENT_PROMOTION]);
  });

  test('opt in, deposit, see the bonus, play until it converts, see the real balance', async ({ page }) => {
    test.setTimeout(240_000);
    const player = await registerPlayer('bonus');
    await signInAs(page, player);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/promotions');

    await test.step('the offer, the First-deposit bonus popup, opt-in and the Bonus rules popup', async () => {
      const banner = page.getByTestId('deposit-bonus-banner');
      await expect(banner).toBeVisible({ timeout: 20_000 });
      await expect(banner.getByTestId('bonus-multiplier')).toHaveText('Wager x1');
      await shot(page, 'bonus-offer-1440');
      await banner.getByTestId('bonus-get').click();
      const popup = page.getByTestId('deposit-bonus-popup');
      await expect(popup).toBeVisible();
      await expect(popup).toContainText('20%');
      await expect(popup).toContainText('up to $500');
      await shot(page, 'bonus-popup-1440');
      await popup.getByTestId('bonus-opt-in').click();
      await expect(popup.getByTestId('bonus-opted-in')).toBeVisible();
      await expect(popup.getByTestId('bonus-deposit')).toBeVisible();
      await popup.getByRole('button', { name: 'Bonus rules' }).click();
      const rules = page.getByTestId('bonus-rules');
      await expect(rules).toContainText('A deposit bonus requires opt-in before the deposit.');
      await expect(rules).toContainText('falls below $10');
      await shot(page, 'bonus-rules-1440');
      await page.keyboard.press('Escape');
      await expect(rules).toBeHidden();
      await page.keyboard.press('Escape');
      await expect(popup).toBeHidden();
    });

    await test.step('a deposit of 50 USDT: the bonus of 10 arrives, the header shows 60.00', async () => {
      await simulateDeposit(player.name, GAME_CURRENCY, '50');
      await waitForBalance(player.token, 50);
      await expect.poll(async () => (await bonuses(player)).length, { timeout: 30_000 }).toBe(1);
      const [bonus] = await bonuses(player);
      expect(bonus).toMatchObject({ value: '10', wagering: { required: '10', done: '0' } });
      await expect(page.getByTestId('balance-amount')).toHaveText('60.00', { timeout: 20_000 });
      await expect(page.getByTestId('balance-bonus')).toBeVisible();
      const card = page.getByTestId('bonus-card');
      await expect(card).toBeVisible({ timeout: 20_000 });
      await expect(card.getByTestId('bonus-value')).toHaveText('10.00 USDT');
      await expect(card.getByTestId('bonus-wagering')).toHaveText('0.00 / 10.00 USDT');
      // The offer is gone once the bonus is received.
      await expect(page.getByTestId('deposit-bonus-banner')).toBeHidden({ timeout: 15_000 });
      await shot(page, 'bonus-active-1440');
      await phone(page, player, 'bonus-active-390', async (small) => {
        await expect(small.getByTestId('bonus-card').getByTestId('bonus-value')).toHaveText('10.00 USDT', {
          timeout: 20_000,
        });
        await expect(small.getByTestId('balance-amount')).toHaveText('60.00');
      });
    });

    await test.step('dice bets until the wagering is met: the bonus becomes real money', async () => {
      await page.goto(`/casino/game/dice`);
      await expect(page.getByTestId('game-frame')).toBeVisible({ timeout: 20_000 });
      const wager = page.getByTestId('wager-input');
      await wager.fill('5');
      await wager.blur();
      for (let round = 1; round <= 2; round++) {
        const before = (await serverBets(player.token, 'dice')).length;
        await expect(page.getByTestId('bet-button')).toBeEnabled();
        await page.getByTestId('bet-button').click();
        await expect
          .poll(async () => (await serverBets(player.token, 'dice')).length, { timeout: 30_000 })
          .toBe(before + 1);
      }
      // The wager stream counts the two bets, the sweep moves what is left of the bonus to the real balance.
      await expect.poll(async () => (await bonuses(player)).length, { timeout: 90_000 }).toBe(0);
      const bets = await serverBets(player.token, 'dice');
      const net = bets.reduce((sum, b) => sum + Number(b.payout) - Number(b.wager), 0);
      const realText = await serverBalance(player.token);
      const real = Number(realText);
      expect(real).toBeCloseTo(50 + 10 + net, 6);
      await expect(page.getByText(/Bonus wagered: 10 USDT moved to your real balance/)).toBeVisible({
        timeout: 15_000,
      });
      await expect(page.getByTestId('balance-amount')).toHaveText(headerAmount(realText), {
        timeout: 20_000,
      });
      await expect(page.getByTestId('balance-bonus')).toBeHidden();
      await shot(page, 'bonus-converted-1440');
      await phone(page, player, 'bonus-converted-390', async (small) => {
        await expect(small.getByText('No active bonus.', { exact: false })).toBeVisible({ timeout: 20_000 });
        await expect(small.getByTestId('balance-amount')).toHaveText(headerAmount(realText));
      });
    });
  });

  test('a player with only bonus money left plays dice from it and sees the header move', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    // 100% of the deposit, wagered x20: it stays bonus money for the whole test.
    await setPromotions([{ ...PROMOTION, id: 'e2e-bonus-only', percent: 100, multiplier: 20 }]);
    const [player, friend] = await Promise.all([registerPlayer('bonly'), registerPlayer('bfriend')]);
    await call('POST', '/api/data/promotions/depositOptIn', { id: 'e2e-bonus-only' }, player.token);
    await simulateDeposit(player.name, GAME_CURRENCY, '20');
    await waitForBalance(player.token, 20);
    await expect.poll(async () => (await bonuses(player)).length, { timeout: 30_000 }).toBe(1);
    expect((await bonuses(player))[0]).toMatchObject({ value: '20' });
    // The real balance goes to a friend: what is left is bonus money only.
    await call(
      'POST',
      '/api/chat/tip',
      { name: friend.name, amount: '20', currency: GAME_CURRENCY, public: false, requestId: uniqueSuffix() },
      player.token,
    );
    expect(Number(await serverBalance(player.token))).toBe(0);

    await signInAs(page, player);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/casino/game/dice');
    await expect(page.getByTestId('game-frame')).toBeVisible({ timeout: 20_000 });
    const header = page.getByTestId('balance-amount');
    await expect(header).toHaveText('20.00', { timeout: 20_000 });
    await expect(page.getByTestId('balance-bonus')).toBeVisible();
    const wager = page.getByTestId('wager-input');
    await wager.fill('2');
    await wager.blur();
    await expect(page.getByTestId('bet-button')).toBeEnabled();
    await page.getByTestId('bet-button').click();
    await expect
      .poll(async () => (await serverBets(player.token, 'dice')).length, { timeout: 30_000 })
      .toBe(1);
    const [bet] = await serverBets(player.token, 'dice');
    // Nothing of it was real: the whole payout went back to bonus money.
    expect(Number(await serverBalance(player.token))).toBe(0);
    const left = (await bonuses(player))[0]!.value;
    expect(Number(left)).toBeCloseTo(20 - 2 + Number(bet!.payout), 8);
    await expect(header).not.toHaveText('20.00', { timeout: 20_000 });
    await expect(header).toHaveText(headerAmount(left), { timeout: 20_000 });
    await shot(page, 'bonus-only-dice-1440');
    const small = await page.context().newPage();
    await small.setViewportSize({ width: 390, height: 844 });
    await signInAs(small, player);
    await small.goto('/casino/game/dice');
    await expect(small.getByTestId('game-frame')).toBeVisible({ timeout: 20_000 });
    await expect(small.getByTestId('balance-amount')).toHaveText(headerAmount(left), { timeout: 20_000 });
    await shot(small, 'bonus-only-dice-390');
    await small.close();
  });
});
