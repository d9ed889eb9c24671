/**
 * The engine of the single-round in-house games, generic over the @nebula/games registry.
 *
 * One bet, in order:
 *  1. The stake policy of the wagers module (modules/wagers/policy.ts), before any money moves:
 *     in-house games enabled (-99), signed in (-2), known game (-3), the game not switched off by the
 *     operator (`games.disabled_ids` or its catalogue row, -5), demo bets only on games that take them
 *     (-7), params (422), currency and amount (422), minimal wager one atomic unit (-1), the stakes of
 *     `data` summing to the bet (422), self-exclusion (403), and for real bets a price (-10), the max bet
 *     in EUR (-9) and the max profit in USD (-11, checked with `maxMultiplier`: an outcome is never
 *     changed to fit the limit). -6 is reserved for the multiplayer games' betting stages. All of its
 *     reads are one statement ({@link PREBET_SQL}), which also takes the bet id from the bets sequence
 *     and says whether the player holds an active bonus in the currency, and the operator's settings
 *     from the node's settings cache (platform/settings).
 *  2. ONE transaction, through the ledger inside it (`ledger.transaction`): the wager is debited
 *     (key `bet:{id}:wager`; a player who cannot cover it gets -4 'Not enough money' and the
 *     transaction rolls back), the next nonce is taken (`update seed_pairs set nonce = nonce + 1 ...
 *     returning`, which row-locks the pair, so concurrent bets are serialised on it), the outcome is
 *     computed, the payout credited (key `bet:{id}:payout`, when positive) and the wager record inserted
 *     with its statistics (modules/wagers/record.ts). Balances are published after the commit.
 *     With group commit on (BET_GROUP_COMMIT), step 2 is shared: the bets that arrive while earlier ones
 *     commit settle in one transaction of set-based statements, each bet still decided on its own
 *     (group-commit.ts states its steps and why it is as safe as this one). A bet bonus money may fund
 *     (the player holds an active bonus in the currency and the game's wagering weight is above 0;
 *     decision 0036) always takes this one-bet path: real money first, then bonus money (keys
 *     `bet:{id}:wager` and `bet:{id}:wager:bonus`), the bonus-funded part on its wager record, and that
 *     part's share of the payout back to the bonus account (`bet:{id}:payout:bonus`).
 *
 * Why this is safe: everything that makes a bet commits together or not at all. A refused debit, a
 * rotating seed pair or any failure rolls the whole transaction back, so no nonce is consumed (nonces
 * stay gapless per seed pair), no wager stays debited without its bet, and no bet exists without its
 * payout. A process killed at any point leaves either the whole bet or nothing: there is nothing to
 * repair. (The commit itself can be ambiguous to the caller when the connection drops during it; the
 * bet is then either wholly there or wholly absent, and the client's next balance fetch shows which.)
 */
import {
  type ExtendedPlayResponse,
  PlayErrorCode,
  type PlayResponse,
  playRequestSchema,
} from '@nebula/contracts';
import { type ExtendedGame, getExtendedGame, getGame, payoutFor, ratioToDecimal } from '@nebula/games';
import { type Amount, toDecimalString } from '@nebula/money';
import type { z } from 'zod';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { AppError, validationError } from '../../platform/errors.js';
import { Coalescer } from '../../db/coalesce.js';
import { priceFeedService } from '../prices/index.js';
import { bonusFundingFor, holdsActiveBonus } from '../bonus/index.js';
import { protectionGuard } from '../protection/index.js';
import { activeSeedPair, takeNonce } from '../seeds/index.js';
import {
  type BonusFunding,
  type LivePlayer,
  type PrebetRow as StakePrebetRow,
  type StakeGuard,
  checkStake,
  publishLiveBet,
  maxProfitError,
  payStake,
  placeStake,
  prebetSql,
  recordWager,
  usdValue,
} from '../wagers/index.js';
import { BetGroupCommit, playRound, type Settled, seedPairRotating, stakeAccountOf } from './group-commit.js';
import { acceptsDemo, edgeFor, type EngineGame, isGameAvailable, loadGameSettings } from './settings.js';
import { gamesEnv } from './games.env.js';

