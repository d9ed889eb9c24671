import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SettingEntry } from '@nebula/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MIGRATIONS_DIR, listMigrations, runMigrations } from '../src/db/migrate.js';
import { seedDatabase } from '../src/db/seed.js';
import { modules } from '../src/modules/index.js';
import { loadRaceConfig } from '../src/modules/race/index.js';
import { AppError } from '../src/platform/errors.js';
import {
  defineSetting,
  parseStored,
  settingJsonSchema,
  SettingsRegistry,
  SettingsStore,
} from '../src/platform/settings/index.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { createTestDatabase, settingsFor, startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * The settings registry (platform/settings) and its staff endpoints: defaults and validation, the
 * per-node cache's staleness bound (an injected clock), a change seen at once by the node that made
 * it and by the others it tells, and the staff list/update with permissions, 422 and the audit row.
 */
let t: TestServer;
let admin: TestUser;
let finance: TestUser;
let player: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  admin = await createUser(t.server.database, { roles: ['*'] });
  finance = await createUser(t.server.database, { roles: ['finance'] });
  player = await createUser(t.server.database);
});
afterAll(async () => {
  await t?.close();
});

const post = (u: TestUser | null, url: string, payload: unknown = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: u ? { authorization: `Bearer ${u.token}` } : {},
    payload: payload as Record<string, unknown>,
  });

const demo = defineSetting(
  'test.limit',
  z.object({ max: z.number().int().min(1).max(100).default(10), label: z.string().default('x') }).strict(),
  { max: 5 },
  'test',
  'A setting of these tests.',
);

/** Writes a stored value behind the store's back (a hand edit of the table). */
const rawWrite = (value: unknown) =>
  t.server.database.query(
    `insert into settings (key, value) values ($1, $2::jsonb)
     on conflict (key) do update set value = excluded.value`,
    [demo.key, JSON.stringify(value)],
  );

describe('defineSetting and the registry', () => {
  it('parses the default once and refuses a default the schema refuses', () => {
    expect(demo.defaultValue).toEqual({ max: 5, label: 'x' });
    expect(demo.defaultStored).toEqual({ max: 5 });
    expect(() => defineSetting('test.bad', z.number().min(1), 0, 'test', 'bad default')).toThrow(
      /default of setting test.bad/,
    );
    expect(() => defineSetting('Test Bad', z.number(), 1, 'test', 'bad key')).toThrow(/lower case/);
  });

  it('a missing value is the default; a malformed one too; a valid one is parsed', () => {
    expect(parseStored(demo, undefined)).toEqual({ ok: true, value: { max: 5, label: 'x' } });
    const bad = parseStored(demo, { max: 1000 });
    expect(bad.ok).toBe(false);
    expect(bad.value).toEqual({ max: 5, label: 'x' });
    expect(parseStored(demo, { label: 'y' })).toEqual({ ok: true, value: { max: 10, label: 'y' } });
  });

  it('refuses one key declared by two owners', () => {
    const other = defineSetting('test.limit', z.number(), 1, 'other', 'the same key');
    expect(() => new SettingsRegistry([demo, other])).toThrow(/declared by test and by other/);
  });

  it('holds the settings of games, crash, tips, chat, race, withdrawals and prices, each key once', () => {
    const registry = SettingsRegistry.ofModules(modules);
    const owners = new Set(registry.all().map((s) => s.owner));
    expect([...owners].sort()).toEqual(
      expect.arrayContaining(['chat', 'crash', 'games', 'prices', 'race', 'tips', 'vip', 'withdrawals']),
    );
    for (const key of [
      'games.max_bet_eur',
      'games.house_edge_bps',
      'crash.betting_ms',
      'crash.pause_ms',
      'prices.overrides',
      'prices.max_quote_age_seconds',
      'tips',
      'vip.levels',
      'withdraw_wager_multiplier',
    ])
      expect(registry.get(key), key).toBeDefined();
    // Every schema turns into JSON Schema (the back office renders it).
    for (const s of registry.all()) expect(settingJsonSchema(s)).toHaveProperty('$schema');
  });
});

