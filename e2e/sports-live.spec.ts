/**
 * Live bets through the queue and a match settling (issue G9 "Done when", web side). The match is the
 * test's own: staff enter it through the back office's feed (POST /api/admin/sports/feed) as a live
 * match labelled "Simulated" (demo bets), and move its odds, stop its bets and settle it there, so
 * every step happens when the test says (nothing waits for the simulated feed to re-price). The page's
 * clock is Playwright's: held while a bet waits in the queue, it decides when the slip confirms.
 * - "Odds changed." (the odds move while the bet is queued, policy 'Ask me');
 * - "This option is closed." (a bet stop while queued);
 * - "Invalid queue id." (the entry was confirmed meanwhile, as from another tab);
 * - "Too late: the bet was not confirmed in time." (the slip confirms after the entry expired);
 * - "You're too fast" (the page's clock runs ahead of the server's), then the bet is taken;
 * - "Failed to queue your bet. Please try again." (the queueing call never reaches the server);
 * - the match ends and is settled: My sports bets shows Won and Lost, the demo balance grows by the
 *   winner's payout.
 */
import { expect, test, type Page } from '@playwright/test';
import { CHROMIUM_PATH, HAS_CHROMIUM } from './playwright.config';
import { DEMO_PASSWORD } from './global-setup';
import { apiLogin, call } from './helpers/auth';
import { GAME_CURRENCY, registerPlayer, signInAs, type Player } from './helpers/games';
import {
  demoBalance,
  expectSlipError,
  market1x2,
  openSports,
  shot,
  slip,
  staffFeed,
  staffLiveMatch,
} from './helpers/sports';
import { closeOpenedContexts, newContext } from './helpers/ui';

test.skip(!HAS_CHROMIUM, `Chromium not installed at ${CHROMIUM_PATH}: apt-get install -y chromium`);
test.afterEach(closeOpenedContexts);

/** The live delay of the test match's market, ms. */
const DELAY_MS = 3000;
const TTL_KEY = 'sports.queue_ttl_ms';

interface Queued {
  status: 'queued';
  queue: { queueId: string; confirmAfter: string; expiresAt: string; serverTime: string };
}

let admin: string;
let player: Player;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  admin = (await apiLogin('admin', DEMO_PASSWORD)).token;
  player = await registerPlayer('live');
  await call('POST', '/api/wallet/demo/topup', { currency: GAME_CURRENCY }, player.token);
});

test.afterAll(async () => {
  // The operator's default expiry again, whatever the test did.
  if (admin) await call('POST', '/api/admin/settings/update', { key: TTL_KEY, value: 30_000 }, admin);
});

/** The server's clock (its answers carry it). */
async function serverNow(): Promise<number> {
  return Date.parse((await call<{ serverTime: string }>('POST', '/api/sports/list', {})).serverTime);
}

/**
 * Clicks the place button with the page's clock held, so the slip cannot confirm until the test
 * resumes it; answers the server's queue entry.
 */
async function queueHeld(page: Page): Promise<Queued['queue']> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  const answer = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/sports/bet' && r.request().method() === 'POST',
  );
  await slip(page).getByTestId('slip-place').click();
  const body = (await (await answer).json()) as Queued;
  expect(body.status).toBe('queued');
  await expect(slip(page).getByTestId('slip-queue')).toBeVisible();
  return body.queue;
}

async function select(page: Page, outcomeId: string): Promise<void> {
  if (!(await slip(page).getByTestId(`slip-selection-${outcomeId}`).count()))
    await page.getByTestId(`odds-${outcomeId}`).click();
  await slip(page).getByTestId(`slip-stake-${outcomeId}`).fill('1');
}

