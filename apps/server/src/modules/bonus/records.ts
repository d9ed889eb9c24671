/**
 * Bonus records and their money (decision 0036). The money of a bonus is only ever in the ledger:
 *  - credited from {system: 'promotions'} to the player's `bonus` account (key `bonus:{id}:credit`),
 *    in the transaction that inserts the record;
 *  - when its wagering is met, what is left of it moves from the bonus account to the real one
 *    (`bonus:{id}:transfer`), once: the record's row is locked, found active, the two accounts are
 *    locked and read, the transfer made and the record closed, all in one transaction; a second run
 *    finds the record closed and moves nothing (and the key would replay);
 *  - cancelled, expired or reset: what is left moves back to promotions (`bonus:{id}:forfeit`), the
 *    same way.
 * At most one bonus per player and currency is active (unique index), so "what is left" is exactly
 * the balance of the player's bonus account of that currency.
 */
import { Channels, bonusBalanceTransferredEvent, type Bonus } from '@nebula/contracts';
import { toDecimalString } from '@nebula/money';
import { randomUUID } from 'node:crypto';
import type { Session } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { currencyDecimals } from '../currencies/index.js';
import { type ScopedLedger, playerBalance } from '../ledger/index.js';
import { notifyBonusCredited } from '../notifications/index.js';

export type BonusStatus = 'active' | 'converted' | 'cancelled' | 'expired' | 'reset';
export type BonusEnding = Exclude<BonusStatus, 'active'>;

export interface BonusRow {
  id: string;
  user_id: string;
  currency: string;
  source: string;
  promotion_id: string | null;
  amount: string;
  wagering_required: string;
  wagering_done: string;
  expires_at: Date;
  status: BonusStatus;
  created_at: Date;
}

const COLUMNS = `id::text as id, user_id::text as user_id, currency, source, promotion_id,
  amount::text as amount, wagering_required::text as wagering_required,
  wagering_done::text as wagering_done, expires_at, status, created_at`;

type Querier = Pick<Session, 'query'>;

async function decimalsOf(q: Querier, currency: string): Promise<number> {
  const decimals = (await currencyDecimals(q, [currency])).get(currency);
  if (decimals === undefined) throw AppError.badRequest(`Unknown currency ${currency}.`, 'unknown_currency');
  return decimals;
}

/** The player's active bonuses (oldest first). */
export async function activeBonuses(q: Querier, userId: string): Promise<BonusRow[]> {
  return q.query<BonusRow>(
    `select ${COLUMNS} from bonuses where user_id = $1 and status = 'active' order by created_at, id`,
    [userId],
  );
}

/** Whether the player holds an active bonus (any currency). */
export async function hasActiveBonus(q: Querier, userId: string): Promise<boolean> {
  const rows = await q.query("select 1 from bonuses where user_id = $1 and status = 'active' limit 1", [
    userId,
  ]);
  return rows.length > 0;
}

/**
 * POST /api/bonusBalance: each active bonus with what is left of it (its bonus account's balance).
 * frozenValue is 0: every stake bonus money funds is settled in the transaction that takes it, so no
 * bonus money is ever held in an open round (decision 0036).
 */
export async function bonusBalance(q: Querier, userId: string): Promise<Bonus[]> {
  const out: Bonus[] = [];
  for (const row of await activeBonuses(q, userId)) {
    const decimals = await decimalsOf(q, row.currency);
    const left = await playerBalance(q, { user: userId, kind: 'bonus', currency: row.currency });
    const show = (v: string | bigint) => toDecimalString(BigInt(v), decimals);
    out.push({
      _id: row.id,
      currency: row.currency,
      value: show(left),
      frozenValue: show(0n),
      source: row.source,
      amount: show(row.amount),
      wagering: { required: show(row.wagering_required), done: show(row.wagering_done) },
      expiresAt: row.expires_at.toISOString(),
    });
  }
  return out;
}

export interface NewBonus {
  userId: string;
  currency: string;
  amount: bigint;
  source: string;
  promotionId: string | null;
  /** Wagering requirement: the bonus times this. */
  multiplier: number;
  expiryDays: number;
  /** The credit's ledger key when the caller has its own idempotency key (default `bonus:{id}:credit`). */
  key?: string;
}

/**
 * Inserts an active bonus and credits it from promotions, inside the caller's ledger transaction.
 * Throws 409 `bonus_active` when the player already holds an active bonus in that currency.
 */
