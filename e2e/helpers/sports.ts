/**
 * The sportsbook e2e's shared pieces: the events of the server's book, the demo balance, the slip and
 * its errors, and the staff feed (POST /api/admin/sports/feed) through which a test drives its own
 * match deterministically (odds changes, bet stops, settlement) instead of waiting for the simulator.
 */
import { expect, type Page } from '@playwright/test';
import { call } from './auth';
import { GAME_CURRENCY } from './games';
import { gotoPage } from './ui';
import { screenshots } from './shots';

export interface Outcome {
  id: string;
  name: string;
  odds: number;
  active: boolean;
}
export interface Market {
  id: string;
  template: string;
  status: string;
  liveDelayMs: number;
  cashOut: boolean;
  outcomes: Outcome[];
}
export interface SportEvent {
  id: string;
  name: string;
  sport: { key: string; type: string };
  status: string;
  startsAt: string;
  simulated: boolean;
  mainMarket: Market | null;
}

/** A screenshot kept in SPORTS_SCREENSHOTS (a folder), when set. */
export const { shot } = screenshots('SPORTS_SCREENSHOTS');

/** The events of a view whose main market is open with every outcome bookable. */
export async function events(view: 'live' | 'upcoming'): Promise<SportEvent[]> {
  const answer = await call<{ events: SportEvent[] }>('POST', '/api/sports/events', { view, limit: 100 });
  return answer.events.filter(
    (event) =>
      event.mainMarket?.status === 'active' && event.mainMarket.outcomes.every((outcome) => outcome.active),
  );
}

export async function demoBalance(token: string): Promise<number> {
  const currencies = await call<Record<string, { balance: { demo: string } }>>(
    'POST',
    '/api/data/currencies',
    {},
    token,
  );
  return Number(currencies[GAME_CURRENCY]?.balance.demo ?? '0');
}

export const slip = (page: Page) => page.getByTestId('bet-slip');

/**
 * Opens a sports page with the chat closed: at 1440 px the chat opens by itself and leaves the sports
 * area too narrow for the slip panel (the slip is then a sheet; the phone run checks that one).
 */
export async function openSports(page: Page, url: string): Promise<void> {
  await gotoPage(page, url);
  const close = page.getByTestId('header').getByRole('button', { name: 'Close chat' });
  if (await close.isVisible()) await close.click();
  if ((page.viewportSize()?.width ?? 0) > 1000) await expect(slip(page)).toBeVisible({ timeout: 15_000 });
}

export async function placeFromSlip(page: Page): Promise<void> {
  await slip(page).getByTestId('slip-place').click();
}

export async function expectSlipError(page: Page, text: string | RegExp): Promise<void> {
  await expect(slip(page).getByTestId('slip-error')).toHaveText(text, { timeout: 15_000 });
}

/** A message entered by staff into the feed (decision 0028); `event` is the staff feed's own id. */
export function staffFeed(adminToken: string, message: Record<string, unknown>): Promise<unknown> {
  return call('POST', '/api/admin/sports/feed', { message }, adminToken);
}

/** The 1x2 market of a staff match: `odds` in thousandths for home, draw, away. */
export function market1x2(odds: readonly [number, number, number], liveDelayMs: number) {
  return {
    template: '1x2',
    name: '1x2',
    main: true,
    liveDelayMs,
    cashOut: true,
    outcomes: [
      { key: '1', name: 'Home', odds: odds[0] },
      { key: 'x', name: 'Draw', odds: odds[1] },
      { key: '2', name: 'Away', odds: odds[2] },
    ],
  };
}

/**
 * A live soccer match of the staff feed, labelled "Simulated" (it is no real match: demo bets only),
 * kicked off now with its 1x2 market open; answers its feed id and the event as the book lists it.
 */
export async function staffLiveMatch(
  adminToken: string,
  name: string,
  odds: readonly [number, number, number],
  liveDelayMs: number,
): Promise<{ ext: string; event: SportEvent }> {
  const ext = `e2e-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
  const [home, away] = name.split(' vs ') as [string, string];
  const now = new Date().toISOString();
  await staffFeed(adminToken, {
    kind: 'fixture',
    event: ext,
    sport: 'soccer-1',
    category: { id: 'e2e', name: 'E2E' },
    tournament: { id: 'e2e-cup', name: 'E2E Cup' },
    competitors: [
      { id: `${ext}-h`, name: home, abbreviation: 'HOM', qualifier: 'home' },
      { id: `${ext}-a`, name: away, abbreviation: 'AWY', qualifier: 'away' },
    ],
    name,
    startsAt: now,
    simulated: true,
    markets: [market1x2(odds, liveDelayMs)],
  });
  await staffFeed(adminToken, {
    kind: 'odds_change',
    event: ext,
    status: 'live',
    score: { home: 0, away: 0 },
    clock: { period: '1st_half', minute: 1, second: 0, running: true, at: now },
    markets: [market1x2(odds, liveDelayMs)],
  });
  const found = (await events('live')).find((event) => event.name === name);
  if (!found) throw new Error(`the staff match ${name} is not listed live`);
  return { ext, event: found };
}
