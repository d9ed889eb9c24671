import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORIGINALS,
  ROWS,
  type Page,
  filter as filterOn,
  ids,
  startCatalogueServer,
} from './catalogue-fixture.js';
import type { TestServer } from './helpers/test-server.js';

/**
 * POST /api/data/gamesFilter (spec 3 section 7): every key and filter type, pages, hidden and
 * disabled games, bad input. The fixture is in catalogue-fixture.ts.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startCatalogueServer();
});
afterAll(async () => {
  await t?.close();
});
const filter = (body: unknown, country?: string): Promise<Page> => filterOn(t, body, country);

describe('gamesFilter keys and types', () => {
  it('lists the in-house games as type originals with category originals, by priority', async () => {
    const page = await filter({ filter: [{ key: 'type', expect: 'originals' }] });
    expect(ids(page)).toEqual(ORIGINALS);
    expect(page.total).toBe(ORIGINALS.length);
    expect(
      page.games.every((g) => g.launchable && g.category.includes('originals') && g.provider === null),
    ).toBe(true);
    expect(
      ids(await filter({ filter: [{ key: 'category', type: 'includes:array', expect: 'originals' }] })),
    ).toEqual(ORIGINALS);
  });

  it('gives provider games preview: ids (not launchable) and leaves out hidden and disabled games', async () => {
    const page = await filter({ filter: [{ key: 'type', expect: 'alpha-studio' }] });
    expect(ids(page)).toEqual([
      'preview:alpha-star-fruit',
      'preview:alpha-starlight',
      'preview:alpha-cosmic-show',
    ]);
    expect(page.games[0]).toMatchObject({
      name: 'Star Fruit Frenzy',
      image: '/api/img/games/alpha-star-fruit.svg',
      type: 'alpha-studio',
      provider: { id: 'alpha-studio', name: 'Alpha Studio' },
      priority: 500,
      category: ['slots'],
      isFeatured: true,
      isSearchFeatured: true,
      custom_category: null,
      launchable: false,
      isFavorite: false,
      blocked: false,
    });
    expect(ids(await filter({ filter: [{ key: 'provider', expect: 'alpha-studio' }] }))).toEqual(ids(page));
    const all = await filter({ filter: [] });
    expect(all.total).toBe(ORIGINALS.length + ROWS.filter((r) => !r.hidden && !r.disabled).length);
    expect(ids(all).some((id) => /hidden|disabled|gamma/.test(id))).toBe(false);
  });

  it('search: case-insensitive substring of the name', async () => {
    const page = await filter({ filter: [{ key: 'name', type: 'search', expect: 'sTaR' }] });
    expect(ids(page)).toEqual([
      'preview:alpha-star-fruit',
      'preview:alpha-starlight',
      'preview:alpha-cosmic-show',
    ]);
    // LIKE wildcards are plain characters.
    expect(ids(await filter({ filter: [{ key: 'name', type: 'search', expect: '100%' }] }))).toEqual([
      'preview:beta-mega',
    ]);
    expect(ids(await filter({ filter: [{ key: 'name', type: 'search', expect: 's_' }] }))).toEqual([
      'preview:beta-mega',
    ]);
    expect((await filter({ filter: [{ key: 'name', type: 'search', expect: 'zzz' }] })).total).toBe(0);
    expect(ids(await filter({ filter: [{ key: 'type', type: 'search', expect: 'ALPHA' }] }))).toHaveLength(3);
  });

  it('includes:string: case-sensitive substring', async () => {
    expect(ids(await filter({ filter: [{ key: 'name', type: 'includes:string', expect: 'Star' }] }))).toEqual(
      ['preview:alpha-star-fruit', 'preview:alpha-starlight'],
    );
    expect(ids(await filter({ filter: [{ key: 'name', type: 'includes:string', expect: 'STAR' }] }))).toEqual(
      ['preview:alpha-cosmic-show'],
    );
    expect(
      ids(await filter({ filter: [{ key: 'custom_category', type: 'includes:string', expect: 'bonus' }] })),
    ).toEqual(['preview:beta-bonus-barrage']);
  });

  it('includes:array and plain category: the category list includes the value', async () => {
    expect(
      ids(await filter({ filter: [{ key: 'category', type: 'includes:array', expect: 'buy-bonuses' }] })),
    ).toEqual(['preview:beta-bonus-barrage']);
    expect(ids(await filter({ filter: [{ key: 'category', expect: 'new-releases' }] }))).toEqual([
      'preview:beta-fresh-fortune',
    ]);
    expect((await filter({ filter: [{ key: 'category', expect: 'slots' }] })).total).toBe(11);
  });

  it('equality on flags, custom_category and id (a preview: id names its game)', async () => {
    expect(ids(await filter({ filter: [{ key: 'isFeatured', expect: true }] }))).toEqual([
      'preview:alpha-star-fruit',
      'preview:beta-bonus-barrage',
    ]);
    expect(ids(await filter({ filter: [{ key: 'isSearchFeatured', expect: true }] }))).toEqual([
      'dice',
      'limbo',
      'plinko',
      'preview:alpha-star-fruit',
      'preview:beta-fresh-fortune',
    ]);
    expect((await filter({ filter: [{ key: 'isFeatured', expect: false }] })).total).toBe(
      ORIGINALS.length + 11,
    );
    expect(ids(await filter({ filter: [{ key: 'custom_category', expect: 'live' }] }))).toEqual([
      'preview:alpha-starlight',
    ]);
    expect(ids(await filter({ filter: [{ key: 'custom_category', expect: 'game-shows' }] }))).toEqual([
      'preview:alpha-cosmic-show',
    ]);
    expect(ids(await filter({ filter: [{ key: 'id', expect: 'preview:beta-mega' }] }))).toEqual([
      'preview:beta-mega',
    ]);
    expect(ids(await filter({ filter: [{ key: 'id', expect: 'dice' }] }))).toEqual(['dice']);
    expect(ids(await filter({ filter: [{ key: 'id', expect: 'alpha-hidden' }] }))).toEqual([]);
  });

  it('combines filters with AND', async () => {
    const page = await filter({
      filter: [
        { key: 'provider', expect: 'beta-games' },
        { key: 'category', type: 'includes:array', expect: 'slots' },
        { key: 'name', type: 'search', expect: 'page' },
      ],
      limit: 100,
    });
    expect(page.total).toBe(7);
    expect(
      ids(
        await filter({
          filter: [
            { key: 'type', expect: 'originals' },
            { key: 'isFeatured', expect: true },
          ],
        }),
      ),
    ).toEqual([]);
  });
});

describe('gamesFilter pages', () => {
  it('pages searches by 6 by default', async () => {
    const search = [{ key: 'name', type: 'search', expect: 'page test' }];
    const first = await filter({ filter: search });
    expect(first).toMatchObject({ page: 1, limit: 6, total: 7 });
    expect(ids(first)).toEqual([1, 2, 3, 4, 5, 6].map((i) => `preview:beta-page-${i}`));
    const second = await filter({ filter: search, page: 2 });
    expect(second).toMatchObject({ page: 2, limit: 6, total: 7 });
    expect(ids(second)).toEqual(['preview:beta-page-7']);
    const past = await filter({ filter: search, page: 3 });
    expect(past).toMatchObject({ games: [], page: 3, total: 7 });
  });

  it('takes a limit for the lobby rows (10 per category, by priority)', async () => {
    const row = await filter({ filter: [{ key: 'category', expect: 'slots' }], limit: 3 });
    expect(ids(row)).toEqual([
      'preview:alpha-star-fruit',
      'preview:beta-bonus-barrage',
      'preview:beta-fresh-fortune',
    ]);
    expect(row.total).toBe(11);
    const second = await filter({ filter: [{ key: 'category', expect: 'slots' }], limit: 3, page: 2 });
    expect(ids(second)).toEqual(['preview:beta-mega', 'preview:beta-page-1', 'preview:beta-page-2']);
    expect((await filter({})).limit).toBe(100);
  });
});

describe('gamesFilter refuses bad input with 4xx {code, message}', () => {
  const bad: [string, unknown][] = [
    ['unknown key', { filter: [{ key: 'priority', expect: '1' }] }],
    ['unknown type', { filter: [{ key: 'name', type: 'regex', expect: 'a' }] }],
    ['includes:array on a string key', { filter: [{ key: 'name', type: 'includes:array', expect: 'a' }] }],
    ['search on the array key', { filter: [{ key: 'category', type: 'search', expect: 'slots' }] }],
    ['a type on a flag', { filter: [{ key: 'isFeatured', type: 'search', expect: true }] }],
    ['a string for a flag', { filter: [{ key: 'isFeatured', expect: 'true' }] }],
    ['a boolean for a string key', { filter: [{ key: 'name', expect: true }] }],
    ['an empty expect', { filter: [{ key: 'name', type: 'search', expect: '' }] }],
    ['a missing expect', { filter: [{ key: 'name' }] }],
    ['an unknown field', { filter: [], sort: 'name' }],
    [
      'too many filters',
      { filter: Array.from({ length: 9 }, () => ({ key: 'name', type: 'search', expect: 'a' })) },
    ],
    ['a limit above 100', { filter: [], limit: 101 }],
    ['page 0', { filter: [], page: 0 }],
    ['filter not an array', { filter: { key: 'name', expect: 'a' } }],
  ];
  for (const [what, body] of bad) {
    it(what, async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/data/gamesFilter',
        payload: body as object,
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ code: expect.anything(), message: expect.any(String) });
    });
  }
});
