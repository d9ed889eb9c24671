/**
 * Every route of the web app's route table (apps/web/src/app/routes.tsx), as a guest and signed in,
 * at 1440 and 390 px: no console error and no failed request (4xx, 5xx or a network failure) that the
 * app did not expect. The route patterns are read from the table itself, so a new route without an
 * example URL here fails this spec. Each viewer opens the app once and then moves from route to
 * route inside it (as a player does), waiting for the requests a route starts to settle.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page, type Request } from '@playwright/test';
import { CHROMIUM_PATH, HAS_CHROMIUM } from './playwright.config';
import { GAME_CURRENCY, registerPlayer, signInAs, simulateDeposit, type Player } from './helpers/games';
import { closeOpenedContexts, gotoPage, newContext } from './helpers/ui';

test.skip(!HAS_CHROMIUM, `Chromium not installed at ${CHROMIUM_PATH}: apt-get install -y chromium`);
test.afterEach(closeOpenedContexts);
// The four viewers are independent: the two workers share them.
test.describe.configure({ mode: 'parallel' });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUTE_TABLE = path.join(root, 'apps/web/src/app/routes.tsx');

/** The route patterns of the table, in its order. */
function routePatterns(): string[] {
  const source = fs.readFileSync(ROUTE_TABLE, 'utf8');
  const found = [...source.matchAll(/(?:path: |category\()'([^']+)'/g)].map((match) => match[1]!);
  return [...new Set(found)];
}

const PLAYER_ID = '{player}';

/** An example URL for each pattern with parameters (a pattern without one is its own URL). */
const EXAMPLES: Record<string, string> = {
  '/ref/:code': '/ref/e2e-routes',
  '/email/:user/:token': '/email/0/e2e-not-a-token',
  '/password/reset/:user/:token': '/password/reset/0/e2e-not-a-token',
  '/casino/game/:id': '/casino/game/dice',
  '/casino/game/provider/:provider': '/casino/game/provider/nebula',
  '/casino/:tag': '/casino/popular',
  '/pvp/pool/:poolId': '/pvp/pool/1',
  '/trading/:ticker': '/trading/btc',
  '/:sportLink/:id': '/soccer/1',
  '/profile/settings/:tab?': '/profile/settings/security',
  '/profile/:id': `/profile/${PLAYER_ID}`,
  '/oauth/authorize/:requestId': '/oauth/authorize/e2e-no-such-request',
  '/admin/user/:userId': `/admin/user/${PLAYER_ID}`,
};

/** Answers the app expects, each with its reason: [pattern of the problem line, reason]. */
const EXPECTED: Array<[RegExp, string]> = [
  [
    /^422: POST \S+\/api\/user\/confirmEmail .*e2e-not-a-token/,
    'the example email link is made up: the server refuses it and the page says the link is invalid',
  ],
  [
    /^404: POST \S+\/api\/sports\/event\b/,
    'the example event id may not exist on a fresh platform: the page says the event was not found',
  ],
];

const VIEWPORTS = [
  { width: 1440, height: 900, mobile: false },
  { width: 390, height: 844, mobile: true },
] as const;

let player: Promise<Player> | null = null;
/** One funded player for the signed-in visits (registered once per worker). */
function fundedPlayer(): Promise<Player> {
  player ??= registerPlayer('routes').then(async (p) => {
    await simulateDeposit(p.name, GAME_CURRENCY, '5');
    return p;
  });
  return player;
}

/** Waits until no request of the page has been in flight for `quietMs` (at most `maxMs`). */
async function settled(page: Page, inFlight: () => number, quietMs = 300, maxMs = 3000): Promise<void> {
  const deadline = Date.now() + maxMs;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (inFlight() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await page.waitForTimeout(50);
  }
}

/** A route change inside the app, as a link or the back button makes it (the router follows popstate). */
async function navigate(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, url);
}

for (const viewport of VIEWPORTS) {
  for (const signedIn of [false, true]) {
    test(`every route at ${viewport.width} px ${signedIn ? 'signed in' : 'as a guest'}: no failed request or console error`, async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const patterns = routePatterns();
      expect(patterns.length).toBeGreaterThan(40);
      const who = signedIn ? await fundedPlayer() : null;
      const context = await newContext(browser, {
        viewport: { width: viewport.width, height: viewport.height },
        isMobile: viewport.mobile,
        hasTouch: viewport.mobile,
      });
      const page = await context.newPage();
      if (who) await signInAs(page, who);

      let route = '';
      const problems: string[] = [];
      let pending = 0;
      // A request belongs to the route that made it, whenever it ends.
      const routeOf = new WeakMap<Request, string>();
      const report = (at: string, text: string) => {
        if (!EXPECTED.some(([problem]) => problem.test(text))) problems.push(`${at}: ${text}`);
      };
      page.on('console', (message) => {
        // Chromium logs every 4xx/5xx answer as well: the response handler below reports it, with its URL.
        if (
          message.type() === 'error' &&
          !/^Failed to load resource: the server responded/.test(message.text())
        )
          report(route, `console: ${message.text()}`);
      });
      page.on('pageerror', (error) => report(route, `page error: ${error.message}`));
      page.on('request', (request) => {
        pending += 1;
        routeOf.set(request, route);
      });
      page.on('requestfinished', () => (pending -= 1));
      page.on('requestfailed', (request) => {
        pending -= 1;
        const failure = request.failure()?.errorText ?? '';
        // A request the page itself dropped (a route change, an aborted image) is not a failure.
        if (!/ERR_ABORTED/.test(failure))
          report(routeOf.get(request) ?? route, `failed: ${request.method()} ${request.url()} ${failure}`);
      });
      page.on('response', (response) => {
        const request = response.request();
        if (response.status() >= 400) {
          const body = request.postData() ?? '';
          report(
            routeOf.get(request) ?? route,
            `${response.status()}: ${request.method()} ${response.url()} ${body}`,
          );
        }
      });

      route = '/';
      await gotoPage(page, '/');
      await settled(page, () => pending);
      for (const pattern of patterns) {
        route = pattern;
        const example = EXAMPLES[pattern] ?? pattern;
        expect(example, `no example URL for the route ${pattern}`).not.toMatch(/:/);
        await navigate(page, example.replace(PLAYER_ID, (await fundedPlayer())._id));
        await settled(page, () => pending);
      }
      expect(problems).toEqual([]);
    });
  }
}
