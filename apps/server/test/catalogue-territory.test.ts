import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Page, filter as filterOn, startCatalogueServer } from './catalogue-fixture.js';
import type { TestServer } from './helpers/test-server.js';

/**
 * Territory restrictions (spec 2 "Game tile grid": tiles blocked by territory), the caller's country
 * (POST /api/checkJurisdiction) and the providers calls, over the fixture of catalogue-fixture.ts.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startCatalogueServer();
});
afterAll(async () => {
  await t?.close();
});
const filter = (body: unknown, country?: string): Promise<Page> => filterOn(t, body, country);

describe('territory restrictions and jurisdiction', () => {
  it('flags games of providers restricted in the caller country as blocked (listed, not removed)', async () => {
    const us = await filter({ filter: [{ key: 'category', expect: 'slots' }] }, 'US');
    expect(us.total).toBe(11);
    const blocked = us.games.filter((g) => g.blocked).map((g) => g.id);
    expect(blocked).toEqual(['preview:alpha-star-fruit']);
    expect(
      (await filter({ filter: [{ key: 'type', expect: 'alpha-studio' }] }, 'fr')).games.every(
        (g) => g.blocked,
      ),
    ).toBe(true);
    for (const country of ['DE', 'GB', 'XX', undefined]) {
      const page = await filter({ filter: [] }, country);
      expect(
        page.games.some((g) => g.blocked),
        String(country),
      ).toBe(false);
    }
    // The in-house games are never blocked.
    expect(
      (await filter({ filter: [{ key: 'type', expect: 'originals' }] }, 'US')).games.some((g) => g.blocked),
    ).toBe(false);
  });

  it('POST /api/checkJurisdiction answers the trusted header, else null on loopback', async () => {
    const ask = async (headers: Record<string, string>) =>
      (await t.app.inject({ method: 'POST', url: '/api/checkJurisdiction', headers })).json() as {
        iso: string | null;
      };
    expect(await ask({ 'cf-ipcountry': 'fr' })).toEqual({ iso: 'FR' });
    expect(await ask({ 'cf-ipcountry': 'T1' })).toEqual({ iso: null });
    expect(await ask({})).toEqual({ iso: null });
    const res = await t.app.inject({ method: 'POST', url: '/api/checkJurisdiction', payload: { iso: 'US' } });
    expect(res.statusCode).toBe(422);
  });

  it('GET /api/game-providers lists providers with listed games, counts and the blocked flag', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/game-providers',
      headers: { 'cf-ipcountry': 'US' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      providers: [
        {
          id: 'alpha-studio',
          name: 'Alpha Studio',
          image: '/api/img/providers/alpha-studio.svg',
          priority: 50,
          is_featured: true,
          games: 3,
          blocked: true,
        },
        {
          id: 'beta-games',
          name: 'Beta Games',
          image: '/api/img/providers/beta-games.svg',
          priority: 40,
          is_featured: false,
          games: 10,
          blocked: false,
        },
      ],
    });
    const featured = await t.app.inject({ method: 'GET', url: '/api/game-providers?featured=true' });
    expect((featured.json() as { providers: { id: string; blocked: boolean }[] }).providers).toMatchObject([
      { id: 'alpha-studio', blocked: false },
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/game-providers?featured=yes' })).statusCode).toBe(
      422,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/game-providers?page=2' })).statusCode).toBe(422);
  });

  it('POST /api/data/providers lists provider names alphabetically', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/data/providers' });
    expect(res.json()).toEqual({
      providers: [
        { id: 'alpha-studio', name: 'Alpha Studio' },
        { id: 'beta-games', name: 'Beta Games' },
      ],
    });
  });
});
