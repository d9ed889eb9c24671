/**
 * The engine of the single-round in-house games, generic over the @nebula/games registry.
 *
 * One bet, in order:
 *  1. Checks, before any money moves: in-house games enabled (-99), signed in (-2; guests get -2 for
 *     any bet, demo included: a demo balance belongs to an account), known game (-3), the game not
 *     switched off by the operator (`games.disabled_ids`, -5), demo bets only on games that take them
 *     (-7, a game whose definition says `demo: false`), params (422), currency and amount (422), minimal
 *     wager one atomic unit (-1), self-exclusion (403), and for real bets the max bet in EUR (-9) and the
 *     max profit in USD (-11, our code: the spec numbers none; checked with `maxMultiplier`: an outcome
 *     is never changed to fit the limit). Real bets need a price (-10). Demo bets have no max bet or max
 *     profit (no real money moves). -6 ('Cannot place bet at this stage of the game') is reserved for
 *     the multiplayer games' betting stages; no single-round game answers it.
 *     All of step 1's reads are one statement ({@link PREBET_SQL}); the price comes from the price
 *     feed, which answers from memory for up to a second (prices module).
 *  2. The wager is debited through the ledger with key `bet:{id}:wager` ({id} from the bets
 *     sequence). A player who cannot cover it gets -4 'Not enough money' and nothing else happens.
 *  3. ONE transaction takes the nonce (`update seed_pairs set nonce = nonce + 1 ... returning`, which
 *     row-locks the pair, so concurrent bets are serialised on it), then ONE statement inserts the bet
 *     row and upserts the player's statistics (`game_stats`), see {@link SETTLE_SQL}.
 *  4. The payout, when positive, is credited through the ledger with key `bet:{id}:payout`.
 *
 * Why this order: only the ledger writes balances and it runs each transfer in its own transaction,
 * so the debit cannot share a transaction with the nonce. Debiting FIRST means a refused debit never
 * touches the nonce: nonces stay gapless per seed pair. If step 3 fails after a successful debit the
 * wager is returned with key `bet:{id}:refund` (its transaction rolled back, so no nonce was consumed).
 *
 * Crashes are repaired by the leader's `games.repair` job (repair.ts): a crash between steps 3 and 4
 * leaves a settled bet with payout > 0 and no `bet:{id}:payout` transfer, which the job replays with the
 * same key; a crash between steps 2 and 3 leaves a wager with no bet row, which the job refunds once it
 * is older than its grace period. So that such a wager can never be refunded AND settled, step 3 inserts
 * the bet only while its wager is younger than {@link SETTLE_WITHIN_SECONDS} (the database clock, at the
 * insert), well inside the job's grace period.
 */
import {
  type ExtendedPlayResponse,
  PlayErrorCode,
  type PlayResponse,
  playRequestSchema,
} from '@nebula/contracts';
import { floats } from '@nebula/fairness';
import {
  type ExtendedGame,
  getExtendedGame,
  getGame,
  payoutFor,
  type Ratio,
  ratioToDecimal,
  ratioToFixed,
  resolveRound,
} from '@nebula/games';
import { type Amount, toDecimalString, tryParseAmount } from '@nebula/money';
import type { z } from 'zod';
import type { Session } from '../../db/client.js';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { AppError, validationError } from '../../platform/errors.js';
import { InsufficientFundsError, type AccountRef } from '../ledger/index.js';
import { priceFeedFor, usdToAtomic } from '../prices/index.js';
import { activeSeedPair, takeNonce } from '../seeds/index.js';
import { type LivePlayer, publishLiveBet, usdValue } from './live-feed.js';
import {
  GAME_SETTING_KEYS,
  acceptsDemo,
  edgeFor,
  type EngineGame,
  isGameAvailable,
  parseGameSettings,
} from './settings.js';

export type PlayInput = z.output<typeof playRequestSchema>;

/** How long the client animates a round (ms); 0 in quick mode. The live feed waits this long. */
export const RESULT_DELAY_MS = 1000;

/** A bet row is inserted only while its wager transfer is younger than this (see the module comment). */
export const SETTLE_WITHIN_SECONDS = 30;

