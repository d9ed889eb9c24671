/**
 * The engine of the extended games (mines, tower, stairs, hilo, coinflip, blackjack, video poker): a
 * round stays open across the player's decisions and lives in `extended_rounds` (migration 0014), so it
 * survives reloads, other devices and restarts. Every step is ONE transaction with the ledger inside it
 * (`ledger.transaction`, see modules/wagers): what it writes commits together or not at all, so a
 * process dying at any point leaves the round as it was before the step or after it, never half-paid.
 *
 * Play (`open`, after the stake policy in GameEngine.prepare): the wager is debited (key
 *  `bet:{id}:wager`, -4 when the player cannot cover it), the nonce taken, the game's `start` run on
 *  the bet's float stream and the round inserted. A second open round of the same game hits the partial
 *  unique index: everything rolls back and Play answers -6. A round the game ends at once (a blackjack
 *  natural) is settled in the same transaction.
 * Turn: the decision is checked on the stored state first (code 3 when not allowed, before anything is
 *  written); then the transaction locks the round, applies the decision to the locked state (code 0
 *  'retry' when another decision got there first), debits a stake the decision adds (blackjack double,
 *  split, insurance; key `bet:{id}:stake:{n}`, n = the decision's index) and stores it, settling the
 *  round when it ended.
 * Finish: takes the cash-out value (capped at stake + max profit: outcomes are never changed), or
 *  cancels a round without decisions (`status = 'cancelled'`, the stake refunded with `bet:{id}:refund`).
 *
 * Settling writes the round's wager record (modules/wagers, same id) and credits its payout (key
 * `bet:{id}:payout`) in the transaction that ends the round. The live feed follows the commit.
 */
import {
  type ExtendedPlayResponse,
  PlayErrorCode,
  type TurnResponse,
  TurnErrorCode,
  type finishRequestSchema,
  type restoreRequestSchema,
  type turnRequestSchema,
} from '@nebula/contracts';
import {
  type ExtendedGame,
  type ExtendedStepType,
  InvalidActionError,
  ONE_RATIO,
  type Ratio,
  divRatio,
  floatSource,
  getExtendedGame,
  payoutFor,
  ratio,
  ratioToDecimal,
} from '@nebula/games';
import { amount, toDecimalString } from '@nebula/money';
import type { z } from 'zod';
import type { Session } from '../../db/client.js';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { AppError, validationError } from '../../platform/errors.js';
import type { ScopedLedger } from '../ledger/index.js';
import { blockedError, type BlockType, PROTECTION, protectionGuard } from '../protection/index.js';
import { activeSeedPair, takeNonce } from '../seeds/index.js';
import type { PreparedBet } from './games.service.js';
import {
  type StakeAccount,
  type StakeGuard,
  payStake,
  placeStake,
  publishLiveBet,
  recordWager,
  usdValue,
} from '../wagers/index.js';

/** Milliseconds the board animates a step (0 in quick mode). */
export const STEP_DELAY_MS = 500;

const playError = (code: number, message: string) => AppError.domain(code, message);
const turnError = (code: number, message: string) => AppError.domain(code, message);
const invalidGameId = () => turnError(TurnErrorCode.InvalidGameId, 'Invalid game id');
const invalidOperation = () => turnError(TurnErrorCode.InvalidOperation, 'Invalid API operation');

const sqlState = (err: unknown): string | undefined => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code ?? e?.cause?.code;
};

/** A round row with its seed pair and currency, as the engine reads it. */
interface RoundRow {
  id: string;
  user_id: string;
  game: string;
  currency: string;
  demo: boolean;
  wager: string;
  stake: string;
  stakes: Record<string, string>;
  nonce: string;
  seed_pair_id: string;
  params: unknown;
  actions: unknown[];
  state: unknown;
  floats_used: number;
  house_edge_bps: number;
  max_payout: string | null;
  wager_usd: string | null;
  price_usd: string | null;
  status: 'open' | 'finished' | 'cancelled';
  server_seed: string;
  client_seed: string;
  decimals: number;
  /** When the round was opened (null for a round opened in this transaction). */
  created_at: string | null;
  /** Player protection (its relation): the player has limits; a time-out or self-exclusion in force. */
  guarded?: boolean;
  blocked?: BlockType | null;
}

