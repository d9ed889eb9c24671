/**
 * Withdrawals: request, cancel, staff accept/decline, history, limits.
 *
 * Money rules (all through the ledger):
 *  - At request the player's real balance is debited: `amount` (what they receive) to {system:'chain'}
 *    with key withdraw:{id}:amount, and `fee` to {system:'fees'} with key withdraw:{id}:fee. Once both
 *    are committed the row is marked `held`.
 *  - Cancel (player, status 0, not auto) moves the status first with a conditional update; decline
 *    (staff) does it holding the row in a transaction that also writes its staff audit row. So two
 *    clicks or two staff members cannot both win; only the winner refunds, with keys
 *    withdraw:{id}:refund-amount and withdraw:{id}:refund-fee (idempotent anyway), then sets
 *    `refunded_at`.
 *  - Accept (staff) only records the transaction id (with its audit row, in one transaction): the
 *    money already left the player.
 *  - One withdrawal in moderation per player: the request holds the player's users row `for update`
 *    while it checks and inserts, and a partial unique index backs it up.
 *  - Crash safety: a request cut off between its insert and its debits leaves an unheld row; a
 *    decision cut off before its refund leaves a row without `refunded_at`. `reconcileWithdrawals`
 *    (run for the player on their next request and by the leader job) cancels the first kind and
 *    refunds whatever was debited, and finishes the refunds of the second.
 */
import { randomUUID } from 'node:crypto';
import {
  BonusMessages,
  WithdrawCodes,
  WithdrawMessages,
  ErrorCode,
  WITHDRAW_CANCEL_FORBIDDEN,
  type ResponseOf,
  type withdrawHistoryEndpoint,
} from '@nebula/contracts';
import { add, amount as toAmount, parseWireAmount, toDecimalString, type Amount } from '@nebula/money';
import type { Session } from '../../db/client.js';
import { defineService } from '../../platform/services.js';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { recordStaffAction } from '../audit/index.js';
import { assertFreshTwoFactor } from '../auth/index.js';
import { hasActiveBonus } from '../bonus/index.js';
import { InsufficientFundsError, playerBalance, playerFlows, transferAmount } from '../ledger/index.js';
import { playerCancelsWithdrawals } from '../legal/index.js';
import { notifyWithdrawalDecided } from '../notifications/index.js';
import { priceFeedService } from '../prices/index.js';
import { wageredSince } from '../wagers/index.js';
import { isValidAddress } from './address.js';
import { feeFor, levelRow, resolveLimits, wagerMultiplierSetting } from './limits.js';
import { vipLevelsSetting } from '../vip/index.js';
import { lockUser, PLAYERS, vipLevelOf } from '../users/index.js';

export const Status = { pending: 0, accepted: 1, declined: 2, processing: 3, cancelled: 4 } as const;
/** A request older than this that is still not held was cut off (crash) and is repaired. */
export const STALE_MS = 60_000;

type HistoryItem = ResponseOf<typeof withdrawHistoryEndpoint>['withdraws'][number];

export interface WithdrawalRow {
  id: string;
  user_id: string;
  currency: string;
  chain: string;
  address: string;
  amount: string;
  fee: string;
  status: number;
  auto: boolean;
  held: boolean;
  decline_reason: string | null;
  txid: string | null;
  created_at: Date | string;
  decimals: number;
}

const ROW = `w.id::text as id, w.user_id::text as user_id, w.currency, w.chain, w.address,
  w.amount::text as amount, w.fee::text as fee, w.status, w.auto, w.held, w.decline_reason, w.txid,
  w.created_at, c.decimals`;

