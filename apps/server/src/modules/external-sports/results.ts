/**
 * A bet's results and their rollback (`bet/win`, `bet/lost`, `bet/refund`, `bet/rollback`): see the
 * invariants at the top of wallet.ts. Each call is one ledger transaction holding the player's lock;
 * the result's transaction row (`xsport_transactions`, by the provider's transaction id) is written in
 * it with the answer, so a replay answers the same.
 */
import { randomUUID } from 'node:crypto';
import { ExternalSportError } from '@nebula/contracts';
import type { Session } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { priceFeedService } from '../prices/index.js';
import { protectionGuard } from '../protection/index.js';
import {
  type PrebetRow,
  payStake,
  prebetSql,
  reclaimPayout,
  recordWager,
  resettleWager,
} from '../wagers/index.js';
import { type SettledBet, announceExternalBet } from './feed.js';
import { WalletError, badRequest, lostCall, parseCall, refundCall, rollbackCall, winCall } from './calls.js';
import {
  BET_COLUMNS,
  type BetRow,
  type Receipt,
  type WalletReply,
  betAccount,
  lockPlayer,
  realBalance,
  receiptJson,
} from './bet-rows.js';

type ResultKind = 'win' | 'lost' | 'refund';

interface TxRow {
  id: string;
  operation: string;
  bet_id: string | null;
  amount: string;
  fingerprint: string;
  answer: Receipt;
  rolled_back: boolean;
}
const TX_COLUMNS = `id::text as id, operation, bet_id::text as bet_id, amount::text as amount, fingerprint, answer, rolled_back`;

const STATE_OF: Record<ResultKind, BetRow['state']> = { win: 'won', lost: 'lost', refund: 'refunded' };

export class ResultCalls {
  private readonly feed;

  constructor(private readonly ctx: AppContext) {
    this.feed = priceFeedService.of(ctx);
  }

  async handle(operation: string, data: Record<string, unknown>): Promise<WalletReply> {
    switch (operation) {
      case 'win': {
        const c = parseCall(winCall, data);
        if (
          c.amount !== c.transaction.amount ||
          c.currency.toLowerCase() !== c.transaction.currency.toLowerCase()
        )
          throw badRequest();
        return this.result('win', c.bet_transaction_id, c.transaction, BigInt(c.amount));
      }
      case 'lost': {
        const c = parseCall(lostCall, data);
        if (c.transaction.amount !== 0) throw badRequest();
        return this.result('lost', c.bet_transaction_id, c.transaction, 0n);
      }
      case 'refund': {
        const c = parseCall(refundCall, data);
        return this.result('refund', c.bet_transaction_id, c.transaction, BigInt(c.transaction.amount));
      }
      case 'rollback': {
        const c = parseCall(rollbackCall, data);
        return this.rollback(c.bet_transaction_id, c.parent_transaction_id, c.transaction);
      }
      default:
        throw badRequest();
    }
  }

  /** The bet named by a call (read before its transaction: whose lock to take), in the call's currency. */
  private async bet(betId: string, currency: string): Promise<BetRow> {
    const bet = (
      await this.ctx.database.query<BetRow>(`select ${BET_COLUMNS} from xsport_bets where id = $1::uuid`, [
        betId,
      ])
    )[0];
    if (!bet) throw new WalletError(ExternalSportError.ParentNotFound);
    if (bet.currency !== currency.toLowerCase()) throw new WalletError(ExternalSportError.InvalidCurrency);
    return bet;
  }

  /** The replay of a known transaction id (same details: its answer; other details: refused), or null. */
  private async replay(
    tx: Session,
    extId: string,
    fingerprint: string,
    bet: BetRow,
  ): Promise<WalletReply | null> {
    const known = (
      await tx.query<TxRow>(`select ${TX_COLUMNS} from xsport_transactions where ext_transaction_id = $1`, [
        extId,
      ])
    )[0];
    if (!known) return null;
    if (known.fingerprint !== fingerprint) throw badRequest();
    return { status: 200, body: receiptJson(known.answer, await realBalance(tx, bet.user_id, bet.currency)) };
  }

  private async lockedBet(tx: Session, id: string): Promise<BetRow> {
    const bet = (
      await tx.query<BetRow>(`select ${BET_COLUMNS} from xsport_bets where id = $1::uuid for update`, [id])
    )[0];
    if (!bet) throw new WalletError(ExternalSportError.ParentNotFound);
    return bet;
  }

  private async insertTx(
    tx: Session,
    extId: string,
    operation: string,
    bet: BetRow,
    amount: bigint,
    fingerprint: string,
    answer: Receipt,
    parentId: string,
  ): Promise<void> {
    await tx.query(
      `insert into xsport_transactions (ext_transaction_id, id, operation, bet_ext_id, bet_id, user_id, parent_id,
         amount, fingerprint, answer)
       values ($1, $2::uuid, $3, $4, $5::uuid, $6::uuid, $7::uuid, $8::numeric, $9, $10::jsonb)`,
      [
        extId,
        answer.id,
        operation,
        bet.ext_transaction_id,
        bet.id,
        bet.user_id,
        parentId,
        amount.toString(),
        fingerprint,
        JSON.stringify(answer),
      ],
    );
  }

