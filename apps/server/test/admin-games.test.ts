import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gameStatsConsumer } from '../src/modules/games/index.js';
import { checkLedger } from '../src/modules/ledger/index.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { fund } from './helpers/players.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { catchUp } from './helpers/wagers.js';

/**
 * The back office's games (issue G8 item 4): the list with switch, edge and measured RTP; a change of
 * one game is atomic, audited, and the next bet uses it; bad input and permissions.
 */
let t: TestServer;
let admin: TestUser;
let finance: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  admin = await createUser(t.server.database, { roles: ['*'] });
  finance = await createUser(t.server.database, { roles: ['finance'] });
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect((await checkLedger(t.server.database)).problems).toEqual([]);
});

const USDT = 100_000_000n;
const post = (who: TestUser | null, url: string, payload: unknown = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: who ? { authorization: `Bearer ${who.token}` } : {},
    payload: payload as Record<string, unknown>,
  });
const list = async () =>
  (await post(admin, '/api/admin/games')).json() as {
    games: {
      id: string;
      kind: string;
      enabled: boolean;
      houseEdgeBps: number;
      defaultHouseEdgeBps: number;
      bets: number;
      wageredUsd: string;
      paidUsd: string;
      ggrUsd: string;
      measuredRtp: string | null;
    }[];
    maxHouseEdgeBps: number;
  };
const game = async (id: string) => (await list()).games.find((g) => g.id === id);
const dice = (u: TestUser) =>
  post(u, '/api/whisper', {
    event: 'Play',
    data: {
      api_id: 'dice',
      bet: '1',
      demo: false,
      currency: 'usdt',
      data: { target: 5000, condition: 'over' },
    },
  });

describe('admin games', () => {
  it('lists the sixteen in-house games with their switch and edge', async () => {
    const { games, maxHouseEdgeBps } = await list();
    expect(games).toHaveLength(16);
    expect(games.filter((g) => g.kind === 'single')).toHaveLength(8);
    expect(games.filter((g) => g.kind === 'extended')).toHaveLength(7);
    expect(games.find((g) => g.kind === 'crash')?.id).toBe('crash');
    expect(games.every((g) => g.enabled && g.houseEdgeBps === g.defaultHouseEdgeBps)).toBe(true);
    expect(games.find((g) => g.id === 'dice')?.houseEdgeBps).toBe(100);
    expect(maxHouseEdgeBps).toBe(5000);
  });

  it('measures RTP and GGR over the settled real bets', async () => {
    const u = await createUser(t.server.database);
    await fund(t.server, u.id, 100n * USDT);
    for (let i = 0; i < 6; i += 1) expect((await dice(u)).statusCode).toBe(200);
    await catchUp(t.server.database, gameStatsConsumer);
    const rows = await t.server.database.query<{ wager: string; payout: string }>(
      `select sum(wager_usd)::text as wager, sum(wager_usd * payout / wager)::text as payout
         from bets where game = 'dice' and not demo`,
    );
    const g = await game('dice');
    expect(g?.bets).toBe(6);
    const wagered = Number(rows[0]?.wager);
    const paid = Number(rows[0]?.payout);
    expect(g?.wageredUsd).toBe(wagered.toFixed(2));
    expect(g?.paidUsd).toBe(paid.toFixed(2));
    expect(Number(g?.ggrUsd)).toBeCloseTo(wagered - paid, 2);
    expect(Number(g?.measuredRtp)).toBeCloseTo((paid / wagered) * 100, 1);
    expect((await game('limbo'))?.measuredRtp).toBeNull();
  });

  it("changes a game's edge: audited, and the next bet uses it; null goes back to the default", async () => {
    const res = await post(admin, '/api/admin/games/update', { game: 'dice', houseEdgeBps: 250 });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { game: { houseEdgeBps: number } }).game.houseEdgeBps).toBe(250);
    const u = await createUser(t.server.database);
    await fund(t.server, u.id, 10n * USDT);
    const bet = (await dice(u)).json() as { id?: string; data?: { id?: string } };
    expect(bet).toBeTruthy();
    const last = await t.server.database.query<{ house_edge_bps: number }>(
      `select house_edge_bps from bets where user_id = $1 order by id desc limit 1`,
      [u.id],
    );
    expect(last[0]?.house_edge_bps).toBe(250);
    const audit = await t.server.database.query<{ before: unknown; after: unknown; actor: string }>(
      `select before, after, actor_id::text as actor from staff_audit_log
        where action = 'games.update' and target_id = 'dice' order by id desc limit 1`,
    );
    expect(audit[0]).toMatchObject({
      actor: admin.id,
      before: { enabled: true, houseEdgeBps: null },
      after: { enabled: true, houseEdgeBps: 250 },
    });
    await post(admin, '/api/admin/games/update', { game: 'dice', houseEdgeBps: null });
    expect((await game('dice'))?.houseEdgeBps).toBe(100);
  });

  it('switches a game off (play error -5) and on again', async () => {
    const u = await createUser(t.server.database);
    await fund(t.server, u.id, 10n * USDT);
    expect((await post(admin, '/api/admin/games/update', { game: 'dice', enabled: false })).statusCode).toBe(
      200,
    );
    expect((await game('dice'))?.enabled).toBe(false);
    const off = await dice(u);
    expect(off.statusCode).toBe(422);
    expect(off.json()).toMatchObject({ code: -5 });
    await post(admin, '/api/admin/games/update', { game: 'dice', enabled: true });
    expect((await dice(u)).statusCode).toBe(200);
  });

  it('keeps both of two concurrent changes to different games', async () => {
    const games = ['limbo', 'plinko', 'keno', 'mines', 'tower', 'crash'];
    const answers = await Promise.all(
      games.map((id, i) => post(admin, '/api/admin/games/update', { game: id, houseEdgeBps: 150 + i })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(games.map(() => 200));
    const { games: after } = await list();
    for (const [i, id] of games.entries()) expect(after.find((g) => g.id === id)?.houseEdgeBps).toBe(150 + i);
    for (const id of games) await post(admin, '/api/admin/games/update', { game: id, houseEdgeBps: null });
  });

  it('refuses bad input with a clear 4xx and writes nothing', async () => {
    const audits = async () =>
      (
        await t.server.database.query<{ n: number }>(
          `select count(*)::int as n from staff_audit_log where action = 'games.update'`,
        )
      )[0]?.n;
    const before = await audits();
    const cases: [unknown, number, string][] = [
      [{ game: 'nope', enabled: false }, 404, 'unknown_game'],
      [{ game: 'dice', houseEdgeBps: 5001 }, 422, 'invalid_house_edge'],
      [{ game: 'dice', houseEdgeBps: -1 }, 422, 'validation_failed'],
      [{ game: 'dice', houseEdgeBps: 1.5 }, 422, 'validation_failed'],
      [{ game: 'dice' }, 422, 'validation_failed'],
      [{ game: 'dice', enabled: 'yes' }, 422, 'validation_failed'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await post(admin, '/api/admin/games/update', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect((res.json() as { code: string }).code).toBe(code);
    }
    expect(await audits()).toBe(before);
    expect((await game('dice'))?.houseEdgeBps).toBe(100);
  });

  it('asks game_stats to read and settings to change', async () => {
    expect((await post(null, '/api/admin/games')).statusCode).toBe(401);
    expect((await post(finance, '/api/admin/games')).statusCode).toBe(403);
    expect(
      (await post(finance, '/api/admin/games/update', { game: 'dice', enabled: false })).statusCode,
    ).toBe(403);
    expect((await game('dice'))?.enabled).toBe(true);
  });
});
