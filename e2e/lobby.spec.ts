/**
 * The lobby (issue F7 "Done when"): a guest and a signed-in player browse the home lobby, open a
 * category and a provider page, and search (short and long queries, pagination); a player's real
 * bet shows up in the live feed's 'mine' channel and a 10x+ win in 'lucky_wins'; the race page lists
 * the player after the bets; a game favourited with its heart stays marked after a reload. A game
 * blocked in the player's territory cannot be opened (needs the server started with
 * TRUSTED_COUNTRY_HEADER=x-e2e-country, else that test is skipped).
 */
import { expect, test, type Page } from '@playwright/test';
import { CHROMIUM_PATH, HAS_CHROMIUM } from './playwright.config';
import { RACE_PAID_PLACES } from '@nebula/contracts/constants';
import { call } from './helpers/auth';
import { gotoPage, pageReady } from './helpers/ui';
import {
  GAME_CURRENCY,
  type Player,
  registerPlayer,
  signInAs,
  simulateDeposit,
  waitForBalance,
} from './helpers/games';

test.skip(!HAS_CHROMIUM, `Chromium not installed at ${CHROMIUM_PATH}: apt-get install -y chromium`);

/** The header the server trusts: the one global-setup started it with, or the external server's. */
const COUNTRY_HEADER = process.env.E2E_COUNTRY_HEADER ?? process.env.TRUSTED_COUNTRY_HEADER;
/** The feed must show a bet within this long of its settlement (spec: a second; slack for CI). */
const FEED_TIMEOUT = 3_000;

interface PlayAnswer {
  id: string;
  game: { status: 'win' | 'lose'; multiplier: string };
}

/** One real bet over HTTP (quick: no animation delay). */
function play(player: Player, game: string, data: unknown, bet = '0.1'): Promise<PlayAnswer> {
  return call<PlayAnswer>(
    'POST',
    '/api/whisper',
    { event: 'Play', data: { api_id: game, bet, currency: GAME_CURRENCY, quick: true, data } },
    player.token,
  );
}

async function browseLobby(page: Page) {
  await gotoPage(page, '/');
  await expect(page.getByTestId('home-lobby')).toBeVisible();
  // Each row fills in: Originals lists the in-house games, providers their logos.
  const originals = page.getByTestId('row-originals');
  await expect(originals.getByTestId('game-tile').first()).toBeVisible();
  await expect(originals.locator('[data-game-id="dice"]')).toBeVisible();
  expect(await originals.getByTestId('game-tile').count()).toBeLessThanOrEqual(10);
  await expect(page.getByTestId('row-providers').getByTestId('provider-tile').first()).toBeVisible();
  await expect(originals.getByTestId('slider-more')).toHaveAttribute('href', '/casino/Originals');

  // A category page through 'View all'.
  await page.getByTestId('row-slots').getByRole('link', { name: 'View all' }).first().click();
  await expect(page).toHaveURL(/\/casino\/Slots$/);
  await expect(page.getByTestId('game-grid').getByTestId('game-tile').first()).toBeVisible();

  // A provider page from the providers row.
  await gotoPage(page, '/');
  const provider = page.getByTestId('row-providers').getByTestId('provider-tile').first();
  const name = (await provider.getAttribute('aria-label'))!;
  await provider.click();
  await expect(page).toHaveURL(new RegExp(`/casino/game/provider/${encodeURIComponent(name)}$`));
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByTestId('game-grid').getByTestId('game-tile').first()).toBeVisible();
}

