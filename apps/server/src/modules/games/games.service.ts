/**
 * The engine of the single-round in-house games, generic over the @nebula/games registry.
 *
 * One bet, in order:
 *  1. Checks, before any money moves: in-house games enabled (-99), signed in (-2; guests get -2 for
 *     any bet, demo included: a demo balance belongs to an account), known game (-3), params (422),
 *     currency and amount (422), minimal wager one atomic unit (-1), self-exclusion (403), and for
 *     real bets the max bet in EUR (-9) and the max profit in USD (-11, our code: the spec numbers
 *     none; checked with `maxMultiplier`: an outcome is never changed to fit the limit). Real bets
 *     need a price (-10). Demo bets have no max bet or max profit (no real money moves).
 *  2. The wager is debited through the ledger with key `bet:{id}:wager` ({id} from the bets
 *     sequence). A player who cannot cover it gets -4 'Not enough money' and nothing else happens.
 *  3. ONE transaction takes the nonce (`update seed_pairs set nonce = nonce + 1 ... returning`, which
 *     row-locks the pair, so concurrent bets are serialised on it) and inserts the bet row.
 *  4. The payout, when positive, is credited through the ledger with key `bet:{id}:payout`.
 *
 * Why this order: only the ledger writes balances and it runs each transfer in its own transaction,
 * so the debit cannot share a transaction with the nonce. Debiting FIRST means a refused debit never
 * touches the nonce: nonces stay gapless per seed pair. If step 3 fails after a successful debit the
 * wager is returned with key `bet:{id}:refund` (its transaction rolled back, so no nonce was consumed).
 * A crash between steps 3 and 4 leaves a settled bet row with payout > 0 and no `bet:{id}:payout`
 * transfer: replaying that transfer with the same key (idempotent) repairs it; see
 * `unpaidBets`.
 */
import {
  Channels,
  PlayErrorCode,
  liveGameEvent,
  type PlayResponse,
  playRequestSchema,
} from '@nebula/contracts';
import { floats } from '@nebula/fairness';
import {
  DEFAULT_HOUSE_EDGE_BPS,
  MAX_HOUSE_EDGE_BPS,
  type GameDefinition,
  getGame,
  payoutFor,
  ratioToDecimal,
  ratioToFixed,
  resolveRound,
} from '@nebula/games';
import { type Amount, amount, mulRatio, parseAmount, toDecimalString, tryParseAmount } from '@nebula/money';
import type { z } from 'zod';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { AppError, validationError } from '../../platform/errors.js';
import { assertNotSelfExcluded } from '../auth/index.js';
import { InsufficientFundsError, type AccountRef } from '../ledger/index.js';
import { priceFeedFor, usdToAtomic } from '../prices/index.js';
import { activeSeedPair } from '../seeds/index.js';

export type PlayInput = z.output<typeof playRequestSchema>;

/** Operator settings (table `settings`), seeded with these defaults and never overwritten. */
export const GAME_SETTINGS = {
  disabled: 'games.disabled',
  maxBetEur: 'games.max_bet_eur',
  maxProfitUsd: 'games.max_profit_usd',
  houseEdgeBps: 'games.house_edge_bps',
} as const;
export const GAME_SETTING_DEFAULTS: Record<string, unknown> = {
  [GAME_SETTINGS.disabled]: false,
  [GAME_SETTINGS.maxBetEur]: '20',
  [GAME_SETTINGS.maxProfitUsd]: '10000',
  [GAME_SETTINGS.houseEdgeBps]: {},
};

/** How long the client animates a round (ms); 0 in quick mode. The live feed waits this long. */
export const RESULT_DELAY_MS = 1000;

interface GameSettings {
  disabled: boolean;
  maxBetEur: string;
  maxProfitUsd: string;
  houseEdgeBps: Record<string, unknown>;
}

const DECIMAL = /^\d+(\.\d+)?$/;

async function loadSettings(ctx: AppContext): Promise<GameSettings> {
  const rows = await ctx.database.query<{ key: string; value: unknown }>(
    'select key, value from settings where key = any($1::text[])',
    [Object.values(GAME_SETTINGS)],
  );
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const text = (key: string, fallback: string): string => {
    const v = byKey.get(key);
    const s = typeof v === 'number' ? String(v) : v;
    return typeof s === 'string' && DECIMAL.test(s) ? s : fallback;
  };
  const edges = byKey.get(GAME_SETTINGS.houseEdgeBps);
  return {
    disabled: byKey.get(GAME_SETTINGS.disabled) === true,
    maxBetEur: text(GAME_SETTINGS.maxBetEur, '20'),
    maxProfitUsd: text(GAME_SETTINGS.maxProfitUsd, '10000'),
    houseEdgeBps: edges && typeof edges === 'object' ? (edges as Record<string, unknown>) : {},
  };
}