/**
 * Step 1's reads, in ONE statement: the game settings (`$1` the keys), the currency's decimals when it
 * is enabled (`$2`), whether the game's catalogue row (`$4`) is disabled, and for a signed-in caller (`$3`)
 * the self-exclusion flag, what the live feed
 * shows of the player, whether they have a seed pair yet, and the bet id (`nextval`; a refused bet
 * leaves a gap in bet ids, which are unique, not gapless). All read fresh for every bet: an operator's
 * change applies to the next bet.
 */
export const PREBET_SQL = `select
  (select jsonb_object_agg(key, value) from settings where key = any($1::text[])) as settings,
  (select decimals from currencies where id = $2::text and enabled) as decimals,
  u.excluded, u.name, u.avatar, u.private_bets,
  exists (select 1 from seed_pairs where user_id = $3::uuid and active) as has_pair,
  coalesce((select disabled from games where id = $4::text), false) as game_disabled,
  case when u.id is null then null else nextval('bets_id_seq')::text end as bet_id
from (select 1) one
left join (select id, coalesce(self_excluded_until > now(), false) as excluded, name, avatar, private_bets
             from users where id = $3::uuid) u on true`;

interface PrebetRow {
  settings: Record<string, unknown> | null;
  decimals: number | null;
  excluded: boolean | null;
  name: string | null;
  avatar: string | null;
  private_bets: boolean | null;
  has_pair: boolean;
  /** The game's catalogue row is disabled by the operator (the lobby hides it; Play answers -5). */
  game_disabled: boolean;
  bet_id: string | null;
}

/**
 * Step 3's second statement: inserts the bet (only while its wager `$18` is younger than `$19`
 * seconds) and adds it to the player's `game_stats` row, in one round trip. No row comes back when the
 * bet was not inserted.
 */
export const SETTLE_SQL = `
with bet as (
  insert into bets (id, user_id, game, currency, demo, wager, multiplier, multiplier_num, multiplier_den,
    payout, profit, seed_pair_id, nonce, params, outcome, house_edge_bps, wager_usd)
  select $1::bigint, $2::uuid, $3::text, $4::text, $5::boolean, $6::numeric, $7::bigint, $8::numeric,
    $9::numeric, $10::numeric, $11::numeric, $12::bigint, $13::bigint, $14::jsonb, $15::jsonb, $16::int,
    $17::numeric
  where exists (select 1 from ledger_transfers w where w.idempotency_key = $18::text
                  and w.created_at > clock_timestamp() - make_interval(secs => $19::int))
  returning user_id, game, currency, demo, wager, payout, profit, wager_usd
)
insert into game_stats as s (user_id, game, currency, demo, bets, wins, wagered, payout, profit, wagered_usd,
  updated_at)
select user_id, game, currency, demo, 1, case when payout > wager then 1 else 0 end, wager, payout, profit,
  coalesce(wager_usd, 0), now() from bet
on conflict (user_id, game, currency, demo) do update set
  bets = s.bets + 1, wins = s.wins + excluded.wins, wagered = s.wagered + excluded.wagered,
  payout = s.payout + excluded.payout, profit = s.profit + excluded.profit,
  wagered_usd = s.wagered_usd + excluded.wagered_usd, updated_at = excluded.updated_at
returning s.bets`;

/** Options for tests: another registry, and faults that stop a bet between two steps as a crash would. */
export interface GameEngineOptions {
  /** Game lookup; defaults to the @nebula/games registry. */
  games?: (id: string) => EngineGame | undefined;
  /** Extended game lookup; defaults to the @nebula/games extended registry. */
  extendedGames?: (id: string) => ExtendedGame | undefined;
  faults?: {
    /** Runs after the wager debit (step 2); a throw leaves a wager with no bet and no refund. */
    afterWager?: (betId: string) => void | Promise<void>;
    /** Runs after the bet row commit (step 3); a throw leaves a settled bet with no payout. */
    afterBet?: (betId: string) => void | Promise<void>;
  };
  /** Overrides {@link SETTLE_WITHIN_SECONDS}. */
  settleWithinSeconds?: number;
}

interface Settled {
  multiplier: Ratio;
  outcome: unknown;
  payout: bigint;
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