async function searchGames(page: Page) {
  await gotoPage(page, '/');
  await page.getByTestId('search-button').click();
  const overlay = page.getByTestId('search-overlay');
  await expect(overlay).toBeVisible();
  // Short query: the featured games.
  await page.getByTestId('search-input').fill('di');
  await expect(overlay.getByTestId('search-result').first()).toBeVisible();
  await expect(overlay.getByText('Featured games')).toBeVisible();
  // Long query: names matching, 6 per page, neighbours within 2 pages, Enter searches at once.
  await page.getByTestId('search-input').fill('live');
  await page.getByTestId('search-input').press('Enter');
  await expect(overlay.getByText('Results for “live”')).toBeVisible();
  await expect(overlay.getByTestId('search-result')).toHaveCount(6);
  const pagination = overlay.getByTestId('search-pagination');
  await expect(pagination).toBeVisible();
  await pagination.getByRole('button', { name: 'Page 2' }).click();
  await expect(overlay.getByTestId('search-results')).toHaveAttribute('data-page', '2');
  await expect(pagination.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  // A new query starts at page 1.
  await page.getByTestId('search-input').fill('ack');
  await page.getByTestId('search-input').press('Enter');
  await expect(overlay.getByTestId('search-results')).toHaveAttribute('data-page', '1');
  // Any route change closes it.
  await page.getByTestId('search-input').fill('dice');
  await page.getByTestId('search-input').press('Enter');
  await overlay.locator('[data-game-id="dice"]').click();
  await expect(page).toHaveURL(/\/casino\/game\/dice$/);
  await expect(overlay).toHaveCount(0);
}

test.describe('lobby as a guest', () => {
  test('browses the lobby, a category and a provider page', async ({ page }) => {
    test.setTimeout(90_000); // two cold starts of the lobby (gotoPage allows each 30 s on a busy machine)
    await browseLobby(page);
  });

  test('searches with short and long queries and pages through the results', async ({ page }) => {
    test.setTimeout(90_000); // several pages of results; 30 s was too short under CI load
    await searchGames(page);
  });

  test('has no My Bets channel', async ({ page }) => {
    await gotoPage(page, '/casino/originals');
    const feed = page.getByTestId('live-feed');
    await expect(feed.getByRole('tab', { name: 'All Bets' })).toBeVisible();
    await expect(feed.getByRole('tab', { name: 'My Bets' })).toHaveCount(0);
  });
});

test.describe('lobby as a player', () => {
  test.describe.configure({ mode: 'serial' });
  let player: Player;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    player = await registerPlayer('lobby');
    await simulateDeposit(player.name, GAME_CURRENCY, '50');
    await waitForBalance(player.token, 50);
  });

  test('browses and searches signed in', async ({ page }) => {
    // Both flows of the guest tests in one: the default 30 s is too short on a loaded 2-core machine.
    test.setTimeout(90_000);
    await signInAs(page, player);
    await browseLobby(page);
    await searchGames(page);
  });

  test('sees their own bet in mine and a big win in lucky_wins', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAs(page, player);
    await gotoPage(page, '/casino/originals');
    const feed = page.getByTestId('live-feed');
    await feed.getByRole('tab', { name: 'My Bets' }).click();
    await expect(feed.locator('[role=table]')).toHaveAttribute('aria-busy', 'false');

    const bet = await play(player, 'dice', { target: 5000, condition: 'over' });
    await expect(feed.locator(`[data-bet-id="${bet.id}"]`)).toBeVisible({ timeout: FEED_TIMEOUT });

    // Clicking a row opens the bet overview.
    await feed.locator(`[data-bet-id="${bet.id}"]`).click();
    await expect(page.getByRole('dialog').getByText(`#${bet.id}`)).toBeVisible();
    await page.keyboard.press('Escape');

    await feed.getByRole('tab', { name: 'Lucky Wins' }).click();
    await expect(feed.locator('[role=table]')).toHaveAttribute('aria-busy', 'false');
    // Limbo at 10x wins about one bet in ten: play until one does.
    let lucky: PlayAnswer | null = null;
    for (let i = 0; i < 150 && !lucky; i++) {
      const answer = await play(player, 'limbo', { target: 1000 });
      if (answer.game.status === 'win') lucky = answer;
    }
    expect(lucky, 'no 10x win in 150 bets').not.toBeNull();
    await expect(feed.locator(`[data-bet-id="${lucky!.id}"]`)).toBeVisible({ timeout: FEED_TIMEOUT });
  });

  test('favourites a game; it stays marked after a reload and is listed in Favourites', async ({ page }) => {
    test.setTimeout(120_000); // six full page loads, each a cold start of the app (gotoPage)
    await signInAs(page, player);
    await gotoPage(page, '/casino/originals');
    const grid = page.getByTestId('game-grid');
    const tile = grid.locator('[data-testid="game-tile"][data-game-id="dice"]');
    const heart = grid.locator('[data-testid="favourite-toggle"][data-favourite-for="dice"]');
    await expect(tile).toBeVisible();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/games/favourite') && response.request().method() === 'POST',
    );
    await heart.click();
    // Optimistic: marked at once; then the server answers.
    await expect(tile).toHaveAttribute('data-favourite', 'true');
    expect((await saved).status()).toBe(200);

    await page.reload();
    await pageReady(page);
    await expect(tile).toHaveAttribute('data-favourite', 'true');
    await expect(heart).toHaveAttribute('aria-pressed', 'true');

    // The home lobby's Favourites row and the Favourites page list it.
    await gotoPage(page, '/');
    await expect(page.getByTestId('row-favourites').locator('[data-game-id="dice"]').first()).toBeVisible();
    await gotoPage(page, '/casino/favourites');
    await expect(
      page.getByTestId('game-grid').locator('[data-testid="game-tile"][data-game-id="dice"]'),
    ).toBeVisible();

    // Removing it is saved too.
    await page
      .getByTestId('game-grid')
      .locator('[data-testid="favourite-toggle"][data-favourite-for="dice"]')
      .click();
    await expect(page.getByTestId('game-grid')).toHaveCount(0, { timeout: 10_000 });
    await gotoPage(page, '/casino/originals');
    await expect(tile).toBeVisible();
    await expect(tile).not.toHaveAttribute('data-favourite', 'true');
  });

  test('the race page shows the player in the standings after the bets', async ({ page }) => {
    // One larger bet, so the player usually ranks among the paid places. Every other spec's players
    // race in the same week, though, so the page is checked against the place it gives the player.
    await play(player, 'dice', { target: 5000, condition: 'over' }, '20');
    await signInAs(page, player);
    await gotoPage(page, '/leaderboard');
    const standings = page.getByTestId('race-standings');
    await expect(standings).toBeVisible();
    await expect(page.getByTestId('race-countdown')).toBeVisible();
    const me = page.getByTestId('race-me');
    await expect(me).toContainText(/#\d+|Not ranked yet/);
    const mine = (await me.textContent()) ?? '';
    // The player's wagered total this week: at least the 20 USDT bet (at about 1 USD each).
    expect(Number(/([\d,.]+) USD/.exec(mine)?.[1]?.replaceAll(',', ''))).toBeGreaterThan(19);
    const entry = standings.getByTestId('race-entry').filter({ hasText: player.name });
    if (/#\d+/.test(mine)) await expect(entry).toBeVisible();
    else {
      // Outranked by players of other specs: every paid place is taken by someone else.
      await expect(entry).toHaveCount(0);
      await expect(standings.getByTestId('race-entry')).toHaveCount(RACE_PAID_PLACES);
    }
  });
});

test.describe('territory restrictions', () => {
  test.skip(!COUNTRY_HEADER, 'start the server with TRUSTED_COUNTRY_HEADER=x-e2e-country to test blocking');

  test('a blocked tile cannot be opened', async ({ page }) => {
    // Comet Studios is restricted in the United States in the demo catalogue.
    await page.setExtraHTTPHeaders({ [COUNTRY_HEADER!]: 'US' });
    await gotoPage(page, '/casino/game/provider/Comet%20Studios');
    const tile = page.locator('[data-testid="game-tile"][data-blocked="true"]').first();
    await expect(tile).toBeVisible();
    await expect(tile).toHaveAttribute('aria-disabled', 'true');
    expect(await tile.getAttribute('href')).toBeNull();
    await tile.click({ force: true });
    await expect(page).toHaveURL(/\/casino\/game\/provider\/Comet%20Studios$/);
    await expect(page.getByTestId('demo-popup')).toHaveCount(0);
  });
});
