import { EXTENDED_GAMES, GAMES, crash } from '@nebula/games';
import type { CatalogueGame } from '@nebula/contracts';
import { expect } from 'vitest';
import { parseRestrictions, putProviderRestrictions } from '../src/modules/catalogue/index.js';
import { SlotsService, slotsService } from '../src/modules/slots/index.js';
import { replaceService } from '../src/platform/services.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * The catalogue's own tests run without an aggregator's game list: the leader's refresh (modules/
 * slots) would link every provider game, fixture games included, and make them launchable, depending on
 * when it runs. slots-launch.test.ts tests the linking.
 */
export const noGameListRefresh = replaceService(slotsService, (ctx) => {
  const service = new SlotsService(ctx);
  service.refreshDue = () => Promise.resolve(false);
  return service;
});

/**
 * The catalogue tests' fixture: three providers (alpha restricted in the US and France, beta
 * unrestricted, gamma with only hidden games) and their games next to the eight seeded in-house
 * games, on a server that trusts `cf-ipcountry` and reads the catalogue on every request.
 */
export interface Row {
  id: string;
  name: string;
  provider: string;
  priority: number;
  categories: string[];
  featured?: boolean;
  searchFeatured?: boolean;
  custom?: string | null;
  hidden?: boolean;
  disabled?: boolean;
}

export const ROWS: Row[] = [
  {
    id: 'alpha-star-fruit',
    name: 'Star Fruit Frenzy',
    provider: 'alpha-studio',
    priority: 500,
    categories: ['slots'],
    featured: true,
    searchFeatured: true,
  },
  {
    id: 'alpha-starlight',
    name: 'Starlight Roulette',
    provider: 'alpha-studio',
    priority: 400,
    categories: ['live'],
    custom: 'live',
  },
  {
    id: 'alpha-cosmic-show',
    name: 'Cosmic STAR Show',
    provider: 'alpha-studio',
    priority: 300,
    categories: ['game-shows'],
    custom: 'game-shows',
  },
  {
    id: 'alpha-hidden',
    name: 'Hidden Star',
    provider: 'alpha-studio',
    priority: 900,
    categories: ['slots'],
    hidden: true,
  },
  {
    id: 'alpha-disabled',
    name: 'Disabled Star',
    provider: 'alpha-studio',
    priority: 800,
    categories: ['slots'],
    disabled: true,
  },
  {
    id: 'beta-bonus-barrage',
    name: 'Bonus Barrage',
    provider: 'beta-games',
    priority: 450,
    categories: ['slots', 'buy-bonuses'],
    featured: true,
    custom: 'buy-bonuses',
  },
  {
    id: 'beta-fresh-fortune',
    name: 'Fresh Fortune',
    provider: 'beta-games',
    priority: 350,
    categories: ['slots', 'new-releases'],
    searchFeatured: true,
    custom: 'new-releases',
  },
  { id: 'beta-mega', name: 'Mega 100% Wins_', provider: 'beta-games', priority: 250, categories: ['slots'] },
  ...Array.from({ length: 7 }, (_, i) => ({
    id: `beta-page-${i + 1}`,
    name: `Page Test ${i + 1}`,
    provider: 'beta-games',
    priority: 100 - i,
    categories: ['slots'],
  })),
  {
    id: 'gamma-ghost',
    name: 'Gamma Ghost',
    provider: 'gamma-works',
    priority: 999,
    categories: ['slots'],
    hidden: true,
  },
];

/** Starts the server and inserts the fixture. */
export async function startCatalogueServer(): Promise<TestServer> {
  const t = await startTestServer(
    { TRUSTED_COUNTRY_HEADER: 'CF-IPCountry', CATALOGUE_CACHE_MS: '0' },
    { services: [noGameListRefresh] },
  );
  const db = t.server.database;
  for (const [id, name, priority, featured, restrictions] of [
    ['alpha-studio', 'Alpha Studio', 50, true, 'United States; France (Paris only)'],
    ['beta-games', 'Beta Games', 40, false, 'No restrictions'],
    ['gamma-works', 'gamma Works', 60, true, 'Germany'],
  ] as const) {
    await db.query(
      'insert into game_providers (id, name, image, priority, is_featured) values ($1, $2, $3, $4, $5)',
      [id, name, `/api/img/providers/${id}.svg`, priority, featured],
    );
    await putProviderRestrictions(db, id, restrictions, parseRestrictions(restrictions).iso);
  }
  for (const r of ROWS) {
    await db.query(
      `insert into games (id, name, image, type, provider, priority, categories, is_featured, is_search_featured,
                          custom_category, hidden, disabled)
       values ($1, $2, $3, $4, $4, $5, $6::text[], $7, $8, $9, $10, $11)`,
      [
        r.id,
        r.name,
        `/api/img/games/${r.id}.svg`,
        r.provider,
        r.priority,
        r.categories,
        r.featured ?? false,
        r.searchFeatured ?? false,
        r.custom ?? null,
        r.hidden ?? false,
        r.disabled ?? false,
      ],
    );
  }
  return t;
}

export interface Page {
  games: CatalogueGame[];
  page: number;
  limit: number;
  total: number;
}

/** POST /api/data/gamesFilter, expecting 200. */
export async function filter(t: TestServer, body: unknown, country?: string): Promise<Page> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/data/gamesFilter',
    payload: body as object,
    headers: country ? { 'cf-ipcountry': country } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}
export const ids = (p: Page) => p.games.map((g) => g.id);
/** Every in-house game in lobby order: single-round, extended, then crash (seed-catalogue.ts). */
export const ORIGINALS = [...GAMES, ...EXTENDED_GAMES, crash].map((g) => g.id);