  constructor(
    private readonly ctx: AppContext,
    private readonly opts: GameEngineOptions = {},
  ) {
    this.feed = priceFeedFor(ctx);
    this.games = opts.games ?? getGame;
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
    const pre = (
      await ctx.database.query<PrebetRow>(
        PREBET_SQL,
        [GAME_SETTING_KEYS, input.currency, user?.id ?? null, input.api_id],
        'games.prebet',
      )
    )[0];
    const settings = parseGameSettings(new Map(Object.entries(pre?.settings ?? {})));
    if (settings.disabled) throw playError(PlayErrorCode.Disabled, 'In-house games are temporarily disabled');
    if (!user) throw playError(PlayErrorCode.AuthorizationRequired, 'Authorization is required');
    const extended = (this.opts.extendedGames ?? getExtendedGame)(input.api_id);
    const game: EngineGame | ExtendedGame | undefined = extended ?? this.games(input.api_id);
    if (!game) throw playError(PlayErrorCode.UnknownGame, 'Unknown game');
    if (!isGameAvailable(settings, game) || pre?.game_disabled)
      throw playError(PlayErrorCode.Unavailable, 'Game is temporarily unavailable');
    if (input.demo && !acceptsDemo(game as EngineGame))
      throw playError(PlayErrorCode.NoDemo, 'This game does not accept bets in demo mode');
    const parsedParams = game.params.safeParse(input.data ?? {});
    if (!parsedParams.success) throw validationError(parsedParams.error, 'data');
    // A single-round game with versioned tables stamps the version new bets are played with.
    const single = extended ? undefined : (game as EngineGame);
    const params = single?.forNewBet ? single.forNewBet(parsedParams.data) : parsedParams.data;

    const cur = pre?.decimals == null ? undefined : { decimals: pre.decimals };
    if (!cur) throw new AppError(422, 'unknown_currency', 'Unknown currency.');
    const parsedBet = tryParseAmount(input.bet, cur.decimals);
    if (!parsedBet.ok) throw new AppError(422, 'invalid_bet', parsedBet.error.message);
    const wager: Amount = parsedBet.value;
    if (wager < 1n)
      throw playError(PlayErrorCode.MinimalWager, `Minimal wager is ${toDecimalString(1n, cur.decimals)}`);
    if (!extended && (game as EngineGame).totalWager) {
      let total: bigint;
      try {
        total = (game as EngineGame).totalWager!(params);
      } catch {
        throw new AppError(422, 'invalid_bet', 'The stakes in data are invalid.');
      }
      if (total !== wager)
        throw new AppError(422, 'invalid_bet', 'The bet must equal the sum of the stakes in data.');
    }
    if (pre?.excluded)
      throw new AppError(
        403,
        'self_excluded',
        'Your account is self-excluded: deposits and games are closed until it ends.',
      );

    const edge = edgeFor(settings, game);
    let wagerUsd: string | null = null;
    let priceUsd = '0';
    let maxProfit: bigint | null = null;
    if (!input.demo) {
      const quote = await this.feed.price(input.currency);
      priceUsd = quote?.usd ?? '0';
      const maxBet = usdToAtomic(settings.maxBetEur, quote?.eur ?? '0', cur.decimals, 'floor');
      maxProfit = usdToAtomic(settings.maxProfitUsd, priceUsd, cur.decimals, 'floor');
      if (maxBet === null || maxProfit === null)
        throw playError(PlayErrorCode.NoPrice, 'Failed to get token price, try again later');
      if (wager > maxBet) throw playError(PlayErrorCode.MaxBet, `Max bet amount: ${settings.maxBetEur} EUR`);
      if (!extended) {
        const maxMultiplier = (game as EngineGame).maxMultiplier(params, edge);
        if (payoutFor(wager, maxMultiplier) - wager > maxProfit)
          throw playError(PlayErrorCode.MaxProfit, `Max profit per bet: ${settings.maxProfitUsd} USD`);
      }
      wagerUsd = usdValue(wager, priceUsd, cur.decimals);
    }
    const betId = pre?.bet_id;
    if (!betId) throw AppError.unauthenticated();
    const live: LivePlayer | undefined =
      pre?.name == null
        ? undefined
        : { name: pre.name, avatar: pre.avatar, private_bets: pre.private_bets === true };
    return {
      user,
      input,
      params,
      wager,
      decimals: cur.decimals,
      edge,
      wagerUsd,
      priceUsd,
      maxProfit,
      betId,
      hasPair: pre.has_pair,
      live,
      ...(extended ? { extended } : { single: game as EngineGame }),
    };
  }

