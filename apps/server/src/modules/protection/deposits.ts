/**
 * Deposit limits (decision 0025): a deposit is never refused. When a deposit limit is in force, the
 * deposit is split inside the crediting transaction, after the player's protection row is locked: what
 * fits the smallest headroom of the limits in force (in the deposit's currency or in USD) is credited
 * to the real balance and counted, the rest goes to the player's `held` ledger account, and the hold's
 * release is scheduled at the first reset of those limits. The leader's job (`protection.release-held`)
 * then moves, at or after that time, as much of the held balance as the new periods allow to the real
 * balance (one transfer keyed by the hold's release time: exactly once), counts it, and reschedules
 * what is left, or ends the hold.
 */
import { type LimitPeriod, USD_LIMIT_CURRENCY } from '@nebula/contracts';
import { toDecimalString } from '@nebula/money';
import type { Session } from '../../db/client.js';
import type { JobDefinition } from '../../jobs/runner.js';
import type { AppContext } from '../../platform/context.js';
import type { JobsContext } from '../../platform/module.js';
import { enabledDecimals } from '../currencies/index.js';
import { playerBalance, type ScopedLedger } from '../ledger/index.js';
import { priceFeedService } from '../prices/index.js';
import { nextPeriodStart } from './periods.js';
import { protectionClock } from './settings.js';
import { appendHistory, type StoredLimit } from './store.js';
import { addUsage, deltasOf, readUsage, usedOf, type UsageRow } from './usage.js';
import { usdUnitsOf } from './usd.js';

type Querier = Pick<Session, 'query'>;

/** The release job's interval. */
export const RELEASE_INTERVAL_MS = 60_000;
const RELEASE_BATCH = 100;

interface DepositLimits {
  limits: [LimitPeriod, StoredLimit][];
}

/** Locks the row of a player with a deposit limit and answers its deposit limits (null: none). */
async function lockDepositLimits(tx: Querier, userId: string): Promise<DepositLimits | null> {
  const rows = await tx.query<{ limits: Record<string, StoredLimit> }>(
    'select limits from player_protection where user_id = $1::uuid and deposit_guarded for update',
    [userId],
    'protection.lock_deposit',
  );
  const row = rows[0];
  if (!row) return null;
  const limits = Object.entries(row.limits)
    .filter(([k]) => k.startsWith('deposit:'))
    .map(([k, l]) => [k.slice('deposit:'.length) as LimitPeriod, l] as [LimitPeriod, StoredLimit]);
  return limits.length ? { limits } : null;
}

/**
 * How much of `amount` the deposit limits let in now (atomic units of `currency`): the smallest
 * headroom over the limits in force, each in its unit (USD at `priceUsd`).
 */
function admissible(
  limits: DepositLimits,
  usage: Map<string, UsageRow> | undefined,
  amount: bigint,
  currency: string,
  priceUsd: string,
  decimals: number,
): bigint {
  let allowed = amount;
  for (const [period, limit] of limits.limits) {
    if (limit.currency !== currency && limit.currency !== USD_LIMIT_CURRENCY) continue;
    const used = usedOf('deposit', usage?.get(`${period}:${limit.currency}`));
    const room = BigInt(limit.value) - used;
    if (room <= 0n) return 0n;
    if (limit.currency === currency) {
      if (room < allowed) allowed = room;
      continue;
    }
    // USD: the most atomic units whose USD value fits the room (binary search over the monotone value).
    if (usdUnitsOf(allowed, priceUsd, decimals) <= room) continue;
    let lo = 0n;
    let hi = allowed;
    while (lo < hi) {
      const mid = (lo + hi + 1n) / 2n;
      if (usdUnitsOf(mid, priceUsd, decimals) <= room) lo = mid;
      else hi = mid - 1n;
    }
    allowed = lo;
  }
  return allowed;
}

/** The first reset of the deposit limits in force after `at`. */
const firstReset = (limits: DepositLimits, at: Date) =>
  new Date(Math.min(...limits.limits.map(([period]) => nextPeriodStart(period, at).getTime())));

export interface DepositSplit {
  credited: bigint;
  held: bigint;
}

/**
 * The deposits module's hook (inside the crediting transaction, before the transfers): splits a
 * deposit of a player with a deposit limit, counts the credited part, schedules the hold. Null when
 * the player has no deposit limit (everything is credited, nothing counted).
 */
export async function splitDeposit(
  ctx: Pick<AppContext, 'services'>,
  tx: Session,
  d: { userId: string; currency: string; amount: bigint; priceUsd: string },
): Promise<DepositSplit | null> {
  const limits = await lockDepositLimits(tx, d.userId);
  if (!limits) return null;
  const at = protectionClock.of(ctx).now();
  const [usage, decimals] = await Promise.all([
    readUsage(tx, [d.userId], at),
    enabledDecimals(tx, [d.currency]),
  ]);
  const dec = decimals.get(d.currency) ?? 0;
  const { priceUsd } = d;
  const credited = admissible(limits, usage.get(d.userId), d.amount, d.currency, priceUsd, dec);
  const held = d.amount - credited;
  if (credited > 0n)
    await addUsage(
      tx,
      deltasOf(d.userId, d.currency, credited, centsOrNull(credited, priceUsd, dec), 'deposited'),
      at,
    );
  if (held > 0n) {
    await tx.query(
      `insert into protection_holds (user_id, currency, release_at) values ($1::uuid, $2, $3)
       on conflict (user_id, currency) do update set release_at = least(protection_holds.release_at, excluded.release_at)`,
      [d.userId, d.currency, firstReset(limits, at)],
    );
    await appendHistory(tx, d.userId, at, {
      action: 'deposit_held',
      target: `deposit:${d.currency}`,
      from: null,
      to: `${toDecimalString(held, dec)} ${d.currency.toUpperCase()}`,
      by: 'system',
    });
  }
  return { credited, held };
}

