/**
 * The usage counters of guarded players (table protection_usage): per period instance and unit, the
 * deposits credited, the stakes placed and the returns received. Every stake or deposit of a guarded
 * player adds to the counters of both its currency (atomic units) and `usd` (1e-8 dollars), for the day,
 * the week and the month it falls in, in the transaction that moves the money, after the player's
 * protection row was locked. Values are integers (bigint).
 */
import { LIMIT_PERIODS, type LimitKind, type LimitPeriod, USD_LIMIT_CURRENCY } from '@nebula/contracts';
import type { Session } from '../../db/client.js';
import { periodStart } from './periods.js';

type Querier = Pick<Session, 'query'>;

/** USD counters and USD limit values are in 1e-8 dollars. */
export const USD_SCALE = 8;

/** A USD decimal string (as wagers' `usdValue` gives it) in 1e-8 dollars, digits beyond 8 decimals dropped. */
export function usdUnits(text: string): bigint {
  const negative = text.startsWith('-');
  const [whole = '0', frac = ''] = (negative ? text.slice(1) : text).split('.');
  const v = BigInt(whole + frac.slice(0, USD_SCALE).padEnd(USD_SCALE, '0'));
  return negative ? -v : v;
}

export interface UsageRow {
  period: LimitPeriod;
  period_start: Date;
  unit: string;
  deposited: string;
  staked: string;
  returned: string;
}

/** The period starts `at` falls in. */
export const currentStarts = (at: Date) => LIMIT_PERIODS.map((p) => periodStart(p, at));

/** The counters of the periods `at` falls in, keyed `{period}:{unit}`. */
export async function readUsage(q: Querier, userIds: readonly string[], at: Date) {
  const rows = await q.query<UsageRow & { user_id: string }>(
    `select u.user_id::text as user_id, u.period, u.period_start, u.unit, u.deposited::text as deposited,
            u.staked::text as staked, u.returned::text as returned
       from protection_usage u
       join unnest($2::text[], $3::timestamptz[]) p (period, start) on p.period = u.period and p.start = u.period_start
      where u.user_id = any($1::uuid[])`,
    [[...new Set(userIds)], [...LIMIT_PERIODS], currentStarts(at)],
    'protection.read_usage',
  );
  const out = new Map<string, Map<string, UsageRow>>();
  for (const r of rows) {
    let mine = out.get(r.user_id);
    if (!mine) out.set(r.user_id, (mine = new Map()));
    mine.set(`${r.period}:${r.unit}`, r);
  }
  return out;
}

/** What a limit of `kind` has used in a counter row (loss may be negative: more returns than stakes). */
export function usedOf(kind: LimitKind, row: UsageRow | undefined): bigint {
  if (!row) return 0n;
  if (kind === 'deposit') return BigInt(row.deposited);
  if (kind === 'wager') return BigInt(row.staked);
  return BigInt(row.staked) - BigInt(row.returned);
}

/** One addition to a player's counters in one unit. */
export interface UsageDelta {
  userId: string;
  unit: string;
  deposited?: bigint;
  staked?: bigint;
  returned?: bigint;
}

/** The deltas of one money move in its currency and in USD. */
export function deltasOf(
  userId: string,
  currency: string,
  atomic: bigint,
  usd: string | null,
  field: 'deposited' | 'staked' | 'returned',
): UsageDelta[] {
  const out: UsageDelta[] = [{ userId, unit: currency, [field]: atomic }];
  if (usd !== null) out.push({ userId, unit: USD_LIMIT_CURRENCY, [field]: usdUnits(usd) });
  return out;
}

/**
 * Adds the deltas to the counters of the periods `at` falls in: one statement. `onlyGuarded`: only for
 * players whose stakes are guarded now (a caller that does not know whether the player has limits,
 * e.g. a return settled long after its stake: the statement looks, no lock is needed since counters
 * only add up).
 */
export async function addUsage(
  tx: Querier,
  deltas: readonly UsageDelta[],
  at: Date,
  opts: { onlyGuarded?: boolean } = {},
): Promise<void> {
  if (deltas.length === 0) return;
  await tx.query(
    `insert into protection_usage as u (user_id, period, period_start, unit, deposited, staked, returned)
     select d.user_id, p.period, p.start, d.unit, sum(d.dep), sum(d.st), sum(d.ret)
       from unnest($1::uuid[], $2::text[], $3::numeric[], $4::numeric[], $5::numeric[]) d (user_id, unit, dep, st, ret)
       cross join unnest($6::text[], $7::timestamptz[]) p (period, start)
      where not $8::boolean
         or exists (select 1 from player_protection g where g.user_id = d.user_id and g.guarded)
      group by d.user_id, p.period, p.start, d.unit
      order by d.user_id, p.period, p.start, d.unit
     on conflict (user_id, period, period_start, unit) do update set
       deposited = u.deposited + excluded.deposited, staked = u.staked + excluded.staked,
       returned = u.returned + excluded.returned`,
    [
      deltas.map((d) => d.userId),
      deltas.map((d) => d.unit),
      deltas.map((d) => (d.deposited ?? 0n).toString()),
      deltas.map((d) => (d.staked ?? 0n).toString()),
      deltas.map((d) => (d.returned ?? 0n).toString()),
      [...LIMIT_PERIODS],
      currentStarts(at),
      opts.onlyGuarded === true,
    ],
    'protection.add_usage',
  );
}
