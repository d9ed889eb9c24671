import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { crashPointFromHash, formatHundredths } from '@nebula/games';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, listMigrations, runMigrations } from '../src/db/migrate.js';
import { seedDatabase } from '../src/db/seed.js';
import {
  CrashLoop,
  CrashService,
  crashBettingMs,
  crashPauseMs,
  generateChainAsync,
  insertChain,
} from '../src/modules/crash/index.js';
import { Ledger } from '../src/modules/ledger/index.js';
import type { AppContext } from '../src/platform/context.js';
import { loadConfig } from '../src/platform/config.js';
import { createRealtime } from '../src/realtime/index.js';
import { createTestDatabase, settingsFor, withServices } from './helpers/test-server.js';

/**
 * Issue G4 item 1: each crash chain records its scheme. Chains published before migration 0018 keep
 * `hmac52` (their rounds do not change), chains published since play `hmac32` (the large casino's
 * published algorithm), and a round's crash point, result and chain view follow its chain's scheme.
 */
const SALT = '0000000000000000001b34dc6a1e86083f95500b096231436e9b25cbdd0075c4';
const log = pino({ level: 'silent' });

describe('migration 0018: the crash scheme column', () => {
  let t: Awaited<ReturnType<typeof createTestDatabase>>;
  let before: string;
  beforeAll(async () => {
    t = await createTestDatabase();
    before = await fs.mkdtemp(path.join(os.tmpdir(), 'nebula-migrations-'));
  });
  afterAll(async () => {
    await t?.drop();
    await fs.rm(before, { recursive: true, force: true });
  });

  it('gives chains published before it hmac52 and later chains hmac32', async () => {
    // The schema as it was before 0018, with a chain in it.
    for (const file of await listMigrations()) {
      if (file >= '0018_crash_scheme.sql') continue;
      await fs.copyFile(path.join(MIGRATIONS_DIR, file), path.join(before, file));
    }
    await runMigrations(t.database, before);
    await t.database.query(
      `insert into crash_chains (terminating_hash, length, seed, checkpoint_every) values ($1, 1, $2, 1)`,
      ['a'.repeat(64), 'b'.repeat(64)],
    );
    expect(await runMigrations(t.database)).toContain('0018_crash_scheme.sql');
    await t.database.query(
      `insert into crash_chains (terminating_hash, length, seed, checkpoint_every) values ($1, 1, $2, 1)`,
      ['c'.repeat(64), 'd'.repeat(64)],
    );
    const rows = await t.database.query<{ terminating_hash: string; scheme: string }>(
      'select terminating_hash, scheme from crash_chains order by id',
    );
    expect(rows.map((r) => r.scheme)).toEqual(['hmac52', 'hmac32']);
    await expect(
      t.database.query(
        `insert into crash_chains (terminating_hash, length, seed, checkpoint_every, scheme)
         values ($1, 1, $2, 1, 'hmac64')`,
        ['e'.repeat(64), 'f'.repeat(64)],
      ),
    ).rejects.toThrow();
  });
});

describe('rounds follow their chain’s scheme', () => {
  let t: Awaited<ReturnType<typeof createTestDatabase>>;
  let ctx: AppContext;
  beforeAll(async () => {
    t = await createTestDatabase();
    await runMigrations(t.database);
    await seedDatabase(t.database, { withDemoAccounts: false });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SERVE_WEB: 'false' });
    const realtime = await createRealtime({
      config,
      log,
      nodeId: 'crash-scheme-test',
      auth: { byToken: () => Promise.resolve(null), bySecret: () => Promise.resolve(null) },
    });
    ctx = withServices({
      config,
      database: t.database,
      log,
      realtime,
      nodeId: 'crash-scheme-test',
      ledger: new Ledger(t.database, realtime.hub),
      settings: settingsFor(t.database),
    });
  });
  afterAll(async () => {
    await ctx?.realtime.close();
    await t?.drop();
  });

  it('an hmac52 chain (published before) plays hmac52, the next chain (published now) hmac32', async () => {
    const old = await generateChainAsync('1'.repeat(64), 2, 1);
    const oldId = await insertChain(t.database, old, SALT, 'hmac52');
    const now = await generateChainAsync('2'.repeat(64), 2, 1);
    const nowId = await insertChain(t.database, now, SALT);
    await ctx.settings.change(crashBettingMs, 60_000);
    await ctx.settings.change(crashPauseMs, 0);
    const loop = new CrashLoop(ctx, { tickMs: 100 });
    const created: { chain: number; index: number; hash: string; crash: string; edge: number }[] = [];
    for (let i = 0; i < 4; i++) {
      expect(await loop.createRound()).toBe(true);
      const row = (
        await t.database.query<{ chain: number; index: number; hash: string; crash: string; edge: number }>(
          `select chain_id as chain, chain_index as index, hash, crash_point::text as crash,
                  house_edge_bps as edge
             from crash_rounds order by id desc limit 1`,
        )
      )[0];
      if (!row) throw new Error('no round');
      created.push(row);
      // Close the round as busted and settled so the next one can be created.
      await t.database.query(
        `update crash_rounds set phase = 'busted', started_at = clock_timestamp(),
           busted_at = clock_timestamp(), settled_at = clock_timestamp() where chain_id = $1 and chain_index = $2`,
        [row.chain, row.index],
      );
    }
    expect(created.map((r) => [r.chain, r.index])).toEqual([
      [oldId, 0],
      [oldId, 1],
      [nowId, 0],
      [nowId, 1],
    ]);
    for (const r of created) {
      const scheme = r.chain === oldId ? 'hmac52' : 'hmac32';
      expect(r.crash).toBe(crashPointFromHash(r.hash, SALT, r.edge, scheme).toString());
    }

    // The fairness page's data: each chain and each round names its scheme.
    const history = await new CrashService(ctx).history({ limit: 10 });
    expect(history.chains.map((c) => [c.id, c.scheme])).toEqual([
      [nowId, 'hmac32'],
      [oldId, 'hmac52'],
    ]);
    for (const round of history.rounds) {
      const scheme = round.chainId === oldId ? 'hmac52' : 'hmac32';
      expect(round.scheme).toBe(scheme);
      expect(round.crashPoint).toBe(
        formatHundredths(crashPointFromHash(round.hash, SALT, round.houseEdgeBps, scheme)),
      );
    }
  }, 120_000);
});
