import { ratio, ratioToDecimal, verify, wheelLayout } from '@nebula/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameEngine } from '../src/modules/games/index.js';
import { loadAuthUser } from '../src/modules/auth/index.js';
import { rotateSeeds } from '../src/modules/seeds/index.js';
import type { AppContext } from '../src/platform/context.js';
import { createUser } from './helpers/factories.js';
import { contextOf, startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * Issue G4 item 3: wheel layouts are versioned. A bet placed now is stored with `layout: 2` (the public
 * table, medium/10 `0 1.9 0 1.5 0 2 0 1.5 0 3`) whatever the player sent, is paid by it, and replays
 * with `verify` from its stored params; params without a layout (bets stored before) keep version 1.
 */
let t: TestServer;
let ctx: AppContext;
beforeAll(async () => {
  t = await startTestServer();
  ctx = contextOf(t);
});
afterAll(async () => {
  await t?.close();
});

interface Row {
  params: { segments: number; risk: string; layout?: number };
  outcome: { segment: number };
  multiplier_num: string;
  multiplier_den: string;
  nonce: string;
  house_edge_bps: number;
  server_seed: string;
  client_seed: string;
}

describe('wheel layout versions on the server', () => {
  it('new medium/10 bets are stored with layout 2, paid by the public table and verify', async () => {
    const u = await createUser(t.server.database);
    await t.server.ledger.transfer({
      key: `wheel-layout-fund:${u.id}`,
      kind: 'test',
      currency: 'usdt',
      amount: 1_000n * 100_000_000n,
      from: { system: 'demo_faucet' },
      to: { user: u.id, kind: 'demo' },
    });
    const player = await loadAuthUser(t.server.database, u.id);
    if (!player) throw new Error('no user');
    const engine = new GameEngine(ctx);
    // 30 bets: the pointer stops on every segment of the 10 with near certainty; the old layout is asked
    // for explicitly half of the time and must still be replaced by the current one.
    for (let i = 0; i < 30; i++) {
      await engine.play(player, {
        api_id: 'wheel',
        bet: '1',
        demo: true,
        currency: 'usdt',
        quick: true,
        data: i % 2 === 0 ? { segments: 10, risk: 'medium' } : { segments: 10, risk: 'medium', layout: 1 },
      });
    }
    await rotateSeeds(t.server.database, u.id);
    const rows = await t.server.database.query<Row>(
      `select b.params, b.outcome, b.multiplier_num::text as multiplier_num,
              b.multiplier_den::text as multiplier_den, b.nonce::text as nonce, b.house_edge_bps,
              s.server_seed, s.client_seed
         from bets b join seed_pairs s on s.id = b.seed_pair_id
        where b.user_id = $1 order by b.id`,
      [u.id],
    );
    expect(rows).toHaveLength(30);
    for (const row of rows) {
      expect(row.params).toEqual({ segments: 10, risk: 'medium', layout: 2 });
      const paid = ratio(BigInt(row.multiplier_num), BigInt(row.multiplier_den));
      expect(paid).toEqual(wheelLayout(10, 'medium', row.house_edge_bps, 2)[row.outcome.segment]);
      const replay = verify(
        'wheel',
        row.server_seed,
        row.client_seed,
        Number(row.nonce),
        row.params,
        row.house_edge_bps,
      );
      expect(replay.outcome).toEqual(row.outcome);
      expect(replay.multiplierDecimal).toBe(ratioToDecimal(paid, 8));
    }
    // Segment 0 of the public table is a zero: any bet that landed there lost.
    for (const row of rows.filter((r) => r.outcome.segment === 0)) expect(row.multiplier_num).toBe('0');
  }, 120_000);
});
