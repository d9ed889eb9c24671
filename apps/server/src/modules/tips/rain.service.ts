/**
 * Rain: POST /api/chat/rain {amount, users, currency, channel, requestId}, and the bot rain's payout.
 *
 * Who receives a player's rain (the rules the modal shows, from the `tips` setting): players who
 * wrote in the channel within `activeMinutes` (the chat module's recentChatters, which leaves out
 * muted players), other than the sender, who wagered at least `wagerUsd` in real bets in the last
 * `wagerDays` days or had a deposit credited in the last `depositHours` hours. `users` of them are
 * drawn at random (crypto RNG); fewer eligible players than asked is an error, not a smaller rain.
 *
 * The split: share = floor(amount / users) in atomic units; the sender pays share x users, so the
 * remainder of the division (less than `users` atomic units) never leaves the sender. A share
 * below the minimum share is 'Invalid amount'.
 *
 * Money: ONE database transaction inserts the chat_rains row (unique key rain:{sender}:{requestId},
 * or bot-rain:{day}:{slot}), locks the player rows of the payer and every recipient in ascending id
 * order, makes one ledger transfer per recipient (key rain:{rainId}:{userId}) and records them. An
 * overdraft on any of them rolls the whole rain back: a rain pays all its recipients or nobody. A
 * retry, or a second run of the same bot slot, finds the key and pays nothing. After the commit the
 * balances are published and the service message is posted once (announced_at is claimed by a
 * guarded update; a rain committed but not announced is announced by the leader's repair job).
 */
import {
  RAIN_MAX_USERS,
  RAIN_MIN_USERS,
  TipErrorCode,
  TipMessages,
  type rainEndpoint,
  type ResponseOf,
} from '@nebula/contracts';
import type { Database } from '../../db/client.js';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { defineService } from '../../platform/services.js';
import { assertFreshTwoFactor } from '../auth/index.js';
import { postServiceMessage, recentChatters } from '../chat/index.js';
import { InsufficientFundsError, type AccountRef } from '../ledger/index.js';
import { loadTipsSettings, type RainRules } from './settings.js';
import {
  assertNotMuted,
  assertRate,
  invalidAmount,
  invalidUsersLength,
  notEnoughMoney,
  parsePositiveAmount,
  sample,
  show,
  tipCurrency,
  unit,
  usdMinimum,
  type TipCurrency,
} from './tips.shared.js';
import { PLAYERS } from '../users/index.js';
import { assertNotBlocked, notBlocked } from '../protection/index.js';
import { creditedDepositors } from '../deposits/index.js';

type RainAnswer = ResponseOf<typeof rainEndpoint>;
export type RainView = RainAnswer['rain'];

export interface RainUser {
  id: string;
  name: string;
}

/**
 * Of `ids`, the players who may receive a player's rain: not muted, and wagered at least
 * `wagerUsd` in real bets in the last `wagerDays` days or had a deposit credited in the last
 * `depositHours` hours.
 */
export async function eligibleForRain(
  database: Database,
  ids: string[],
  rules: RainRules,
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const depositors = await creditedDepositors(database, rules.depositHours, ids);
  const rows = await database.query<{ id: string }>(
    `select u.id::text as id from ${PLAYERS} u
      where u.id = any($1::uuid[])
        and not u.chat_muted
        and ${notBlocked('u.id')}
        and (u.id = any($2::uuid[])
             or coalesce((select sum(b.wager_usd) from bets b
                           where b.user_id = u.id and not b.demo
                             and b.created_at > now() - make_interval(days => $3::int)), 0) >= $4::numeric)`,
    [ids, depositors, rules.wagerDays, rules.wagerUsd],
  );
  return new Set(rows.map((r) => r.id));
}

/** Players of `channel` who could receive a rain from `senderId` now (eligible, not the sender). */
export async function rainCandidates(
  ctx: AppContext,
  channel: string,
  rules: RainRules,
  senderId: string | null,
): Promise<RainUser[]> {
  const chatters = (await recentChatters(ctx, channel, rules.activeMinutes * 60_000)).filter(
    (c) => c.id !== senderId,
  );
  const eligible = await eligibleForRain(
    ctx.database,
    chatters.map((c) => c.id),
    rules,
  );
  return chatters.filter((c) => eligible.has(c.id)).map((c) => ({ id: c.id, name: c.name }));
}

