import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/ledger/index.js';
import { licenseSetting, readLicenseSettings } from '../src/modules/platform/index.js';
import {
  RACE_SETTLE_DELAY_MS,
  previousRaceWeek,
  racePrizePool,
  racePrizes,
  raceWeekBounds,
  raceWeekOf,
  settleRaceWeek,
} from '../src/modules/race/index.js';
import type { Config } from '../src/platform/config.js';
import { createServer, type Server } from '../src/server.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { type TestDatabase, createSeededDatabase, nodeConfig } from './helpers/nodes.js';
import { settingsFor } from './helpers/test-server.js';

/**
 * Two nodes on one PostgreSQL database, each with its own job runner: the leader's `race.payout` job
 * pays the week that just closed while both nodes also run the payout by hand at the same moment (as
 * an old and a new leader would overlap). Every prize is paid exactly once. PostgreSQL only.
 */
const enabled = Boolean(process.env.DATABASE_URL);
const USDT = 100_000_000n;
const week = previousRaceWeek(raceWeekOf(new Date()));
// The job settles a week only RACE_SETTLE_DELAY_MS after it closed (not in the first minutes of Monday).
const settleable = Date.now() >= raceWeekBounds(week).end.getTime() + RACE_SETTLE_DELAY_MS + 60_000;

describe.skipIf(!enabled || !settleable)('race payout on two nodes (PostgreSQL)', () => {
  let db: TestDatabase;
  const nodes: { server: Server; config: Config }[] = [];
  let players: TestUser[];

  async function node(): Promise<{ server: Server; config: Config }> {
    const config = nodeConfig(db);
    return { server: await createServer(config, { log: pino({ level: 'silent' }) }), config };
  }

  beforeAll(async () => {
    // The week's bets exist before any node (and its payout job) starts.
    db = await createSeededDatabase();
    const settings = settingsFor(db.database);
    const license = await readLicenseSettings(settings);
    await settings.change(licenseSetting, { ...license, plugins: { ...license.plugins, race: true } });
    await settings.change(racePrizePool, { reward: '1000', currency: 'usdt' });
    players = await Promise.all(Array.from({ length: 12 }, () => createUser(db.database)));
    const start = raceWeekBounds(week).start.getTime();
    for (const [i, u] of players.entries()) {
      const pair = await db.database.query<{ id: string }>(
        `insert into seed_pairs (user_id, server_seed, server_seed_hash, client_seed)
         values ($1, $2, $3, 'test') returning id::text as id`,
        [u.id, randomBytes(32).toString('hex'), randomBytes(32).toString('hex')],
      );
      await db.database.query(
        `insert into bets (user_id, game, currency, demo, wager, multiplier, multiplier_num, multiplier_den,
           payout, profit, seed_pair_id, nonce, params, outcome, house_edge_bps, wager_usd, created_at)
         values ($1, 'dice', 'usdt', false, 100000000, 0, 0, 1, 0, -100000000, $2::bigint, 0, '{}'::jsonb,
           '{}'::jsonb, 100, $3::numeric, $4::timestamptz)`,
        [u.id, pair[0]?.id, String(1000 - 10 * i), new Date(start + (i + 1) * 3_600_000).toISOString()],
      );
    }
    nodes.push(await node(), await node());
  });
  afterAll(async () => {
    for (const n of nodes) await n.server.close().catch(() => undefined);
    await db?.drop();
  });

  it('pays every prize of the closed week exactly once', async () => {
    // Both nodes pay by hand while the leader's job (run on election) pays too.
    await Promise.all(
      nodes.map(({ server, config }) =>
        settleRaceWeek(
          {
            config,
            database: server.database,
            log: server.log,
            realtime: server.realtime,
            nodeId: server.nodeId,
            ledger: server.ledger,
            settings: server.settings,
            services: server.services,
          },
          week,
        ),
      ),
    );
    const deadline = Date.now() + 20_000;
    for (;;) {
      const rows = await db.database.query(
        'select 1 from race_weeks where week = $1::date and paid_at is not null',
        [week],
      );
      if (rows.length) break;
      if (Date.now() > deadline) throw new Error('the week was not paid');
      await new Promise((r) => setTimeout(r, 100));
    }
    const transfers = await db.database.query<{ key: string; amount: string }>(
      `select idempotency_key as key, amount::text as amount from ledger_transfers
        where idempotency_key like $1 order by amount desc, idempotency_key`,
      [`race:${week}:%`],
    );
    expect(transfers).toHaveLength(12);
    const prizes = racePrizes(1000n * USDT);
    for (const [i, u] of players.entries()) {
      expect((await nodes[0]?.server.ledger.balances(u.id))?.usdt?.real).toBe(prizes[i]);
    }
    // The job ran on exactly one node (the leader).
    const runs = await db.database.query<{ node_id: string }>(
      "select node_id from job_runs where name = 'race.payout'",
    );
    expect(runs).toHaveLength(1);
    expect(nodes.filter((n) => n.server.jobs.isLeader()).map((n) => n.server.nodeId)).toEqual([
      runs[0]?.node_id,
    ]);
    expect((await checkLedger(db.database)).problems).toEqual([]);
  });
});