const ROUND_COLUMNS = `r.id::text as id, r.user_id, r.game, r.currency, r.demo, r.wager::text as wager,
  r.stake::text as stake, r.stakes, r.nonce::text as nonce, r.seed_pair_id::text as seed_pair_id, r.params,
  r.actions, r.state, r.floats_used, r.house_edge_bps, r.max_payout::text as max_payout,
  r.wager_usd::text as wager_usd, r.price_usd::text as price_usd, r.status, p.server_seed, p.client_seed,
  c.decimals, r.created_at::text as created_at, coalesce(pp.guarded, false) as guarded, pp.blocked`;
const ROUND_FROM = `extended_rounds r join seed_pairs p on p.id = r.seed_pair_id
  join currencies c on c.id = r.currency left join ${PROTECTION} pp on pp.user_id = r.user_id`;

/** What settling a round produced; the payout is credited after the commit. */
interface Settlement {
  payout: bigint;
  multiplier: Ratio;
}

type Last = 'start' | 'continue' | 'lose' | 'finish' | 'take' | 'cancel' | 'restore';

export type TurnInput = z.output<typeof turnRequestSchema>;
export type FinishInput = z.output<typeof finishRequestSchema>;
export type RestoreInput = z.output<typeof restoreRequestSchema>;

export interface ExtendedEngineOptions {
  games?: (id: string) => ExtendedGame | undefined;
}

