/**
 * The stake policy: the checks every stake of every product passes before any money moves, in ONE
 * order, answering the spec's play codes (spec 3 section 8):
 *
 *   product switched off (-99) -> signed in (-2; a demo balance belongs to an account too) -> known
 *   game (-3) -> game switched off (-5) -> demo accepted (-7) -> params (422) -> currency (422) ->
 *   amount (422, the canonical format of money calls: `parseWireAmount`) -> minimal wager of one atomic unit (-1) -> the product's own stake rules (422) ->
 *   time-out or self-exclusion (403 `timed_out` / `self_excluded`) -> for real stakes: a price (-10), max bet in EUR (-9), max profit in USD
 *   (-11, computed by the product: an outcome is never changed to fit it) -> the registered checks
 *   (responsible-gambling limits, bonus rules: {@link StakeCheck}).
 *
 * Demo stakes have no price, max bet or max profit (no real money moves). The reads behind the checks
 * are one statement ({@link prebetSql}); the price comes from the price feed (answered from memory).
 */
import { PlayErrorCode } from '@nebula/contracts';
import { type Amount, parseWireAmount, toDecimalString } from '@nebula/money';
import type { AuthUser } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { type PriceQuote, usdToAtomic } from '../prices/index.js';
import { usdValue } from './usd.js';
import { PLAYERS } from '../users/index.js';
import { type BlockType, blockedError, PROTECTION } from '../protection/index.js';

/**
 * The reads of the policy in one statement: the currency's decimals when it is enabled (`$1`), and for
 * a signed-in caller (`$2`) the player's protection (time-out or self-exclusion in force, whether their
 * stakes are guarded: protection's relation) and what the live feed shows of the player. A
 * product adds its own columns and joins (parameters from `$3`). The operator's settings come from the
 * node's settings cache (platform/settings), not from this statement. `keys` reads many bets at once
 * instead: `from` is a row source of one row per bet (e.g. `unnest(...) with ordinality`) and
 * `currency` and `user` are its columns.
 */
export const prebetSql = (
  extra: {
    columns?: string;
    joins?: string;
    keys?: { from: string; currency: string; user: string };
  } = {},
) => {
  const k = extra.keys ?? { from: '(select 1) one', currency: '$1::text', user: '$2::uuid' };
  return `select
  (select decimals from currencies where id = ${k.currency} and enabled) as decimals,
  pp.blocked, coalesce(pp.guarded, false) as guarded, u.name, u.avatar, u.private_bets${extra.columns ? `,\n  ${extra.columns}` : ''}
from ${k.from}
left join ${PLAYERS} u on u.id = ${k.user}
left join ${PROTECTION} pp on pp.user_id = u.id${extra.joins ? `\n${extra.joins}` : ''}`;
};

/** The columns every {@link prebetSql} row has. */
export interface PrebetRow {
  decimals: number | null;
  /** The player's time-out or self-exclusion in force (protection's relation). */
  blocked: BlockType | null;
  /** The player has limits their stakes are judged against inside the stake's transaction. */
  guarded: boolean | null;
  name: string | null;
  avatar: string | null;
  private_bets: boolean | null;
}

/** A stake that passed the policy (no money has moved yet). */
export interface CheckedStake<P> {
  user: AuthUser;
  params: P;
  wager: Amount;
  decimals: number;
  /** The price used ('0' for demo) and the wager's USD value (null for demo). */
  priceUsd: string;
  wagerUsd: string | null;
  /** Max profit in atomic units (real stakes); null for demo. */
  maxProfit: bigint | null;
  /**
   * The player has protection limits (real stakes only): the stake's money must be placed with a
   * {@link StakeAccount} `guard`, which judges it inside the stake's transaction.
   */
  guarded: boolean;
}

/**
 * A check registered after the built-in ones (responsible-gambling limits, bonus rules). It throws an
 * AppError to refuse the stake.
 */
export type StakeCheck = (
  stake: CheckedStake<unknown> & { product: string; game: string; demo: boolean },
) => void | Promise<void>;

