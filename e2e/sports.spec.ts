/**
 * The sportsbook's screens (issue G9 "Done when", web side), against the simulated feed of the e2e
 * server, whose matches this spec shortens to two real minutes (operator setting `sports.simulation`,
 * without injected incidents) and whose pending multis it limits to one (`sports.max_pending_multi`):
 * - browsing: the sidebar in the spec's order ('bets' for signed-in players only), live and upcoming
 *   events labelled "Simulated", the event page with its markets, odds formats, the live widget;
 * - a pre-match single and a multi from the slip (demo balance: simulated events take demo bets
 *   only), My sports bets and a cash-out;
 * - the slip's errors with their texts: Not enough balance, Min $1, Max $20, no double bets, too many
 *   multi bets, two selections of one event;
 * - /sportsbook selects the sport chat channel (spec 2 chat).
 * Live bets through the queue and a match settling: sports-live.spec.ts.
 * Screenshots at 1440 and 390 px (SPORTS_SCREENSHOTS=dir keeps them).
 */
import { expect, test } from '@playwright/test';
import { CHROMIUM_PATH, HAS_CHROMIUM } from './playwright.config';
import { DEMO_PASSWORD } from './global-setup';
import { apiLogin, call } from './helpers/auth';
import { GAME_CURRENCY, registerPlayer, signInAs, type Player } from './helpers/games';
import {
  demoBalance,
  events,
  expectSlipError,
  openSports,
  placeFromSlip,
  shot,
  slip,
  type SportEvent,
} from './helpers/sports';
import { closeOpenedContexts, gotoPage, newContext, toastWith } from './helpers/ui';

test.skip(!HAS_CHROMIUM, `Chromium not installed at ${CHROMIUM_PATH}: apt-get install -y chromium`);
test.afterEach(closeOpenedContexts);

/** Upcoming events that start in more than `minutes` (they stay pre-match while the test runs). */
async function upcoming(count: number, minutes = 3): Promise<SportEvent[]> {
  let found: SportEvent[] = [];
  await expect
    .poll(
      async () => {
        const later = Date.now() + minutes * 60_000;
        found = (await events('upcoming')).filter((event) => Date.parse(event.startsAt) > later);
        return found.length;
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBeGreaterThanOrEqual(count);
  return found.slice(0, count);
}

let player: Player;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const admin = await apiLogin('admin', DEMO_PASSWORD);
  // Two-minute matches, a kick-off every half minute (live matches on the pages), no injected
  // postponement, cancel or rollback (the events bet on stay bookable).
  await call(
    'POST',
    '/api/admin/settings/update',
    {
      key: 'sports.simulation',
      value: {
        matchMinutes: 2,
        kickOffEveryMinutes: 0.5,
        postponeRate: 0,
        cancelRate: 0,
        rollbackRate: 0,
        rangeCancelRate: 0,
      },
    },
    admin.token,
  );
  await call(
    'POST',
    '/api/admin/settings/update',
    { key: 'sports.max_pending_multi', value: 1 },
    admin.token,
  );
  player = await registerPlayer('sport');
});