function edgeFor(settings: GameSettings, game: GameDefinition): number {
  const v = settings.houseEdgeBps[game.id];
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_HOUSE_EDGE_BPS
    ? v
    : (game.defaultHouseEdgeBps ?? DEFAULT_HOUSE_EDGE_BPS);
}

const playError = (code: number, message: string) => AppError.domain(code, message);

interface CurrencyRow {
  decimals: number;
}

export class GameEngine {
  private readonly feed;

  constructor(private readonly ctx: AppContext) {
    this.feed = priceFeedFor(ctx);
  }

  async play(user: AuthUser | null, input: PlayInput): Promise<PlayResponse> {
    const { ctx } = this;
    const settings = await loadSettings(ctx);
    if (settings.disabled) throw playError(PlayErrorCode.Disabled, 'In-house games are temporarily disabled');
    if (!user) throw playError(PlayErrorCode.AuthorizationRequired, 'Authorization is required');
    const game = getGame(input.api_id);
    if (!game) throw playError(PlayErrorCode.UnknownGame, 'Unknown game');
    const parsedParams = game.params.safeParse(input.data ?? {});
    if (!parsedParams.success) throw validationError(parsedParams.error, 'data');
    const params = parsedParams.data;

    const cur = (
      await ctx.database.query<CurrencyRow>('select decimals from currencies where id = $1 and enabled', [
        input.currency,
      ])
    )[0];
    if (!cur) throw new AppError(422, 'unknown_currency', 'Unknown currency.');
    const parsedBet = tryParseAmount(input.bet, cur.decimals);
    if (!parsedBet.ok) throw new AppError(422, 'invalid_bet', parsedBet.error.message);
    const wager: Amount = parsedBet.value;
    if (wager < 1n)
      throw playError(PlayErrorCode.MinimalWager, `Minimal wager is ${toDecimalString(1n, cur.decimals)}`);
    if (game.totalWager) {
      let total: bigint;
      try {
        total = game.totalWager(params);
      } catch {
        throw new AppError(422, 'invalid_bet', 'The stakes in data are invalid.');
      }
      if (total !== wager)
        throw new AppError(422, 'invalid_bet', 'The bet must equal the sum of the stakes in data.');
    }
    await assertNotSelfExcluded(ctx.database, user.id);

    const edge = edgeFor(settings, game);
    const maxMultiplier = game.maxMultiplier(params, edge);
    let wagerUsd: string | null = null;
    let priceUsd = '0';
    if (!input.demo) {
      const quote = await this.feed.price(input.currency);
      priceUsd = quote?.usd ?? '0';
      const maxBet = usdToAtomic(settings.maxBetEur, quote?.eur ?? '0', cur.decimals, 'floor');
      const maxProfit = usdToAtomic(settings.maxProfitUsd, priceUsd, cur.decimals, 'floor');
      if (maxBet === null || maxProfit === null)
        throw playError(PlayErrorCode.NoPrice, 'Failed to get token price, try again later');
      if (wager > maxBet) throw playError(PlayErrorCode.MaxBet, `Max bet amount: ${settings.maxBetEur} EUR`);
      if (payoutFor(wager, maxMultiplier) - wager > maxProfit)
        throw playError(PlayErrorCode.MaxProfit, `Max profit per bet: ${settings.maxProfitUsd} USD`);
      wagerUsd = usdValue(wager, priceUsd, cur.decimals);
    }

    const pair = await activeSeedPair(ctx.database, user.id);
    const player: AccountRef = { user: user.id, kind: input.demo ? 'demo' : 'real' };
    const bank: AccountRef = { system: input.demo ? 'demo_faucet' : 'house' };
    const idRows = await ctx.database.query<{ id: string }>("select nextval('bets_id_seq')::text as id");
    const betId = idRows[0]?.id;
    if (!betId) throw new Error('no bet id');

    try {
      await ctx.ledger.transfer({
        key: `bet:${betId}:wager`,
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

    let settled: {
      multiplier: ReturnType<typeof resolveRound>['multiplier'];
      outcome: unknown;
      payout: bigint;
    };
    try {
      settled = await ctx.database.transaction(async (tx) => {
        const taken = await tx.query<{ id: string; server_seed: string; client_seed: string; nonce: string }>(
          `update seed_pairs set nonce = nonce + 1 where user_id = $1 and active
           returning id::text as id, server_seed, client_seed, (nonce - 1)::text as nonce`,
          [user.id],
        );
        const seed = taken[0] ?? undefined;
        if (!seed) throw new Error(`no active seed pair (was ${pair.id})`);
        const nonce = Number(seed.nonce);
        const round = resolveRound(
          game,
          params,
          floats(seed.server_seed, seed.client_seed, nonce, game.floatsNeeded(params)),
          edge,
        );
        const payout = payoutFor(wager, round.multiplier);
        await tx.query(
          `insert into bets (id, user_id, game, currency, demo, wager, multiplier, multiplier_num,
             multiplier_den, payout, profit, seed_pair_id, nonce, params, outcome, house_edge_bps, wager_usd)
           values ($1, $2, $3, $4, $5, $6::numeric, $7, $8::numeric, $9::numeric, $10::numeric, $11::numeric,
             $12, $13, $14::jsonb, $15::jsonb, $16, $17::numeric)`,
          [
            betId,
            user.id,
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
            wagerUsd,
          ],
        );
        return { multiplier: round.multiplier, outcome: round.outcome, payout };
      });
    } catch (err) {
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
      void this.publishLive(user.id, game, betId, {
        currency: input.currency,
        wager: toDecimalString(wager, cur.decimals),
        multiplier,
        status,
        profit,
        profitUsd: usdValue(payout - wager, priceUsd, cur.decimals),
        delay,
      });
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

  /** Publishes the live feed event on Everyone once the player's own result has been shown. */
  private async publishLive(
    userId: string,
    game: GameDefinition,
    betId: string,
    bet: {
      currency: string;
      wager: string;
      multiplier: string;
      status: 'win' | 'lose';
      profit: string;
      profitUsd: string;
      delay: number;
    },
  ): Promise<void> {
    try {
      const rows = await this.ctx.database.query<{
        name: string;
        avatar: string | null;
        private_bets: boolean;
      }>('select name, avatar, private_bets from users where id = $1', [userId]);
      const u = rows[0];
      if (!u) return;
      const hidden = u.private_bets;
      const data = {
        user: {
          _id: hidden ? '' : userId,
          name: hidden ? 'Hidden' : u.name,
          avatar: hidden ? null : u.avatar,
          private_bets: hidden,
        },
        game: {
          _id: betId,
          currency: bet.currency,
          wager: bet.wager,
          splitTotal: bet.wager,
          multiplier: bet.multiplier,
          status: bet.status,
          profit: bet.profit,
          type: 'single' as const,
          user: hidden ? '' : userId,
          profit_usd_converted: bet.profitUsd,
        },
        metadata: { id: game.id, name: game.name, image: `/img/games/${game.id}.png` },
        delay: bet.delay,
      };
      const send = () => {
        try {
          this.ctx.realtime.hub.publish(Channels.everyone, liveGameEvent, data);
        } catch (err) {
          // The feed is best effort (the server may be shutting down); the bet itself is settled.
          this.ctx.log.warn({ err }, 'live bet event not published');
        }
      };
      if (bet.delay > 0) setTimeout(send, bet.delay).unref();
      else send();
    } catch (err) {
      this.ctx.log.warn({ err }, 'live bet event not published');
    }
  }
}

/** amount (atomic units, may be negative) * priceUsd, as a USD decimal string with 8 places (floor). */
function usdValue(atomic: bigint, priceUsd: string, decimals: number): string {
  const price = parseAmount(priceUsd, 12);
  const negative = atomic < 0n;
  const abs = negative ? -atomic : atomic;
  const v = mulRatio(amount(abs), price, 10n ** BigInt(decimals + 4), 'floor');
  return toDecimalString(negative ? -v : v, 8);
}

/** Settled bets whose payout transfer is missing (a crash between settle and credit): repaired by replay. */
export async function unpaidBets(ctx: AppContext): Promise<string[]> {
  const rows = await ctx.database.query<{ id: string }>(
    `select b.id::text as id from bets b
      where b.payout > 0 and not exists (
        select 1 from ledger_transfers t where t.idempotency_key = 'bet:' || b.id || ':payout')`,
  );
  return rows.map((r) => r.id);
}
