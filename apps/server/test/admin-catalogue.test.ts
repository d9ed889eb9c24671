/**
 * The back office's providers (issue G8 item 4, "catalogue, providers and territory restrictions"):
 * the list with games count, switch and restricted territories; a change is audited in its
 * transaction, refused with a 4xx on bad input or without the permission, and the player's lobby
 * (games filter, providers, favourites) shows it at once although the catalogue is cached.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRestrictions, putProviderRestrictions } from '../src/modules/catalogue/index.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let t: TestServer;
let admin: TestUser;
let finance: TestUser;
let player: TestUser;

beforeAll(async () => {
  // A long cache: what the lobby shows after a change comes from the invalidation, not from expiry.
  t = await startTestServer({ TRUSTED_COUNTRY_HEADER: 'CF-IPCountry', CATALOGUE_CACHE_MS: '600000' });
  const db = t.server.database;
  for (const [id, name, restrictions] of [
    ['alpha-studio', 'Alpha Studio', 'United States; France'],
    ['beta-games', 'Beta Games', 'No restrictions'],
  ] as const) {
    await db.query('insert into game_providers (id, name, image) values ($1, $2, $3)', [
      id,
      name,
      `/api/img/providers/${id}.svg`,
    ]);
    await putProviderRestrictions(db, id, restrictions, parseRestrictions(restrictions).iso);
  }
  for (const [id, provider, disabled] of [
    ['alpha-one', 'alpha-studio', false],
    ['alpha-two', 'alpha-studio', false],
    ['alpha-off', 'alpha-studio', true],
    ['beta-one', 'beta-games', false],
  ] as const) {
    await db.query(
      `insert into games (id, name, image, type, provider, categories, disabled)
       values ($1, $1, $2, $3, $3, '{slots}'::text[], $4)`,
      [id, `/api/img/games/${id}.svg`, provider, disabled],
    );
  }
  admin = await createUser(db, { roles: ['*'] });
  finance = await createUser(db, { roles: ['finance'] });
  player = await createUser(db);
});
afterAll(async () => {
  await t?.close();
});

const post = (who: TestUser | null, url: string, payload: unknown = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: who ? { authorization: `Bearer ${who.token}` } : {},
    payload: payload as Record<string, unknown>,
  });
interface Provider {
  id: string;
  name: string;
  enabled: boolean;
  games: number;
  restricted: string[];
  restrictionText: string | null;
}
const providers = async () => {
  const res = await post(admin, '/api/admin/games/providers');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { providers: Provider[] }).providers;
};
const update = (payload: unknown, who: TestUser = admin) =>
  post(who, '/api/admin/games/providers/update', payload);
const lobby = async (country?: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/data/gamesFilter',
    payload: { filter: [{ key: 'category', expect: 'slots' }] },
    headers: country ? { 'cf-ipcountry': country } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  // A provider game without a launch integration is listed under its preview id (`preview:<id>`).
  return (res.json() as { games: { id: string; blocked: boolean }[] }).games.map((g) => ({
    ...g,
    id: g.id.replace(/^preview:/, ''),
  }));
};
const lobbyProviders = async () =>
  (
    (await t.app.inject({ method: 'GET', url: '/api/game-providers' })).json() as {
      providers: { id: string }[];
    }
  ).providers.map((p) => p.id);
const lastAudit = async () =>
  (
    await t.server.database.query<{ actor_id: string; target_id: string; before: unknown; after: unknown }>(
      `select actor_id::text, target_id, before, after from staff_audit_log
        where action = 'games.provider' order by id desc limit 1`,
    )
  )[0];

describe('admin providers', () => {
  it('lists every provider with its listed games, switch and restricted territories', async () => {
    expect(await providers()).toEqual([
      {
        id: 'alpha-studio',
        name: 'Alpha Studio',
        enabled: true,
        games: 2,
        restricted: ['FR', 'US'],
        restrictionText: 'United States; France',
      },
      {
        id: 'beta-games',
        name: 'Beta Games',
        enabled: true,
        games: 1,
        restricted: [],
        restrictionText: 'No restrictions',
      },
    ]);
  });

  it('switches a provider off and on, audited, and the lobby follows at once', async () => {
    // Warm the cached snapshot first.
    expect((await lobby()).map((g) => g.id).sort()).toEqual(['alpha-one', 'alpha-two', 'beta-one']);
    expect(await lobbyProviders()).toContain('alpha-studio');

    const off = await update({ provider: 'alpha-studio', enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((off.json() as { provider: Provider }).provider).toMatchObject({ enabled: false, games: 2 });
    expect(await lastAudit()).toEqual({
      actor_id: admin.id,
      target_id: 'alpha-studio',
      before: { enabled: true, restricted: ['FR', 'US'] },
      after: { enabled: false, restricted: ['FR', 'US'] },
    });
    expect((await lobby()).map((g) => g.id)).toEqual(['beta-one']);
    expect(await lobbyProviders()).toEqual(['beta-games']);
    const fav = await post(player, '/api/games/favourite', { id: 'alpha-one', favourite: true });
    expect(fav.statusCode).toBe(404);

    expect((await update({ provider: 'alpha-studio', enabled: true })).statusCode).toBe(200);
    expect((await lobby()).map((g) => g.id).sort()).toEqual(['alpha-one', 'alpha-two', 'beta-one']);
  });

  it('replaces the restricted territories (codes in any case), audited, and the lobby blocks by them', async () => {
    expect((await lobby('DE')).some((g) => g.blocked)).toBe(false);
    const res = await update({ provider: 'beta-games', restricted: ['de', 'GB', 'DE'] });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { provider: Provider }).provider).toMatchObject({
      restricted: ['DE', 'GB'],
      restrictionText: 'DE, GB',
    });
    expect(await lastAudit()).toMatchObject({
      target_id: 'beta-games',
      before: { restricted: [] },
      after: { restricted: ['DE', 'GB'] },
    });
    expect((await lobby('DE')).filter((g) => g.blocked).map((g) => g.id)).toEqual(['beta-one']);
    expect(
      (await lobby('US'))
        .filter((g) => g.blocked)
        .map((g) => g.id)
        .sort(),
    ).toEqual(['alpha-one', 'alpha-two']);

    expect((await update({ provider: 'beta-games', restricted: [] })).statusCode).toBe(200);
    expect((await providers()).find((p) => p.id === 'beta-games')?.restricted).toEqual([]);
    expect((await lobby('DE')).some((g) => g.blocked)).toBe(false);
  });

  it('refuses bad input with a 4xx and writes nothing', async () => {
    const before = await providers();
    const audits = async () =>
      (
        await t.server.database.query<{ n: number }>(
          `select count(*)::int as n from staff_audit_log where action = 'games.provider'`,
        )
      )[0]?.n;
    const count = await audits();
    const unknown = await update({ provider: 'nope', enabled: false });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'unknown_provider' });
    const bad = await update({ provider: 'alpha-studio', enabled: false, restricted: ['US', 'XX', 'usa'] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ code: 'invalid_country' });
    expect((bad.json() as { message: string }).message).toContain('USA, XX');
    expect((await update({ provider: 'alpha-studio' })).statusCode).toBe(422);
    expect((await update({ provider: 'alpha-studio', enabled: 'no' })).statusCode).toBe(422);
    expect(await providers()).toEqual(before);
    expect(await audits()).toBe(count);
  });

  it('refuses staff without the permission and players', async () => {
    expect((await post(finance, '/api/admin/games/providers')).statusCode).toBe(403);
    expect((await update({ provider: 'alpha-studio', enabled: false }, finance)).statusCode).toBe(403);
    expect((await update({ provider: 'alpha-studio', enabled: false }, player)).statusCode).toBe(403);
    expect((await post(null, '/api/admin/games/providers')).statusCode).toBe(401);
    expect((await providers()).find((p) => p.id === 'alpha-studio')?.enabled).toBe(true);
  });
});
