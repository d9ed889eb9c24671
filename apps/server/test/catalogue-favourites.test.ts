import type { CatalogueGame, Slide } from '@nebula/contracts';
import { EXTENDED_GAMES, GAMES } from '@nebula/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CatalogueStore,
  catalogueVersion,
  seedCatalogue,
  seedDemoCatalogue,
} from '../src/modules/catalogue/index.js';
import { readLicenseSettings } from '../src/modules/platform/index.js';
import { DEVELOPMENT_RACE_SETTINGS } from '../src/modules/race/index.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { noGameListRefresh } from './catalogue-fixture.js';
import { putSetting, startTestServer, type TestServer } from './helpers/test-server.js';

/** Favourites, home slides, generated images and the demo catalogue seed. */
let t: TestServer;
let player: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await startTestServer({ CATALOGUE_CACHE_MS: '0' }, { services: [noGameListRefresh] });
  // Test mode seeds only the in-house games; the demo catalogue is seeded here (as development does).
  expect(await seedDemoCatalogue(t.server.database)).toBe(true);
  player = await createUser(t.server.database);
  other = await createUser(t.server.database);
});
afterAll(async () => {
  await t?.close();
});

const auth = (u: TestUser | null) => (u ? { authorization: `Bearer ${u.token}` } : {});
async function post(url: string, user: TestUser | null, payload?: object) {
  return t.app.inject({ method: 'POST', url, headers: auth(user), ...(payload ? { payload } : {}) });
}
async function favourites(user: TestUser): Promise<string[]> {
  const res = await post('/api/games/favourites', user);
  expect(res.statusCode).toBe(200);
  return (res.json() as { games: CatalogueGame[] }).games.map((g) => g.id);
}

describe('demo catalogue seed', () => {
  it('seeds the originals, 20 providers, 150 provider games, restriction records and 4 slides, once', async () => {
    const db = t.server.database;
    const count = async (sql: string) => Number((await db.query<{ n: string }>(sql))[0]?.n);
    expect(await count('select count(*) as n from game_providers')).toBe(20);
    expect(await count("select count(*) as n from games where type <> 'originals'")).toBe(150);
    expect(
      await count(
        "select count(*) as n from games where type = 'originals' and 'originals' = any (categories)",
      ),
    ).toBe(GAMES.length + EXTENDED_GAMES.length + 1); // single-round, extended, crash
    expect(await count('select count(*) as n from provider_restrictions')).toBe(20);
    expect(
      await count('select count(*) as n from provider_restrictions where cardinality(iso) > 0'),
    ).toBeGreaterThanOrEqual(5);
    expect(await count('select count(*) as n from slides')).toBe(4);
    for (const c of ['live', 'buy-bonuses', 'game-shows', 'new-releases']) {
      expect(
        await count(`select count(*) as n from games where custom_category = '${c}'`),
        c,
      ).toBeGreaterThanOrEqual(8);
    }
    // Every provider game starts as a preview (no provider integration yet).
    expect(await count("select count(*) as n from games where type <> 'originals' and launchable")).toBe(0);

    // Idempotent: a second seed adds nothing and brings back nothing an operator removed.
    await db.query("delete from games where id = 'aurora-reels-glacier-gems'");
    await db.query("update games set name = 'Dice (edited)' where id = 'dice'");
    expect(await seedDemoCatalogue(db)).toBe(false);
    await seedCatalogue(db, { demo: true });
    expect(await count("select count(*) as n from games where type <> 'originals'")).toBe(149);
    expect((await db.query<{ name: string }>("select name from games where id = 'dice'"))[0]?.name).toBe(
      'Dice (edited)',
    );
    await db.query("update games set name = 'Dice' where id = 'dice'");
  });

  it('fills the lobby rows: 10 per category by priority, featured providers', async () => {
    for (const f of [
      { key: 'type', expect: 'originals' },
      { key: 'isFeatured', expect: true },
      { key: 'custom_category', expect: 'live' },
      { key: 'custom_category', expect: 'game-shows' },
      { key: 'custom_category', expect: 'new-releases' },
    ]) {
      const res = await post('/api/data/gamesFilter', null, { filter: [f], limit: 10 });
      const games = (res.json() as { games: CatalogueGame[] }).games;
      expect(games.length, JSON.stringify(f)).toBeGreaterThanOrEqual(8);
      const priorities = games.map((g) => g.priority);
      expect(priorities).toEqual([...priorities].sort((a, b) => b - a));
    }
    const providers = await t.app.inject({ method: 'GET', url: '/api/game-providers?featured=true' });
    expect((providers.json() as { providers: unknown[] }).providers.length).toBeGreaterThanOrEqual(10);
  });
});