/** What the player's notification of a staff decision says (decision 0040). */
const decided = (w: WithdrawalRow) => ({
  userId: w.user_id,
  withdrawalId: w.id,
  currency: w.currency,
  amount: w.amount,
  decimals: w.decimals,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Withdrawals counted by the 24 h limit: those in moderation or paid (not cancelled, not declined). */
const COUNTED = '(0, 1, 3)';

const invalid = (detail?: string, field?: string): AppError =>
  new AppError(
    422,
    WithdrawCodes.invalid,
    detail ? `${WithdrawMessages.invalid} ${detail}` : WithdrawMessages.invalid,
    detail && field ? [{ path: field, message: detail }] : undefined,
  );

const sqlState = (err: unknown): string | undefined =>
  (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;

export function toHistoryItem(r: WithdrawalRow): HistoryItem {
  return {
    _id: r.id,
    currency: r.currency,
    chain: r.chain,
    address: r.address,
    sum: toDecimalString(toAmount(BigInt(r.amount)), r.decimals),
    fee: toDecimalString(toAmount(BigInt(r.fee)), r.decimals),
    created_at: new Date(r.created_at).toISOString(),
    status: r.status as HistoryItem['status'],
    auto: r.auto,
    decline_reason: r.decline_reason,
    txid: r.txid,
  };
}

/** What a staff decision's audit row says about the withdrawal (besides the state it changed). */
function decisionDetails(w: WithdrawalRow): Record<string, unknown> {
  const item = toHistoryItem(w);
  return {
    userId: w.user_id,
    currency: w.currency,
    chain: w.chain,
    address: w.address,
    sum: item.sum,
    fee: item.fee,
  };
}

export interface WithdrawInput {
  sum: string;
  currency: string;
  chain: string;
  wallet: string;
}

export class WithdrawalService {
  constructor(
    private readonly ctx: Pick<
      AppContext,
      'database' | 'ledger' | 'log' | 'config' | 'settings' | 'services'
    >,
  ) {}

  private get db() {
    return this.ctx.database;
  }

  private async currency(currency: string, chain?: string) {
    const rows = await this.db.query<{ decimals: number; enabled: boolean; chain_name: string | null }>(
      `select c.decimals, c.enabled, ch.name as chain_name from currencies c
         left join currency_chains ch on ch.currency_id = c.id and ch.chain_id = $2
        where c.id = $1`,
      [currency, chain ?? ''],
    );
    return rows[0];
  }

  /** Fee, minimum, maximum and daily count of this player for this currency. */
  async limits(userId: string, currency: string) {
    const cur = await this.currency(currency);
    if (!cur) throw AppError.notFound('Unknown currency.');
    const [table, level, quote, used] = await Promise.all([
      this.ctx.settings.get(vipLevelsSetting),
      vipLevelOf(this.db, userId),
      priceFeedService.of(this.ctx).price(currency),
      this.db.query<{ n: number }>(
        `select count(*)::int as n from withdrawals
          where user_id = $1 and status in ${COUNTED} and created_at > now() - interval '24 hours'`,
        [userId],
      ),
    ]);
    const vipLevel = Math.max(0, Math.min(10, level));
    const resolved = resolveLimits(levelRow(table, vipLevel), vipLevel, quote?.usd ?? '0', cur.decimals);
    return { ...resolved, decimals: cur.decimals, usedToday: used[0]?.n ?? 0 };
  }

  async request(user: AuthUser, input: WithdrawInput): Promise<HistoryItem> {
    await assertFreshTwoFactor(this.db, user);
    if (!/^\d+(\.\d+)?$/.test(input.sum.trim()))
      throw invalid('Enter the amount with digits and a dot, e.g. 0.015.', 'sum');
    const wallet = input.wallet.trim();
    if (wallet.length < 4)
      throw new AppError(422, ErrorCode.ValidationFailed, WithdrawMessages.walletShort, [
        { path: 'wallet', message: WithdrawMessages.walletShort },
      ]);
    const cur = await this.currency(input.currency, input.chain);
    if (!cur || !cur.enabled || cur.chain_name === null)
      throw invalid('This currency cannot be withdrawn on that chain.', 'chain');
    const parsed = parseWireAmount(input.sum, cur.decimals);
    if (!parsed.ok) throw invalid(parsed.error.message, 'sum');
    const amount: Amount = parsed.value;
    if (amount <= 0n) throw invalid('The amount must be greater than 0.', 'sum');
    if (!isValidAddress(input.chain, wallet))
      throw invalid(`This is not a valid ${cur.chain_name} address.`, 'wallet');

    const limits = await this.limits(user.id, input.currency);
    const unit = input.currency.toUpperCase();
    if (limits.minimum === null || limits.maximum === null)
      throw invalid(`Withdrawals of ${unit} are unavailable: it has no price yet.`, 'currency');
    if (amount < limits.minimum)
      throw invalid(
        `The minimum withdrawal is ${toDecimalString(limits.minimum, cur.decimals)} ${unit}.`,
        'sum',
      );
    if (amount > limits.maximum)
      throw invalid(
        `The maximum withdrawal is ${toDecimalString(limits.maximum, cur.decimals)} ${unit}.`,
        'sum',
      );
    const fee = feeFor(amount, limits.feePercent);
    const total = add(amount, fee);

    // Repair this player's cut-off requests first, so a crash never blocks them for good.
    await this.reconcile({ userId: user.id });

    const id = randomUUID();
    const multiplier = await this.ctx.settings.get(wagerMultiplierSetting);
    try {
      await this.db.transaction(async (tx) => {
        // Serialises this player's requests: the checks below and the insert happen as one.
        await lockUser(tx, user.id);
        const pending = await tx.query<{ n: number }>(
          'select count(*)::int as n from withdrawals where user_id = $1 and status in (0, 3)',
          [user.id],
        );
        if ((pending[0]?.n ?? 0) > 0)
          throw AppError.domain(WithdrawCodes.onePending, WithdrawMessages.onePending);
        const today = await tx.query<{ n: number }>(
          `select count(*)::int as n from withdrawals
            where user_id = $1 and status in ${COUNTED} and created_at > now() - interval '24 hours'`,
          [user.id],
        );
        if ((today[0]?.n ?? 0) >= limits.perDay)
          throw AppError.domain(WithdrawCodes.dailyLimit, WithdrawMessages.dailyLimit);
        // Bonus money is never withdrawable, and neither is real money while a bonus is active.
        if (await hasActiveBonus(tx, user.id))
          throw AppError.domain(WithdrawCodes.wager, BonusMessages.withdrawal);
        if (multiplier > 0n && !(await this.wageredEnough(tx, user.id, input.currency, multiplier)))
          throw AppError.domain(WithdrawCodes.wager, WithdrawMessages.wager);
        const balance = await playerBalance(tx, { user: user.id, kind: 'real', currency: input.currency });
        if (balance < total) throw this.insufficient(total, cur.decimals, unit);
        await tx.query(
          `insert into withdrawals (id, user_id, currency, chain, address, amount, fee, status, auto, held)
           values ($1, $2, $3, $4, $5, $6::numeric, $7::numeric, 0, false, false)`,
          [id, user.id, input.currency, input.chain, wallet, amount.toString(), fee.toString()],
        );
      });
    } catch (err) {
      if (sqlState(err) === '23505')
        throw AppError.domain(WithdrawCodes.onePending, WithdrawMessages.onePending);
      throw err;
    }

    // Debit at request. Nothing above moved money, so a refusal here just removes the row.
    const meta = { withdrawalId: id, chain: input.chain, address: wallet };
    try {
      await this.ctx.ledger.transfer({
        key: `withdraw:${id}:amount`,
        kind: 'withdrawal',
        currency: input.currency,
        amount,
        from: { user: user.id, kind: 'real' },
        to: { system: 'chain' },
        metadata: meta,
      });
    } catch (err) {
      if (err instanceof InsufficientFundsError) {
        await this.db.query('delete from withdrawals where id = $1 and status = 0 and not held', [id]);
        throw this.insufficient(total, cur.decimals, unit);
      }
      throw err; // unknown outcome: the row stays unheld and reconcile settles it
    }
    if (fee > 0n) {
      try {
        await this.ctx.ledger.transfer({
          key: `withdraw:${id}:fee`,
          kind: 'withdrawal_fee',
          currency: input.currency,
          amount: fee,
          from: { user: user.id, kind: 'real' },
          to: { system: 'fees' },
          metadata: meta,
        });
      } catch (err) {
        if (err instanceof InsufficientFundsError) {
          // Spent elsewhere in between: give the amount back and close the request.
          await this.closeAndRefund(id, 'Insufficient balance.');
          throw this.insufficient(total, cur.decimals, unit);
        }
        throw err;
      }
    }
    const held = await this.db.query<WithdrawalRow>(
      `update withdrawals w set held = true, updated_at = now() from currencies c
        where w.id = $1 and w.status = 0 and not w.held and c.id = w.currency returning ${ROW}`,
      [id],
    );
    const row = held[0];
    if (!row) {
      // The reconciler closed it meanwhile (a request slower than STALE_MS): refund what we took.
      await this.refund(id);
      throw new AppError(
        503,
        ErrorCode.Unavailable,
        'The withdrawal request timed out; nothing was withdrawn.',
      );
    }
    this.ctx.log.info(
      { withdrawalId: id, userId: user.id, currency: input.currency, amount: row.amount, fee: row.fee },
      'withdrawal requested',
    );
    return toHistoryItem(row);
  }

  private insufficient(total: Amount, decimals: number, unit: string): AppError {
    return new AppError(
      422,
      'insufficient_balance',
      `Insufficient balance: this withdrawal needs ${toDecimalString(total, decimals)} ${unit} including the fee.`,
    );
  }

  /**
   * The wagering rule: since the last withdrawal (in moderation or paid), the stakes the player placed
   * from the real balance of this currency must reach `multiplier` (scaled by 100) times the deposits
   * credited to it. Stakes are the wager records of every product (modules/wagers `wageredSince`:
   * single-round bets, extended rounds, crash; settled ones, a refunded stake is none); deposits are
   * ledger transfers of kind 'deposit'.
   */
  private async wageredEnough(
    tx: Pick<Session, 'query'>,
    userId: string,
    currency: string,
    multiplier: bigint,
  ): Promise<boolean> {
    const since = await tx.query<{ at: string | null }>(
      `select max(created_at)::text as at from withdrawals
        where user_id = $1 and status in (0, 1, 3) and held`,
      [userId],
    );
    const at = since[0]?.at ?? null;
    const flows = await playerFlows(tx, { user: userId, kind: 'real', currency }, ['deposit'], at);
    const deposits = flows.deposit?.in ?? 0n;
    if (deposits === 0n) return true;
    const wagered = await wageredSince(tx, { userId, currency, since: at });
    return wagered * 100n >= deposits * multiplier;
  }

  /**
   * Player cancel: own, status 0, not automatic. Refunded once. Refused (403, nothing written) where
   * the jurisdiction forbids reversing withdrawals (`legal.jurisdiction`).
   */
  async cancel(user: AuthUser, id: string): Promise<void> {
    if (!(await playerCancelsWithdrawals(this.ctx.settings)))
      throw new AppError(403, WITHDRAW_CANCEL_FORBIDDEN.code, WITHDRAW_CANCEL_FORBIDDEN.message);
    if (!UUID.test(id)) throw AppError.notFound('Withdrawal not found.');
    const rows = await this.db.query<{ id: string }>(
      `update withdrawals set status = 4, updated_at = now(), decided_by = $2, decided_at = now()
        where id = $1 and user_id = $2 and status = 0 and not auto and held returning id::text as id`,
      [id, user.id],
    );
    if (!rows[0]) {
      const own = await this.db.query('select 1 from withdrawals where id = $1 and user_id = $2', [
        id,
        user.id,
      ]);
      if (!own[0]) throw AppError.notFound('Withdrawal not found.');
      throw AppError.conflict('This withdrawal can no longer be cancelled.', 'withdraw_not_cancellable');
    }
    this.ctx.log.info({ withdrawalId: id, userId: user.id }, 'withdrawal cancelled by the player');
    await this.refund(id);
  }

  /**
   * Staff accept: records the transaction id. No money moves (it left the player at request). The
   * decision and its audit row are one transaction.
   */
  async accept(staff: AuthUser, id: string, txid: string): Promise<void> {
    const paid = txid.trim();
    await this.decide(staff, id, async (tx, w) => {
      await this.setDecision(
        tx,
        `update withdrawals set status = 1, txid = $3, updated_at = now(), decided_by = $2, decided_at = now()
          where id = $1 and status in (0, 3) and held returning id`,
        [id, staff.id, paid],
      );
      await recordStaffAction(tx, {
        actor: staff,
        action: 'withdrawal.accept',
        target: { type: 'withdrawal', id },
        before: { status: w.status, txid: w.txid },
        after: { status: Status.accepted, txid: paid },
        details: decisionDetails(w),
      });
      await notifyWithdrawalDecided(tx, { ...decided(w), accepted: true });
    });
    this.ctx.log.info({ withdrawalId: id, staffId: staff.id, txid: paid }, 'withdrawal accepted');
  }

  /**
   * Staff decline with a reason: the decision and its audit row are one transaction, then the
   * refund follows (once, by ledger key; the reconciler finishes it after a crash).
   */
  async decline(staff: AuthUser, id: string, reason: string): Promise<void> {
    const why = reason.trim();
    await this.decide(staff, id, async (tx, w) => {
      await this.setDecision(
        tx,
        `update withdrawals set status = 2, decline_reason = $3, updated_at = now(), decided_by = $2, decided_at = now()
          where id = $1 and status in (0, 3) and held returning id`,
        [id, staff.id, why],
      );
      await recordStaffAction(tx, {
        actor: staff,
        action: 'withdrawal.decline',
        target: { type: 'withdrawal', id },
        before: { status: w.status, declineReason: w.decline_reason },
        after: { status: Status.declined, declineReason: why },
        details: decisionDetails(w),
      });
      await notifyWithdrawalDecided(tx, { ...decided(w), accepted: false, reason: why });
    });
    this.ctx.log.info({ withdrawalId: id, staffId: staff.id, reason: why }, 'withdrawal declined');
    await this.refund(id);
  }

  /**
   * Runs a staff decision on withdrawal `id` in one transaction, holding its row: 404 when it does
   * not exist, 409 when it is no longer in moderation (of two staff deciding at once, the second
   * waits for the first's lock and then finds it decided).
   */
  private async decide(
    staff: AuthUser,
    id: string,
    apply: (tx: Session, w: WithdrawalRow) => Promise<void>,
  ): Promise<void> {
    if (!UUID.test(id)) throw AppError.notFound('Withdrawal not found.');
    await this.db.transaction(async (tx) => {
      const rows = await tx.query<WithdrawalRow>(
        `select ${ROW} from withdrawals w join currencies c on c.id = w.currency where w.id = $1 for update of w`,
        [id],
      );
      const w = rows[0];
      if (!w) throw AppError.notFound('Withdrawal not found.');
      if (!w.held || (w.status !== Status.pending && w.status !== Status.processing))
        throw AppError.conflict('This withdrawal has already been decided.', 'withdraw_decided');
      await apply(tx, w);
    });
  }

  /** The decision's update; the row is locked and checked, so it must match. */
  private async setDecision(tx: Session, text: string, params: unknown[]): Promise<void> {
    const updated = await tx.query(text, params);
    if (!updated[0]) throw new Error('a locked withdrawal in moderation was not updated');
  }

  /** Closes an unheld request (status 4) and refunds whatever of it was debited. */
  private async closeAndRefund(id: string, reason: string): Promise<boolean> {
    const rows = await this.db.query(
      `update withdrawals set status = 4, decline_reason = $2, updated_at = now()
        where id = $1 and status = 0 and not held returning id`,
      [id, reason],
    );
    await this.refund(id);
    return rows.length > 0;
  }

  /**
   * Gives back what this withdrawal debited (each part only if its debit exists), once per part by
   * key, then marks it refunded. Only called after the row left moderation (status 2 or 4).
   */
  async refund(id: string): Promise<void> {
    const rows = await this.db.query<{ user_id: string; currency: string; status: number }>(
      'select user_id::text as user_id, currency, status from withdrawals where id = $1',
      [id],
    );
    const w = rows[0];
    if (!w || (w.status !== Status.declined && w.status !== Status.cancelled)) return;
    const parts = [
      { part: 'amount', from: { system: 'chain' as const }, kind: 'withdrawal_refund' },
      { part: 'fee', from: { system: 'fees' as const }, kind: 'withdrawal_fee_refund' },
    ];
    for (const p of parts) {
      const debit = await transferAmount(this.db, `withdraw:${id}:${p.part}`);
      if (debit === null) continue;
      await this.ctx.ledger.transfer({
        key: `withdraw:${id}:refund-${p.part}`,
        kind: p.kind,
        currency: w.currency,
        amount: debit,
        from: p.from,
        to: { user: w.user_id, kind: 'real' },
        metadata: { withdrawalId: id },
      });
    }
    await this.db.query('update withdrawals set refunded_at = now() where id = $1 and refunded_at is null', [
      id,
    ]);
  }

  /**
   * Repairs what a crash can leave behind (see the header): unheld requests older than STALE_MS are
   * closed and refunded; declined or cancelled withdrawals whose refund did not finish are refunded.
   */
  async reconcile(
    opts: { userId?: string; staleMs?: number } = {},
  ): Promise<{ closed: number; refunded: number }> {
    const stale = String(opts.staleMs ?? STALE_MS);
    const user = opts.userId ?? null;
    const unheld = await this.db.query<{ id: string }>(
      `select id::text as id from withdrawals
        where status = 0 and not held and created_at < now() - make_interval(secs => $1::double precision / 1000)
          and ($2::uuid is null or user_id = $2::uuid)`,
      [stale, user],
    );
    let closed = 0;
    for (const r of unheld)
      if (await this.closeAndRefund(r.id, 'The request was interrupted; refunded.')) closed++;
    const unrefunded = await this.db.query<{ id: string }>(
      `select id::text as id from withdrawals
        where status in (2, 4) and refunded_at is null
          and updated_at < now() - make_interval(secs => $1::double precision / 1000)
          and ($2::uuid is null or user_id = $2::uuid)`,
      [stale, user],
    );
    for (const r of unrefunded) await this.refund(r.id);
    if (closed || unrefunded.length)
      this.ctx.log.warn(
        { closed, refunded: unrefunded.length },
        'withdrawals reconciled after an interruption',
      );
    return { closed, refunded: unrefunded.length };
  }

  async history(userId: string): Promise<HistoryItem[]> {
    const rows = await this.db.query<WithdrawalRow>(
      `select ${ROW} from withdrawals w join currencies c on c.id = w.currency
        where w.user_id = $1 and not (w.status = 0 and not w.held)
        order by w.created_at desc limit 100`,
      [userId],
    );
    return rows.map(toHistoryItem);
  }

  /** The staff queue: moderation by VIP level (highest first, spec 3 section 6), then oldest first. */
  async queue(statuses: number[] = [Status.pending, Status.processing]) {
    const moderationOnly = statuses.every((s) => s === Status.pending || s === Status.processing);
    const rows = await this.db.query<WithdrawalRow & { user_name: string }>(
      `select ${ROW}, u.name as user_name from withdrawals w
         join currencies c on c.id = w.currency join ${PLAYERS} u on u.id = w.user_id
        where w.status = any($1::smallint[]) and not (w.status = 0 and not w.held)
        order by ${moderationOnly ? 'u.vip_level desc, w.created_at asc' : 'w.created_at desc'}
        limit 200`,
      [statuses],
    );
    return rows.map((r) => ({ ...toHistoryItem(r), user: { _id: r.user_id, name: r.user_name } }));
  }
}

/** The server's withdrawal service (its routes and its leader job share it): `withdrawalService.of(ctx)`. */
export const withdrawalService = defineService('withdrawals.service', (ctx) => new WithdrawalService(ctx));