export type PlayInput = z.output<typeof playRequestSchema>;

/** How long the client animates a round (ms); 0 in quick mode. The live feed waits this long. */
export const RESULT_DELAY_MS = 1000;

/**
 * The policy's reads for bets on games (modules/wagers `prebetSql`), any number at once: one row per
 * element of the arrays currency `$1`, player `$2` and game `$3` (its position `i`, from 1), with
 * whether the game's catalogue row is disabled, whether the player has a seed pair yet, and the bet id
 * (`nextval`; a refused bet leaves a gap in bet ids, which are unique, not gapless). The engine
 * coalesces the reads of concurrent bets into one statement (db/coalesce.ts, decision 0020), each read
 * after its bet arrived; the operator's settings come from the node's settings cache (a change applies
 * within its staleness bound, at once on the node that made it).
 */
export const PREBET_SQL = prebetSql({
  keys: {
    from: 'unnest($1::text[], $2::uuid[], $3::text[]) with ordinality as k(currency, user_id, game, i)',
    currency: 'k.currency',
    user: 'k.user_id',
  },
  columns: `k.i::int as i,
  exists (select 1 from seed_pairs where user_id = k.user_id and active) as has_pair,
  coalesce((select disabled from games where id = k.game), false) as game_disabled,
  case when u.id is null then null else nextval('bets_id_seq')::text end as bet_id,
  ${holdsActiveBonus('k.user_id', 'k.currency')} as bonus_held`,
});

/** What one bet's pre-bet read is keyed by. */
interface PrebetKey {
  currency: string;
  userId: string | null;
  game: string;
}

interface PrebetRow extends StakePrebetRow {
  i: number;
  has_pair: boolean;
  /** The game's catalogue row is disabled by the operator (the lobby hides it; Play answers -5). */
  game_disabled: boolean;
  bet_id: string | null;
  /** The player holds an active bonus in the bet's currency (bonus module; decision 0036). */
  bonus_held: boolean;
}

/** Options for tests: another registry, group commit, and a fault that stops a bet inside its transaction. */
export interface GameEngineOptions {
  /** Group commit on or off (default: the configuration's BET_GROUP_COMMIT). */
  groupCommit?: boolean;
  /** Game lookup; defaults to the @nebula/games registry. */
  games?: (id: string) => EngineGame | undefined;
  /** Extended game lookup; defaults to the @nebula/games extended registry. */
  extendedGames?: (id: string) => ExtendedGame | undefined;
  faults?: {
    /**
     * Runs inside the bet's transaction after every write (debit, nonce, payout, record) and before the
     * commit; a throw rolls the whole bet back, as a process dying there would. With group commit it runs
     * in the batch's transaction for each accepted bet: a throw rolls the batch back, and its bets are then
     * played alone (where it runs again for each).
     */
    beforeCommit?: (betId: string) => void | Promise<void>;
  };
}

const playError = (code: number, message: string) => AppError.domain(code, message);

/** A bet that passed every check of step 1 (no money has moved yet). */
export interface PreparedBet {
  user: AuthUser;
  input: PlayInput;
  /** Parsed by the game's schema. */
  params: unknown;
  wager: Amount;
  decimals: number;
  edge: number;
  /** USD value of the wager (real bets), and the price it used ('0' for demo). */
  wagerUsd: string | null;
  priceUsd: string;
  /** Max profit in atomic units (real bets); null for demo. */
  maxProfit: bigint | null;
  /** Player protection's guard of a player with limits (null: none; decision 0025). */
  guard: StakeGuard | null;
  /**
   * Bonus money may fund what the real balance does not cover (a real single-round bet of a player
   * holding an active bonus in its currency, in a game whose wagering weight is above 0; decision 0036).
   * Such a bet settles in its own transaction, never in a group commit. Null: real money only.
   */
  bonus: BonusFunding | null;
  betId: string;
  hasPair: boolean;
  live: LivePlayer | undefined;
  single?: EngineGame;
  extended?: ExtendedGame;
}

