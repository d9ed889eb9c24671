import type { GameFilter } from '@nebula/contracts';
import { describe, expect, it, vi } from 'vitest';
import { CatalogueStore, loadSnapshot } from '../src/modules/catalogue/index.js';
import { FavouriteIdsCache } from '../src/modules/catalogue/catalogue.repository.js';
import { renderPage } from '../src/modules/catalogue/snapshot.js';

/** The in-memory catalogue: freshness of the per-process snapshot, and its own derived data. */
function fakeDb(names: string[]) {
  const calls = { games: 0, providers: 0, version: 0 };
  const state = { names };
  const db = {
    async query<T>(text: string): Promise<T[]> {
      if (text.includes('xmin')) {
        calls.version++;
        return [{ v: state.names.join(',') }] as T[];
      }
      if (text.includes('from games')) {
        calls.games++;
        return state.names.map((name, i) => ({
          id: `g${i}`,
          name,
          image: `/api/img/games/g${i}.svg`,
          icon: null,
          type: i === 0 ? 'originals' : 'p1',
          provider: i === 0 ? null : 'p1',
          priority: 100 - i,
          categories: ['slots'],
          is_featured: false,
          is_search_featured: false,
          custom_category: null,
          launchable: i === 0,
        })) as T[];
      }
      calls.providers++;
      return [
        { id: 'p1', name: 'Provider One', image: '/p1.svg', priority: 5, is_featured: true, iso: ['US'] },
        { id: 'p2', name: 'Provider Two', image: '/p2.svg', priority: 9, is_featured: true, iso: null },
      ] as T[];
    },
  };
  return { db, calls, state };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const view = { favourites: new Set<string>(), iso: 'US' };

describe('catalogue snapshot', () => {
  it('derives provider counts, leaves out providers without listed games and flags restrictions', async () => {
    const { db } = fakeDb(['Dice', 'Alpha', 'Beta']);
    const s = await loadSnapshot(db);
    expect(s.providerList(false, 'US')).toEqual([
      {
        id: 'p1',
        name: 'Provider One',
        image: '/p1.svg',
        priority: 5,
        is_featured: true,
        games: 2,
        blocked: true,
      },
    ]);
    expect(s.providerList(false, null)[0]?.blocked).toBe(false);
    const page = s.filter([], { offset: 0, limit: 10 }, view);
    expect(page.games.map((g) => [g.id, g.blocked])).toEqual([
      ['g0', false],
      ['preview:g1', true],
      ['preview:g2', true],
    ]);
  });

  it('reads the database on every call with a cache of 0 ms', async () => {
    const { db, calls } = fakeDb(['Dice']);
    const store = new CatalogueStore(db, 0);
    await store.get();
    await store.get();
    expect(calls.games).toBe(2);
  });

  it('serves one snapshot until it is older than the limit, then reloads once (stale while revalidating)', async () => {
    const { db, calls, state } = fakeDb(['Dice', 'Alpha']);
    const store = new CatalogueStore(db, 100);
    const first = await Promise.all([store.get(), store.get(), store.get()]);
    expect(calls.games).toBe(1);
    expect(first[0]).toBe(first[2]);
    state.names = ['Dice'];
    expect((await store.get()).games).toHaveLength(2);
    await sleep(150);
    // The stale snapshot answers while one reload runs; the next call sees the new catalogue.
    const [a, b] = await Promise.all([store.get(), store.get()]);
    expect(a.games).toHaveLength(2);
    expect(b).toBe(a);
    await sleep(10);
    expect((await store.get()).games).toHaveLength(1);
    expect(calls.games).toBe(2);
    store.invalidate();
    await store.get();
    expect(calls.games).toBe(3);
  });

  it('only checks the version while the catalogue does not change', async () => {
    const { db, calls } = fakeDb(['Dice', 'Alpha']);
    const store = new CatalogueStore(db, 20);
    const s = await store.get();
    for (let i = 0; i < 3; i++) {
      await sleep(30);
      expect(await store.get()).toBe(s);
      await sleep(5);
    }
    expect(calls.games).toBe(1);
    expect(calls.version).toBeGreaterThanOrEqual(3);
  });

  it('keeps serving the last snapshot when a reload fails', async () => {
    const { db } = fakeDb(['Dice']);
    const warnings: unknown[] = [];
    let fail = false;
    const flaky = {
      query: <T>(text: string) => (fail ? Promise.reject(new Error('down')) : db.query<T>(text)),
    };
    const store = new CatalogueStore(flaky, 20, { warn: (obj) => warnings.push(obj) });
    const s = await store.get();
    fail = true;
    await sleep(30);
    expect(await store.get()).toBe(s);
    await sleep(10);
    expect(await store.get()).toBe(s);
    expect(warnings.length).toBeGreaterThanOrEqual(1);
  });
});

describe('serialised gamesFilter pages', () => {
  const filters: GameFilter[][] = [
    [],
    [{ key: 'category', type: 'includes:array', expect: 'slots' }],
    [{ key: 'name', type: 'search', expect: 'a' }],
    [{ key: 'name', type: 'search', expect: 'nothing matches this' }],
  ];

  it('renders exactly the JSON of the objects, with each caller’s favourite and blocked flags', async () => {
    const { db } = fakeDb(['Dice', 'Alpha "quoted" \\ name', 'Beta', 'Gamma', 'Ünïcode ☆']);
    const s = await loadSnapshot(db);
    const noCheck = () => undefined;
    for (const f of filters) {
      for (const [page, limit] of [
        [1, 10],
        [1, 2],
        [2, 2],
        [3, 2],
        [9, 2],
      ] as const) {
        for (const iso of ['US', 'DE', null]) {
          for (const favourites of [new Set<string>(), new Set(['g0']), new Set(['g1', 'g3', 'g4', 'zz'])]) {
            const rendered = String(renderPage(s.serialisedPage(f, page, limit, iso, noCheck), favourites));
            const { games, total } = s.filter(f, { offset: (page - 1) * limit, limit }, { favourites, iso });
            expect(rendered).toBe(JSON.stringify({ games, page, limit, total }));
          }
        }
      }
    }
  });

  it('builds and checks a page once per snapshot, filter set, page, size and country', async () => {
    const { db } = fakeDb(['Dice', 'Alpha', 'Beta']);
    const s = await loadSnapshot(db);
    const check = vi.fn();
    const a = s.serialisedPage(filters[1]!, 1, 10, 'US', check);
    expect(s.serialisedPage(filters[1]!, 1, 10, 'US', check)).toBe(a);
    expect(check).toHaveBeenCalledTimes(1);
    expect(check.mock.calls[0]?.[0]).toMatchObject({ page: 1, limit: 10, total: 3 });
    expect(s.serialisedPage(filters[1]!, 1, 10, 'DE', check)).not.toBe(a);
    expect(s.serialisedPage(filters[1]!, 2, 10, 'US', check)).not.toBe(a);
    expect(check).toHaveBeenCalledTimes(3);
    // A refused page is not kept.
    const refuse = () => {
      throw new Error('contract');
    };
    expect(() => s.serialisedPage(filters[0]!, 1, 10, 'US', refuse)).toThrow('contract');
    expect(() => s.serialisedPage(filters[0]!, 1, 10, 'US', refuse)).toThrow('contract');
  });
});

describe('favourite ids cache', () => {
  function favouritesDb() {
    const state = { ids: ['a'], reads: 0, gate: Promise.resolve() };
    const db = {
      async query<T>(): Promise<T[]> {
        state.reads++;
        const answer = state.ids.map((game_id) => ({ game_id }));
        await state.gate;
        return answer as T[];
      },
    };
    return { db, state };
  }

  it('reads once per player within the limit; a change through this node shows at once', async () => {
    const { db, state } = favouritesDb();
    const cache = new FavouriteIdsCache(db, 60_000);
    const [x, y] = await Promise.all([cache.get('u1'), cache.get('u1')]);
    expect([...x]).toEqual(['a']);
    expect(y).toBe(x);
    expect(await cache.get('u1')).toBe(x);
    expect(state.reads).toBe(1);
    await cache.get('u2');
    expect(state.reads).toBe(2);
    state.ids = ['a', 'b'];
    cache.changed('u1');
    expect([...(await cache.get('u1'))]).toEqual(['a', 'b']);
    expect(state.reads).toBe(3);
  });

  it('does not keep a read that started before a change', async () => {
    const { db, state } = favouritesDb();
    const cache = new FavouriteIdsCache(db, 60_000);
    let release: () => void = () => undefined;
    state.gate = new Promise((r) => {
      release = r;
    });
    const before = cache.get('u1');
    state.ids = ['changed'];
    cache.changed('u1');
    release();
    expect([...(await before)]).toEqual(['a']);
    state.gate = Promise.resolve();
    expect([...(await cache.get('u1'))]).toEqual(['changed']);
  });

  it('reads every time with a limit of 0, and again once the limit passed', async () => {
    const { db, state } = favouritesDb();
    const off = new FavouriteIdsCache(db, 0);
    await off.get('u1');
    await off.get('u1');
    expect(state.reads).toBe(2);
    const short = new FavouriteIdsCache(db, 20);
    await short.get('u1');
    await sleep(30);
    await short.get('u1');
    expect(state.reads).toBe(4);
  });
});