describe('catalogue snapshot freshness', () => {
  it('has a version that changes with any write to the listed data, and not otherwise', async () => {
    const db = t.server.database;
    const v1 = await catalogueVersion(db);
    expect(await catalogueVersion(db)).toBe(v1);
    const seen = new Set([v1]);
    for (const sql of [
      "update games set priority = priority + 1 where id = 'dice'",
      "update games set priority = priority - 1 where id = 'dice'",
      "update provider_restrictions set iso = '{FR}' where provider = 'aurora-reels'",
      "update provider_restrictions set iso = '{}' where provider = 'aurora-reels'",
      "update game_providers set name = 'Aurora Reels!' where id = 'aurora-reels'",
      "update game_providers set name = 'Aurora Reels' where id = 'aurora-reels'",
      'delete from game_favourites where false',
    ]) {
      await db.query(sql);
      const v = await catalogueVersion(db);
      // Favourites and other tables are not part of the snapshot.
      if (sql.includes('game_favourites')) expect(seen.has(v), sql).toBe(true);
      else expect(seen.has(v), sql).toBe(false);
      seen.add(v);
    }
  });

  it('shows an edit within the cache time', async () => {
    const db = t.server.database;
    const store = new CatalogueStore(db, 100);
    expect((await store.get()).byId.has('wheel')).toBe(true);
    await db.query("update games set hidden = true where id = 'wheel'");
    expect((await store.get()).byId.has('wheel')).toBe(true);
    const deadline = Date.now() + 5_000;
    while ((await store.get()).byId.has('wheel') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 25));
    }
    expect((await store.get()).byId.has('wheel')).toBe(false);
    await db.query("update games set hidden = false where id = 'wheel'");
  });
});

