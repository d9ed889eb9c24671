/**
 * Judging a guarded player's stakes inside the stake's own transaction (decision 0025).
 *
 * A player is guarded while a loss or wager limit or a session limit is in force (the pre-bet read
 * says so through `PROTECTION.guarded`, so a player without limits costs nothing here). For a guarded
 * stake, in the stake's transaction and before any ledger row is locked (lock order: protection rows,
 * then ledger accounts, then seed pairs):
 *  1. one statement locks the players' protection rows (`for update`, ascending ids), the next reads
 *     their limits and their counters of the current day, week and month (after the lock: see
 *     {@link LOCK_SQL});
 *  2. in memory, each stake in order: refused with 403 `session_limit` when the session has reached
 *     its limit, with 403 `loss_limit` / `wager_limit` when staked + this stake, or net loss + this
 *     stake (an unsettled stake counts as lost), would exceed any limit in force in the stake's
 *     currency or in USD; otherwise counted (stake, and any return the same transaction pays);
 *  3. ONE statement adds the counted deltas to the counters and records the session's activity.
 * Concurrent stakes of one player wait for each other's row lock, and each is judged on what the
 * previous ones left, so none crosses a limit; a refused stake writes nothing and, in a group commit,
 * only that bet is refused.
 */
import {
  type LimitKind,
  type LimitPeriod,
  LIMIT_PERIODS,
  ProtectionErrorCode,
  ProtectionMessages,
  USD_LIMIT_CURRENCY,
} from '@nebula/contracts';
import type { Session } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { nextSession } from './session.js';
import { loadProtectionSettings, protectionClock } from './settings.js';
import { type ProtectionRow, type StoredLimit } from './store.js';
import { addUsage, currentStarts, type UsageRow, usedOf } from './usage.js';
import { usdUnitsOf } from './usd.js';

/** A stake's owner and money as the guard sees it (wagers' StakeAccount fits). */
export interface GuardedStake {
  userId: string;
  currency: string;
  demo: boolean;
  /** The stake's own guard (its currency's price), when it has one. */
  guard?: { readonly priceUsd: string; readonly decimals: number } | null | undefined;
}

/** The judge of the guarded stakes of one transaction (one bet, or the guarded bets of a batch). */
export interface StakeJudge {
  /** Judges a stake: the refusal, or null when it is accepted (then it is counted). */
  place(stake: GuardedStake, amount: bigint): AppError | null;
  /** Counts a payout or refund of a stake. */
  pay(stake: GuardedStake, amount: bigint): void;
  /** Writes what was counted (one statement; none when nothing was). */
  flush(): Promise<void>;
}

/**
 * The guard a product passes with a guarded player's stake (wagers' `StakeGuard`): the price of the
 * stake's currency (USD limits) and a way to judge it inside the caller's transaction.
 */
export interface ProtectionGuard {
  readonly priceUsd: string;
  readonly decimals: number;
  /** Judges and counts one stake in `tx` (throws the refusal). */
  place(tx: Session, stake: GuardedStake, amount: bigint): Promise<void>;
  /** Counts a return (payout, refund) in `tx`; a negative amount takes a return back (a rollback). */
  pay(tx: Session, stake: GuardedStake, amount: bigint): Promise<void>;
  /** Locks the players of a batch and judges their stakes in memory (group commit). */
  judge(tx: Session, userIds: readonly string[]): Promise<StakeJudge>;
}

/**
 * Locks the guarded players' rows. Their limits and counters are read by the NEXT statement
 * ({@link READ_SQL}): a statement that waited for a row lock returns the locked row's newest version
 * but reads other tables with the snapshot it started with, which would miss the counters the previous
 * holder of the lock wrote (PostgreSQL, read committed).
 */
const LOCK_SQL = `select p.user_id::text as user_id from player_protection p
  where p.user_id = any($1::uuid[]) and p.guarded order by p.user_id for update`;

const READ_SQL = `select p.user_id::text as user_id, p.limits, p.session_limit_minutes, p.session_started_at,
    p.session_seen_at,
    coalesce((select jsonb_agg(jsonb_build_object('period', u.period, 'unit', u.unit,
        'deposited', u.deposited::text, 'staked', u.staked::text, 'returned', u.returned::text))
      from protection_usage u
      join unnest($2::text[], $3::timestamptz[]) c (period, start) on c.period = u.period and c.start = u.period_start
      where u.user_id = p.user_id), '[]'::jsonb) as usage
  from player_protection p where p.user_id = any($1::uuid[])`;

