/**
 * The bot rain (spec 3 section 9: 10 to 20 per day, 5 to 15 recipients, a deposit in the last 24 h),
 * a leader-only job paid from the `promotions` system account.
 *
 *  1. Planning: the first run of a UTC day inserts the day's bot_rain_days row; only the call whose
 *     insert wins (on conflict do nothing) inserts the day's slots, in the same transaction. A slot
 *     has a random due time within the day, a currency and total from the `tips` setting's
 *     `bot.amounts` (the currencies take turns), and a number of recipients in [recipientsMin,
 *     recipientsMax]. Slots whose time had already passed when the day was planned are skipped.
 *  2. Running: a due slot is claimed by a guarded update (scheduled -> running, or a running claim
 *     older than {@link STALE_CLAIM_MS}, i.e. a node that died mid-rain). The claimer draws the
 *     recipients among the players with a deposit credited in the last `depositHours` hours (not
 *     muted), and pays the rain through rain.service's payRain with the key bot-rain:{day}:{slot}:
 *     a slot run twice (a crash after the claim, two leaders for a moment) pays once. Fewer eligible
 *     depositors than `recipientsMin` skips the slot; a slot more than {@link MISSED_AFTER_MS}
 *     overdue (the platform was down) is skipped, so a restart never fires a burst of old rains.
 *  3. The service message goes to the `bot.channels` (the casino channels by default).
 *
 * The promotions account, like every system account, has no balance row and may go below zero:
 * the operator's books show what the rains cost (as the race prizes).
 */
import { randomInt } from 'node:crypto';
import { tryParseAmount } from '@nebula/money';
import type { JobDefinition } from '../../jobs/index.js';
import type { AppContext } from '../../platform/context.js';
import { announcePendingRains, announceRain, payRain, type RainUser } from './rain.service.js';
import { loadTipsSettings, type TipsSettings } from './settings.js';
import { sample } from './tips.shared.js';
import { PLAYERS } from '../users/index.js';
import { notBlocked } from '../protection/index.js';
import { creditedDepositors } from '../deposits/index.js';

/** A running claim older than this belongs to a node that died: the slot may be claimed again. */
export const STALE_CLAIM_MS = 5 * 60_000;
/** A slot this late is not run any more (the platform was down when it was due). */
export const MISSED_AFTER_MS = 60 * 60_000;
export const BOT_RAIN_INTERVAL_MS = 30_000;
const MISSED_NOTE = 'missed: the platform was not running when it was due';
const DAY_MS = 86_400_000;

/** Random integer in [min, max] (inclusive). Injected by tests. */
export type RandomInt = (min: number, max: number) => number;
const cryptoInt: RandomInt = (min, max) => (max <= min ? min : randomInt(min, max + 1));

export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

export const botRainKey = (day: string, slot: number): string => `bot-rain:${day}:${slot}`;

/** The day's slots, once per day across every node (see the module comment). Returns how many it inserted. */
export async function planBotRainDay(
  ctx: Pick<AppContext, 'database'>,
  settings: TipsSettings,
  now: Date,
  random: RandomInt = cryptoInt,
): Promise<number> {
  const day = utcDay(now);
  const { database } = ctx;
  const planned = await database.query('select 1 from bot_rain_days where day = $1::date', [day]);
  if (planned.length > 0) return 0;

  const bot = settings.bot;
  const currencies = await database.query<{ id: string; decimals: number }>(
    'select id, decimals from currencies where enabled and id = any($1::text[]) order by id',
    [Object.keys(bot.amounts)],
  );
  const payable = currencies.flatMap((c) => {
    const parsed = tryParseAmount(bot.amounts[c.id] ?? '', c.decimals);
    return parsed.ok && parsed.value > 0n ? [{ id: c.id, amount: parsed.value }] : [];
  });
  const count = payable.length === 0 ? 0 : random(bot.perDayMin, bot.perDayMax);
  const start = Date.parse(`${day}T00:00:00.000Z`);
  const times = Array.from({ length: count }, () => start + random(0, DAY_MS - 1)).sort((a, b) => a - b);

  return database.transaction(async (tx) => {
    const won = await tx.query(
      'insert into bot_rain_days (day, slots) values ($1::date, $2) on conflict (day) do nothing returning day',
      [day, count],
    );
    if (won.length === 0) return 0;
    for (const [i, at] of times.entries()) {
      const pick = payable[i % payable.length];
      if (!pick) continue;
      const late = at < now.getTime();
      await tx.query(
        `insert into bot_rain_slots (day, slot, due_at, currency, amount, recipients, status, note, finished_at)
         values ($1::date, $2, $3::timestamptz, $4, $5::numeric, $6, $7, $8, $9::timestamptz)`,
        [
          day,
          i + 1,
          new Date(at).toISOString(),
          pick.id,
          pick.amount.toString(),
          random(bot.recipientsMin, bot.recipientsMax),
          late ? 'skipped' : 'scheduled',
          late ? 'due before the day was planned' : null,
          late ? now.toISOString() : null,
        ],
      );
    }
    return count;
  });
}

/** Players with a deposit credited in the last `hours` hours, not muted (platform-wide). */
export async function recentDepositors(
  ctx: Pick<AppContext, 'database'>,
  hours: number,
): Promise<RainUser[]> {
  const ids = await creditedDepositors(ctx.database, hours);
  if (ids.length === 0) return [];
  return ctx.database.query<RainUser>(
    `select u.id::text as id, u.name from ${PLAYERS} u
      where u.id = any($1::uuid[]) and not u.chat_muted and ${notBlocked('u.id')}`,
    [ids],
  );
}