/** How long the rules call may reuse a channel's eligible players (it is public: keep it cheap). */
export const RULES_CACHE_MS = 10_000;

/**
 * A node's eligible players per channel and rules, for the rules call: one per server (the tips
 * module's service `rainRulesCache`), entries at most {@link RULES_CACHE_MS} old; a stale entry is
 * dropped when any entry is written, so the map holds only what was asked in the last window.
 */
export class RainRulesCache {
  readonly #entries = new Map<string, { at: number; users: RainUser[] }>();

  async candidates(key: string, load: () => Promise<RainUser[]>, now = Date.now()): Promise<RainUser[]> {
    const hit = this.#entries.get(key);
    if (hit && now - hit.at <= RULES_CACHE_MS) return hit.users;
    const users = await load();
    for (const [k, e] of this.#entries) if (now - e.at > RULES_CACHE_MS) this.#entries.delete(k);
    this.#entries.set(key, { at: now, users });
    return users;
  }

  get size(): number {
    return this.#entries.size;
  }
}

/** The server's rain rules cache (read with `rainRulesCache.of(ctx)` inside the tips module). */
export const rainRulesCache = defineService('tips.rain-rules-cache', () => new RainRulesCache());

/**
 * How many players of `channel` could receive a rain from `callerId` now, for the rules call: the
 * channel's eligible players are computed at most every {@link RULES_CACHE_MS} per node. A rain
 * itself always reads them fresh.
 */
export async function eligibleCount(
  ctx: AppContext,
  channel: string,
  rules: RainRules,
  callerId: string | null,
): Promise<number> {
  const key = `${channel}:${rules.activeMinutes}:${rules.wagerUsd}:${rules.wagerDays}:${rules.depositHours}`;
  const users = await rainRulesCache.of(ctx).candidates(key, () => rainCandidates(ctx, channel, rules, null));
  return users.filter((u) => u.id !== callerId).length;
}

interface RainRow {
  id: string;
  key: string;
  sender_id: string | null;
  sender_name: string | null;
  channel: string;
  currency: string;
  decimals: number;
  share: string;
  recipients: number;
  amount: string;
  created_at: Date | string;
  announced_at: Date | string | null;
}

async function rainByKey(database: Database, key: string): Promise<RainRow | undefined> {
  const rows = await database.query<RainRow>(
    `select r.id::text as id, r.key, r.sender_id::text as sender_id, s.name as sender_name, r.channel,
            r.currency, c.decimals, r.share::text as share, r.recipients, r.amount::text as amount,
            r.created_at, r.announced_at
       from chat_rains r join currencies c on c.id = r.currency left join ${PLAYERS} s on s.id = r.sender_id
      where r.key = $1`,
    [key],
  );
  return rows[0];
}

async function rainRecipients(database: Database, rainId: string): Promise<RainUser[]> {
  return database.query<RainUser>(
    `select u.id::text as id, u.name from chat_rain_recipients rr join ${PLAYERS} u on u.id = rr.user_id
      where rr.rain_id = $1::bigint order by u.name`,
    [rainId],
  );
}

async function toRainView(database: Database, row: RainRow): Promise<RainView> {
  const currency = { id: row.currency, decimals: row.decimals };
  const users = await rainRecipients(database, row.id);
  return {
    id: row.id,
    from: row.sender_id ? { _id: row.sender_id, name: row.sender_name ?? '' } : null,
    amount: show(BigInt(row.amount), currency),
    share: show(BigInt(row.share), currency),
    currency: row.currency,
    channel: row.channel,
    users: users.map((u) => ({ _id: u.id, name: u.name })),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The service message's data: `text` for any renderer, the parts for a richer one. */
export function rainMessageData(rain: RainView): Record<string, unknown> {
  const names = rain.users.map((u) => u.name).join(', ');
  const cur = unit(rain.currency);
  const n = rain.users.length;
  const players = `${n} player${n === 1 ? '' : 's'}`;
  return {
    kind: rain.from ? 'rain' : 'bot_rain',
    text: rain.from
      ? `${rain.from.name} made it rain ${rain.amount} ${cur}: ${rain.share} ${cur} each to ${names}`
      : `Rain! ${players} with a deposit today got ${rain.share} ${cur} each: ${names}`,
    from: rain.from,
    amount: rain.amount,
    share: rain.share,
    currency: rain.currency,
    users: rain.users,
    rain: rain.id,
  };
}

/**
 * Posts the rain's service message once (to `channels`, default its own channel): the call whose
 * guarded update sets announced_at posts it. A failed post is logged, not retried (at most once).
 */
export async function announceRain(
  ctx: AppContext,
  rainId: string,
  channels?: readonly string[],
): Promise<boolean> {
  const won = await ctx.database.query<{ key: string }>(
    'update chat_rains set announced_at = now() where id = $1::bigint and announced_at is null returning key',
    [rainId],
  );
  const key = won[0]?.key;
  if (!key) return false;
  const row = await rainByKey(ctx.database, key);
  if (!row) return false;
  const view = await toRainView(ctx.database, row);
  const data = rainMessageData(view);
  for (const channel of channels ?? [row.channel]) {
    try {
      await postServiceMessage(ctx, { channel, data });
    } catch (err) {
      ctx.log.warn({ err, rain: rainId, channel }, 'rain service message not posted');
    }
  }
  return true;
}

export interface RainPlan {
  /** chat_rains.key: rain:{sender}:{requestId} or bot-rain:{day}:{slot}. */
  key: string;
  /** The paying player, or null for the bot (paid from the promotions account). */
  sender: RainUser | null;
  channel: string;
  currency: TipCurrency;
  share: bigint;
  recipients: RainUser[];
}

/**
 * Pays a rain in one transaction (see the module comment). Returns the stored rain and whether it
 * had been paid before (`replayed`: this call moved nothing). Throws 'Not enough money' when the
 * sender cannot pay every share (nothing is written then).
 */
export async function payRain(ctx: AppContext, plan: RainPlan): Promise<{ row: RainRow; replayed: boolean }> {
  const { database, ledger } = ctx;
  const existing = await rainByKey(database, plan.key);
  if (existing) return { row: existing, replayed: true };
  if (plan.recipients.length < RAIN_MIN_USERS || plan.recipients.length > RAIN_MAX_USERS)
    throw invalidUsersLength();
  if (plan.share <= 0n) throw invalidAmount();

  const from: AccountRef = plan.sender ? { user: plan.sender.id, kind: 'real' } : { system: 'promotions' };
  const players = [from, ...plan.recipients.map((r): AccountRef => ({ user: r.id, kind: 'real' }))];
  const total = plan.share * BigInt(plan.recipients.length);

  let paid: boolean;
  try {
    paid = await ledger.transaction(async (scoped, tx) => {
      const inserted = await tx.query<{ id: string }>(
        `insert into chat_rains (key, sender_id, channel, currency, share, recipients, amount)
         values ($1, $2::uuid, $3, $4, $5::numeric, $6, $7::numeric)
         on conflict (key) do nothing returning id::text as id`,
        [
          plan.key,
          plan.sender?.id ?? null,
          plan.channel,
          plan.currency.id,
          plan.share.toString(),
          plan.recipients.length,
          total.toString(),
        ],
      );
      const rainId = inserted[0]?.id;
      if (!rainId) return false;
      // Every player row this rain touches, locked by the ledger in ascending id order: two rains never
      // deadlock.
      await scoped.lock(players, plan.currency.id);
      for (const r of plan.recipients) {
        const t = await scoped.transfer({
          key: `rain:${rainId}:${r.id}`,
          kind: plan.sender ? 'rain' : 'bot_rain',
          currency: plan.currency.id,
          amount: plan.share,
          from,
          to: { user: r.id, kind: 'real' },
          metadata: { rain: rainId, channel: plan.channel },
        });
        await tx.query(
          'insert into chat_rain_recipients (rain_id, user_id, transfer_id) values ($1::bigint, $2::uuid, $3::bigint)',
          [rainId, r.id, t.transferId],
        );
      }
      return true;
    });
  } catch (err) {
    if (err instanceof InsufficientFundsError) throw notEnoughMoney();
    throw err;
  }
  const row = await rainByKey(database, plan.key);
  if (!row) throw new Error('rain row vanished');
  return { row, replayed: !paid };
}

export interface RainInput {
  amount: string;
  users: number;
  currency: string;
  channel: string;
  requestId: string;
}

export async function makeItRain(ctx: AppContext, user: AuthUser, input: RainInput): Promise<RainAnswer> {
  const { database } = ctx;
  await assertFreshTwoFactor(database, user);
  if (!Number.isInteger(input.users) || input.users < RAIN_MIN_USERS || input.users > RAIN_MAX_USERS)
    throw invalidUsersLength();
  const currency = await tipCurrency(database, input.currency);
  const amount = parsePositiveAmount(input.amount, currency.decimals);
  const key = `rain:${user.id}:${input.requestId}`;

  const first = await rainByKey(database, key);
  if (first) {
    const share = amount / BigInt(input.users);
    if (
      first.currency !== currency.id ||
      first.recipients !== input.users ||
      first.share !== share.toString() ||
      first.channel !== input.channel
    )
      throw AppError.conflict(
        'This request was already made with different details.',
        'idempotency_conflict',
      );
    return { ok: true, rain: await toRainView(database, first), replayed: true };
  }

  await assertNotBlocked(ctx, database, user.id);
  const settings = await loadTipsSettings(ctx);
  const share = amount / BigInt(input.users);
  const minimum = await usdMinimum(ctx, currency, settings.rainMinShareUsd);
  if (share < minimum)
    throw invalidAmount(
      `Each player must get at least ${show(minimum, currency)} ${unit(currency.id)}: rain at least ${show(
        minimum * BigInt(input.users),
        currency,
      )} ${unit(currency.id)} on ${input.users}.`,
    );
  await assertNotMuted(database, user.id);
  await assertRate(database, user.id, settings.perMinute);

  const candidates = await rainCandidates(ctx, input.channel, settings.rain, user.id);
  if (candidates.length === 0)
    throw new AppError(422, TipErrorCode.NotEnoughUsers, TipMessages.noEligibleUsers, [
      { path: 'users', message: TipMessages.noEligibleUsers },
    ]);
  if (candidates.length < input.users)
    throw new AppError(422, TipErrorCode.NotEnoughUsers, TipMessages.notEnoughUsers, [
      {
        path: 'users',
        message: `Only ${candidates.length} player${candidates.length === 1 ? '' : 's'} in this chat can receive a rain right now.`,
      },
    ]);

  const sender = { id: user.id, name: user.name };
  const { row, replayed } = await payRain(ctx, {
    key,
    sender,
    channel: input.channel,
    currency,
    share,
    recipients: sample(candidates, input.users),
  });
  if (!replayed) await announceRain(ctx, row.id);
  return { ok: true, rain: await toRainView(database, row), replayed };
}

/** Rains committed but never announced (a crash between the commit and the post): announce them. */
export async function announcePendingRains(
  ctx: AppContext,
  opts: { olderThanMs?: number; channelsOf?: (key: string) => readonly string[] | undefined } = {},
): Promise<number> {
  const rows = await ctx.database.query<{ id: string; key: string }>(
    `select id::text as id, key from chat_rains
      where announced_at is null and created_at < now() - make_interval(secs => $1::double precision)
      order by id limit 50`,
    [(opts.olderThanMs ?? 30_000) / 1000],
  );
  let n = 0;
  for (const r of rows) if (await announceRain(ctx, r.id, opts.channelsOf?.(r.key))) n++;
  return n;
}