export interface StakeRequest<P> {
  product: string;
  user: AuthUser | null;
  /** The operator's switches and limits for this product. */
  settings: { disabled: boolean; maxBetEur: string; maxProfitUsd: string };
  /** The game: undefined when unknown (-3). */
  game: { id: string; available: boolean; acceptsDemo: boolean } | undefined;
  demo: boolean;
  /** Parses the game's params (throws the 422). */
  params: () => P;
  currency: string;
  bet: string;
  pre: PrebetRow | undefined;
  /** The product's own rules on the stake (throw a 422), e.g. "the bet equals the sum of its stakes". */
  stakeRules?: (wager: Amount, params: P) => void;
  /** The product's max-profit check for a real stake (throws -11 via {@link maxProfitError}). */
  maxProfit?: (wager: Amount, params: P, maxProfit: bigint) => void;
  /** The current quote of the currency (real stakes only). */
  price: (currency: string) => Promise<PriceQuote | undefined>;
  checks?: readonly StakeCheck[];
}

const playError = (code: number, message: string) => AppError.domain(code, message);

/** -11, with the operator's limit in the message. */
export const maxProfitError = (maxProfitUsd: string) =>
  playError(PlayErrorCode.MaxProfit, `Max profit per bet: ${maxProfitUsd} USD`);

/** Runs the policy (see the module comment); returns the checked stake or throws the first refusal. */
export async function checkStake<P>(r: StakeRequest<P>): Promise<CheckedStake<P>> {
  const { settings, pre } = r;
  if (settings.disabled) throw playError(PlayErrorCode.Disabled, 'In-house games are temporarily disabled');
  if (!r.user) throw playError(PlayErrorCode.AuthorizationRequired, 'Authorization is required');
  if (!r.game) throw playError(PlayErrorCode.UnknownGame, 'Unknown game');
  if (!r.game.available) throw playError(PlayErrorCode.Unavailable, 'Game is temporarily unavailable');
  if (r.demo && !r.game.acceptsDemo)
    throw playError(PlayErrorCode.NoDemo, 'This game does not accept bets in demo mode');
  const params = r.params();
  const decimals = pre?.decimals ?? null;
  if (decimals === null) throw new AppError(422, 'unknown_currency', 'Unknown currency.');
  const parsed = parseWireAmount(r.bet, decimals);
  if (!parsed.ok) throw new AppError(422, 'invalid_bet', parsed.error.message);
  const wager = parsed.value;
  if (wager < 1n)
    throw playError(PlayErrorCode.MinimalWager, `Minimal wager is ${toDecimalString(1n, decimals)}`);
  r.stakeRules?.(wager, params);
  if (pre?.blocked) throw blockedError(pre.blocked);
  let priceUsd = '0';
  let wagerUsd: string | null = null;
  let maxProfit: bigint | null = null;
  if (!r.demo) {
    const quote = await r.price(r.currency);
    priceUsd = quote?.usd ?? '0';
    const maxBet = usdToAtomic(settings.maxBetEur, quote?.eur ?? '0', decimals, 'floor');
    maxProfit = usdToAtomic(settings.maxProfitUsd, priceUsd, decimals, 'floor');
    if (maxBet === null || maxProfit === null)
      throw playError(PlayErrorCode.NoPrice, 'Failed to get token price, try again later');
    if (wager > maxBet) throw playError(PlayErrorCode.MaxBet, `Max bet amount: ${settings.maxBetEur} EUR`);
    r.maxProfit?.(wager, params, maxProfit);
    wagerUsd = usdValue(wager, priceUsd, decimals);
  }
  const guarded = !r.demo && pre?.guarded === true;
  const stake: CheckedStake<P> = {
    user: r.user,
    params,
    wager,
    decimals,
    priceUsd,
    wagerUsd,
    maxProfit,
    guarded,
  };
  for (const check of r.checks ?? [])
    await check({ ...stake, product: r.product, game: r.game.id, demo: r.demo });
  return stake;
}