/**
 * The deposits module's hook in two steps: the price is read before the crediting transaction (a read
 * of the price feed inside it could wait for the database the transaction holds), then
 * {@link splitDeposit} runs inside it.
 */
export async function depositHook(
  ctx: Pick<AppContext, 'services'>,
  currency: string,
): Promise<(tx: Session, userId: string, amount: bigint) => Promise<DepositSplit | null>> {
  const priceUsd = (await priceFeedService.of(ctx).price(currency))?.usd ?? '0';
  return (tx, userId, amount) => splitDeposit(ctx, tx, { userId, currency, amount, priceUsd });
}

/** The USD value (as wagers' decimal strings) of an amount, or null without a price. */
function centsOrNull(atomic: bigint, priceUsd: string, decimals: number): string | null {
  if (priceUsd === '0') return null;
  const units = usdUnitsOf(atomic, priceUsd, decimals);
  return toDecimalString(units, 8);
}

/** Releases one due hold (see the module comment); answers what was released. */
export async function releaseHold(
  ctx: Pick<AppContext, 'services' | 'ledger'>,
  hold: { userId: string; currency: string },
): Promise<bigint> {
  const at = protectionClock.of(ctx).now();
  // Before the transaction (see depositHook).
  const priceUsd = (await priceFeedService.of(ctx).price(hold.currency))?.usd ?? '0';
  return ctx.ledger.transaction(async (ledger: ScopedLedger, tx) => {
    // The protection row first (the lock order), then the hold.
    const limits = await lockDepositLimits(tx, hold.userId);
    const rows = await tx.query<{ release_at: Date }>(
      `select release_at from protection_holds where user_id = $1::uuid and currency = $2 and release_at <= $3
       for update`,
      [hold.userId, hold.currency, at],
    );
    const due = rows[0];
    if (!due) return 0n;
    const balance = await playerBalance(tx, { user: hold.userId, kind: 'held', currency: hold.currency });
    const dec = (await enabledDecimals(tx, [hold.currency])).get(hold.currency) ?? 0;
    const release = limits
      ? admissible(
          limits,
          (await readUsage(tx, [hold.userId], at)).get(hold.userId),
          balance,
          hold.currency,
          priceUsd,
          dec,
        )
      : balance;
    if (release > 0n) {
      await ledger.transfer({
        key: `protection:release:${hold.userId}:${hold.currency}:${new Date(due.release_at).toISOString()}`,
        kind: 'deposit_release',
        currency: hold.currency,
        amount: release,
        from: { user: hold.userId, kind: 'held' },
        to: { user: hold.userId, kind: 'real' },
        metadata: { reason: 'deposit limit reset' },
      });
      if (limits)
        await addUsage(
          tx,
          deltasOf(hold.userId, hold.currency, release, centsOrNull(release, priceUsd, dec), 'deposited'),
          at,
        );
      await appendHistory(tx, hold.userId, at, {
        action: 'deposit_released',
        target: `deposit:${hold.currency}`,
        from: null,
        to: `${toDecimalString(release, dec)} ${hold.currency.toUpperCase()}`,
        by: 'system',
      });
    }
    if (balance - release > 0n && limits)
      await tx.query(
        'update protection_holds set release_at = $3 where user_id = $1::uuid and currency = $2',
        [hold.userId, hold.currency, firstReset(limits, at)],
      );
    else
      await tx.query('delete from protection_holds where user_id = $1::uuid and currency = $2', [
        hold.userId,
        hold.currency,
      ]);
    return release;
  });
}

/** One run of the release job: every due hold, a batch at a time. */
export async function releaseDueHolds(ctx: Pick<AppContext, 'services' | 'ledger' | 'database'>) {
  const at = protectionClock.of(ctx).now();
  const due = await ctx.database.query<{ user_id: string; currency: string }>(
    `select user_id::text as user_id, currency from protection_holds where release_at <= $1
      order by release_at limit ${RELEASE_BATCH}`,
    [at],
  );
  let released = 0;
  for (const h of due)
    if ((await releaseHold(ctx, { userId: h.user_id, currency: h.currency })) > 0n) released++;
  return { due: due.length, released };
}

export function protectionJobs(ctx: JobsContext): JobDefinition[] {
  return [
    {
      name: 'protection.release-held',
      intervalMs: RELEASE_INTERVAL_MS,
      runOnElect: true,
      run: () => releaseDueHolds(ctx),
    },
  ];
}