export class GameEngine {
  private readonly feed;
  private readonly games: (id: string) => EngineGame | undefined;
  private extended: { open(bet: PreparedBet): Promise<ExtendedPlayResponse> } | undefined;
  private readonly group: BetGroupCommit | undefined;
  private readonly prebets: Coalescer<PrebetKey, PrebetRow | undefined>;

  constructor(
    private readonly ctx: AppContext,
    private readonly opts: GameEngineOptions = {},
  ) {
    this.feed = priceFeedService.of(ctx);
    this.games = opts.games ?? getGame;
    this.prebets = new Coalescer(async (keys) => {
      const rows = await ctx.database.query<PrebetRow>(
        PREBET_SQL,
        [keys.map((k) => k.currency), keys.map((k) => k.userId), keys.map((k) => k.game)],
        'games.prebet',
      );
      const byIndex = new Array<PrebetRow | undefined>(keys.length);
      for (const row of rows) byIndex[row.i - 1] = row;
      return byIndex;
    });
    const { enabled, maxBatch, parallel } = gamesEnv.of(ctx.config).betGroupCommit;
    if (opts.groupCommit ?? enabled)
      this.group = new BetGroupCommit(ctx, {
        maxBatch,
        parallel,
        alone: (bet) => this.settleAlone(bet),
        beforeCommit: opts.faults?.beforeCommit,
      });
  }

  /** Sets the engine of the extended games: Play of an extended game opens a round there. */
  useExtended(extended: { open(bet: PreparedBet): Promise<ExtendedPlayResponse> }): void {
    this.extended = extended;
  }

  async play(user: AuthUser | null, input: PlayInput): Promise<PlayResponse | ExtendedPlayResponse> {
    const prepared = await this.prepare(user, input);
    if (prepared.extended) {
      if (!this.extended) throw playError(PlayErrorCode.UnknownGame, 'Unknown game');
      return this.extended.open(prepared);
    }
    return this.playSingle(prepared);
  }

  /**
   * Step 1 for every kind of game: every check before money moves, in the order of the module comment.
   * Extended games are checked against max profit when they pay (the payout is capped then), not up front.
   */
  async prepare(user: AuthUser | null, input: PlayInput): Promise<PreparedBet> {
    const { ctx } = this;
    const [pre, settings] = await Promise.all([
      this.prebets.load({ currency: input.currency, userId: user?.id ?? null, game: input.api_id }),
      loadGameSettings(ctx.settings),
    ]);
    // The game is looked up only for a signed-in caller (the policy answers -2 before -3).
    const extended = user ? (this.opts.extendedGames ?? getExtendedGame)(input.api_id) : undefined;
    const game: EngineGame | ExtendedGame | undefined = user
      ? (extended ?? this.games(input.api_id))
      : undefined;
    const single = extended ? undefined : (game as EngineGame | undefined);
    const edge = game ? edgeFor(settings, game) : 0;
    const stake = await checkStake({
      product: extended ? 'extended' : 'originals',
      user,
      settings,
      game: game && {
        id: game.id,
        available: isGameAvailable(settings, game) && !pre?.game_disabled,
        acceptsDemo: acceptsDemo(game as EngineGame),
      },
      demo: input.demo,
      params: () => {
        const parsed = game!.params.safeParse(input.data ?? {});
        if (!parsed.success) throw validationError(parsed.error, 'data');
        // A game with a versioned algorithm (wheel layouts; coinflip, tower) stamps the version new bets
        // are played with.
        const versioned = extended ?? single;
        return versioned?.forNewBet ? versioned.forNewBet(parsed.data) : parsed.data;
      },
      currency: input.currency,
      bet: input.bet,
      pre,
      stakeRules: (wager, params) => {
        if (!single?.totalWager) return;
        let total: bigint;
        try {
          total = single.totalWager(params);
        } catch {
          throw new AppError(422, 'invalid_bet', 'The stakes in data are invalid.');
        }
        if (total !== wager)
          throw new AppError(422, 'invalid_bet', 'The bet must equal the sum of the stakes in data.');
      },
      // Extended games are checked against max profit when they pay (the payout is capped then).
      maxProfit: single
        ? (wager, params, maxProfit) => {
            if (payoutFor(wager, single.maxMultiplier(params, edge)) - wager > maxProfit)
              throw maxProfitError(settings.maxProfitUsd);
          }
        : undefined,
      price: (currency) => this.feed.price(currency),
    });
    const betId = pre?.bet_id;
    if (!betId) throw AppError.unauthenticated();
    // A bonus holder's real single-round bet may use bonus money (read here, before any transaction).
    const bonus =
      single && !input.demo && pre.bonus_held
        ? await bonusFundingFor(ctx, {
            userId: stake.user.id,
            currency: input.currency,
            product: 'originals',
            game: single.id,
          })
        : null;
    const live: LivePlayer | undefined =
      pre?.name == null
        ? undefined
        : { name: pre.name, avatar: pre.avatar, private_bets: pre.private_bets === true };
    return {
      user: stake.user,
      input,
      params: stake.params,
      wager: stake.wager,
      decimals: stake.decimals,
      edge,
      wagerUsd: stake.wagerUsd,
      priceUsd: stake.priceUsd,
      maxProfit: stake.maxProfit,
      guard: stake.guarded ? protectionGuard(ctx, stake) : null,
      bonus,
      betId,
      hasPair: pre.has_pair,
      live,
      ...(extended ? { extended } : { single: game as EngineGame }),
    };
  }

