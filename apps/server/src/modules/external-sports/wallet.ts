/**
 * The operator wallet behind the external sportsbook's signed calls (decision 0034): `bet/make` takes
 * the stake, `bet/commit` and `bet/discard` confirm it or give it back, `bet/win`, `bet/lost` and
 * `bet/refund` are a bet's result, `bet/rollback` takes a result back, `bet/settlement` closes the bet.
 * Every movement goes through the wager seam (modules/wagers: the stake policy with the player's
 * protection, `placeStake` / `payStake` / `reclaimPayout` with the keys of product `external-sports`, the
 * wager record).
 *
 * Invariants:
 * - A call is verified (the provider's signature, freshness) before anything is read; a refusal is the
 *   protocol's HTTP 400 `{code, message}` and happens before any write or rolls the transaction back.
 * - A call that moves money is one database transaction holding the player's advisory lock, so
 *   concurrent, duplicate and out-of-order calls of a player see each other's effects.
 * - Idempotent by the provider's transaction id: a bet by `xsport_bets.ext_transaction_id`, every other
 *   call by `xsport_transactions`; the same call again answers as the first did (with the balance now)
 *   and moves nothing, the same id with other details is refused (2004). Underneath, each movement has
 *   its own ledger key: the stake `wager`, the n-th result `payout:{n}` / `refund:{n}`, its rollback
 *   `rollback:{n}`, a discard `refund`.
 * - A discard of a bet we never saw is stored, and that bet's late bet/make is refused (2004).
 * - A rollback takes back exactly the result it names, if it is the bet's latest and not taken back
 *   yet; what the player's balance no longer covers stays as the bet's debt (no balance goes negative).
 * - The bet's wager record (product `external-sports`, reference = the bet's id) is written at its first
 *   win or loss; a later result after a rollback corrects its payout (wagers `resettleWager`). A bet
 *   refunded or discarded before any result has no record: nothing was wagered.
 */
import { randomUUID } from 'node:crypto';
import { ExternalSportError, PlayErrorCode, type ExternalSportOperation } from '@nebula/contracts';
import type { Session } from '../../db/client.js';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { ScopedLedger } from '../ledger/index.js';
import { priceFeedService } from '../prices/index.js';
import { protectionGuard } from '../protection/index.js';
import { toDecimalString } from '@nebula/money';
import { type PrebetRow, checkStake, payStake, placeStake, prebetSql } from '../wagers/index.js';
import {
  WalletError,
  badRequest,
  commitCall,
  discardCall,
  makeCall,
  parseCall,
  settlementCall,
} from './calls.js';
import type { ExternalSportsConfig } from './env.js';
import { ResultCalls } from './results.js';
import {
  betAccount,
  BET_COLUMNS,
  type BetRow,
  error,
  lockPlayer,
  realBalance,
  type Receipt,
  receiptJson,
  type WalletReply,
} from './bet-rows.js';
import { loadStakeSettings } from './settings.js';
import { verifyWalletCall } from './tokens.js';

/** The session and the policy's reads in one statement. */
const PREBET_SQL = prebetSql({
  columns: `s.user_id::text as session_user, s.currency as session_currency, s.expires_at`,
  joins: `left join xsport_sessions s on s.id = $3::uuid`,
});
interface SessionRow extends PrebetRow {
  session_user: string | null;
  session_currency: string | null;
  expires_at: Date | null;
}

/** The protocol's code of a refusal of the seam (the stake policy, protection, the ledger). */
function codeOf(err: AppError): number {
  if (err.code === PlayErrorCode.NotEnoughMoney) return ExternalSportError.NotEnoughMoney;
  if (err.code === 'timed_out' || err.code === 'self_excluded') return ExternalSportError.PlayerBlocked;
  if (err.status === 403) return ExternalSportError.LimitsExceeded;
  if (err.code === 'unknown_currency') return ExternalSportError.InvalidCurrency;
  return ExternalSportError.BadRequest;
}

export class ExternalSportsWallet {
  private readonly feed;
  private readonly results: ResultCalls;

  constructor(
    private readonly ctx: AppContext,
    private readonly config: Extract<ExternalSportsConfig, { brandId: string }>,
  ) {
    this.feed = priceFeedService.of(ctx);
    this.results = new ResultCalls(ctx);
  }