export class ExtendedEngine {
  private readonly games: (id: string) => ExtendedGame | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly opts: ExtendedEngineOptions = {},
  ) {
    this.games = opts.games ?? getExtendedGame;
  }

  // ---- Play ---------------------------------------------------------------------------------------

  async open(bet: PreparedBet): Promise<ExtendedPlayResponse> {
    const { ctx } = this;
    const game = bet.extended!;
    const { user, input, betId, wager } = bet;
    const open = await ctx.database.query(
      `select 1 from extended_rounds where user_id = $1 and game = $2 and status = 'open'`,
      [user.id, game.id],
      'extended.has_open',
    );
    if (open.length) throw stageError();
    if (!bet.hasPair) await activeSeedPair(ctx.database, user.id);

    const maxPayout = bet.maxProfit === null ? null : wager + bet.maxProfit;
    let result: { row: RoundRow; type: ExtendedStepType; settlement: Settlement | null };
    try {
      result = await ctx.ledger.transaction(async (ledger, tx) => {
        await placeStake(
          ledger,
          accountOf(
            { id: betId, user_id: user.id, currency: input.currency, demo: input.demo },
            game,
            bet.guard,
          ),
          wager,
        );
        const seed = await takeNonce(tx, user.id);
        if (!seed)
          throw new AppError(409, 'seed_pair_rotating', 'Your seed pair is being changed; try again.');
        const rng = floatSource(seed.server_seed, seed.client_seed, Number(seed.nonce));
        const step = game.start(bet.params, rng, bet.edge);
        await tx.query(
          `insert into extended_rounds (id, user_id, game, currency, demo, wager, stake, seed_pair_id, nonce,
             params, state, floats_used, house_edge_bps, max_payout, wager_usd, price_usd, status)
           values ($1::bigint, $2::uuid, $3, $4, $5, $6::numeric, $6::numeric, $7::bigint, $8::bigint, $9::jsonb,
             $10::jsonb, $11, $12, $13::numeric, $14::numeric, $15::numeric, 'open')`,
          [
            betId,
            user.id,
            game.id,
            input.currency,
            input.demo,
            wager.toString(),
            seed.id,
            seed.nonce,
            JSON.stringify(bet.params),
            JSON.stringify(step.state),
            rng.used,
            bet.edge,
            maxPayout?.toString() ?? null,
            bet.wagerUsd,
            input.demo ? null : bet.priceUsd,
          ],
          'extended.insert',
        );
        const row: RoundRow = {
          id: betId,
          user_id: user.id,
          game: game.id,
          currency: input.currency,
          demo: input.demo,
          wager: wager.toString(),
          stake: wager.toString(),
          stakes: {},
          nonce: seed.nonce,
          seed_pair_id: seed.id,
          params: bet.params,
          actions: [],
          state: step.state,
          floats_used: rng.used,
          house_edge_bps: bet.edge,
          max_payout: maxPayout?.toString() ?? null,
          wager_usd: bet.wagerUsd,
          price_usd: input.demo ? null : bet.priceUsd,
          status: 'open',
          server_seed: seed.server_seed,
          client_seed: seed.client_seed,
          decimals: bet.decimals,
          created_at: null,
        };
        const settlement =
          step.type === 'continue' ? null : await this.settle(tx, ledger, game, row, step.type);
        return { row, type: step.type, settlement };
      });
    } catch (err) {
      // A second open round of the same game (the partial unique index): the transaction rolled back.
      if (sqlState(err) === '23505') throw stageError();
      throw err;
    }
    this.afterSettle(game, result.row, result.settlement, bet.live);
    const last: Last = result.type === 'continue' ? 'start' : result.type;
    return this.response(game, result.row, last, input.quick === true, result.settlement);
  }

  // ---- Turn ---------------------------------------------------------------------------------------

  async turn(user: AuthUser | null, input: TurnInput): Promise<TurnResponse> {
    const { ctx } = this;
    if (!user) throw playError(PlayErrorCode.AuthorizationRequired, 'Authorization is required');
    const game = this.games(input.api_id);
    if (!game) throw invalidGameId();
    const parsed = game.action.safeParse(input.data ?? {});
    if (!parsed.success) throw validationError(parsed.error, 'data');
    const action = parsed.data;

    const before = await this.load(ctx.database, input.id, user.id, game.id, false);
    if (!before || before.status !== 'open') throw invalidGameId();
    // A time-out or self-exclusion stops play: the round can still be taken or cancelled (Finish).
    if (before.blocked && !before.demo) throw blockedError(before.blocked);
    const n = before.actions.length;
    // Dry run on the stored state: an action that is not allowed costs nothing.
    try {
      game.turn(before.state, action, this.rng(before), before.house_edge_bps);
    } catch (err) {
      if (err instanceof InvalidActionError) throw invalidOperation();
      throw err;
    }
    const extra = game.actionStake
      ? payoutFor(amount(BigInt(before.wager)), game.actionStake(before.state, action))
      : 0n;

    // One transaction: the round is locked first, the decision applied to the locked state, its extra
    // stake debited (a refusal rolls the whole decision back), the round stored and, when it ended,
    // settled with its payout.
    // Made before the transaction (it reads the settings a stake's judgement needs).
    const guard = this.guardOf(before);
    const outcome = await ctx.ledger.transaction(async (ledger, tx) => {
      const row = await this.load(tx, input.id, user.id, game.id, true);
      if (!row || row.status !== 'open') throw invalidGameId();
      if (row.actions.length !== n) throw turnError(TurnErrorCode.Retry, 'The round moved on: try again.');
      let step;
      const rng = this.rng(row);
      try {
        step = game.turn(row.state, action, rng, row.house_edge_bps);
      } catch (err) {
        if (err instanceof InvalidActionError) throw invalidOperation();
        throw err;
      }
      if (extra > 0n)
        await placeStake(
          ledger,
          { ...accountOf(row, game, guard), metadata: { game: game.id, bet: row.id, action: n } },
          extra,
          `stake:${n}`,
        );
      const stake = BigInt(row.stake) + extra;
      const stakes = extra > 0n ? { ...row.stakes, [n]: extra.toString() } : row.stakes;
      const next: RoundRow = {
        ...row,
        state: step.state,
        actions: [...row.actions, action],
        floats_used: rng.used,
        stake: stake.toString(),
        stakes,
      };
      await tx.query(
        `update extended_rounds set state = $2::jsonb, actions = $3::jsonb, floats_used = $4, stake = $5::numeric,
         stakes = $6::jsonb, updated_at = now() where id = $1::bigint`,
        [
          row.id,
          JSON.stringify(next.state),
          JSON.stringify(next.actions),
          next.floats_used,
          next.stake,
          JSON.stringify(stakes),
        ],
        'extended.update',
      );
      const settlement =
        step.type === 'continue' ? null : await this.settle(tx, ledger, game, next, step.type);
      return { row: next, type: step.type, settlement };
    });
    this.afterSettle(game, outcome.row, outcome.settlement);
    const response = this.response(game, outcome.row, outcome.type, input.quick === true, outcome.settlement);
    return { ...response, result: outcome.type };
  }

  // ---- Finish -------------------------------------------------------------------------------------

  async finish(user: AuthUser | null, input: FinishInput): Promise<ExtendedPlayResponse> {
    const { ctx } = this;
    if (!user) throw playError(PlayErrorCode.AuthorizationRequired, 'Authorization is required');
    const game = this.games(input.api_id);
    if (!game) throw invalidGameId();
    const result = await ctx.ledger.transaction(async (ledger, tx) => {
      const row = await this.load(tx, input.id, user.id, game.id, true);
      if (!row || row.status !== 'open') throw invalidGameId();
      if (game.canTake(row.state)) {
        const settlement = await this.settle(tx, ledger, game, row, 'take');
        return { row, last: 'take' as const, settlement };
      }
      if (!game.canCancel(row.state)) throw invalidOperation();
      // A round without decisions is cancelled: its stake goes back, and no wager is recorded.
      await tx.query(
        `update extended_rounds set status = 'cancelled', updated_at = now() where id = $1::bigint`,
        [row.id],
        'extended.cancel',
      );
      await payStake(
        ledger,
        {
          ...accountOf(row, game, this.guardOf(row)),
          metadata: { game: game.id, bet: row.id, cancelled: true },
        },
        BigInt(row.stake),
        'refund',
      );
      return { row: { ...row, status: 'cancelled' as const }, last: 'cancel' as const, settlement: null };
    });
    if (result.last !== 'cancel') this.afterSettle(game, result.row, result.settlement);
    return this.response(game, result.row, result.last, false, result.settlement);
  }

  // ---- RestoreData --------------------------------------------------------------------------------

  async restore(user: AuthUser | null, input: RestoreInput): Promise<{ round: ExtendedPlayResponse | null }> {
    if (!user) return { round: null };
    const game = this.games(input.api_id);
    if (!game) return { round: null };
    const rows = await this.ctx.database.query<RoundRow>(
      `select ${ROUND_COLUMNS} from ${ROUND_FROM} where r.user_id = $1 and r.game = $2 and r.status = 'open'`,
      [user.id, game.id],
      'extended.restore',
    );
    const row = rows[0];
    return { round: row ? this.response(game, row, 'restore', true, null) : null };
  }

  // ---- internals ----------------------------------------------------------------------------------

  private rng(row: RoundRow) {
    return floatSource(row.server_seed, row.client_seed, Number(row.nonce), row.floats_used);
  }

  private async load(
    db: Pick<Session, 'query'>,
    id: string,
    userId: string,
    gameId: string,
    lock: boolean,
  ): Promise<RoundRow | undefined> {
    const rows = await db.query<RoundRow>(
      `select ${ROUND_COLUMNS} from ${ROUND_FROM}
        where r.id = $1::bigint and r.user_id = $2 and r.game = $3${lock ? ' for update of r' : ''}`,
      [id, userId, gameId],
      lock ? 'extended.load_lock' : 'extended.load',
    );
    return rows[0];
  }

  /** Player protection's guard of a round whose player has limits (null otherwise). */
  private guardOf(row: RoundRow): StakeGuard | null {
    if (!row.guarded || row.demo || row.price_usd === null) return null;
    return protectionGuard(this.ctx, { priceUsd: row.price_usd, decimals: row.decimals });
  }

  /** The multiplier of the whole stake and the payout (capped) the round pays if it ended now. */
  private value(game: ExtendedGame, row: RoundRow, ended: ExtendedStepType | 'take' | null): Settlement {
    const wager = amount(BigInt(row.wager));
    const stake = BigInt(row.stake);
    const base = ended === 'lose' ? ratio(0) : game.payout(row.state, row.house_edge_bps);
    const full: bigint = payoutFor(wager, base);
    const cap = row.max_payout === null ? null : BigInt(row.max_payout);
    const payout = cap !== null && full > cap ? cap : full;
    const units = game.stake ? game.stake(row.state) : ONE_RATIO;
    const multiplier = payout === full ? divRatio(base, units) : ratio(payout, stake);
    return { payout, multiplier };
  }

  /** Ends the round inside `tx`: its status, its wager record (with statistics) and its payout. */
  private async settle(
    tx: Session,
    ledger: ScopedLedger,
    game: ExtendedGame,
    row: RoundRow,
    ended: ExtendedStepType | 'take',
  ): Promise<Settlement> {
    const settlement = this.value(game, row, ended);
    const stake = BigInt(row.stake);
    await tx.query(
      `update extended_rounds set status = 'finished', updated_at = now() where id = $1::bigint`,
      [row.id],
      'extended.finish',
    );
    await recordWager(tx, {
      id: row.id,
      product: 'extended',
      game: game.id,
      userId: row.user_id,
      currency: row.currency,
      demo: row.demo,
      wager: stake,
      payout: settlement.payout,
      multiplier: settlement.multiplier,
      seedPairId: row.seed_pair_id,
      nonce: row.nonce,
      params: row.params,
      outcome: { actions: row.actions, state: row.state },
      houseEdgeBps: row.house_edge_bps,
      wagerUsd: row.demo || row.price_usd === null ? null : usdValue(stake, row.price_usd, row.decimals),
      placedAt: row.created_at,
    });
    await payStake(ledger, accountOf(row, game, this.guardOf(row)), settlement.payout);
    row.status = 'finished';
    return settlement;
  }

  /** After the commit: the live feed for real rounds (best effort). */
  private afterSettle(
    game: ExtendedGame,
    row: RoundRow,
    settlement: Settlement | null,
    live?: PreparedBet['live'],
  ): void {
    if (!settlement || row.demo) return;
    const stake = BigInt(row.stake);
    const profit = settlement.payout - stake;
    void publishLiveBet(
      this.ctx,
      row.user_id,
      game,
      row.id,
      {
        currency: row.currency,
        wager: toDecimalString(stake, row.decimals),
        multiplier: ratioToDecimal(settlement.multiplier, 8),
        status: settlement.payout > stake ? 'win' : 'lose',
        profit: toDecimalString(profit, row.decimals),
        profitUsd: usdValue(profit, row.price_usd ?? '0', row.decimals),
        delay: 0,
      },
      live,
    );
  }

  private response(
    game: ExtendedGame,
    row: RoundRow,
    last: Last,
    quick: boolean,
    settlement: Settlement | null,
  ): ExtendedPlayResponse {
    const open = row.status === 'open';
    const stake = BigInt(row.stake);
    const value =
      settlement ?? (open ? this.value(game, row, null) : { payout: stake, multiplier: ONE_RATIO });
    const cancelled = row.status === 'cancelled';
    const status = open ? 'in-progress' : cancelled ? 'cancelled' : value.payout > stake ? 'win' : 'lose';
    const canTake = open && game.canTake(row.state);
    const canCancel = open && game.canCancel(row.state);
    return {
      game: {
        id: game.id,
        extendedId: row.id,
        extendedState: open ? 'in-progress' : 'finished',
        data: open ? game.view(row.state) : row.state,
        delay: quick || last === 'restore' || last === 'take' || last === 'cancel' ? 0 : STEP_DELAY_MS,
        status,
        win: status === 'win',
        multiplier: ratioToDecimal(open && !canTake ? ratio(0) : value.multiplier, 8),
        wager: toDecimalString(stake, row.decimals),
        payout: toDecimalString(open && !canTake ? 0n : value.payout, row.decimals),
        profit: open && !canTake ? '0' : toDecimalString(value.payout - stake, row.decimals),
        currency: row.currency,
        demo: row.demo,
        params: row.params,
      },
      type: 'extended',
      id: row.id,
      canBeFinished: canTake,
      canBeCancelled: canCancel,
    };
  }
}

/** The stake account of a round: its id names the stake. */
function accountOf(
  row: Pick<RoundRow, 'id' | 'user_id' | 'currency' | 'demo'>,
  game: { readonly id: string },
  guard: StakeGuard | null,
): StakeAccount {
  return {
    guard,
    stake: { product: 'extended', bet: row.id },
    userId: row.user_id,
    currency: row.currency,
    demo: row.demo,
    metadata: { game: game.id, bet: row.id },
  };
}

function stageError(): AppError {
  return playError(PlayErrorCode.BadStage, 'Cannot place bet at this stage of the game');
}
