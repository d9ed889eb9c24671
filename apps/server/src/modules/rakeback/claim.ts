/**
 * Paying rakeback (decision 0040). What a player can be paid in a currency is
 * floor(sum of their accruals / 1e10) minus everything paid to them in it (accrual.ts): the sub-unit
 * remainder of the running total is carried, never lost and never paid twice. Money moves only through
 * the ledger, from the promotions account to the player's real balance, with a key per player,
 * currency, kind and period (`rakeback:{kind}:{user}:{currency}:{period}`), beside a
 * `rakeback_payments` row unique on the same fields.
 *
 * - A **claim** (`POST /api/data/claimRakeback`) locks the player's `rakeback_players` row (concurrent
 *   claims queue on it), refuses during a time-out or self-exclusion and within 4 hours of the last
 *   claim (code 1, 'You can collect cashback after 4 hours'), refuses when nothing is payable (code 2),
 *   then pays every currency and stamps the claim time, in one transaction.
 * - The **daily settlement** at 0:00 UTC (job `rakeback.settle`, spec 3 section 9 "cashback settled at
 *   0:00 daily") pays what accrued up to the end of the day that just ended and was not claimed, under
 *   the same lock, once per player, currency and day; it does not start the claim cooldown. Blocked
 *   players are skipped (their rakeback waits for the block to end).
 */
import {
  RAKEBACK_COOLDOWN_MS,
  RakebackErrorCode,
  RakebackMessages,
  type RakebackEntry,
} from '@nebula/contracts';
import { amount as toAmount, toDecimalString } from '@nebula/money';
import type { Session } from '../../db/client.js';
import type { JobDefinition } from '../../jobs/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { enabledDecimals } from '../currencies/index.js';
import type { ScopedLedger } from '../ledger/index.js';
import { assertNotBlocked, notBlocked } from '../protection/index.js';
import { ACCRUAL_SCALE, utcDay } from './accrual.js';

type Querier = Pick<Session, 'query'>;
type RakebackContext = Pick<AppContext, 'database' | 'ledger' | 'services' | 'log'>;

/** Payable atomic units per currency: floor(accrued / 1e10) - paid, for days up to `throughDay` (all when omitted). */
export async function payableOf(
  q: Querier,
  userId: string,
  throughDay?: string,
): Promise<Map<string, { accrued: bigint; paid: bigint; payable: bigint }>> {
  const rows = await q.query<{ currency: string; accrued: string; paid: string }>(
    `select c.currency, coalesce(a.accrued, 0)::text as accrued, coalesce(p.paid, 0)::text as paid
       from (select distinct currency from rakeback_accruals where user_id = $1) c
       left join (select currency, sum(accrued) as accrued from rakeback_accruals
                   where user_id = $1 and ($2::date is null or day <= $2::date) group by currency) a
              on a.currency = c.currency
       left join (select currency, sum(amount) as paid from rakeback_payments
                   where user_id = $1 group by currency) p on p.currency = c.currency
      order by c.currency`,
    [userId, throughDay ?? null],
    'rakeback.payable',
  );
  const out = new Map<string, { accrued: bigint; paid: bigint; payable: bigint }>();
  for (const r of rows) {
    const accrued = BigInt(r.accrued);
    const paid = BigInt(r.paid);
    const due = accrued / ACCRUAL_SCALE - paid;
    out.set(r.currency, { accrued, paid, payable: due > 0n ? due : 0n });
  }
  return out;
}

/** `POST /api/data/rakeback`: each currency the player accrued in, with what is claimable now. */
export async function rakebackOf(q: Querier, userId: string): Promise<RakebackEntry[]> {
  const payable = await payableOf(q, userId);
  const decimals = await enabledDecimals(q, [...payable.keys()]);
  return [...payable]
    .filter(([currency]) => decimals.has(currency))
    .map(([id, p]) => ({ id, value: toDecimalString(toAmount(p.payable), decimals.get(id)!) }));
}

/** Locks the player's rakeback row (created when missing); its last claim time, or undefined when absent. */
async function lockPlayer(tx: Session, userId: string): Promise<{ last_claim_at: Date | null }> {
  await tx.query('insert into rakeback_players (user_id) values ($1) on conflict (user_id) do nothing', [
    userId,
  ]);
  const row = (
    await tx.query<{ last_claim_at: Date | null }>(
      'select last_claim_at from rakeback_players where user_id = $1 for update',
      [userId],
    )
  )[0];
  return row ?? { last_claim_at: null };
}

/** Pays `amount` of `currency` (kind and period make the key), recorded beside the transfer. */
async function pay(
  ledger: ScopedLedger,
  tx: Session,
  userId: string,
  currency: string,
  amount: bigint,
  kind: 'claim' | 'settlement',
  period: string,
): Promise<boolean> {
  const row = await tx.query<{ id: string }>(
    `insert into rakeback_payments (user_id, currency, kind, period, amount)
     values ($1, $2, $3, $4, $5::numeric) on conflict (user_id, currency, kind, period) do nothing
     returning id::text as id`,
    [userId, currency, kind, period, amount.toString()],
  );
  if (row.length === 0) return false;
  const transfer = await ledger.transfer({
    key: `rakeback:${kind}:${userId}:${currency}:${period}`,
    kind: 'rakeback',
    currency,
    amount,
    from: { system: 'promotions' },
    to: { user: userId, kind: 'real' },
    metadata: { kind, period },
  });
  await tx.query('update rakeback_payments set transfer_id = $2::bigint where id = $1::bigint', [
    row[0]!.id,
    transfer.transferId,
  ]);
  return true;
}

