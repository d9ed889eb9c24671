import { hmacSha256Bytes } from '@nebula/fairness';
import { amount } from '@nebula/money';
import { z } from 'zod';
import { BPS, DEFAULT_HOUSE_EDGE_BPS, rtpOf } from '../house-edge.js';
import { type Ratio, payoutFor, ratio } from '../ratio.js';
import { multiplierAt } from './curve.js';

/**
 * Crash: a multiplayer game of shared rounds. Each round's crash point comes from the next hash of a
 * pre-generated chain (chain.ts) salted with a value fixed after the chain's terminating hash was
 * published, in the public style:
 *
 *   h = HMAC_SHA256(key = game hash (its 64 hex characters as text), message = salt (text))
 *   r = the first 52 bits of h;  X = r / 2^52  (uniform in [0, 1))
 *   crash = max(1.00, floor(100 * (1 - edge) / (1 - X)) / 100)
 *
 * computed in exact integers: crashHundredths = floor(100 * (10000 - edgeBps) * 2^52 / (10000 * (2^52 - r))),
 * at least 100. With edge 1% this is the well-known `floor(99 / (1 - X))` (without its rounding of X to
 * 9 significant digits). P(crash >= t) = floor(100 * rtp * 2^52 / t) / 2^52, so a cash-out at target
 * t returns rtp - t / (100 * 2^52) at worst: the exact `1 - edge` to within 2^-52 per unit of target.
 * With a 1% edge about 2% of rounds bust at 1.00x (below the smallest target), where every bet loses.
 *
 * Multipliers are bigint hundredths (the crash point has no upper bound: up to 4.4e17 hundredths);
 * {@link crashRatio} turns them into an exact {@link Ratio} for payouts.
 */

/** The game id. */
export const CRASH_ID = 'crash';
/** Bits of the HMAC used: 13 hex characters. */
export const CRASH_HASH_BITS = 52;
/** The smallest cash-out target (and the smallest multiplier that pays more than the wager): 1.01x. */
export const CRASH_MIN_TARGET = 101;
/** The largest auto cash-out target a player may set: 1,000,000.00x. */
export const CRASH_MAX_TARGET = 100_000_000;

const TWO_POW_52 = 2n ** 52n;
const BPS_N = BigInt(BPS);

/** Bet parameters: an optional auto cash-out target in hundredths (absent: cash out by hand). */
export const crashParamsSchema = z
  .object({
    autoCashOut: z.number().int().min(CRASH_MIN_TARGET).max(CRASH_MAX_TARGET).optional(),
  })
  .strict();

/** Parsed crash params. */
export type CrashParams = z.infer<typeof crashParamsSchema>;

/** The static facts of the game the server and the lobby read. Crash takes no demo bets. */
export const crash = {
  id: CRASH_ID,
  kind: 'multiplayer',
  name: 'Crash',
  params: crashParamsSchema,
  defaultHouseEdgeBps: DEFAULT_HOUSE_EDGE_BPS,
  demo: false,
} as const;

