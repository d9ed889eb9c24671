import { BOT_RAIN } from '@nebula/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/ledger/index.js';
import {
  MISSED_AFTER_MS,
  announcePendingRains,
  loadTipsSettings,
  planBotRainDay,
  runBotRain,
  runBotRainSlot,
  saveTipsSettings,
  type RandomInt,
} from '../src/modules/tips/index.js';
import type { AppContext } from '../src/platform/context.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { creditedDeposit } from './helpers/players.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * The bot rain (spec 3 section 9: 10 to 20 per day, 5 to 15 recipients, a deposit in the last 24 h):
 * a day is planned once, a slot pays once however often it runs (twice in a row, concurrently, after
 * a stale claim), recipients are recent depositors only, paid from the promotions account, and the
 * message goes to the casino channels. The runner's own loop is stopped: the tests drive the job.
 */
let t: TestServer;
let ctx: AppContext;
beforeAll(async () => {
  t = await startTestServer();
  await t.server.jobs.stop();
  const s = t.server;
  ctx = {
    config: t.config,
    database: s.database,
    log: s.log,
    realtime: s.realtime,
    nodeId: s.nodeId,
    ledger: s.ledger,
    settings: s.settings,
    services: s.services,
  };
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  const check = await checkLedger(t.server.database);
  expect(check.problems).toEqual([]);
});

const USDT = 100_000_000n;
let seq = 0;

const deposited = (u: TestUser, hoursAgo = 1) => creditedDeposit(t.server, u.id, 5n * USDT, hoursAgo);

async function depositors(n: number, hoursAgo = 1): Promise<TestUser[]> {
  const users = await Promise.all(Array.from({ length: n }, () => createUser(t.server.database)));
  for (const u of users) await deposited(u, hoursAgo);
  return users;
}

const real = async (u: TestUser) => (await t.server.ledger.balances(u.id)).usdt?.real ?? 0n;

/** A fixed sequence of "random" numbers (clamped into each call's range). */
function scripted(values: number[]): RandomInt {
  let i = 0;
  return (min, max) => Math.min(max, Math.max(min, values[i++ % values.length] ?? min));
}

const promotions = async () =>
  (
    await t.server.database.query<{ total: string }>(
      `select coalesce(sum(p.amount), 0)::text as total from ledger_postings p
         join ledger_accounts a on a.id = p.account_id where a.kind = 'promotions' and a.currency = 'usdt'`,
    )
  )[0]?.total;

async function slot(day: string, n: number) {
  return (
    await t.server.database.query<{
      due_at: Date;
      status: string;
      recipients: number;
      amount: string;
      rain_id: string | null;
      note: string | null;
    }>(
      `select due_at, status, recipients, amount::text as amount, rain_id::text as rain_id, note
         from bot_rain_slots where day = $1::date and slot = $2`,
      [day, n],
    )
  )[0];
}

