import { type CatalogueGame, gamesFilterEndpoint } from '@nebula/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogue } from '../src/modules/catalogue/index.js';
import { noGameListRefresh } from './catalogue-fixture.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * `gamesFilter` as production serves it: the snapshot kept for CATALOGUE_CACHE_MS, pages serialised
 * once per country, the caller's favourite flags spliced in, favourite ids cached per player.
 */
let t: TestServer;
let player: TestUser;

beforeAll(async () => {
  t = await startTestServer(
    { TRUSTED_COUNTRY_HEADER: 'CF-IPCountry', CATALOGUE_CACHE_MS: '60000' },
    { services: [noGameListRefresh] },
  );
  expect(await seedDemoCatalogue(t.server.database)).toBe(true);
  player = await createUser(t.server.database);
});
afterAll(async () => {
  await t?.close();
});

interface Page {
  games: CatalogueGame[];
  page: number;
  limit: number;
  total: number;
}

async function gamesFilter(body: object, opts: { user?: TestUser; country?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/data/gamesFilter',
    payload: body,
    headers: {
      ...(opts.user ? { authorization: `Bearer ${opts.user.token}` } : {}),
      ...(opts.country ? { 'cf-ipcountry': opts.country } : {}),
    },
  });
}
async function page(body: object, opts: { user?: TestUser; country?: string } = {}): Promise<Page> {
  const res = await gamesFilter(body, opts);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  const parsed = gamesFilterEndpoint.response.safeParse(res.json());
  expect(parsed.success).toBe(true);
  return res.json() as Page;
}
const favourite = async (id: string, on: boolean) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/games/favourite',
    headers: { authorization: `Bearer ${player.token}` },
    payload: { id, favourite: on },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const flags = (p: Page) => Object.fromEntries(p.games.map((g) => [g.id, g.isFavorite]));

const ORIGINALS_ROW = { filter: [{ key: 'type', expect: 'originals' }], limit: 10 };

describe('gamesFilter hot path', () => {
  it('shows a favourite change through this node at once, though lists are cached', async () => {
    const before = await page(ORIGINALS_ROW, { user: player });
    expect(before.games.some((g) => g.isFavorite)).toBe(false);
    await favourite('dice', true);
    const after = await page(ORIGINALS_ROW, { user: player });
    expect(flags(after)).toEqual({ ...flags(before), dice: true });
    // Nobody else sees the flag; the rest of the answer is the same for everybody.
    const guest = await page(ORIGINALS_ROW);
    expect(guest).toEqual({ ...after, games: after.games.map((g) => ({ ...g, isFavorite: false })) });
    await favourite('dice', false);
    expect((await page(ORIGINALS_ROW, { user: player })).games.find((g) => g.id === 'dice')?.isFavorite).toBe(
      false,
    );
  });

  it('flags preview favourites and blocked games per country on cached pages', async () => {
    const comet = { filter: [{ key: 'provider', expect: 'comet-studios' }], limit: 5 };
    const us = await page(comet, { country: 'US' });
    expect(us.games.length).toBeGreaterThan(0);
    expect(us.games.every((g) => g.blocked && g.id.startsWith('preview:'))).toBe(true);
    const de = await page(comet, { country: 'DE' });
    expect(de.games.every((g) => !g.blocked)).toBe(true);
    expect((await page(comet, { country: 'US' })).games.every((g) => g.blocked)).toBe(true);
    const id = us.games[1]!.id;
    await favourite(id, true);
    const mine = await page(comet, { user: player, country: 'US' });
    expect(mine.games.filter((g) => g.isFavorite).map((g) => g.id)).toEqual([id]);
    expect(mine.games.every((g) => g.blocked)).toBe(true);
  });

  it('still answers bad input with the contract’s 422 and pages past the end with no games', async () => {
    const bad = await gamesFilter({ filter: [{ key: 'isFeatured', type: 'search', expect: true }] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      code: expect.anything() as unknown,
      fields: expect.any(Array) as unknown,
    });
    expect((await gamesFilter({ page: 0 })).statusCode).toBe(422);
    expect((await gamesFilter({ unknown: 1 })).statusCode).toBe(422);
    const nullBody = await t.app.inject({
      method: 'POST',
      url: '/api/data/gamesFilter',
      headers: { 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(nullBody.statusCode).toBe(422);
    const noBody = await t.app.inject({ method: 'POST', url: '/api/data/gamesFilter' });
    expect(noBody.statusCode).toBe(200);
    expect((noBody.json() as Page).limit).toBe(100);
    const empty = await page({ filter: [{ key: 'name', type: 'search', expect: 'zzzzzz' }] });
    expect(empty).toEqual({ games: [], page: 1, limit: 6, total: 0 });
    const past = await page({ page: 500, limit: 100 });
    expect(past.games).toEqual([]);
    expect(past.total).toBeGreaterThan(100);
  });
});
