import { verify } from '@nebula/games';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/ledger/index.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { fund } from './helpers/players.js';
import { putSetting, startTestServer, type TestServer } from './helpers/test-server.js';

/** The read side of the games: Info (bet overview), GameData, and the player's own history. */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect((await checkLedger(t.server.database)).problems).toEqual([]);
});

const whisper = (u: TestUser | null, event: string, data: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/whisper',
    headers: u ? { authorization: `Bearer ${u.token}` } : {},
    payload: { event, data } as Record<string, unknown>,
  });
const post = (u: TestUser | null, url: string, payload: unknown = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: u ? { authorization: `Bearer ${u.token}` } : {},
    payload: payload as Record<string, unknown>,
  });

const DICE = { target: 5000, condition: 'over' };
async function playDice(u: TestUser, over: Record<string, unknown> = {}) {
  const res = await whisper(u, 'Play', {
    api_id: 'dice',
    bet: '1',
    currency: 'usdt',
    quick: true,
    data: DICE,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; game: { multiplier: string; profit: string; payout: string } };
}

const expectError = (res: { statusCode: number; json(): unknown }, status: number, code: unknown) => {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { code: unknown; message: unknown };
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe('string');
};

describe('Info (bet overview)', () => {
  it('shows a bet to a guest (its nonce at once), the server seed hidden until the pair is rotated, then verifiable', async () => {
    const u = await createUser(t.server.database);
    await fund(t.server, u.id, 10n * 100_000_000n);
    const bet = await playDice(u);
    const before = await whisper(null, 'Info', { game_id: bet.id });
    expect(before.statusCode, before.body).toBe(200);
    const info = before.json();
    expect(info.info).toMatchObject({
      _id: bet.id,
      id: bet.id,
      game: 'dice',
      user: u.id,
      currency: 'usdt',
      splitTotal: '1',
      wager: '1',
      multiplier: bet.game.multiplier,
      profit: bet.game.profit,
      payout: bet.game.payout,
      demo: false,
      server_seed: null,
      // The nonce is no secret: it shows at once (the seed that would replay it does not).
      nonce: 0,
      params: DICE,
      house_edge_bps: 100,
    });
    expect(info.metadata).toEqual({ id: 'dice', name: 'Dice' });
    expect(info.user).toEqual({ _id: u.id, name: u.name, private_bets: false });
    const secret = (
      await t.server.database.query<{ server_seed: string }>(
        'select server_seed from seed_pairs where user_id = $1 and active',
        [u.id],
      )
    )[0]?.server_seed as string;
    expect(before.body).not.toContain(secret);

    await post(u, '/api/fairness/rotate');
    const after = (await whisper(null, 'Info', { game_id: bet.id })).json();
    expect(after.info.server_seed).toBe(secret);
    expect(after.info.nonce).toBe(0);
    const replay = verify(
      'dice',
      after.info.server_seed,
      after.info.client_seed,
      after.info.nonce,
      after.info.params,
      after.info.house_edge_bps,
    );
    expect(replay.serverSeedHash).toBe(after.info.server_seed_hash);
    expect(replay.outcome).toEqual(after.info.outcome);
    expect(replay.multiplierDecimal).toBe(after.info.multiplier);
  });

  it('hides a player with private bets unless the viewer is that player or may ignore privacy', async () => {
    const u = await createUser(t.server.database);
    await fund(t.server, u.id, 10n * 100_000_000n);
    expect((await post(u, '/api/user/privacy', { private_bets: true })).statusCode).toBe(200);
    const bet = await playDice(u);
    const other = await createUser(t.server.database);
    const moderator = await createUser(t.server.database, { roles: ['chat_moderator'] });
    for (const viewer of [null, other]) {
      const res = await whisper(viewer, 'Info', { game_id: bet.id });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.user).toEqual({ _id: null, name: 'Hidden', private_bets: true });
      expect(body.info.user).toBe('');
      expect(res.body).not.toContain(u.id);
      expect(res.body).not.toContain(u.name);
    }
    for (const viewer of [u, moderator]) {
      const body = (await whisper(viewer, 'Info', { game_id: bet.id })).json();
      expect(body.user).toEqual({ _id: u.id, name: u.name, private_bets: true });
      expect(body.info.user).toBe(u.id);
    }
  });

  it('shows demo bets to their owner only; unknown ids get the same 404', async () => {
    const u = await createUser(t.server.database);
    await fund(t.server, u.id, 10n * 100_000_000n, { balance: 'demo' });
    const bet = await playDice(u, { demo: true });
    const own = await whisper(u, 'Info', { game_id: bet.id });
    expect(own.statusCode).toBe(200);
    expect(own.json().info.demo).toBe(true);
    const other = await createUser(t.server.database);
    const admin = await createUser(t.server.database, { roles: ['*'] });
    for (const viewer of [null, other, admin]) {
      const res = await whisper(viewer, 'Info', { game_id: bet.id });
      expect(res.json()).toEqual({ code: 'bet_not_found', message: 'No such bet.' });
      expect(res.statusCode).toBe(404);
    }
    for (const id of ['999999999', '0', '9223372036854775807', '9999999999999999999']) {
      const res = await whisper(null, 'Info', { game_id: id });
      expect(res.json()).toEqual({ code: 'bet_not_found', message: 'No such bet.' });
      expect(res.statusCode).toBe(404);
    }
  });

  it('answers bad input with 422', async () => {
    for (const data of [
      undefined,
      {},
      { game_id: '' },
      { game_id: 'abc' },
      { game_id: '-1' },
      { game_id: '1.5' },
      { game_id: '12345678901234567890' },
      { game_id: 12 },
      { game_id: '1', extra: 1 },
      'text',
      [],
    ]) {
      expectError(await whisper(null, 'Info', data), 422, 'validation_failed');
    }
  });
});

