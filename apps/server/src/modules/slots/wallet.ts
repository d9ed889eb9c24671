/**
 * The seamless wallet behind the aggregator's callbacks (`balance`, `bet`, `win`, `refund`,
 * `rollback`): every money movement goes through the wager seam (modules/wagers: the stake policy,
 * `placeStake` / `payStake` inside one ledger transaction per callback, the wager record of product
 * `slots` when a round closes). The signature, freshness and merchant checks happen before (callback.ts).
 *
 * Invariants:
 * - One callback is one database transaction, serialised per player (a transaction-scoped advisory
 *   lock), so concurrent and out-of-order callbacks of a player see each other's effects.
 * - A transaction id is used once (`slot_transactions`): the same callback again answers success with
 *   the balance and moves nothing; the same id with other details is refused (INTERNAL_ERROR). Every
 *   movement's ledger key is built from the transaction id too (wagers `stakeKey`), so money moves
 *   once even if the table were bypassed.
 * - A refund of a bet we never saw is stored and answered as success; the bet, if it arrives later,
 *   moves no money (`slot_cancellations`). A rollback cancels exactly the transactions it lists: a bet
 *   is refunded, a win taken back (refused with INSUFFICIENT_FUNDS when the balance does not cover it);
 *   listed transactions not seen yet are cancelled before they arrive.
 * - A round's record (product `slots`, reference = the round's row id) is written once, when the round
 *   closes (a win or a bet marked finished, a rollback, or the repair job after a grace period), with
 *   what was staked (less refunds) and paid; a round with nothing staked writes none (the bets table
 *   holds stakes only). A bet that arrives after its round closed without a stake (its win came
 *   first) writes the record then; one that arrives after the record is not in it.
 * - Every refusal happens before any write of the transaction, or rolls it back: no partial write.
 * - Player protection (decision 0025): a blocked player's stake is refused by the policy; a guarded
 *   player's stake is judged against their limits inside the transaction (a refusal answers
 *   INTERNAL_ERROR with the reason) and their wins, refunds and rolled-back wins are counted.
 */
import { PlayErrorCode } from '@nebula/contracts';
import { parseWireAmount, toDecimalString } from '@nebula/money';
import type { Session } from '../../db/client.js';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { type ScopedLedger, playerBalance } from '../ledger/index.js';
import { priceFeedService } from '../prices/index.js';
import { protectionGuard } from '../protection/index.js';
import {
  type PrebetRow,
  type StakeAccount,
  type StakeGuard,
  checkStake,
  payStake,
  placeStake,
  prebetSql,
  profitUsd,
  publishLiveBet,
} from '../wagers/index.js';
import {
  ROUND_ROW,
  type RoundRow,
  closeRound,
  gameName,
  ratioText,
  recordRound,
  roundById,
} from './rounds.js';
import { type FormMap, field, mapField } from './signature.js';
import { loadSlotSettings } from './settings.js';

/** The protocol's error codes. */
export const SlotError = {
  InsufficientFunds: 'INSUFFICIENT_FUNDS',
  Internal: 'INTERNAL_ERROR',
} as const;

/** What a callback answers: the balance (decimal string, written as a JSON number) or an error. */
export type CallbackAnswer =
  | { balance: string; transaction_id?: string; rollback_transactions?: string[] }
  | { error_code: string; error_description: string };

/** The protocol's error, thrown inside a callback's handling and answered as such. */
export class CallbackError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
const internal = (message: string) => new CallbackError(SlotError.Internal, message);