export async function creditBonus(ledger: ScopedLedger, bonus: NewBonus): Promise<string> {
  if (bonus.amount <= 0n) throw AppError.badRequest('A bonus must be positive.', 'invalid_amount');
  const id = randomUUID();
  const tx = ledger.session;
  const active = await tx.query(
    "select 1 from bonuses where user_id = $1 and currency = $2 and status = 'active' for update",
    [bonus.userId, bonus.currency],
  );
  if (active.length) throw new AppError(409, 'bonus_active', 'An active bonus in this currency exists.');
  await tx.query(
    `insert into bonuses (id, user_id, currency, source, promotion_id, amount, wagering_required, expires_at)
     values ($1, $2, $3, $4, $5, $6::numeric, $6::numeric * $7::int, now() + make_interval(days => $8::int))`,
    [
      id,
      bonus.userId,
      bonus.currency,
      bonus.source,
      bonus.promotionId,
      bonus.amount.toString(),
      bonus.multiplier,
      bonus.expiryDays,
    ],
  );
  await ledger.transfer({
    key: bonus.key ?? `bonus:${id}:credit`,
    kind: 'bonus',
    currency: bonus.currency,
    amount: bonus.amount,
    from: { system: 'promotions' },
    to: { user: bonus.userId, kind: 'bonus' },
    metadata: { bonusId: id, source: bonus.source, promotion: bonus.promotionId },
  });
  // The strip's notification, in the same transaction (decision 0040).
  await notifyBonusCredited(tx, {
    userId: bonus.userId,
    bonusId: id,
    currency: bonus.currency,
    amount: bonus.amount,
  });
  return id;
}

export interface ClosedBonus {
  id: string;
  userId: string;
  currency: string;
  status: BonusEnding;
  /** What moved: to the real balance (converted) or back to promotions. */
  moved: bigint;
  decimals: number;
}

/**
 * Ends an active bonus once (see the module comment). `when` is asked again under the locks with the
 * locked record and what is left of it: false leaves the bonus as it is (null is answered then, and
 * when the record is not active any more or not `userId`'s).
 */
export async function closeBonus(
  ctx: Pick<AppContext, 'ledger' | 'realtime' | 'log'>,
  id: string,
  ending: BonusEnding,
  opts: { userId?: string; when?: (row: BonusRow, left: bigint) => boolean } = {},
): Promise<ClosedBonus | null> {
  const closed = await ctx.ledger.transaction(async (ledger, tx) => {
    const row = (
      await tx.query<BonusRow>(`select ${COLUMNS} from bonuses where id = $1::uuid for update`, [id])
    )[0];
    if (!row || row.status !== 'active') return null;
    if (opts.userId !== undefined && row.user_id !== opts.userId) return null;
    const bonusAccount = { user: row.user_id, kind: 'bonus' as const };
    const realAccount = { user: row.user_id, kind: 'real' as const };
    // Both accounts of the player are locked (ascending id order, as every stake locks them).
    const { held } = await ledger.lockBalances([
      { ref: bonusAccount, currency: row.currency },
      { ref: realAccount, currency: row.currency },
    ]);
    const left = held[0]?.balance ?? 0n;
    if (opts.when && !opts.when(row, left)) return null;
    if (left > 0n) {
      const converted = ending === 'converted';
      await ledger.transfer({
        key: `bonus:${row.id}:${converted ? 'transfer' : 'forfeit'}`,
        kind: converted ? 'bonus_transfer' : 'bonus_forfeit',
        currency: row.currency,
        amount: left,
        from: bonusAccount,
        to: converted ? realAccount : { system: 'promotions' },
        metadata: { bonusId: row.id, ending },
      });
    }
    await tx.query(
      `update bonuses set status = $2, closed_amount = $3::numeric, closed_at = now() where id = $1::uuid`,
      [row.id, ending, left.toString()],
    );
    const decimals = await decimalsOf(tx, row.currency);
    return { id: row.id, userId: row.user_id, currency: row.currency, status: ending, moved: left, decimals };
  });
  if (closed?.status === 'converted') {
    try {
      ctx.realtime.hub.publish(Channels.user(closed.userId), bonusBalanceTransferredEvent, {
        _id: closed.id,
        currency: closed.currency,
        value: toDecimalString(closed.moved, closed.decimals),
      });
    } catch (err) {
      ctx.log.warn({ err, bonus: closed.id }, 'BonusBalanceTransferred not published');
    }
  }
  if (closed) ctx.log.info({ ...closed, moved: closed.moved.toString() }, 'bonus closed');
  return closed;
}

/** The player's latest `limit` bonuses of any status, newest first (the back office's player page). */
export async function bonusesOf(q: Querier, userId: string, limit: number): Promise<BonusRow[]> {
  return q.query<BonusRow>(
    `select ${COLUMNS} from bonuses where user_id = $1 order by created_at desc, id desc limit $2`,
    [userId, limit],
  );
}