test('browsing: sidebar, simulated events, event page, odds formats and the live widget', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const [event] = await upcoming(1, 1);
  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    const context = await newContext(browser, {
      viewport: size,
      isMobile: size.width < 500,
      hasTouch: size.width < 500,
    });
    const page = await context.newPage();
    await openSports(page, '/sport');
    const nav = page.getByTestId('sports-nav');
    // A guest: no 'bets'; the views, then the sports in the spec's order.
    await expect(nav.locator('[data-item]').first()).toHaveAttribute('data-item', 'live');
    await expect(nav.locator('[data-item="bets"]')).toHaveCount(0);
    const upcomingList = page.getByTestId('events-upcoming');
    await expect(upcomingList.getByTestId('simulated-badge').first()).toBeVisible({ timeout: 15_000 });
    await shot(page, `sports-home-${size.width}`);

    await nav.locator('[data-item="soccer-1"]').click();
    await expect(page).toHaveURL(/\/sport\?sport=soccer-1$/);
    await expect(page.locator('main#main h1')).toHaveText('Soccer');

    await openSports(page, `/${event!.sport.key}/${event!.id}`);
    await expect(page.getByTestId('scoreboard')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('scoreboard').getByTestId('simulated-badge')).toBeVisible();
    const outcome = event!.mainMarket!.outcomes[0]!;
    const button = page.getByTestId(`odds-${outcome.id}`);
    const decimal = await button.locator('.odds-btn__price').textContent();
    expect(decimal).toMatch(/^\d+\.\d{1,3}$/);
    await shot(page, `sports-event-${size.width}`);

    // The odds format: fractional, American, back to decimal.
    if (size.width < 500) await page.getByTestId('slip-open').click();
    await slip(page).getByTestId('odds-format').selectOption('fractional');
    if (size.width < 500) await page.keyboard.press('Escape');
    await expect(button.locator('.odds-btn__price')).toHaveText(/^\d+\/\d+$/);
    if (size.width < 500) await page.getByTestId('slip-open').click();
    await slip(page).getByTestId('odds-format').selectOption('american');
    if (size.width < 500) await page.keyboard.press('Escape');
    await expect(button.locator('.odds-btn__price')).toHaveText(/^[+-]\d+$/);
    if (size.width < 500) await page.getByTestId('slip-open').click();
    await slip(page).getByTestId('odds-format').selectOption('decimal');
    if (size.width < 500) await page.keyboard.press('Escape');
    await expect(button.locator('.odds-btn__price')).toHaveText(decimal!);

    // The live widget: a match tracker for a sport, the stream or 'unavailable' for an esport; it stays
    // over another page and moves when dragged.
    await page.getByTestId('open-widget').click();
    const widget = page.getByTestId('sport-widget');
    if (event!.sport.type === 'ESPORTS')
      await expect(widget.getByTestId('stream-unavailable')).toHaveText(
        'The live stream is unavailable for this match.',
        { timeout: 15_000 },
      );
    else await expect(widget.getByTestId('match-tracker')).toBeVisible({ timeout: 15_000 });
    await shot(page, `sports-widget-${size.width}`);
    if (size.width > 500) {
      const before = await widget.boundingBox();
      const bar = widget.locator('.sport-widget__bar');
      const box = (await bar.boundingBox())!;
      await page.mouse.move(box.x + 40, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x - 300, box.y - 200, { steps: 5 });
      await page.mouse.up();
      const after = await widget.boundingBox();
      expect(after!.x).toBeLessThan(before!.x - 200);
    }
    await gotoPage(page, '/');
    await expect(widget).toBeVisible({ timeout: 15_000 });
    await widget.getByRole('button', { name: 'Close the live widget' }).click();
    await expect(widget).toHaveCount(0);
  }
});