/** The answer as JSON, the balance as a number literal written exactly (no float on the way). */
export function answerJson(a: CallbackAnswer): string {
  if ('error_code' in a) return JSON.stringify(a);
  const { balance, ...rest } = a;
  if (!/^\d+(\.\d+)?$/.test(balance)) throw new Error(`bad balance ${balance}`);
  const tail = JSON.stringify(rest).slice(1);
  return `{"balance":${balance}${tail === '}' ? '}' : `,${tail}`}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ID = /^[A-Za-z0-9._:-]{1,100}$/;
const CURRENCY = /^[A-Za-z0-9_]{1,32}$/;

function required(params: FormMap, key: string, pattern: RegExp): string {
  const v = field(params, key);
  if (v === undefined || v === '') throw internal(`Missing ${key}`);
  if (!pattern.test(v)) throw internal(`Invalid ${key}`);
  return v;
}

/** The session and the policy's reads in one statement. */
const PREBET_SQL = prebetSql({
  columns: `s.user_id::text as session_user, s.game_id, s.game_uuid, s.currency as session_currency`,
  joins: `left join slot_sessions s on s.id = $3::uuid`,
});
interface SessionRow extends PrebetRow {
  session_user: string | null;
  game_id: string | null;
  game_uuid: string | null;
  session_currency: string | null;
}

interface TxRow {
  id: string;
  action: string;
  user_id: string;
  round_id: string | null;
  amount: string;
  status: string;
  fingerprint: string;
}

/** A round closed by a callback (its record written): published on the live feed after the commit. */
interface ClosedRound {
  betId: string;
  round: RoundRow;
}

/** The checked caller of a callback. */
interface Caller {
  userId: string;
  sessionId: string;
  currency: string;
  decimals: number;
  gameId: string;
  gameUuid: string;
  pre: SessionRow;
}

export class SlotWallet {
  private readonly feed;

  constructor(private readonly ctx: AppContext) {
    this.feed = priceFeedService.of(ctx);
  }

  /** Handles one verified callback; never throws (a failure is the protocol's INTERNAL_ERROR). */
  async handle(params: FormMap): Promise<CallbackAnswer> {
    try {
      const action = field(params, 'action');
      const caller = await this.caller(params);
      switch (action) {
        case 'balance':
          return { balance: await this.balance(this.ctx.database, caller) };
        case 'bet':
          return await this.bet(caller, params);
        case 'win':
          return await this.win(caller, params);
        case 'refund':
          return await this.refund(caller, params);
        case 'rollback':
          return await this.rollback(caller, params);
        default:
          throw internal('Unknown action');
      }
    } catch (err) {
      if (err instanceof CallbackError) return { error_code: err.code, error_description: err.message };
      if (err instanceof AppError && err.code === PlayErrorCode.NotEnoughMoney)
        return { error_code: SlotError.InsufficientFunds, error_description: 'Not enough money' };
      if (err instanceof AppError && err.status < 500)
        return { error_code: SlotError.Internal, error_description: err.message };
      this.ctx.log.error({ err }, 'slots callback failed');
      return { error_code: SlotError.Internal, error_description: 'Internal error' };
    }
  }

  /** The player, the session and its currency (refused when any of them does not match). */
  private async caller(params: FormMap): Promise<Caller> {
    const userId = required(params, 'player_id', UUID).toLowerCase();
    const sessionId = required(params, 'session_id', UUID).toLowerCase();
    const currency = required(params, 'currency', CURRENCY).toLowerCase();
    const pre = (
      await this.ctx.database.query<SessionRow>(PREBET_SQL, [currency, userId, sessionId], 'slots.prebet')
    )[0];
    if (!pre?.session_user || pre.session_user !== userId) throw internal('Unknown player or session');
    if (pre.session_currency !== currency || pre.decimals === null) throw internal('Wrong currency');
    const gameUuid = field(params, 'game_uuid');
    if (gameUuid !== undefined && gameUuid !== pre.game_uuid) throw internal('Wrong game for the session');
    return {
      userId,
      sessionId,
      currency,
      decimals: pre.decimals,
      gameId: pre.game_id ?? '',
      gameUuid: pre.game_uuid ?? '',
      pre,
    };
  }

  private async balance(q: Pick<Session, 'query'>, c: Caller): Promise<string> {
    const atomic = await playerBalance(q, { user: c.userId, kind: 'real', currency: c.currency });
    return toDecimalString(atomic, c.decimals);
  }

  private amount(params: FormMap, c: Caller): bigint {
    const text = field(params, 'amount');
    if (text === undefined) throw internal('Missing amount');
    const parsed = parseWireAmount(text, c.decimals);
    if (!parsed.ok) throw internal(`Invalid amount: ${parsed.error.message}`);
    return parsed.value;
  }

  /**
   * Runs `fn` in one ledger transaction holding the player's lock, after the replay check of
   * `transactionId`: a known id with the same fingerprint answers the balance, with another is refused.
   * Publishes the rounds it closed after the commit.
   */
  private async once(
    c: Caller,
    transactionId: string,
    fingerprint: string,
    fn: (ledger: ScopedLedger, tx: Session, closed: ClosedRound[]) => Promise<CallbackAnswer>,
  ): Promise<CallbackAnswer> {
    const closed: ClosedRound[] = [];
    const answer = await this.ctx.ledger.transaction(async (ledger, tx) => {
      await tx.query(`select pg_advisory_xact_lock(hashtextextended($1, 0))`, [`slots:${c.userId}`]);
      const known = (
        await tx.query<TxRow>(
          `select id, action, user_id::text as user_id, round_id, amount::text as amount, status, fingerprint
             from slot_transactions where id = $1`,
          [transactionId],
        )
      )[0];
      if (known) {
        if (known.fingerprint !== fingerprint)
          throw internal('Transaction id already used with different details');
        return { balance: await this.balance(tx, c), transaction_id: transactionId } as CallbackAnswer;
      }
      return fn(ledger, tx, closed);
    });
    for (const r of closed) void this.publish(r);
    return answer;
  }

  private async insertTx(
    tx: Session,
    c: Caller,
    t: {
      id: string;
      action: string;
      round: string | null;
      amount: bigint;
      fingerprint: string;
      status: string;
    },
  ): Promise<void> {
    await tx.query(
      `insert into slot_transactions (id, action, user_id, session_id, round_id, amount, currency, fingerprint, status)
       values ($1, $2, $3::uuid, $4::uuid, $5, $6::numeric, $7, $8, $9)`,
      [
        t.id,
        t.action,
        c.userId,
        c.sessionId,
        t.round,
        t.amount.toString(),
        c.currency,
        t.fingerprint,
        t.status,
      ],
    );
  }

  private async cancelledBefore(tx: Session, id: string): Promise<boolean> {
    return (await tx.query('select 1 from slot_cancellations where transaction_id = $1', [id])).length > 0;
  }

  /** Adds to the player's round (creating it), returning its row. */
  private async addToRound(
    tx: Session,
    c: Caller,
    round: string,
    add: { wager?: bigint; payout?: bigint; wagerUsd?: string | null },
  ): Promise<RoundRow> {
    const rows = await tx.query<RoundRow>(
      `insert into slot_rounds as r (user_id, round_id, session_id, game_id, currency, wager, payout, wager_usd)
       values ($1::uuid, $2, $3::uuid, $4, $5, $6::numeric, $7::numeric, $8::numeric)
       on conflict (user_id, round_id) do update set
         wager = r.wager + excluded.wager, payout = r.payout + excluded.payout,
         wager_usd = r.wager_usd + excluded.wager_usd, updated_at = now()
       returning id::text as id, user_id::text as user_id, round_id, game_id, currency, wager::text as wager,
                 payout::text as payout, wager_usd::text as wager_usd, opened_at, closed_at`,
      [
        c.userId,
        round,
        c.sessionId,
        c.gameId,
        c.currency,
        (add.wager ?? 0n).toString(),
        (add.payout ?? 0n).toString(),
        add.wagerUsd ?? '0',
      ],
    );
    return rows[0] as RoundRow;
  }

  /** Takes a cancelled bet's stake or a rolled back win's payout off its round (if still open). */
  private async subtractFromRound(
    tx: Session,
    userId: string,
    round: string | null,
    sub: { wager?: bigint; payout?: bigint },
  ): Promise<void> {
    if (!round) return;
    await tx.query(
      `update slot_rounds set
         wager_usd = case when wager > 0 then wager_usd * (wager - $3::numeric) / wager else 0 end,
         wager = greatest(wager - $3::numeric, 0), payout = greatest(payout - $4::numeric, 0),
         updated_at = now()
       where user_id = $1::uuid and round_id = $2 and closed_at is null`,
      [userId, round, (sub.wager ?? 0n).toString(), (sub.payout ?? 0n).toString()],
    );
  }

  private account(
    c: Caller,
    transaction: string,
    round: string | null,
    guard: StakeGuard | null,
  ): StakeAccount {
    return {
      stake: { product: 'slots', transaction },
      userId: c.userId,
      currency: c.currency,
      demo: false,
      metadata: { game: c.gameId, round, session: c.sessionId },
      guard,
    };
  }

  /**
   * Player protection's guard for a player with limits (the pre-bet read's `guarded`), made before the
   * callback's transaction (it reads the price and settings): a stake is judged against the loss and
   * wager limits and the session limit like every product's, returns are counted.
   */
  private async guard(c: Caller): Promise<StakeGuard | null> {
    if (!c.pre.guarded) return null;
    const quote = await this.feed.price(c.currency);
    return protectionGuard(this.ctx, { priceUsd: quote?.usd ?? '0', decimals: c.decimals });
  }

  private async bet(c: Caller, params: FormMap): Promise<CallbackAnswer> {
    const id = required(params, 'transaction_id', ID);
    const round = required(params, 'round_id', ID);
    const amount = this.amount(params, c);
    const finished = field(params, 'finished') === '1';
    const fingerprint = JSON.stringify(['bet', c.userId, c.sessionId, round, amount.toString(), c.currency]);
    // The policy's other reads happen before the transaction (the embedded database has one connection).
    const [settings, quote, guard] = await Promise.all([
      loadSlotSettings(this.ctx.settings),
      this.feed.price(c.currency),
      this.guard(c),
    ]);
    return this.once(c, id, fingerprint, async (ledger, tx, closed) => {
      if (await this.cancelledBefore(tx, id)) {
        await this.insertTx(tx, c, { id, action: 'bet', round, amount, fingerprint, status: 'cancelled' });
        return { balance: await this.balance(tx, c), transaction_id: id };
      }
      let wagerUsd: string | null = null;
      if (amount > 0n) {
        const user: AuthUser = { id: c.userId, name: c.pre.name ?? '', roles: [], permissions: {} };
        const stake = await checkStake({
          product: 'slots',
          user,
          settings,
          game: { id: c.gameId, available: true, acceptsDemo: false },
          demo: false,
          params: () => ({ round }),
          currency: c.currency,
          bet: toDecimalString(amount, c.decimals),
          pre: c.pre,
          price: async () => quote,
        });
        wagerUsd = stake.wagerUsd;
        // A refusal of the guard (a limit) rolls the callback back: nothing is debited or stored.
        await placeStake(ledger, this.account(c, id, round, stake.guarded ? guard : null), amount);
      }
      await this.insertTx(tx, c, { id, action: 'bet', round, amount, fingerprint, status: 'applied' });
      const r = await this.addToRound(tx, c, round, { wager: amount, wagerUsd });
      if (r.closed_at) {
        // Its round was closed before it arrived (its win came first): the round's record is written
        // now if it had none (a record is written once: see the module comment).
        const betId = await recordRound(tx, r);
        if (betId) closed.push({ betId, round: r });
      } else if (finished) await this.close(tx, r, closed);
      return { balance: await this.balance(tx, c), transaction_id: id };
    });
  }

  private async win(c: Caller, params: FormMap): Promise<CallbackAnswer> {
    const id = required(params, 'transaction_id', ID);
    const round = required(params, 'round_id', ID);
    const amount = this.amount(params, c);
    const finished = field(params, 'finished') !== '0';
    const fingerprint = JSON.stringify(['win', c.userId, c.sessionId, round, amount.toString(), c.currency]);
    const guard = await this.guard(c);
    return this.once(c, id, fingerprint, async (ledger, tx, closed) => {
      if (await this.cancelledBefore(tx, id)) {
        await this.insertTx(tx, c, { id, action: 'win', round, amount, fingerprint, status: 'cancelled' });
        return { balance: await this.balance(tx, c), transaction_id: id };
      }
      await payStake(ledger, this.account(c, id, round, guard), amount, 'payout');
      await this.insertTx(tx, c, { id, action: 'win', round, amount, fingerprint, status: 'applied' });
      const r = await this.addToRound(tx, c, round, { payout: amount });
      if (finished) await this.close(tx, r, closed);
      return { balance: await this.balance(tx, c), transaction_id: id };
    });
  }

  private async refund(c: Caller, params: FormMap): Promise<CallbackAnswer> {
    const id = required(params, 'transaction_id', ID);
    const betId = required(params, 'bet_transaction_id', ID);
    const amount = this.amount(params, c);
    const round = field(params, 'round_id') ?? null;
    if (round !== null && !ID.test(round)) throw internal('Invalid round_id');
    const fingerprint = JSON.stringify([
      'refund',
      c.userId,
      c.sessionId,
      betId,
      amount.toString(),
      c.currency,
    ]);
    const guard = await this.guard(c);
    return this.once(c, id, fingerprint, async (ledger, tx) => {
      const bet = (
        await tx.query<TxRow>(
          `select id, action, user_id::text as user_id, round_id, amount::text as amount, status, fingerprint
             from slot_transactions where id = $1`,
          [betId],
        )
      )[0];
      if (bet && (bet.action !== 'bet' || bet.user_id !== c.userId))
        throw internal('The refunded transaction is not a bet of this player');
      if (bet && bet.status === 'applied' && BigInt(bet.amount) !== amount)
        throw internal('The refund amount differs from the bet');
      if (!bet || bet.status !== 'applied') {
        // Unknown (it may still arrive: it will move nothing) or already cancelled: stored, success.
        await tx.query(
          `insert into slot_cancellations (transaction_id, user_id, cancelled_by) values ($1, $2::uuid, $3)
           on conflict (transaction_id) do nothing`,
          [betId, c.userId, id],
        );
        await this.insertTx(tx, c, { id, action: 'refund', round, amount, fingerprint, status: 'noop' });
        return { balance: await this.balance(tx, c), transaction_id: id };
      }
      await payStake(ledger, this.account(c, betId, bet.round_id, guard), amount, 'refund');
      await tx.query(`update slot_transactions set status = 'cancelled' where id = $1`, [betId]);
      await tx.query(
        `insert into slot_cancellations (transaction_id, user_id, cancelled_by) values ($1, $2::uuid, $3)
         on conflict (transaction_id) do nothing`,
        [betId, c.userId, id],
      );
      await this.subtractFromRound(tx, c.userId, bet.round_id, { wager: amount });
      await this.insertTx(tx, c, { id, action: 'refund', round, amount, fingerprint, status: 'applied' });
      return { balance: await this.balance(tx, c), transaction_id: id };
    });
  }

  private async rollback(c: Caller, params: FormMap): Promise<CallbackAnswer> {
    const id = required(params, 'transaction_id', ID);
    const round = field(params, 'round_id') ?? null;
    if (round !== null && !ID.test(round)) throw internal('Invalid round_id');
    const list = mapField(params, 'rollback_transactions');
    if (!list || list.length === 0) throw internal('Missing rollback_transactions');
    const listed: { id: string; action: string }[] = [];
    for (const [, entry] of list) {
      if (typeof entry !== 'object') throw internal('Invalid rollback_transactions');
      const tid = field(entry, 'transaction_id');
      const action = field(entry, 'action') ?? '';
      if (!tid || !ID.test(tid)) throw internal('Invalid rollback_transactions');
      if (listed.some((l) => l.id === tid)) throw internal('A transaction is listed twice');
      listed.push({ id: tid, action });
    }
    const fingerprint = JSON.stringify(['rollback', c.userId, c.sessionId, round, listed]);
    const guard = await this.guard(c);
    return this.once(c, id, fingerprint, async (ledger, tx, closed) => {
      for (const l of listed) {
        const t = (
          await tx.query<TxRow>(
            `select id, action, user_id::text as user_id, round_id, amount::text as amount, status, fingerprint
               from slot_transactions where id = $1 for update`,
            [l.id],
          )
        )[0];
        if (t && t.user_id !== c.userId) throw internal('A listed transaction is not of this player');
        await tx.query(
          `insert into slot_cancellations (transaction_id, user_id, cancelled_by) values ($1, $2::uuid, $3)
           on conflict (transaction_id) do nothing`,
          [l.id, c.userId, id],
        );
        if (!t || t.status !== 'applied') continue;
        const amount = BigInt(t.amount);
        if (t.action === 'bet') {
          await payStake(ledger, this.account(c, t.id, t.round_id, guard), amount, 'refund');
          await this.subtractFromRound(tx, c.userId, t.round_id, { wager: amount });
        } else if (t.action === 'win') {
          if (amount > 0n)
            await placeStake(ledger, this.account(c, t.id, t.round_id, guard), amount, 'rollback');
          await this.subtractFromRound(tx, c.userId, t.round_id, { payout: amount });
        } else continue;
        await tx.query(`update slot_transactions set status = 'cancelled' where id = $1`, [t.id]);
      }
      await this.insertTx(tx, c, {
        id,
        action: 'rollback',
        round,
        amount: 0n,
        fingerprint,
        status: 'applied',
      });
      if (round) {
        const r = (
          await tx.query<RoundRow>(
            `select ${ROUND_ROW} from slot_rounds where user_id = $1::uuid and round_id = $2 and closed_at is null`,
            [c.userId, round],
          )
        )[0];
        if (r) await this.close(tx, r, closed);
      }
      return {
        balance: await this.balance(tx, c),
        transaction_id: id,
        rollback_transactions: listed.map((l) => l.id),
      };
    });
  }

  /** Closes a round and writes its record (see the module comment). */
  private async close(tx: Session, r: RoundRow, closed: ClosedRound[]): Promise<void> {
    const { betId } = await closeRound(tx, r.id);
    if (betId) closed.push({ betId, round: { ...r, ...(await roundById(tx, r.id)) } });
  }

  /** The live feed row of a closed round (best effort, after the commit). */
  private async publish({ betId, round }: ClosedRound): Promise<void> {
    try {
      const decimals = (
        await this.ctx.database.query<PrebetRow>(prebetSql(), [round.currency, round.user_id])
      )[0]?.decimals;
      if (decimals == null) return;
      const wager = BigInt(round.wager);
      const payout = BigInt(round.payout);
      const name = (await gameName(this.ctx, round.game_id)) ?? round.game_id;
      await publishLiveBet(this.ctx, round.user_id, { id: round.game_id, name }, betId, {
        currency: round.currency,
        wager: toDecimalString(wager, decimals),
        multiplier: wager > 0n ? ratioText(payout, wager) : '0',
        status: payout > wager ? 'win' : 'lose',
        profit: toDecimalString(payout - wager, decimals),
        profitUsd: profitUsd(payout - wager, wager, round.wager_usd),
        delay: 0,
      });
    } catch (err) {
      this.ctx.log.warn({ err }, 'slots live bet not published');
    }
  }
}