describe('GameData', () => {
  it('reports the house edge, limits and availability from settings', async () => {
    const res = await whisper(null, 'GameData', { api_id: 'limbo' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: 'limbo',
      name: 'Limbo',
      houseEdgeBps: 100,
      maxBetEur: '20',
      maxProfitUsd: '10000',
      available: true,
      demo: true,
    });
    await putSetting(t, 'games.house_edge_bps', { limbo: 250 });
    await putSetting(t, 'games.max_bet_eur', '50');
    await putSetting(t, 'games.disabled_ids', ['limbo']);
    try {
      expect((await whisper(null, 'GameData', { api_id: 'limbo' })).json()).toMatchObject({
        houseEdgeBps: 250,
        maxBetEur: '50',
        available: false,
      });
      expect((await whisper(null, 'GameData', { api_id: 'dice' })).json()).toMatchObject({
        houseEdgeBps: 100,
        available: true,
      });
      await putSetting(t, 'games.disabled', true);
      expect((await whisper(null, 'GameData', { api_id: 'dice' })).json().available).toBe(false);
    } finally {
      await putSetting(t, 'games.house_edge_bps', {});
      await putSetting(t, 'games.max_bet_eur', '20');
      await putSetting(t, 'games.disabled_ids', []);
      await putSetting(t, 'games.disabled', false);
    }
  });

  it('answers an unknown game with -3 and bad input with 422', async () => {
    const res = await whisper(null, 'GameData', { api_id: 'nope' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: -3, message: 'Unknown game' });
    for (const data of [undefined, {}, { api_id: '' }, { api_id: 5 }, { api_id: 'x'.repeat(65) }, []]) {
      expectError(await whisper(null, 'GameData', data), 422, 'validation_failed');
    }
  });
});

describe('POST /api/games/history', () => {
  it("lists the player's own bets newest first, filtered, with the currency's decimals", async () => {
    const u = await createUser(t.server.database);
    const other = await createUser(t.server.database);
    await fund(t.server, u.id, 10n * 100_000_000n);
    await fund(t.server, u.id, 10n * 100_000_000n, { balance: 'demo' });
    await fund(t.server, u.id, 1000n, { currency: 'local_usd' });
    await fund(t.server, other.id, 10n * 100_000_000n);
    const a = await playDice(u);
    const b = await playDice(u, { demo: true });
    const c = await playDice(u, { currency: 'local_usd', bet: '0.5' });
    const d = await playDice(u, { api_id: 'limbo', data: { target: 200 } });
    await playDice(other);

    const all = await post(u, '/api/games/history');
    expect(all.statusCode, all.body).toBe(200);
    const bets = all.json().bets as { id: string; wager: string; demo: boolean; currency: string }[];
    expect(bets.map((x) => x.id)).toEqual([d.id, c.id, b.id, a.id]);
    const local = bets.find((x) => x.id === c.id);
    expect(local).toMatchObject({ currency: 'local_usd', wager: '0.5', game: 'dice', demo: false });
    expect(local).toMatchObject({
      payout: c.game.payout,
      profit: c.game.profit,
      multiplier: c.game.multiplier,
    });
    expect(bets.find((x) => x.id === a.id)).toMatchObject({ wager: '1', nonce: 0 });

    const dice = (await post(u, '/api/games/history', { game: 'dice' })).json().bets as { id: string }[];
    expect(dice.map((x) => x.id)).toEqual([c.id, b.id, a.id]);
    const demo = (await post(u, '/api/games/history', { demo: true })).json().bets as { id: string }[];
    expect(demo.map((x) => x.id)).toEqual([b.id]);
    const real = (await post(u, '/api/games/history', { demo: false, limit: 2 })).json().bets as {
      id: string;
    }[];
    expect(real.map((x) => x.id)).toEqual([d.id, c.id]);
    expect((await post(u, '/api/games/history', { game: 'nope' })).json().bets).toEqual([]);
  });

  it('needs a signed-in player and answers bad input with 422', async () => {
    const res = await post(null, '/api/games/history');
    expect(res.statusCode).toBe(401);
    const u = await createUser(t.server.database);
    for (const payload of [
      { limit: 0 },
      { limit: 101 },
      { limit: 1.5 },
      { limit: '5' },
      { game: '' },
      { game: 3 },
      { demo: 'yes' },
      { other: 1 },
    ]) {
      expectError(await post(u, '/api/games/history', payload), 422, 'validation_failed');
    }
  });
});