/** `POST /api/data/claimRakeback` (see the module comment). */
export async function claimRakeback(
  ctx: RakebackContext,
  userId: string,
  now: Date = new Date(),
): Promise<{ message: string; rakeback: RakebackEntry[] }> {
  const known = await ctx.database.query<{ currency: string }>(
    'select distinct currency from rakeback_accruals where user_id = $1',
    [userId],
  );
  const decimals = await enabledDecimals(
    ctx.database,
    known.map((k) => k.currency),
  );
  const period = now.toISOString();
  const paid: RakebackEntry[] = [];
  await ctx.ledger.transaction(async (ledger, tx) => {
    const player = await lockPlayer(tx, userId);
    await assertNotBlocked(ctx, tx, userId);
    if (
      player.last_claim_at &&
      now.getTime() - new Date(player.last_claim_at).getTime() < RAKEBACK_COOLDOWN_MS
    )
      throw AppError.domain(RakebackErrorCode.Cooldown, RakebackMessages.cooldown);
    const payable = await payableOf(tx, userId);
    for (const [currency, p] of payable) {
      const places = decimals.get(currency);
      if (places === undefined || p.payable <= 0n) continue;
      if (await pay(ledger, tx, userId, currency, p.payable, 'claim', period))
        paid.push({ id: currency, value: toDecimalString(toAmount(p.payable), places) });
    }
    if (paid.length === 0) throw AppError.domain(RakebackErrorCode.Nothing, RakebackMessages.nothing);
    await tx.query('update rakeback_players set last_claim_at = $2 where user_id = $1', [userId, now]);
  });
  return { message: RakebackMessages.claimed, rakeback: paid };
}

/** When the player may claim again (null: now, or never claimed). */
export async function nextClaimAt(
  q: Querier,
  userId: string,
  now: Date = new Date(),
): Promise<string | null> {
  const row = (
    await q.query<{ last_claim_at: Date | null }>(
      'select last_claim_at from rakeback_players where user_id = $1',
      [userId],
    )
  )[0];
  if (!row?.last_claim_at) return null;
  const next = new Date(row.last_claim_at).getTime() + RAKEBACK_COOLDOWN_MS;
  return next > now.getTime() ? new Date(next).toISOString() : null;
}

/** The next 0:00 UTC after `now`. */
export function nextSettlement(now: Date = new Date()): Date {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  return d;
}

/** How far back a settlement looks for players with accruals (a player blocked longer waits for a claim). */
export const SETTLEMENT_LOOKBACK_DAYS = 30;

/**
 * The daily settlement of the day before `now`'s UTC day: pays each unblocked player's unclaimed
 * rakeback accrued up to the end of that day. Idempotent: run again, it pays nothing twice. Answers how
 * many payments it made.
 */
export async function settleRakeback(ctx: RakebackContext, now: Date = new Date()): Promise<number> {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const day = utcDay(new Date(today.getTime() - 86_400_000));
  const from = utcDay(new Date(today.getTime() - SETTLEMENT_LOOKBACK_DAYS * 86_400_000));
  const candidates = await ctx.database.query<{ user_id: string; currency: string }>(
    `select distinct a.user_id::text as user_id, a.currency from rakeback_accruals a
      where a.day between $1::date and $2::date and ${notBlocked('a.user_id')}
        and not exists (select 1 from rakeback_payments p where p.user_id = a.user_id
                          and p.currency = a.currency and p.kind = 'settlement' and p.period = $3::text)
      order by 1, 2`,
    [from, day, day],
  );
  if (candidates.length === 0) return 0;
  const decimals = await enabledDecimals(ctx.database, [...new Set(candidates.map((c) => c.currency))]);
  let made = 0;
  for (const user of [...new Set(candidates.map((c) => c.user_id))]) {
    const currencies = candidates.filter((c) => c.user_id === user && decimals.has(c.currency));
    if (currencies.length === 0) continue;
    try {
      await ctx.ledger.transaction(async (ledger, tx) => {
        await lockPlayer(tx, user);
        const blocked = await tx.query(`select 1 where not ${notBlocked('$1::uuid')}`, [user]);
        if (blocked.length > 0) return;
        const payable = await payableOf(tx, user, day);
        for (const { currency } of currencies) {
          const due = payable.get(currency)?.payable ?? 0n;
          if (due > 0n && (await pay(ledger, tx, user, currency, due, 'settlement', day))) made++;
        }
      });
    } catch (err) {
      ctx.log.error({ err, user }, 'rakeback settlement failed; retried next run');
    }
  }
  return made;
}

export const RAKEBACK_SETTLE_JOB = 'rakeback.settle';

/** The leader's job: settles the day that ended (a minute's checks; the payments are idempotent). */
export function rakebackSettleJob(ctx: RakebackContext): JobDefinition {
  let settled = '';
  return {
    name: RAKEBACK_SETTLE_JOB,
    intervalMs: 60_000,
    runOnElect: true,
    run: async () => {
      const today = utcDay(new Date());
      if (settled === today) return;
      await settleRakeback(ctx);
      settled = today;
    },
  };
}