describe('the settings store', () => {
  const registry = new SettingsRegistry([demo]);
  const storeAt = (clock: { now: number }, maxAgeMs = 1000, broadcast?: (keys: string[]) => void) =>
    new SettingsStore({ database: t.server.database, registry, maxAgeMs, now: () => clock.now, broadcast });

  it('answers a cached value until it is older than the bound, then reloads', async () => {
    await t.server.database.query('delete from settings where key = $1', [demo.key]);
    const clock = { now: 1_000_000 };
    const store = storeAt(clock);
    expect(await store.get(demo)).toEqual({ max: 5, label: 'x' });
    await rawWrite({ max: 7 });
    clock.now += 999;
    expect((await store.get(demo)).max).toBe(5);
    clock.now += 1;
    expect((await store.get(demo)).max).toBe(7);
    // A malformed hand edit: the default applies, and the listing says so.
    await rawWrite({ max: 'many' });
    store.invalidate();
    expect((await store.get(demo)).max).toBe(5);
    expect((await store.list())[0]).toMatchObject({ stored: { max: 'many' }, malformed: true });
  });

  it('a change is seen at once by its node and by the node it tells; a refused one writes nothing', async () => {
    await rawWrite({ max: 5 });
    const clock = { now: 5_000_000 };
    const b = storeAt(clock, 60_000);
    const a = storeAt(clock, 60_000, () => b.invalidate());
    expect((await a.get(demo)).max).toBe(5);
    expect((await b.get(demo)).max).toBe(5);
    const change = await a.change(demo, { max: 42 });
    expect(change).toEqual({ before: { max: 5 }, after: { max: 42 } });
    expect((await a.get(demo)).max).toBe(42);
    expect((await b.get(demo)).max).toBe(42);

    await expect(a.change(demo, { max: 5, label: 'a\u0000b' })).rejects.toMatchObject({
      status: 422,
      code: 'invalid_setting',
    });
    const refused = await a.change(demo, { max: 0 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 422, code: 'invalid_setting' });
    expect(String((refused as Error).message)).toMatch(/test\.limit at max/);
    const rows = await t.server.database.query<{ value: unknown }>(
      'select value from settings where key = $1',
      [demo.key],
    );
    expect(rows[0]?.value).toEqual({ max: 42 });
  });

  it('a load that was running when the cache was dropped does not install what it read', async () => {
    await rawWrite({ max: 1 });
    let release: (() => void) | undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const database = {
      ...t.server.database,
      query: async <T>(text: string, params?: unknown[]) => {
        const rows = await t.server.database.query<T>(text, params);
        await gate;
        return rows;
      },
    };
    const clock = { now: 0 };
    const store = new SettingsStore({ database, registry, maxAgeMs: 60_000, now: () => clock.now });
    const early = store.get(demo);
    await rawWrite({ max: 2 });
    store.invalidate();
    release?.();
    expect((await early).max).toBe(1);
    // The next read loads again rather than keeping the read that predates the invalidation.
    expect((await store.get(demo)).max).toBe(2);
  });

  it('refuses a setting that is not in its registry', async () => {
    const stranger = defineSetting('test.stranger', z.boolean(), false, 'test', 'not registered');
    await expect(storeAt({ now: 0 }).get(stranger)).rejects.toThrow(/not in the server's settings registry/);
  });
});

describe('the staff settings endpoints', () => {
  it('are refused to guests, players and staff without the settings permission', async () => {
    expect((await post(null, '/api/admin/settings')).statusCode).toBe(401);
    for (const u of [player, finance]) {
      expect((await post(u, '/api/admin/settings')).statusCode).toBe(403);
      const res = await post(u, '/api/admin/settings/update', { key: 'games.max_bet_eur', value: '50' });
      expect(res.statusCode).toBe(403);
    }
  });

  it('lists every setting with owner, description, JSON Schema, value and default', async () => {
    const res = await post(admin, '/api/admin/settings');
    expect(res.statusCode, res.body).toBe(200);
    const list = (res.json() as { settings: SettingEntry[] }).settings;
    expect(list.map((s) => s.key).sort()).toEqual(t.server.settings.registry.keys().sort());
    expect(list.find((s) => s.key === 'games.max_bet_eur')).toMatchObject({
      owner: 'games',
      value: '20',
      default: '20',
      stored: null,
      malformed: false,
    });
    const edges = list.find((s) => s.key === 'games.house_edge_bps');
    expect(edges?.schema).toMatchObject({ type: 'object' });
    expect(list.find((s) => s.key === 'withdraw_wager_multiplier')).toMatchObject({ value: '0' });
    // Crash's round timings and the operator's prices, with their bounds in the JSON Schema.
    expect(list.find((s) => s.key === 'crash.betting_ms')).toMatchObject({
      owner: 'crash',
      value: 15_000,
      default: 15_000,
      schema: { type: 'integer', minimum: 1_000, maximum: 600_000 },
    });
    expect(list.find((s) => s.key === 'crash.pause_ms')).toMatchObject({ owner: 'crash', value: 3_000 });
    expect(list.find((s) => s.key === 'prices.overrides')).toMatchObject({
      owner: 'prices',
      value: {},
      schema: { type: 'object' },
    });
    expect(list.find((s) => s.key === 'prices.max_quote_age_seconds')).toMatchObject({ value: 0 });
    for (const s of list) expect(s.description.length, s.key).toBeGreaterThan(20);
  });

  it('changes a setting with its audit row in one transaction; the game reads the new value', async () => {
    const res = await post(admin, '/api/admin/settings/update', { key: 'games.max_bet_eur', value: '50' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ setting: { key: 'games.max_bet_eur', value: '50', stored: '50' } });
    const audit = await t.server.database.query<{ actor_id: string; before: unknown; after: unknown }>(
      `select actor_id::text as actor_id, before, after from staff_audit_log
        where action = 'settings.update' and target_type = 'setting' and target_id = 'games.max_bet_eur'`,
    );
    expect(audit).toEqual([{ actor_id: admin.id, before: { value: null }, after: { value: '50' } }]);
    const data = await t.app.inject({
      method: 'POST',
      url: '/api/whisper',
      payload: { event: 'GameData', data: { api_id: 'dice' } },
    });
    expect(data.json()).toMatchObject({ maxBetEur: '50' });
  });

  it('answers 422 for a value the schema refuses and 404 for an unknown key, writing nothing', async () => {
    const before = await t.server.database.query<{ n: number }>(
      'select count(*)::int as n from staff_audit_log',
    );
    for (const value of ['-1', 'x', { eur: 5 }, null]) {
      const res = await post(admin, '/api/admin/settings/update', { key: 'games.max_bet_eur', value });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ code: 'invalid_setting' });
      expect(typeof res.json().message).toBe('string');
    }
    const bad = await post(admin, '/api/admin/settings/update', {
      key: 'vip.levels',
      value: [{ level: 0, withdrawPerDay: 0 }],
    });
    expect(bad.statusCode).toBe(422);
    for (const [key, value] of [
      ['crash.betting_ms', 0],
      ['crash.pause_ms', -1],
      ['prices.overrides', { btc: { usd: '-97000', eur: '1' } }],
      ['prices.max_quote_age_seconds', -60],
    ] as const) {
      const res = await post(admin, '/api/admin/settings/update', { key, value });
      expect(res.statusCode, `${key} ${JSON.stringify(value)}`).toBe(422);
      expect(res.json()).toMatchObject({ code: 'invalid_setting' });
    }
    const unknown = await post(admin, '/api/admin/settings/update', { key: 'games.nothing', value: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'unknown_setting' });
    for (const body of [
      { key: 'games.max_bet_eur' },
      { key: 'Bad Key', value: 1 },
      { key: 'tips', value: {}, x: 1 },
    ]) {
      const res = await post(admin, '/api/admin/settings/update', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    const after = await t.server.database.query<{ n: number }>(
      'select count(*)::int as n from staff_audit_log',
    );
    expect(after[0]?.n).toBe(before[0]?.n);
    const stored = await t.server.database.query<{ value: unknown }>(
      "select value from settings where key = 'games.max_bet_eur'",
    );
    expect(stored[0]?.value).toBe('50');
  });
});

describe('migration 0023', () => {
  it("copies the race's prize pool from the licence into race.prize_pool, once", async () => {
    const db = await createTestDatabase();
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'settings-migrations-'));
    try {
      const files = await listMigrations();
      const until = files.indexOf('0023_race_prize_pool_setting.sql');
      expect(until).toBeGreaterThan(0);
      for (const f of files.slice(0, until))
        await fs.copyFile(path.join(MIGRATIONS_DIR, f), path.join(dir, f));
      await runMigrations(db.database, dir);
      await db.database.query(`insert into settings (key, value) values ('license', $1::jsonb)`, [
        JSON.stringify({
          plugins: { race: true },
          pluginSettings: { race: { reward: '2500', currency: 'usdt' } },
        }),
      ]);
      for (const f of files.slice(until)) await fs.copyFile(path.join(MIGRATIONS_DIR, f), path.join(dir, f));
      await runMigrations(db.database, dir);
      const rows = await db.database.query<{ value: unknown }>(
        "select value from settings where key = 'race.prize_pool'",
      );
      expect(rows).toEqual([{ value: { reward: '2500', currency: 'usdt' } }]);
      // The seed (currencies; the licence is kept) runs after the migrations, as at every start.
      await seedDatabase(db.database, { withDemoAccounts: false });
      const config = await loadRaceConfig({ database: db.database, settings: settingsFor(db.database) });
      expect(config).toMatchObject({
        enabled: true,
        currency: 'usdt',
        pool: 2500n * 10n ** BigInt(config.decimals),
      });
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
      await db.drop();
    }
  }, 120_000);
});
