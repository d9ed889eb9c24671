import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAuthUser } from '../src/modules/auth/index.js';
import { GameEngine } from '../src/modules/games/index.js';
import { checkLedger } from '../src/modules/ledger/index.js';
import { vipLevelsSetting } from '../src/modules/vip/index.js';
import type { AppContext } from '../src/platform/context.js';
import { createServer, type Server } from '../src/server.js';
import { createUser } from './helpers/factories.js';
import { type TestDatabase, createSeededDatabase, nodeConfig } from './helpers/nodes.js';
import { settingsFor } from './helpers/test-server.js';

/**
 * Two nodes on one PostgreSQL database, each with its own job runner: bets move a player's VIP progress
 * through the leader's wager consumer; the leader then goes away and the bets that cross two levels are
 * folded by the new leader. Each level is reached and paid exactly once. PostgreSQL only.
 */
const enabled = Boolean(process.env.DATABASE_URL);
const USDT = 100_000_000n;

describe.skipIf(!enabled)('VIP progress across a leader change (PostgreSQL)', () => {
  let db: TestDatabase;
  const nodes: Server[] = [];
  const ctxOf = (server: Server): AppContext => ({
    config: nodeConfig(db),
    database: server.database,
    log: server.log,
    realtime: server.realtime,
    nodeId: server.nodeId,
    ledger: server.ledger,
    settings: server.settings,
    services: server.services,
  });
  const until = async (what: string, check: () => Promise<boolean>) => {
    const deadline = Date.now() + 30_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  beforeAll(async () => {
    db = await createSeededDatabase();
    await settingsFor(db.database).change(vipLevelsSetting, [
      { level: 1, depositRequirement: '0', wagerRequirement: '3', levelUpBonus: '2' },
      { level: 2, depositRequirement: '0', wagerRequirement: '6', levelUpBonus: '5' },
    ]);
    for (let i = 0; i < 2; i++)
      nodes.push(await createServer(nodeConfig(db), { log: pino({ level: 'silent' }) }));
  }, 120_000);
  afterAll(async () => {
    for (const n of nodes) await n.close().catch(() => undefined);
    await db?.drop();
  });

  it('pays each level once when the leader changes between the bets', async () => {
    const u = await createUser(db.database);
    await nodes[0]!.ledger.transfer({
      key: `vip-multinode:${u.id}`,
      kind: 'test',
      currency: 'usdt',
      amount: 100n * USDT,
      from: { system: 'chain' },
      to: { user: u.id, kind: 'real' },
    });
    const user = (await loadAuthUser(db.database, u.id))!;
    await until('a leader', async () => nodes.some((n) => n.jobs.isLeader()));
    const leader = nodes.find((n) => n.jobs.isLeader())!;
    const survivor = nodes.find((n) => n !== leader)!;
    const engine = new GameEngine(ctxOf(survivor));
    const dice = {
      api_id: 'dice',
      bet: '1',
      demo: false,
      currency: 'usdt',
      quick: true,
      data: { target: 5000, condition: 'over' },
    };
    const wagered = async () =>
      (
        await db.database.query<{ w: string }>(
          'select coalesce((select wagered_usd from vip_progress where user_id = $1), 0)::text as w',
          [u.id],
        )
      )[0]?.w;
    for (let i = 0; i < 2; i++) await engine.play(user, dice);
    await until('the first leader to fold two bets', async () => Number(await wagered()) === 2);

    await leader.close();
    await Promise.all(Array.from({ length: 8 }, () => engine.play(user, dice)));
    await until('the new leader to fold the rest', async () => Number(await wagered()) === 10);
    expect(survivor.jobs.isLeader()).toBe(true);
    const ups = await db.database.query<{ level: number }>(
      'select level from vip_level_ups where user_id = $1 order by level',
      [u.id],
    );
    expect(ups.map((r) => r.level)).toEqual([1, 2]);
    const transfers = await db.database.query<{ amount: string }>(
      `select amount::text as amount from ledger_transfers where idempotency_key like $1 order by idempotency_key`,
      [`vip:level-up:${u.id}:%`],
    );
    expect(transfers.map((r) => r.amount)).toEqual([String(2n * USDT), String(5n * USDT)]);
    const level = await db.database.query<{ vip_level: number }>(
      'select vip_level from users where id = $1',
      [u.id],
    );
    expect(level[0]?.vip_level).toBe(2);
    expect((await checkLedger(db.database)).problems).toEqual([]);
  }, 120_000);
});