  private async result(
    kind: ResultKind,
    betId: string,
    t: { id: string; currency: string },
    amount: bigint,
  ): Promise<WalletReply> {
    const bet = await this.bet(betId, t.currency);
    if (kind === 'refund' && amount !== BigInt(bet.amount)) throw badRequest();
    const fingerprint = JSON.stringify([kind, bet.id, amount.toString()]);
    const guard = amount > 0n ? await this.guardOf(bet) : null;
    let settled: SettledBet | null = null;
    const reply = await this.ctx.ledger.transaction(async (ledger, tx) => {
      settled = null;
      await lockPlayer(tx, bet.user_id);
      const replay = await this.replay(tx, t.id, fingerprint, bet);
      if (replay) return replay;
      const b = await this.lockedBet(tx, bet.id);
      if (b.state !== 'open') throw badRequest();
      const n = b.results + 1;
      const account = { ...betAccount(b), guard };
      if (kind === 'win') await payStake(ledger, account, amount, `payout:${n}`);
      if (kind === 'refund') await payStake(ledger, account, amount, `refund:${n}`);
      const paid = BigInt(b.paid) + amount;
      await tx.query(
        `update xsport_bets set state = $2, results = $3, paid = $4::numeric where id = $1::uuid`,
        [b.id, STATE_OF[kind], n, paid.toString()],
      );
      await this.record(tx, b, kind, paid);
      const answer: Receipt = {
        id: randomUUID(),
        ext_transaction_id: t.id,
        parent_transaction_id: b.id,
        user_id: b.user_id,
        operation: kind,
        amount: Number(amount),
        currency: b.currency.toUpperCase(),
      };
      await this.insertTx(tx, t.id, kind, b, amount, fingerprint, answer, b.id);
      if (kind !== 'refund')
        settled = {
          id: b.id,
          userId: b.user_id,
          currency: b.currency,
          wager: BigInt(b.amount),
          payout: paid,
          wagerUsd: b.amount_usd,
          placedAt: new Date(b.created_at),
        };
      return { status: 200, body: receiptJson(answer, await realBalance(tx, b.user_id, b.currency)) };
    });
    // A win or loss goes into the live feed once committed (a replay answered above publishes nothing).
    if (settled) await announceExternalBet(this.ctx, settled);
    return reply;
  }

  /** Writes the bet's record at its first win or loss, or corrects its payout (see wallet.ts). */
  private async record(tx: Session, b: BetRow, kind: ResultKind | 'rollback', paid: bigint): Promise<void> {
    const wager = BigInt(b.amount);
    const outcome = {
      state: kind === 'rollback' ? 'open' : STATE_OF[kind],
      betslip: b.betslip_id,
      odds: b.odds,
    };
    if (kind === 'win' || kind === 'lost') {
      const id = await recordWager(tx, {
        product: 'external-sports',
        reference: b.id,
        game: 'external-sports',
        userId: b.user_id,
        currency: b.currency,
        demo: false,
        wager,
        payout: paid,
        multiplier: { num: paid, den: wager },
        params: { betslip: b.betslip_id, odds: b.odds },
        outcome,
        houseEdgeBps: 0,
        wagerUsd: b.amount_usd,
        placedAt: new Date(b.created_at).toISOString(),
      });
      if (id) return;
    }
    await resettleWager(tx, 'external-sports', b.id, paid, outcome);
  }

  /**
   * Protection's guard for a guarded player's returns (a win or refund counts as a return, a rolled
   * back one as a negative return), or null. Its reads happen before the transaction (lock order).
   */
  private async guardOf(bet: { currency: string; user_id: string }) {
    const [pre, quote] = await Promise.all([
      this.ctx.database
        .query<PrebetRow>(prebetSql(), [bet.currency, bet.user_id], 'xsports.result')
        .then((r) => r[0]),
      this.feed.price(bet.currency),
    ]);
    return pre?.guarded && pre.decimals !== null
      ? protectionGuard(this.ctx, { priceUsd: quote?.usd ?? '0', decimals: pre.decimals })
      : null;
  }

  private async rollback(
    betId: string,
    parentId: string,
    t: { id: string; currency: string },
  ): Promise<WalletReply> {
    const bet = await this.bet(betId, t.currency);
    const fingerprint = JSON.stringify(['rollback', bet.id, parentId]);
    const guard = await this.guardOf(bet);
    return this.ctx.ledger.transaction(async (ledger, tx) => {
      await lockPlayer(tx, bet.user_id);
      const replay = await this.replay(tx, t.id, fingerprint, bet);
      if (replay) return replay;
      const b = await this.lockedBet(tx, bet.id);
      const parent = (
        await tx.query<TxRow>(
          `select ${TX_COLUMNS} from xsport_transactions
            where id = $1::uuid and bet_id = $2::uuid and operation in ('win', 'lost', 'refund') for update`,
          [parentId, b.id],
        )
      )[0];
      if (!parent) throw new WalletError(ExternalSportError.ParentNotFound);
      // Only the bet's latest result can be taken back, once.
      if (parent.rolled_back || b.state === 'open' || b.state === 'discarded') throw badRequest();
      const amount = BigInt(parent.amount);
      const { shortfall } = await reclaimPayout(
        ledger,
        { ...betAccount(b), guard },
        amount,
        `rollback:${b.results}`,
      );
      const paid = BigInt(b.paid) - amount;
      await tx.query(
        `update xsport_bets set state = 'open', paid = $2::numeric, debt = debt + $3::numeric where id = $1::uuid`,
        [b.id, paid.toString(), shortfall.toString()],
      );
      await tx.query(`update xsport_transactions set rolled_back = true where id = $1::uuid`, [parent.id]);
      await this.record(tx, b, 'rollback', paid);
      const answer: Receipt = {
        id: randomUUID(),
        ext_transaction_id: t.id,
        parent_transaction_id: parent.id,
        user_id: b.user_id,
        operation: 'rollback',
        amount: Number(amount),
        currency: b.currency.toUpperCase(),
      };
      await this.insertTx(tx, t.id, 'rollback', b, amount, fingerprint, answer, parent.id);
      return { status: 200, body: receiptJson(answer, await realBalance(tx, b.user_id, b.currency)) };
    });
  }
}
