import type { AdminCrashChain } from '@nebula/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateChainAsync, insertChain } from '../src/modules/crash/index.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { fund } from './helpers/players.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * The back office's fairness screen (decision 0045, permission game_stats): the crash chains' state,
 * and one bet with its seeds and its outcome recomputed (secret until the pair is rotated, then
 * verified against the stored multiplier), private players shown to staff; bad input and refusals.
 */
let t: TestServer;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  admin = await createUser(t.server.database, { roles: ['*'] });
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

async function playDice(u: TestUser): Promise<{ id: string; game: { multiplier: string } }> {
  const res = await post(u, '/api/whisper', {
    event: 'Play',
    data: {
      api_id: 'dice',
      bet: '1',
      currency: 'usdt',
      quick: true,
      data: { target: 5000, condition: 'over' },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; game: { multiplier: string } };
}

describe('a bet looked up by id', () => {
  it('is secret until the player rotates the pair, then recomputed and verified', async () => {
    const u = await createUser(t.server.database);
    await fund(t.server, u.id, 10n * 100_000_000n);
    await t.server.database.query('update users set private_bets = true where id = $1', [u.id]);
    const bet = await playDice(u);

    const before = await post(admin, '/api/admin/fairness/bet', { id: bet.id });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({
      player: { id: u.id, name: u.name },
      bet: { info: { id: bet.id, game: 'dice', server_seed: null, nonce: 0 } },
      verification: { status: 'secret', multiplier: null, hashMatches: null },
    });

    await post(u, '/api/fairness/rotate');
    const after = (await post(admin, '/api/admin/fairness/bet', { id: ` ${bet.id} ` })).json() as {
      bet: { info: { server_seed: string | null; multiplier: string } };
      verification: { status: string; multiplier: string; hashMatches: boolean };
    };
    expect(after.bet.info.server_seed).toMatch(/^[0-9a-f]{64}$/);
    expect(after.verification).toEqual({
      status: 'verified',
      multiplier: bet.game.multiplier,
      hashMatches: true,
    });
  });

  it('answers an unknown bet 404 and bad ids 4xx, never a 500', async () => {
    const unknown = await post(admin, '/api/admin/fairness/bet', { id: '999999999999' });
    expect(unknown.statusCode).toBe(404);
    for (const id of ['abc', '', '1'.repeat(25), '-1']) {
      const res = await post(admin, '/api/admin/fairness/bet', { id });
      expect(res.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, id).toBeLessThan(500);
      expect(res.json()).toMatchObject({ code: expect.anything(), message: expect.any(String) });
    }
  });
});

describe('the crash chains', () => {
  it('lists each chain with its commitment, games played and left', async () => {
    const seed = 'ab'.repeat(32);
    const id = await insertChain(t.server.database, await generateChainAsync(seed, 5, 1), 'e'.repeat(64));
    // The test server's crash engine may start a round on the new chain (the only one on a fresh
    // database) at any moment: what the screen says it played lies between two counts around the call.
    const playedNow = async () =>
      Number(
        (
          await t.server.database.query<{ n: number }>(
            'select count(*)::int as n from crash_rounds where chain_id = $1',
            [id],
          )
        )[0]?.n,
      );
    const before = await playedNow();
    const res = await post(admin, '/api/admin/fairness/crash');
    const after = await playedNow();
    expect(res.statusCode, res.body).toBe(200);
    const { chains, gamesRemaining } = res.json() as { chains: AdminCrashChain[]; gamesRemaining: number };
    const chain = chains.find((c) => c.id === id);
    expect(chain).toMatchObject({ length: 5, salt: 'e'.repeat(64) });
    expect(chain?.played).toBeGreaterThanOrEqual(before);
    expect(chain?.played).toBeLessThanOrEqual(after);
    expect(chain?.remaining).toBe(5 - (chain?.played ?? 0));
    expect(chain?.terminatingHash).toMatch(/^[0-9a-f]{64}$/);
    expect(['next', 'playing']).toContain(chain?.state);
    expect(gamesRemaining).toBeGreaterThanOrEqual(chain?.remaining ?? 5);
  });
});

describe('permissions', () => {
  it('refuses guests (401) and players, moderators and finance staff (403)', async () => {
    const calls: [string, unknown][] = [
      ['/api/admin/fairness/crash', {}],
      ['/api/admin/fairness/bet', { id: '1' }],
    ];
    const others = await Promise.all(
      [['player'], ['chat_moderator'], ['finance']].map((roles) => createUser(t.server.database, { roles })),
    );
    for (const [url, body] of calls) {
      expect((await post(null, url, body)).statusCode, url).toBe(401);
      for (const who of others) expect((await post(who, url, body)).statusCode, url).toBe(403);
    }
  });
});