interface SlotRow {
  day: string;
  slot: number;
  currency: string;
  decimals: number;
  amount: string;
  recipients: number;
  due_at: Date | string;
}

export type SlotOutcome =
  | { status: 'done'; rainId: string; replayed: boolean }
  | { status: 'skipped'; note: string }
  | { status: 'not_claimed' };

/**
 * Claims and runs one slot (safe to call any number of times, on any node). `force` claims it even
 * when another claim is fresh (tests of a second run).
 */
export async function runBotRainSlot(
  ctx: AppContext,
  day: string,
  slot: number,
  opts: { now?: Date; nodeId?: string; force?: boolean; settings?: TipsSettings } = {},
): Promise<SlotOutcome> {
  const { database } = ctx;
  const now = opts.now ?? new Date();
  const claimed = await database.query<SlotRow>(
    `update bot_rain_slots s set status = 'running', claimed_by = $3, claimed_at = $4::timestamptz
       from currencies c
      where s.day = $1::date and s.slot = $2 and c.id = s.currency
        and (s.status = 'scheduled'
             or (s.status = 'running' and ($5 or s.claimed_at < $4::timestamptz - make_interval(secs => $6::double precision))))
      returning to_char(s.day, 'YYYY-MM-DD') as day, s.slot, s.currency, c.decimals, s.amount::text as amount,
                s.recipients, s.due_at`,
    [day, slot, opts.nodeId ?? ctx.nodeId, now.toISOString(), opts.force === true, STALE_CLAIM_MS / 1000],
  );
  const row = claimed[0];
  if (!row) return { status: 'not_claimed' };
  const finish = (status: 'done' | 'skipped', note: string | null, rainId: string | null) =>
    database.query(
      `update bot_rain_slots set status = $3, note = $4, rain_id = $5::bigint, finished_at = now()
        where day = $1::date and slot = $2 and status = 'running'`,
      [day, slot, status, note, rainId],
    );

  if (now.getTime() - new Date(row.due_at).getTime() > MISSED_AFTER_MS) {
    await finish('skipped', MISSED_NOTE, null);
    return { status: 'skipped', note: MISSED_NOTE };
  }
  const settings = opts.settings ?? (await loadTipsSettings(ctx));
  const depositors = await recentDepositors(ctx, settings.bot.depositHours);
  if (depositors.length < settings.bot.recipientsMin) {
    const note = `only ${depositors.length} players deposited in the last ${settings.bot.depositHours} h`;
    await finish('skipped', note, null);
    return { status: 'skipped', note };
  }
  const recipients = sample(depositors, Math.min(row.recipients, depositors.length));
  const share = BigInt(row.amount) / BigInt(recipients.length);
  if (share <= 0n) {
    const note = 'the amount is too small to split';
    await finish('skipped', note, null);
    return { status: 'skipped', note };
  }
  const channels = settings.bot.channels;
  const { row: rain, replayed } = await payRain(ctx, {
    key: botRainKey(day, slot),
    sender: null,
    channel: channels[0] ?? 'casino_en',
    currency: { id: row.currency, decimals: row.decimals },
    share,
    recipients,
  });
  await announceRain(ctx, rain.id, channels);
  await finish('done', null, rain.id);
  return { status: 'done', rainId: rain.id, replayed };
}

/** One pass of the job: plan today, run the slots that are due. */
export async function runBotRain(
  ctx: AppContext,
  opts: { now?: Date; signal?: AbortSignal; random?: RandomInt } = {},
): Promise<{ planned: number; ran: SlotOutcome[] }> {
  const now = opts.now ?? new Date();
  const settings = await loadTipsSettings(ctx);
  if (!settings.bot.enabled) return { planned: 0, ran: [] };
  const planned = await planBotRainDay(ctx, settings, now, opts.random);
  // Slots the platform missed (it was down) are closed in one statement, so they never fill the batch.
  await ctx.database.query(
    `update bot_rain_slots set status = 'skipped', note = $2, finished_at = now()
      where status = 'scheduled' and due_at < $1::timestamptz - make_interval(secs => $3::double precision)`,
    [now.toISOString(), MISSED_NOTE, MISSED_AFTER_MS / 1000],
  );
  const due = await ctx.database.query<{ day: string; slot: number }>(
    `select to_char(day, 'YYYY-MM-DD') as day, slot from bot_rain_slots
      where status in ('scheduled', 'running') and due_at <= $1::timestamptz order by due_at limit 10`,
    [now.toISOString()],
  );
  const ran: SlotOutcome[] = [];
  for (const s of due) {
    if (opts.signal?.aborted) break;
    ran.push(await runBotRainSlot(ctx, s.day, s.slot, { now, settings }));
  }
  return { planned, ran };
}

/** The leader-only jobs: the bot rain, and announcing rains whose message a crash cut off. */
export function tipsJobs(ctx: AppContext): JobDefinition[] {
  return [
    {
      name: 'tips.bot-rain',
      intervalMs: BOT_RAIN_INTERVAL_MS,
      runOnElect: true,
      run: async ({ signal }) => {
        const result = await runBotRain(ctx, { signal });
        const done = result.ran.filter((r) => r.status === 'done');
        if (result.planned || done.length) ctx.log.info(result, 'bot rain');
      },
    },
    {
      name: 'tips.announce',
      intervalMs: 60_000,
      run: async () => {
        const settings = await loadTipsSettings(ctx);
        await announcePendingRains(ctx, {
          channelsOf: (key) => (key.startsWith('bot-rain:') ? settings.bot.channels : undefined),
        });
      },
    },
  ];
}