const FLUSH_SQL = `with s as (
  update player_protection p set session_started_at = s.started, session_seen_at = s.seen
    from unnest($8::uuid[], $9::timestamptz[], $10::timestamptz[]) s (user_id, started, seen)
   where p.user_id = s.user_id
  returning 1
)
insert into protection_usage as u (user_id, period, period_start, unit, deposited, staked, returned)
select d.user_id, c.period, c.start, d.unit, 0, sum(d.st), sum(d.ret)
  from unnest($1::uuid[], $2::text[], $3::numeric[], $4::numeric[]) d (user_id, unit, st, ret)
  cross join unnest($5::text[], $6::timestamptz[]) c (period, start)
 where $7::boolean
 group by d.user_id, c.period, c.start, d.unit
on conflict (user_id, period, period_start, unit) do update set
  staked = u.staked + excluded.staked, returned = u.returned + excluded.returned`;

interface Locked {
  row: Pick<ProtectionRow, 'limits' | 'session_limit_minutes' | 'session_started_at' | 'session_seen_at'>;
  usage: Map<string, UsageRow>;
}

const limitError = (kind: LimitKind) =>
  kind === 'loss'
    ? new AppError(403, ProtectionErrorCode.LossLimit, ProtectionMessages.lossLimit)
    : new AppError(403, ProtectionErrorCode.WagerLimit, ProtectionMessages.wagerLimit);

const sessionError = () =>
  new AppError(403, ProtectionErrorCode.SessionLimit, ProtectionMessages.sessionLimit);

/** Locks the protection rows of `userIds` with their counters and answers their judge. */
export async function lockJudge(
  tx: Session,
  userIds: readonly string[],
  at: Date,
  breakMs: number,
  priceOf: (stake: GuardedStake) => { priceUsd: string; decimals: number },
): Promise<StakeJudge> {
  const rows = await tx.query<{
    user_id: string;
    limits: Record<string, StoredLimit>;
    session_limit_minutes: number | null;
    session_started_at: Date | null;
    session_seen_at: Date | null;
    usage: { period: LimitPeriod; unit: string; deposited: string; staked: string; returned: string }[];
  }>(
    READ_SQL,
    [
      (
        await tx.query<{ user_id: string }>(LOCK_SQL, [[...new Set(userIds)].sort()], 'protection.lock_judge')
      ).map((r) => r.user_id),
      [...LIMIT_PERIODS],
      currentStarts(at),
    ],
    'protection.read_judge',
  );
  const locked = new Map<string, Locked>();
  for (const r of rows) {
    const usage = new Map<string, UsageRow>();
    for (const u of r.usage) usage.set(`${u.period}:${u.unit}`, { ...u, period_start: at });
    locked.set(r.user_id, { row: r, usage });
  }
  const deltas = new Map<string, { userId: string; unit: string; st: bigint; ret: bigint }>();
  const sessions = new Map<string, { startedAt: Date; seenAt: Date }>();

  const add = (userId: string, unit: string, field: 'staked' | 'returned', value: bigint) => {
    const key = `${userId}:${unit}`;
    const d = deltas.get(key) ?? { userId, unit, st: 0n, ret: 0n };
    if (field === 'staked') d.st += value;
    else d.ret += value;
    deltas.set(key, d);
    const mine = locked.get(userId);
    if (!mine) return;
    for (const period of LIMIT_PERIODS) {
      const k = `${period}:${unit}`;
      const row = mine.usage.get(k) ?? {
        period,
        period_start: at,
        unit,
        deposited: '0',
        staked: '0',
        returned: '0',
      };
      mine.usage.set(k, { ...row, [field]: (BigInt(row[field]) + value).toString() });
    }
  };
  /** The stake's amount in each unit its limits may use: its currency, and USD. */
  const units = (stake: GuardedStake, amount: bigint): [string, bigint][] => {
    const p = priceOf(stake);
    return [
      [stake.currency, amount],
      [USD_LIMIT_CURRENCY, usdUnitsOf(amount, p.priceUsd, p.decimals)],
    ];
  };

  return {
    place(stake, amount) {
      if (stake.demo) return null;
      const mine = locked.get(stake.userId);
      if (!mine) return null;
      const { row } = mine;
      if (row.session_limit_minutes !== null) {
        const s = sessions.get(stake.userId) ?? nextSession(row, at, breakMs);
        if (at.getTime() >= s.startedAt.getTime() + row.session_limit_minutes * 60_000) return sessionError();
      }
      const each = units(stake, amount);
      for (const [key, limit] of Object.entries(row.limits)) {
        const [kind, period] = key.split(':') as [LimitKind, LimitPeriod];
        if (kind === 'deposit') continue;
        const inUnit = each.find(([unit]) => unit === limit.currency);
        if (!inUnit) continue;
        const used = usedOf(kind, mine.usage.get(`${period}:${limit.currency}`));
        if (used + inUnit[1] > BigInt(limit.value)) return limitError(kind);
      }
      for (const [unit, value] of each) add(stake.userId, unit, 'staked', value);
      if (row.session_limit_minutes !== null) {
        const s = nextSession(row, at, breakMs);
        sessions.set(stake.userId, { startedAt: s.startedAt, seenAt: at });
        row.session_started_at = s.startedAt;
        row.session_seen_at = at;
      }
      return null;
    },
    pay(stake, amount) {
      if (stake.demo || amount <= 0n || !locked.has(stake.userId)) return;
      for (const [unit, value] of units(stake, amount)) add(stake.userId, unit, 'returned', value);
    },
    async flush() {
      if (deltas.size === 0 && sessions.size === 0) return;
      const d = [...deltas.values()];
      const s = [...sessions.entries()];
      await tx.query(
        FLUSH_SQL,
        [
          d.map((x) => x.userId),
          d.map((x) => x.unit),
          d.map((x) => x.st.toString()),
          d.map((x) => x.ret.toString()),
          [...LIMIT_PERIODS],
          currentStarts(at),
          d.length > 0,
          s.map(([id]) => id),
          s.map(([, v]) => v.startedAt),
          s.map(([, v]) => v.seenAt),
        ],
        'protection.flush_judge',
      );
      deltas.clear();
      sessions.clear();
    },
  };
}