  private async playSingle(bet: PreparedBet): Promise<PlayResponse> {
    const { ctx } = this;
    const { user, input, params, wager, edge, wagerUsd, priceUsd, betId } = bet;
    const cur = { decimals: bet.decimals };
    const game = bet.single!;
    const player: AccountRef = { user: user.id, kind: input.demo ? 'demo' : 'real' };
    const bank: AccountRef = { system: input.demo ? 'demo_faucet' : 'house' };
    // A first bet creates the pair before any money moves (step 3 takes its nonce).
    if (!bet.hasPair) await activeSeedPair(ctx.database, user.id);
    const wagerKey = `bet:${betId}:wager`;

    try {
      await ctx.ledger.transfer({
        key: wagerKey,
        kind: 'bet',
        currency: input.currency,
        amount: wager,
        from: player,
        to: bank,
        metadata: { game: game.id, bet: betId },
      });
    } catch (err) {
      if (err instanceof InsufficientFundsError)
        throw playError(PlayErrorCode.NotEnoughMoney, 'Not enough money');
      throw err;
    }
    await this.opts.faults?.afterWager?.(betId);

    let settled: Settled;
    // Set when the transaction's body failed: then it was rolled back for sure and the wager is returned
    // at once. Any other failure (opening the transaction, or the commit itself, which is ambiguous: the
    // bet may be settled) is left to the repair job, which decides after its grace period from whether
    // the bet row exists.
    let rolledBack = false;
    try {
      settled = await ctx.database.transaction(async (tx) => {
        try {
          return await this.settle(tx, {
            betId,
            wagerKey,
            userId: user.id,
            game,
            params,
            edge,
            wager,
            wagerUsd,
            input,
          });
        } catch (err) {
          rolledBack = true;
          throw err;
        }
      });
    } catch (err) {
      if (rolledBack)
        await ctx.ledger.transfer({
          key: `bet:${betId}:refund`,
          kind: 'bet_refund',
          currency: input.currency,
          amount: wager,
          from: bank,
          to: player,
          metadata: { game: game.id, bet: betId },
        });
      throw err;
    }
    await this.opts.faults?.afterBet?.(betId);

    const { payout } = settled;
    if (payout > 0n) {
      await ctx.ledger.transfer({
        key: `bet:${betId}:payout`,
        kind: 'win',
        currency: input.currency,
        amount: payout,
        from: bank,
        to: player,
        metadata: { game: game.id, bet: betId },
      });
    }

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

  /** Step 3 inside its transaction: the next nonce, the outcome, then the bet row and its statistics. */
  private async settle(
    tx: Session,
    a: {
      betId: string;
      wagerKey: string;
      userId: string;
      game: EngineGame;
      params: unknown;
      edge: number;
      wager: Amount;
      wagerUsd: string | null;
      input: PlayInput;
    },
  ): Promise<Settled> {
    const { game, params, edge, wager, input } = a;
    const seed = await takeNonce(tx, a.userId);
    if (!seed)
      throw new AppError(
        409,
        'seed_pair_rotating',
        'Your seed pair is being changed; the wager was returned, try again.',
      );
    const nonce = Number(seed.nonce);
    const round = resolveRound(
      game,
      params,
      floats(seed.server_seed, seed.client_seed, nonce, game.floatsNeeded(params)),
      edge,
    );
    const payout = payoutFor(wager, round.multiplier);
    const inserted = await tx.query(
      SETTLE_SQL,
      [
        a.betId,
        a.userId,
        game.id,
        input.currency,
        input.demo,
        wager.toString(),
        ratioToFixed(round.multiplier, 8).toString(),
        round.multiplier.num.toString(),
        round.multiplier.den.toString(),
        payout.toString(),
        (payout - wager).toString(),
        seed.id,
        nonce,
        JSON.stringify(params),
        JSON.stringify(round.outcome),
        edge,
        a.wagerUsd,
        a.wagerKey,
        this.opts.settleWithinSeconds ?? SETTLE_WITHIN_SECONDS,
      ],
      'games.settle',
    );
    if (inserted.length !== 1)
      throw new AppError(
        503,
        'bet_not_settled',
        'The bet could not be settled in time; the wager was returned.',
      );
    return { multiplier: round.multiplier, outcome: round.outcome, payout };
  }
}