  /** One wallet call's answer (never throws for bad input; an unexpected failure is thrown: a 500). */
  async handle(operation: ExternalSportOperation, body: unknown, now?: number): Promise<WalletReply> {
    try {
      const token =
        body && typeof body === 'object' && !Array.isArray(body)
          ? (body as Record<string, unknown>).payload
          : undefined;
      if (typeof token !== 'string') return error(ExternalSportError.BadRequest);
      const data = await verifyWalletCall(token, this.config.providerKey, this.config.brandId, now);
      if (!data) return error(ExternalSportError.InvalidToken);
      switch (operation) {
        case 'make':
          return await this.make(data);
        case 'commit':
          return await this.commit(data);
        case 'discard':
          return await this.discard(data);
        case 'settlement':
          return await this.settlement(data);
        default:
          return await this.results.handle(operation, data);
      }
    } catch (err) {
      if (err instanceof WalletError) return error(err.code);
      if (err instanceof AppError && err.status < 500) return error(codeOf(err));
      throw err;
    }
  }

  private async make(data: Record<string, unknown>): Promise<WalletReply> {
    const c = parseCall(makeCall, data);
    const currency = c.currency.toLowerCase();
    if (c.transaction.amount !== c.amount || c.transaction.currency.toLowerCase() !== currency)
      throw badRequest();
    // The operator runs no bonus money of the provider's: a bonus bet would be taken from real money.
    if (c.bonus_id) throw new WalletError(ExternalSportError.BonusNotFound);
    const amount = BigInt(c.amount);
    const fingerprint = JSON.stringify([
      c.player_id,
      c.session_id,
      c.amount,
      currency,
      c.transaction.betslip_id,
      c.betslip.k,
      c.potential_win,
    ]);
    const pre = (
      await this.ctx.database.query<SessionRow>(
        PREBET_SQL,
        [currency, c.player_id, c.session_id],
        'xsports.prebet',
      )
    )[0];
    if (!pre?.name) throw new WalletError(ExternalSportError.PlayerNotFound);
    const receipt = (betId: string): Receipt => ({
      id: betId,
      ext_transaction_id: c.transaction.id,
      parent_transaction_id: null,
      user_id: c.player_id,
      operation: 'bet',
      amount: c.amount,
      currency: currency.toUpperCase(),
    });
    // A replay answers as the first call did, even if the player could not bet now.
    const replay = await this.replayOfMake(this.ctx.database, c.transaction.id, fingerprint, receipt);
    if (replay) return replay;
    if (pre.session_user !== c.player_id || !pre.expires_at || pre.expires_at.getTime() < Date.now())
      throw new WalletError(ExternalSportError.SessionExpired);
    if (pre.session_currency !== currency || pre.decimals === null)
      throw new WalletError(ExternalSportError.InvalidCurrency);
    const decimals = pre.decimals;
    // The policy's other reads happen before the transaction (the embedded database has one connection).
    const [settings, quote] = await Promise.all([
      loadStakeSettings(this.ctx.settings),
      this.feed.price(currency),
    ]);
    const user: AuthUser = { id: c.player_id, name: pre.name, roles: [], permissions: {} };
    const stake = await checkStake({
      product: 'external-sports',
      user,
      settings,
      game: { id: 'external-sports', available: true, acceptsDemo: false },
      demo: false,
      params: () => ({ betslip: c.transaction.betslip_id }),
      currency,
      bet: toDecimalString(amount, decimals),
      pre,
      price: async () => quote,
    });
    const guard = stake.guarded ? protectionGuard(this.ctx, { priceUsd: stake.priceUsd, decimals }) : null;
    const betId = randomUUID();
    const answer = await this.ctx.ledger.transaction(async (ledger: ScopedLedger, tx) => {
      await lockPlayer(tx, c.player_id);
      const again = await this.replayOfMake(tx, c.transaction.id, fingerprint, receipt);
      if (again) return again;
      const discarded = await tx.query(
        `select 1 from xsport_transactions where operation = 'discard' and bet_ext_id = $1`,
        [c.transaction.id],
      );
      if (discarded.length > 0) throw badRequest();
      const bet = { id: betId, user_id: c.player_id, currency };
      await placeStake(ledger, { ...betAccount(bet), guard }, amount);
      await tx.query(
        `insert into xsport_bets (id, ext_transaction_id, betslip_id, user_id, session_id, currency, amount,
           amount_usd, odds, potential_win, betslip, fingerprint, state)
         values ($1::uuid, $2, $3, $4::uuid, $5::uuid, $6, $7::numeric, $8::numeric, $9, $10::numeric, $11::jsonb, $12, 'open')`,
        [
          betId,
          c.transaction.id,
          c.transaction.betslip_id,
          c.player_id,
          c.session_id,
          currency,
          amount.toString(),
          stake.wagerUsd,
          c.betslip.k,
          String(c.potential_win),
          JSON.stringify(c.betslip),
          fingerprint,
        ],
      );
      return {
        status: 200,
        body: receiptJson(receipt(betId), await realBalance(tx, c.player_id, currency)),
      };
    });
    return answer;
  }