/** The guard of a guarded player's stake in a currency (see {@link ProtectionGuard}). */
export function protectionGuard(
  ctx: Pick<AppContext, 'services' | 'settings'>,
  price: { priceUsd: string; decimals: number },
  /**
   * `guarded`: the caller knows the player has limits (the pre-bet read or the round said so); a
   * return is then counted in one statement. `maybe`: the caller does not know (a crash payout, a
   * sports settlement), so a return is counted only when the player's row is guarded (the same one
   * statement looks: no lock, counters only add up).
   */
  mode: 'guarded' | 'maybe' = 'guarded',
): ProtectionGuard {
  // Read now, before the stake's transaction: inside it, a settings read that misses the node's cache
  // would wait for the database the transaction holds (PGlite has one connection). A guard of returns
  // (`maybe`, often made inside a transaction) reads them only if it judges a stake.
  let settings: ReturnType<typeof loadProtectionSettings> | null = null;
  const loadSettings = () => {
    if (!settings) {
      settings = loadProtectionSettings(ctx);
      settings.catch(() => undefined);
    }
    return settings;
  };
  if (mode === 'guarded') loadSettings();
  const judge = async (tx: Session, userIds: readonly string[]) => {
    const { sessionBreakMinutes } = await loadSettings();
    return lockJudge(
      tx,
      userIds,
      protectionClock.of(ctx).now(),
      sessionBreakMinutes * 60_000,
      (stake) => stake.guard ?? price,
    );
  };
  return {
    priceUsd: price.priceUsd,
    decimals: price.decimals,
    async place(tx, stake, amount) {
      const j = await judge(tx, [stake.userId]);
      const refused = j.place(stake, amount);
      if (refused) throw refused;
      await j.flush();
    },
    async pay(tx, stake, amount) {
      // A negative amount takes a return back (a payout its provider or feed cancelled).
      if (amount === 0n || stake.demo) return;
      // Counters only grow by sums (one upsert): no lock needed; a stake judged meanwhile saw fewer
      // returns, which only made it stricter.
      const p = stake.guard ?? price;
      await addUsage(
        tx,
        [
          { userId: stake.userId, unit: stake.currency, returned: amount },
          {
            userId: stake.userId,
            unit: USD_LIMIT_CURRENCY,
            returned: usdUnitsOf(amount, p.priceUsd, p.decimals),
          },
        ],
        protectionClock.of(ctx).now(),
        { onlyGuarded: mode === 'maybe' },
      );
    },
    judge,
  };
}
