import { randomBytes, randomUUID } from 'node:crypto';
import { TipErrorCode } from '@nebula/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startQuiz, tryAnswerQuiz } from '../src/modules/chat/index.js';
import { checkLedger } from '../src/modules/ledger/index.js';
import { readLicenseSettings } from '../src/modules/platform/index.js';
import { settleRaceWeek } from '../src/modules/race/index.js';
import { recentDepositors } from '../src/modules/tips/index.js';
import type { AppContext, AuthUser } from '../src/platform/context.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { blockPlayer } from './helpers/protection.js';
import { contextOf, putSetting, startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * Player protection and money that arrives without a stake (decision 0025): during a time-out or a
 * self-exclusion a player receives no tip (403 `recipient_unavailable`, never saying why) and sends
 * none, is never drawn for a player's rain or the bot rain, cannot win a chat quiz (it stays open for
 * the others) and takes no place in the weekly race's prizes (the next player does). The same players
 * unblocked receive all of them. PGlite, or PostgreSQL with DATABASE_URL.
 */
let t: TestServer;
let ctx: AppContext;
const USDT = 100_000_000n;
const CHANNEL = 'casino_de';
let seq = 0;

beforeAll(async () => {
  t = await startTestServer();
  ctx = contextOf(t);
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect((await checkLedger(t.server.database)).problems).toEqual([]);
});

const post = (u: TestUser, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${u.token}` }, payload });
const real = async (u: { id: string }) => (await t.server.ledger.balances(u.id)).usdt?.real ?? 0n;
const auth = (u: TestUser): AuthUser => ({ id: u.id, name: u.name, roles: ['player'], permissions: {} });

/** A player who chatted in CHANNEL a minute ago and had a deposit credited an hour ago (rain-eligible). */
async function chatterWithDeposit(funds = 0n): Promise<TestUser> {
  const u = await createUser(t.server.database);
  const amount = funds > 0n ? funds : 20n * USDT;
  const { transferId } = await t.server.ledger.transfer({
    key: `test-deposit:${u.id}:${++seq}`,
    kind: 'deposit',
    currency: 'usdt',
    amount,
    from: { system: 'chain' },
    to: { user: u.id, kind: 'real' },
  });
  await t.server.database.query(
    `insert into deposits (user_id, currency, chain, address, txid, output_index, amount, chain_amount,
       chain_decimals, confirmations, required_confirmations, status, credited_transfer_id, created_at, credited_at)
     values ($1, 'usdt', 'trx', 'TTestAddress', $2, 0, $3::numeric, $3::numeric, 6, 1, 1, 1, $4::bigint,
       now() - interval '1 hour', now() - interval '1 hour')`,
    [u.id, randomBytes(16).toString('hex'), amount.toString(), transferId],
  );
  await t.server.database.query(
    `insert into chat_messages (channel, type, user_id, data, created_at)
     values ($1, 'message', $2, '{"message":"hello"}'::jsonb, now() - interval '1 minute')`,
    [CHANNEL, u.id],
  );
  return u;
}

describe.each([
  ['time-out', 'time_out'],
  ['self-exclusion', 'self_exclusion'],
] as const)('during a %s', (_name, type) => {
  it('no tip either way; never drawn for a rain or the bot rain', async () => {
    await t.server.database.query('delete from chat_messages where channel = $1', [CHANNEL]);
    const sender = await chatterWithDeposit(100n * USDT);
    const blocked = await chatterWithDeposit();
    const open = await chatterWithDeposit();
    await blockPlayer(t.server.database, blocked.id, '7 days', type);

    const tip = (from: TestUser, to: TestUser) =>
      post(from, '/api/chat/tip', { name: to.name, amount: '1', currency: 'usdt', requestId: randomUUID() });
    const refused = await tip(sender, blocked);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'recipient_unavailable']);
    const sent = await tip(blocked, sender);
    expect([sent.statusCode, sent.json().code]).toEqual([
      403,
      type === 'time_out' ? 'timed_out' : 'self_excluded',
    ]);
    expect((await tip(sender, open)).statusCode).toBe(200);

    // Two eligible chatters, one of them blocked: a rain on two is refused (too few), on one pays the other.
    const rain = (users: number) =>
      post(sender, '/api/chat/rain', {
        amount: '2',
        users,
        currency: 'usdt',
        channel: CHANNEL,
        requestId: randomUUID(),
      });
    expect((await rain(2)).json().code).toBe(TipErrorCode.NotEnoughUsers);
    const blockedBefore = await real(blocked);
    const paid = await rain(1);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().rain.users.map((u: { _id: string }) => u._id)).toEqual([open.id]);
    expect(await real(blocked)).toBe(blockedBefore);

    // The bot rain draws from recent depositors: never a blocked one.
    const depositors = (await recentDepositors(ctx, 24)).map((u) => u.id);
    expect(depositors).toContain(open.id);
    expect(depositors).not.toContain(blocked.id);
  });

  it('cannot win a chat quiz (it stays open); takes no race prize (the next player does)', async () => {
    const staff = await createUser(t.server.database);
    const blocked = await createUser(t.server.database);
    const open = await createUser(t.server.database);
    await blockPlayer(t.server.database, blocked.id, '7 days', type);

    const channel = type === 'time_out' ? 'sport_en' : 'sport_de';
    await startQuiz(ctx, auth(staff), { question: 'Two and two?', answer: 'four', channel });
    expect(await tryAnswerQuiz(ctx, auth(blocked), channel, 'four')).toBeNull();
    expect(await real(blocked)).toBe(0n);
    expect(await tryAnswerQuiz(ctx, auth(open), channel, 'four')).not.toBeNull();
    expect(await real(open)).toBeGreaterThan(0n);

    // A closed race week: the blocked player wagered most, the open one second.
    const license = await readLicenseSettings(t.server.settings);
    await putSetting(t, 'license', { ...license, plugins: { ...license.plugins, race: true } });
    await putSetting(t, 'race.prize_pool', { reward: '1000', currency: 'usdt' });
    const week = type === 'time_out' ? '2023-03-06' : '2023-03-13';
    for (const [u, usd] of [
      [blocked, '500'],
      [open, '100'],
    ] as const) {
      const [pair] = await t.server.database.query<{ id: string }>(
        `insert into seed_pairs (user_id, server_seed, server_seed_hash, client_seed)
         values ($1, $2, $3, 'test') returning id::text as id`,
        [u.id, randomBytes(32).toString('hex'), randomBytes(32).toString('hex')],
      );
      await t.server.database.query(
        `insert into bets (user_id, game, currency, demo, wager, multiplier, multiplier_num, multiplier_den, payout,
           profit, seed_pair_id, nonce, params, outcome, house_edge_bps, wager_usd, created_at)
         values ($1, 'dice', 'usdt', false, 100000000, 0, 0, 1, 0, -100000000, $2::bigint, 0, '{}'::jsonb,
           '{}'::jsonb, 100, $3::numeric, $4::date + interval '1 day')`,
        [u.id, pair!.id, usd, week],
      );
    }
    const before = await real(open);
    expect(await settleRaceWeek(ctx, week)).toMatchObject({ status: 'paid', paid: [1] });
    const [first] = await t.server.database.query<{ user_id: string }>(
      `select user_id::text as user_id from race_payouts where week = $1::date and place = 1`,
      [week],
    );
    expect(first?.user_id).toBe(open.id);
    expect(await real(open)).toBeGreaterThan(before);
    expect(await real(blocked)).toBe(0n);
  });
});