  /** Steps 2 and after for a single-round bet that passed step 1 ({@link prepare}). */
  async playSingle(bet: PreparedBet): Promise<PlayResponse> {
    const { ctx } = this;
    const { user, input, wager, priceUsd, betId } = bet;
    const cur = { decimals: bet.decimals };
    const game = bet.single!;
    // A first bet creates the pair before any money moves (the transaction takes its nonce).
    if (!bet.hasPair) await activeSeedPair(ctx.database, user.id);
    // Bets bonus money may fund take the one-bet path (the group commit's in-memory decisions know the
    // real balance only); everyone else's bets are grouped as before.
    const settled = this.group && !bet.bonus ? await this.group.settle(bet) : await this.settleAlone(bet);
    const { payout } = settled;

    const win = payout > wager;
    const status = win ? ('win' as const) : ('lose' as const);
    const multiplier = ratioToDecimal(settled.multiplier, 8);
    const profit = toDecimalString(payout - wager, cur.decimals);
    const delay = input.quick ? 0 : RESULT_DELAY_MS;
    if (!input.demo) {
      void publishLiveBet(
        ctx,
        user.id,
        game,
        betId,
        {
          currency: input.currency,
          wager: toDecimalString(wager, cur.decimals),
          multiplier,
          status,
          profit,
          profitUsd: usdValue(payout - wager, priceUsd, cur.decimals),
          delay,
        },
        bet.live,
      );
    }
    return {
      game: {
        id: game.id,
        data: settled.outcome,
        delay,
        status,
        win,
        multiplier,
        profit,
        payout: toDecimalString(payout, cur.decimals),
      },
      type: 'single',
      id: betId,
    };
  }

  /**
   * Step 2 for one bet: its own transaction. A bet bonus money may fund takes real money first, then
   * bonus money (`placeStake` locks both accounts, ascending id), records the bonus-funded part on its
   * wager record and returns that part's share of the payout to the bonus account (decision 0036).
   */
  private settleAlone(bet: PreparedBet): Promise<Settled> {
    const account = stakeAccountOf(bet);
    return this.ctx.ledger.transaction(async (ledger, tx) => {
      const { bonusWager } = await placeStake(ledger, account, bet.wager);
      const seed = await takeNonce(tx, bet.user.id);
      if (!seed) throw seedPairRotating();
      const { record, ...round } = playRound(bet, {
        pairId: seed.id,
        serverSeed: seed.server_seed,
        clientSeed: seed.client_seed,
        nonce: Number(seed.nonce),
      });
      await recordWager(tx, { ...record, bonusWager });
      await payStake(ledger, account, round.payout, 'payout', { wager: bet.wager, bonusWager });
      await this.opts.faults?.beforeCommit?.(bet.betId);
      return round;
    });
  }
}