describe('favourites', () => {
  it('needs a signed-in caller', async () => {
    expect((await post('/api/games/favourites', null)).statusCode).toBe(401);
    expect((await post('/api/games/favourite', null, { id: 'dice', favourite: true })).statusCode).toBe(401);
  });

  it('adds, lists (newest first), flags in lists and removes favourites, idempotently', async () => {
    expect(await favourites(player)).toEqual([]);
    for (const id of ['dice', 'preview:quasar-gaming-quasar-quest', 'preview:quasar-gaming-quasar-quest']) {
      const res = await post('/api/games/favourite', player, { id, favourite: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ id, favourite: true });
    }
    expect(await favourites(player)).toEqual(['preview:quasar-gaming-quasar-quest', 'dice']);
    expect(await favourites(other)).toEqual([]);

    const row = async (user: TestUser | null) =>
      (
        (
          await post('/api/data/gamesFilter', user, { filter: [{ key: 'type', expect: 'originals' }] })
        ).json() as {
          games: CatalogueGame[];
        }
      ).games.find((g) => g.id === 'dice');
    expect((await row(player))?.isFavorite).toBe(true);
    expect((await row(other))?.isFavorite).toBe(false);
    expect((await row(null))?.isFavorite).toBe(false);

    // A favourite whose game is hidden later drops out of the list.
    await t.server.database.query("update games set hidden = true where id = 'quasar-gaming-quasar-quest'");
    expect(await favourites(player)).toEqual(['dice']);
    await t.server.database.query("update games set hidden = false where id = 'quasar-gaming-quasar-quest'");

    for (let i = 0; i < 2; i++) {
      const res = await post('/api/games/favourite', player, { id: 'dice', favourite: false });
      expect(res.json()).toEqual({ id: 'dice', favourite: false });
    }
    expect(await favourites(player)).toEqual(['preview:quasar-gaming-quasar-quest']);
  });

  it('refuses unknown or unlisted games and bad input', async () => {
    const unknown = await post('/api/games/favourite', player, { id: 'no-such-game', favourite: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'unknown_game', message: 'Unknown game.' });
    await t.server.database.query("update games set disabled = true where id = 'limbo'");
    expect((await post('/api/games/favourite', player, { id: 'limbo', favourite: true })).statusCode).toBe(
      404,
    );
    await t.server.database.query("update games set disabled = false where id = 'limbo'");
    for (const body of [
      {},
      { id: 'dice' },
      { id: 'dice', favourite: 'yes' },
      { id: '', favourite: true },
      { id: 'dice', favourite: true, x: 1 },
    ]) {
      const res = await post('/api/games/favourite', player, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
  });
});

describe('slides', () => {
  const slides = async (user: TestUser | null) => {
    const res = await post('/api/slides', user);
    expect(res.statusCode).toBe(200);
    return (res.json() as { slides: Slide[] }).slides;
  };
  const setPoker = async (on: boolean) => {
    const license = await readLicenseSettings(t.server.settings);
    await putSetting(t, 'license', {
      ...license,
      plugins: { ...license.plugins, poker: on },
    });
  };

  it('never shows Poker banners to guests; signed-in players see them when the poker plugin is on', async () => {
    await setPoker(true);
    const guest = await slides(null);
    expect(guest.map((s) => s._id)).toEqual(['crypto-deposits', 'weekly-race', 'provably-fair']);
    expect(guest.some((s) => s.type === 'Poker')).toBe(false);
    expect(guest[0]).toEqual({
      _id: 'crypto-deposits',
      type: 'Deposit',
      title: 'Play with crypto',
      text: 'Deposit BTC, ETH, USDT and more, then play the originals.',
      link: '/casino/originals',
      image: '/api/img/slides/crypto-deposits.svg',
    });
    // The race slide states the race's real pool (the development race settings: 1,000 USDT).
    const pool = DEVELOPMENT_RACE_SETTINGS.reward.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    expect(guest[1]?.title).toBe(`Weekly race: ${pool} ${DEVELOPMENT_RACE_SETTINGS.currency.toUpperCase()}`);
    expect(guest.map((s) => `${s.title} ${s.text}`).join(' ')).not.toMatch(/bonus|\$/i);
    expect((await slides(player)).map((s) => s.type)).toEqual(['Deposit', 'Race', 'Promo', 'Poker']);
    await setPoker(false);
    expect((await slides(player)).some((s) => s.type === 'Poker')).toBe(false);
  });

  it('leaves out disabled slides and refuses a body', async () => {
    await t.server.database.query("update slides set enabled = false where id = 'weekly-race'");
    expect((await slides(null)).map((s) => s._id)).toEqual(['crypto-deposits', 'provably-fair']);
    await t.server.database.query("update slides set enabled = true where id = 'weekly-race'");
    expect((await post('/api/slides', null, { type: 'Poker' })).statusCode).toBe(422);
  });
});

describe('generated images', () => {
  it('serves SVG tiles, icons, provider logos and slides', async () => {
    for (const url of [
      '/api/img/games/dice.svg',
      '/api/img/games/aurora-reels-polar-fortune.svg',
      '/api/img/icons/dice.svg',
      '/api/img/providers/aurora-reels.svg',
      '/api/img/slides/crypto-deposits.svg',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      expect(res.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    }
    const tile = await t.app.inject({ method: 'GET', url: '/api/img/games/dice.svg' });
    expect(tile.body).toContain('width="195" height="196"');
    expect(tile.body).toContain('>DICE<');
    // Stable: the same id gives the same picture.
    expect((await t.app.inject({ method: 'GET', url: '/api/img/games/dice.svg' })).body).toBe(tile.body);
  });

  it('escapes names and answers 404 for unknown images', async () => {
    await t.server.database.query(
      "update games set name = '<script>alert(1)</script> & Co' where id = 'keno'",
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/img/games/keno.svg' });
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('&#60;SCRIPT&#62;');
    await t.server.database.query("update games set name = 'Keno' where id = 'keno'");
    for (const url of [
      '/api/img/games/nope.svg',
      '/api/img/games/dice.png',
      '/api/img/other/dice.svg',
      '/api/img/games/..%2Fx.svg',
    ]) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(404);
      expect(r.json()).toMatchObject({ code: 'not_found' });
    }
  });
});