test('pre-match single and multi, slip errors with their texts, my bets and a cash-out', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const [first, second] = await upcoming(2);
  const a = first!.mainMarket!.outcomes;
  const b = second!.mainMarket!.outcomes;
  const context = await newContext(browser, { viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInAs(page, player);
  await openSports(page, `/${first!.sport.key}/${first!.id}`);
  await expect(page.getByTestId('sports-nav').locator('[data-item="bets"]')).toBeVisible();

  // A single with no demo balance yet: Not enough balance.
  await page.getByTestId(`odds-${a[0]!.id}`).click();
  await slip(page).getByTestId(`slip-stake-${a[0]!.id}`).fill('2');
  await placeFromSlip(page);
  await expectSlipError(page, 'Not enough balance.');

  await call('POST', '/api/wallet/demo/topup', { currency: GAME_CURRENCY }, player.token);
  const funded = await demoBalance(player.token);
  expect(funded).toBeGreaterThan(20);

  // The limits: Min $1 and Max $20 (USDT is worth 1 USD).
  await slip(page).getByTestId(`slip-stake-${a[0]!.id}`).fill('0.5');
  await placeFromSlip(page);
  await expectSlipError(page, 'Min $1');
  await slip(page).getByTestId(`slip-stake-${a[0]!.id}`).fill('25');
  await placeFromSlip(page);
  await expectSlipError(page, 'Max $20');

  // The single.
  await slip(page).getByTestId(`slip-stake-${a[0]!.id}`).fill('2');
  await placeFromSlip(page);
  await expect(toastWith(page, 'Bet placed')).toBeVisible({ timeout: 15_000 });
  await expect(slip(page).getByText('Your bet slip is empty')).toBeVisible();
  await expect.poll(() => demoBalance(player.token)).toBeCloseTo(funded - 2, 6);

  // The same option again: no double bets.
  await page.getByTestId(`odds-${a[0]!.id}`).click();
  await slip(page).getByTestId(`slip-stake-${a[0]!.id}`).fill('1');
  await placeFromSlip(page);
  await expectSlipError(page, 'You already have a pending bet on this option.');

  // Two selections of one event cannot make a multi.
  await page.getByTestId(`odds-${a[1]!.id}`).click();
  await expect(slip(page).getByRole('tab', { name: 'Multi' })).toHaveAttribute('aria-selected', 'true');
  await expect(slip(page).getByTestId('slip-problem')).toHaveText(
    'Two selections of one event cannot be combined.',
  );
  await shot(page, 'sports-slip-problem-1440');

  // The multi: one outcome of each event.
  await slip(page).getByRole('button', { name: 'Clear all' }).click();
  await page.getByTestId(`odds-${a[1]!.id}`).click();
  await openSports(page, `/${second!.sport.key}/${second!.id}`);
  await page.getByTestId(`odds-${b[0]!.id}`).click();
  await expect(slip(page).getByTestId('slip-total-odds')).toBeVisible();
  await slip(page).getByTestId('slip-stake-multi').fill('3');
  await expect(slip(page).getByTestId('slip-payout')).not.toHaveText(/^0\.00/);
  await shot(page, 'sports-slip-multi-1440');
  await placeFromSlip(page);
  await expect(toastWith(page, 'Bet placed')).toBeVisible({ timeout: 15_000 });

  // A second multi while one is pending: too many multi bets (the operator allows one here).
  await page.getByTestId(`odds-${b[1]!.id}`).click();
  await openSports(page, `/${first!.sport.key}/${first!.id}`);
  await page.getByTestId(`odds-${a[2]!.id}`).click();
  await slip(page).getByTestId('slip-stake-multi').fill('1');
  await placeFromSlip(page);
  await expectSlipError(page, 'Too many multi bets.');
  await slip(page).getByRole('button', { name: 'Clear all' }).click();

  // My sports bets: both pending; the single cashes out at its offer.
  await page.getByTestId('sports-nav').locator('[data-item="bets"]').click();
  const mine = page.getByTestId('my-sport-bets');
  await expect(mine.locator('article.mybet')).toHaveCount(2, { timeout: 15_000 });
  await shot(page, 'sports-mybets-1440');
  const cashOut = mine.locator('[data-testid^="cashout-"]').first();
  await expect(cashOut).toBeVisible({ timeout: 15_000 });
  await cashOut.click();
  await expect(toastWith(page, /Cashed out/)).toBeVisible({ timeout: 15_000 });
  await mine.getByRole('tab', { name: 'Settled' }).click();
  await expect(mine.getByTestId('sport-bet-status').first()).toHaveText('Cashed out');
});

test('/sportsbook selects the sport chat channel (spec 2 chat), and its history', async ({ browser }) => {
  const context = await newContext(browser, { viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  // A guest whose stored channel is the casino's: the chat opens by itself at this width.
  await gotoPage(page, '/');
  const channel = page.getByTestId('chat-channel');
  await expect(channel).toContainText('Casino', { timeout: 15_000 });
  const history = page.waitForRequest(
    (r) => new URL(r.url()).pathname === '/api/chat/history' && (r.postData() ?? '').includes('"sport_en"'),
  );
  await gotoPage(page, '/sportsbook');
  await expect(channel).toContainText('Sports');
  await expect(channel.locator('.chatx-lang')).toHaveText('en');
  await history;
  await shot(page, 'sports-sportsbook-chat-1440');
});