describe('bot rain', () => {
  it('is off in test mode unless the setting turns it on; the defaults are the spec constants', async () => {
    const settings = await loadTipsSettings(ctx);
    expect(settings.bot).toMatchObject({ enabled: false, ...BOT_RAIN, channels: ['casino_en', 'casino_de'] });
    expect(await runBotRain(ctx)).toEqual({ planned: 0, ran: [] });
  });

  it('plans a day once, with 10 to 20 slots inside the day; slots already past are skipped', async () => {
    await saveTipsSettings(t.server.settings, { bot: { enabled: true, amounts: { usdt: '10' } } });
    const settings = await loadTipsSettings(ctx);
    const noon = new Date('2031-03-04T12:00:00.000Z');
    const [a, b] = await Promise.all([
      planBotRainDay(ctx, settings, noon),
      planBotRainDay(ctx, settings, noon),
    ]);
    const planned = a + b;
    expect(planned).toBeGreaterThanOrEqual(10);
    expect(planned).toBeLessThanOrEqual(20);
    expect(Math.min(a, b)).toBe(0);
    expect(await planBotRainDay(ctx, settings, new Date('2031-03-04T18:00:00.000Z'))).toBe(0);
    const slots = await t.server.database.query<{
      due_at: Date;
      status: string;
      recipients: number;
      amount: string;
    }>(
      `select due_at, status, recipients, amount::text as amount from bot_rain_slots where day = '2031-03-04' order by slot`,
    );
    expect(slots).toHaveLength(planned);
    for (const s of slots) {
      expect(new Date(s.due_at).toISOString().slice(0, 10)).toBe('2031-03-04');
      expect(s.status).toBe(new Date(s.due_at) < noon ? 'skipped' : 'scheduled');
      expect(s.recipients).toBeGreaterThanOrEqual(5);
      expect(s.recipients).toBeLessThanOrEqual(15);
      expect(s.amount).toBe((10n * USDT).toString());
    }
  });

  it('a slot run twice (again after a stale claim, and concurrently) pays once, from promotions, to depositors only', async () => {
    await saveTipsSettings(t.server.settings, {
      bot: { enabled: true, amounts: { usdt: '12' }, perDayMin: 2, perDayMax: 2 },
    });
    const settings = await loadTipsSettings(ctx);
    const day = '2031-05-06';
    // Two slots at 01:00 and 02:00; 8 recipients each.
    await planBotRainDay(
      ctx,
      settings,
      new Date(`${day}T00:00:00.000Z`),
      scripted([2, 3_600_000, 7_200_000, 8, 8]),
    );
    const s1 = await slot(day, 1);
    expect(s1).toMatchObject({ status: 'scheduled', recipients: 8 });
    const due = new Date(s1?.due_at ?? 0);
    const eligible = await depositors(10);
    const stale = await depositors(3, 30);
    const promoBefore = BigInt((await promotions()) ?? '0');
    const before = new Map(
      await Promise.all([...eligible, ...stale].map(async (u) => [u.id, await real(u)] as const)),
    );

    const first = await runBotRainSlot(ctx, day, 1, { now: due });
    expect(first).toMatchObject({ status: 'done', replayed: false });
    // The claim is taken: a plain second run does nothing; a forced one (a stale claim) pays nothing again.
    expect(await runBotRainSlot(ctx, day, 1, { now: due })).toEqual({ status: 'not_claimed' });
    await t.server.database.query(
      "update bot_rain_slots set status = 'running' where day = $1::date and slot = 1",
      [day],
    );
    const again = await runBotRainSlot(ctx, day, 1, { now: due, force: true });
    expect(again).toMatchObject({ status: 'done', replayed: true });

    const paid = [...eligible, ...stale];
    let total = 0n;
    let winners = 0;
    for (const u of paid) {
      const diff = (await real(u)) - (before.get(u.id) ?? 0n);
      if (diff > 0n) {
        winners++;
        total += diff;
        expect(diff).toBe(150_000_000n);
      }
    }
    expect(winners).toBe(8);
    expect(total).toBe(12n * USDT);
    for (const u of stale) expect(await real(u)).toBe(before.get(u.id));
    expect(BigInt((await promotions()) ?? '0')).toBe(promoBefore - 12n * USDT);
    expect(await slot(day, 1)).toMatchObject({ status: 'done' });
    // One service line per casino channel.
    const lines = await t.server.database.query<{ channel: string }>(
      "select channel from chat_messages where type = 'service' and data->>'kind' = 'bot_rain' and data->>'rain' = $1 order by channel",
      [first.status === 'done' ? first.rainId : ''],
    );
    expect(lines.map((l) => l.channel)).toEqual(['casino_de', 'casino_en']);

    // Slot 2, by the job itself run twice at once (two leaders for a moment).
    const due2 = new Date((await slot(day, 2))?.due_at ?? 0);
    const promo2 = BigInt((await promotions()) ?? '0');
    const [x, y] = await Promise.all([runBotRain(ctx, { now: due2 }), runBotRain(ctx, { now: due2 })]);
    const done = [...x.ran, ...y.ran].filter((r) => r.status === 'done');
    expect(done).toHaveLength(1);
    expect(BigInt((await promotions()) ?? '0')).toBe(promo2 - 12n * USDT);
    // The earlier day's slots, long overdue by now, were closed in bulk (they never block due ones).
    const overdue = await t.server.database.query<{ n: number }>(
      "select count(*)::int as n from bot_rain_slots where day = '2031-03-04' and status = 'scheduled'",
    );
    expect(overdue[0]?.n).toBe(0);
    const keys = await t.server.database.query<{ n: number }>(
      "select count(*)::int as n from chat_rains where key like 'bot-rain:2031-05-06:%'",
    );
    expect(keys[0]?.n).toBe(2);
  });

  it('skips a slot with fewer depositors than the minimum, and a slot the platform missed by an hour', async () => {
    await saveTipsSettings(t.server.settings, {
      bot: {
        enabled: true,
        amounts: { usdt: '5' },
        perDayMin: 2,
        perDayMax: 2,
        recipientsMin: 15,
        recipientsMax: 15,
      },
    });
    const settings = await loadTipsSettings(ctx);
    const day = '2031-07-08';
    await planBotRainDay(
      ctx,
      settings,
      new Date(`${day}T00:00:00.000Z`),
      scripted([2, 3_600_000, 7_200_000, 15, 15]),
    );
    const due = new Date((await slot(day, 1))?.due_at ?? 0);
    const promo = await promotions();
    // The 10 depositors of the last 24 h (from the test above) are fewer than 15.
    const outcome = await runBotRainSlot(ctx, day, 1, { now: due });
    expect(outcome.status).toBe('skipped');
    expect(await slot(day, 1)).toMatchObject({ status: 'skipped' });
    expect(await promotions()).toBe(promo);

    const late = new Date(new Date((await slot(day, 2))?.due_at ?? 0).getTime() + MISSED_AFTER_MS + 1000);
    const missed = await runBotRainSlot(ctx, day, 2, { now: late });
    expect(missed).toMatchObject({ status: 'skipped' });
    expect((await slot(day, 2))?.note).toMatch(/missed/);
  });

  it('a committed rain whose message was never posted is announced once by the repair job', async () => {
    const u = await createUser(t.server.database);
    const { payRain } = await import('../src/modules/tips/index.js');
    const { row } = await payRain(ctx, {
      key: `bot-rain:test:${++seq}`,
      sender: null,
      channel: 'casino_en',
      currency: { id: 'usdt', decimals: 8 },
      share: USDT,
      recipients: [{ id: u.id, name: u.name }],
    });
    await t.server.database.query(
      "update chat_rains set created_at = now() - interval '1 minute' where id = $1",
      [row.id],
    );
    expect(await announcePendingRains(ctx, { channelsOf: () => ['casino_en', 'casino_de'] })).toBe(1);
    expect(await announcePendingRains(ctx)).toBe(0);
    const lines = await t.server.database.query(
      "select 1 from chat_messages where type = 'service' and data->>'rain' = $1",
      [row.id],
    );
    expect(lines).toHaveLength(2);
    expect(await real(u)).toBe(USDT);
  });
});