test("live bets through the queue: each refusal with its text, You're too fast; the match settles", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const odds = [2000, 3400, 3600] as const;
  const { ext, event } = await staffLiveMatch(admin, 'Queue Rovers vs Delay United', odds, DELAY_MS);
  const [home, draw, away] = event.mainMarket!.outcomes;
  if (!home || !draw || !away) throw new Error('the 1x2 market has three outcomes');
  const context = await newContext(browser, { viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  // The page's own clock, so the test decides when the slip confirms a queued bet.
  await page.clock.install();
  await signInAs(page, player);
  await openSports(page, `/${event.sport.key}/${event.id}`);
  await expect(page.getByTestId('event-status')).toHaveAttribute('data-status', 'live', { timeout: 15_000 });
  await expect(page.getByTestId('scoreboard').getByTestId('simulated-badge')).toBeVisible();
  const error = slip(page).getByTestId('slip-error');
  const queue = slip(page).getByTestId('slip-queue');

  // Odds changed: the home win moves from 2.00 to 2.50 while the bet waits ('Ask me', the default).
  await select(page, home.id);
  await queueHeld(page);
  const moved = [2500, odds[1], odds[2]] as const;
  await staffFeed(admin, { kind: 'odds_change', event: ext, markets: [market1x2(moved, DELAY_MS)] });
  await page.clock.resume();
  await expectSlipError(page, 'Odds changed.');
  await shot(page, 'sports-slip-odds-changed-1440');
  // The slip offers the new odds; taking them clears the refusal.
  await expect(slip(page).getByTestId('slip-place')).toHaveText(/Accept odds changes/);
  await slip(page).getByTestId('slip-place').click();
  await expect(error).toHaveCount(0);

  // Option closed: a bet stop while the bet waits; then the market opens again.
  await queueHeld(page);
  await staffFeed(admin, { kind: 'bet_stop', event: ext });
  await page.clock.resume();
  await expectSlipError(page, 'This option is closed.');
  await staffFeed(admin, { kind: 'odds_change', event: ext, markets: [market1x2(moved, DELAY_MS)] });
  await expect(page.getByTestId(`odds-${home.id}`)).toBeEnabled();

  // Invalid queue id: the entry is confirmed meanwhile (another tab of the player), then the slip
  // confirms it: the bet exists once, and the slip says the entry is no longer valid.
  const entry = await queueHeld(page);
  await expect
    .poll(async () =>
      call('POST', '/api/sports/bet/confirm', { queueId: entry.queueId }, player.token).then(
        () => 'placed',
        (refusal: { body?: { code?: string } }) => refusal.body?.code ?? 'failed',
      ),
    )
    .toBe('placed');
  await page.clock.resume();
  await expectSlipError(page, 'Invalid queue id.');
  await expect(queue).toHaveCount(0);

  // Too late: with a one-second expiry, the slip confirms after the entry expired on the server.
  await call('POST', '/api/admin/settings/update', { key: TTL_KEY, value: 1000 }, admin);
  await slip(page).getByRole('button', { name: 'Clear all' }).click();
  await select(page, draw.id);
  const late = await queueHeld(page);
  await expect.poll(serverNow).toBeGreaterThan(Date.parse(late.expiresAt));
  await page.clock.resume();
  await expectSlipError(page, 'Too late: the bet was not confirmed in time.');
  await call('POST', '/api/admin/settings/update', { key: TTL_KEY, value: 30_000 }, admin);

  // You're too fast, with the policy 'Accept any odds': the page's clock jumps over the delay at
  // once, the server finds the confirmation early, and the slip confirms again until it is taken.
  await slip(page).getByTestId('odds-policy').selectOption('any');
  await expect
    .poll(
      async () =>
        (await call<{ oddsChange: string }>('POST', '/api/sports/preferences', {}, player.token)).oddsChange,
    )
    .toBe('any');
  await queueHeld(page);
  await page.clock.fastForward(DELAY_MS);
  await expect(slip(page).getByTestId('slip-too-fast')).toHaveText("You're too fast");
  await shot(page, 'sports-slip-too-fast-1440');
  await page.clock.resume();
  await expect(queue).toHaveCount(0, { timeout: 30_000 });
  await expect(slip(page).getByText('Your bet slip is empty')).toBeVisible();

  // Failed to queue: the queueing call never reaches the server (the network drops it).
  await select(page, away.id);
  const dropped = (url: URL) => url.pathname === '/api/sports/bet';
  await page.route(dropped, (route) => route.abort('failed'));
  await slip(page).getByTestId('slip-place').click();
  await expectSlipError(page, 'Failed to queue your bet. Please try again.');
  await page.unroute(dropped);
  await slip(page).getByRole('button', { name: 'Clear all' }).click();

  // The match ends and is settled: the home win (at 2.50) won, the draw lost.
  const before = await demoBalance(player.token);
  await staffFeed(admin, {
    kind: 'odds_change',
    event: ext,
    status: 'ended',
    score: { home: 1, away: 0 },
    clock: { period: 'ended', minute: 90, second: 0, running: false, at: new Date().toISOString() },
  });
  await expect(page.getByTestId('event-status')).not.toHaveAttribute('data-status', 'live', {
    timeout: 15_000,
  });
  await staffFeed(admin, {
    kind: 'bet_settlement',
    event: ext,
    markets: [
      {
        template: '1x2',
        outcomes: [
          { key: '1', result: 'won' },
          { key: 'x', result: 'lost' },
          { key: '2', result: 'lost' },
        ],
      },
    ],
  });
  await expect.poll(() => demoBalance(player.token)).toBeCloseTo(before + 2.5, 6);
  await page.getByTestId('sports-nav').locator('[data-item="bets"]').click();
  const mine = page.getByTestId('my-sport-bets');
  await mine.getByRole('tab', { name: 'Settled' }).click();
  await expect(mine.getByTestId('sport-bet-status').filter({ hasText: 'Won' })).toHaveCount(1, {
    timeout: 15_000,
  });
  await expect(mine.getByTestId('sport-bet-status').filter({ hasText: 'Lost' })).toHaveCount(1);
  await shot(page, 'sports-settled-1440');
});