/** `HMAC_SHA256(key = hash, message = salt)` as 64 hex characters (both as UTF-8 text). */
export function crashHmacHex(hash: string, salt: string): string {
  let hex = '';
  for (const byte of hmacSha256Bytes(hash, salt)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** The crash point in hundredths from the 52-bit number `r` (0 <= r < 2^52). */
export function crashPointFromBits(r: bigint, houseEdgeBps: number): bigint {
  rtpOf(houseEdgeBps);
  if (r < 0n || r >= TWO_POW_52) throw new RangeError('r must be a 52-bit number');
  const raw = (100n * (BPS_N - BigInt(houseEdgeBps)) * TWO_POW_52) / (BPS_N * (TWO_POW_52 - r));
  return raw < 100n ? 100n : raw;
}

/**
 * The crash point of a round in hundredths (100 = 1.00x) from its chain hash, the chain's salt and the
 * house edge the round was created with. Verifiable by anyone from the published values.
 *
 * @throws RangeError for a house edge outside 0..5000 bps
 */
export function crashPointFromHash(hash: string, salt: string, houseEdgeBps: number): bigint {
  const hex = crashHmacHex(hash, salt);
  return crashPointFromBits(BigInt(`0x${hex.slice(0, CRASH_HASH_BITS / 4)}`), houseEdgeBps);
}

/**
 * P(crash >= target) exactly, over the 2^52 equally likely values of r (target in hundredths).
 * 1 for targets up to 1.00x.
 */
export function crashWinProbability(target: bigint, houseEdgeBps: number): Ratio {
  rtpOf(houseEdgeBps);
  if (target <= 100n) return ratio(1);
  // crash >= t  <=>  2^52 - r <= floor(100 * (BPS - edge) * 2^52 / (BPS * t)).
  const count = (100n * (BPS_N - BigInt(houseEdgeBps)) * TWO_POW_52) / (BPS_N * target);
  return ratio(count < TWO_POW_52 ? count : TWO_POW_52, TWO_POW_52);
}

/** A multiplier in hundredths as an exact ratio (`h / 100`). */
export function crashRatio(hundredths: bigint): Ratio {
  if (hundredths < 0n) throw new RangeError('a multiplier cannot be negative');
  return ratio(hundredths, 100n);
}

/** Hundredths as a decimal string with two places: 123n -> "1.23". */
export function formatHundredths(hundredths: bigint): string {
  if (hundredths < 0n) throw new RangeError('a multiplier cannot be negative');
  const s = hundredths.toString().padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}

/**
 * The highest target (hundredths) whose payout keeps the profit within `maxProfit` atomic units:
 * floor((wager + maxProfit) * 100 / wager). A bet is cashed out automatically there at the latest.
 *
 * @throws RangeError for a wager below 1 or a negative max profit
 */
export function crashTargetCap(wager: bigint, maxProfit: bigint): bigint {
  if (wager < 1n) throw new RangeError('wager must be positive');
  if (maxProfit < 0n) throw new RangeError('max profit must not be negative');
  return ((wager + maxProfit) * 100n) / wager;
}

/** How one bet ended: cashed out by hand at `cashOutMs`, by its auto target, or not at all. */
export interface CrashBetResult {
  /** The multiplier paid in hundredths (0 for a loss). */
  multiplier: bigint;
  /** floor(wager * multiplier / 100) atomic units. */
  payout: bigint;
}

/**
 * Settles one bet against the round's crash point. `cashOutMs` is the database-clock time of a manual
 * cash-out the server accepted (always before both the bust and the auto target: it pays
 * `multiplierAt(cashOutMs)`); otherwise `autoCashOut` (hundredths) wins when it is at most the crash
 * point and pays exactly the target. Everything else loses.
 */
export function settleCrashBet(
  bet: { wager: bigint; autoCashOut: bigint | null; cashOutMs: number | null },
  crashPoint: bigint,
): CrashBetResult {
  let multiplier = 0n;
  if (bet.cashOutMs !== null) multiplier = multiplierAt(bet.cashOutMs);
  else if (bet.autoCashOut !== null && bet.autoCashOut <= crashPoint) multiplier = bet.autoCashOut;
  if (multiplier > crashPoint) throw new RangeError('a cash-out above the crash point');
  return {
    multiplier,
    payout: multiplier === 0n ? 0n : payoutFor(amount(bet.wager), crashRatio(multiplier)),
  };
}

export {
  CRASH_GROWTH_DEN,
  CRASH_GROWTH_NUM,
  CRASH_GROWTH_PER_MS,
  curveValue,
  multiplierAt,
  timeFor,
} from './curve.js';
export {
  type GeneratedChain,
  chainHashAt,
  generateChain,
  hashFromCheckpoints,
  hashTimes,
  isChainHash,
  previousChainHash,
  terminatingHash,
  verifyChainHash,
} from './chain.js';
