import { describe, expect, it } from 'vitest';
import { CatalogueStore, loadSnapshot } from '../src/modules/catalogue/index.js';

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