  private async replayOfMake(
    q: Pick<Session, 'query'>,
    extId: string,
    fingerprint: string,
    receipt: (betId: string) => Receipt,
  ): Promise<WalletReply | null> {
    const bet = (
      await q.query<BetRow>(`select ${BET_COLUMNS} from xsport_bets where ext_transaction_id = $1`, [extId])
    )[0];
    if (!bet) return null;
    if (bet.fingerprint !== fingerprint) throw badRequest();
    return {
      status: 200,
      body: receiptJson(receipt(bet.id), await realBalance(q, bet.user_id, bet.currency)),
    };
  }

  private async commit(data: Record<string, unknown>): Promise<WalletReply> {
    const c = parseCall(commitCall, data);
    const rows = await this.ctx.database.query<{ state: string }>(
      `update xsport_bets set committed = true where ext_transaction_id = $1 and state <> 'discarded'
       returning state`,
      [c.transaction_id],
    );
    if (rows.length === 0) {
      const known = await this.ctx.database.query(`select 1 from xsport_bets where ext_transaction_id = $1`, [
        c.transaction_id,
      ]);
      throw new WalletError(
        known.length > 0 ? ExternalSportError.BadRequest : ExternalSportError.ParentNotFound,
      );
    }
    return { status: 200, body: '{}' };
  }

  private async discard(data: Record<string, unknown>): Promise<WalletReply> {
    const c = parseCall(discardCall, data);
    const player = (
      await this.ctx.database.query<PrebetRow>(prebetSql(), ['usdt', c.ext_player_id], 'xsports.player')
    )[0];
    if (!player?.name) throw new WalletError(ExternalSportError.PlayerNotFound);
    const key = `discard:${c.transaction_id}`;
    return this.ctx.ledger.transaction(async (ledger, tx) => {
      await lockPlayer(tx, c.ext_player_id);
      const bet = (
        await tx.query<BetRow>(
          `select ${BET_COLUMNS} from xsport_bets where ext_transaction_id = $1 for update`,
          [c.transaction_id],
        )
      )[0];
      if (bet && bet.user_id !== c.ext_player_id) throw badRequest();
      if (bet && bet.state === 'discarded') return { status: 200, body: '{}' };
      if (bet && (bet.state !== 'open' || bet.committed)) throw badRequest();
      if (bet) {
        await payStake(ledger, betAccount(bet), BigInt(bet.amount), 'refund');
        await tx.query(`update xsport_bets set state = 'discarded' where id = $1::uuid`, [bet.id]);
      }
      await tx.query(
        `insert into xsport_transactions (ext_transaction_id, id, operation, bet_ext_id, bet_id, user_id, amount,
           fingerprint, answer)
         values ($1, $2::uuid, 'discard', $3, $4::uuid, $5::uuid, $6::numeric, $7, '{}'::jsonb)
         on conflict (ext_transaction_id) do nothing`,
        [
          key,
          randomUUID(),
          c.transaction_id,
          bet?.id ?? null,
          c.ext_player_id,
          bet?.amount ?? '0',
          JSON.stringify(['discard', c.ext_player_id, c.transaction_id]),
        ],
      );
      return { status: 200, body: '{}' };
    });
  }

  private async settlement(data: Record<string, unknown>): Promise<WalletReply> {
    const c = parseCall(settlementCall, data);
    const rows = await this.ctx.database.query(
      `update xsport_bets set settled_at = coalesce(settled_at, now()) where id = $1::uuid returning id`,
      [c.bet_transaction_id],
    );
    if (rows.length === 0) throw new WalletError(ExternalSportError.ParentNotFound);
    return { status: 200, body: '{}' };
  }
}
