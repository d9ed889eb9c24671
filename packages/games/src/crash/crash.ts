import { hmacSha256Bytes } from '@nebula/fairness';
import { amount } from '@nebula/money';
import { z } from 'zod';
import { BPS, DEFAULT_HOUSE_EDGE_BPS, rtpOf } from '../house-edge.js';
import { type Ratio, payoutFor, ratio } from '../ratio.js';
import { multiplierAt } from './curve.js';

/**
 * Crash: a multiplayer game of shared rounds. Each round's crash point comes from the next hash of a
 * pre-generated chain (chain.ts) salted with a value fixed after the chain's terminating hash was
 * published. Both schemes start with the same HMAC step:
 *
 *   h = HMAC_SHA256(key = game hash (its 64 hex characters as text), message = salt (text))
 *
 * and each chain records which scheme turns `h` into its crash points ({@link CrashScheme}):
 *
 * - `hmac32` (every chain published since G4; the large casino's published crash algorithm, so its
 *   public verifiers reproduce our rounds from the game hash and the salt): n = the first 32 bits of h,
 *   crash = max(1.00, floor(2^32 / (n + 1) * (1 - edge) * 100) / 100). Exactly:
 *   crashHundredths = floor(100 * (10000 - edgeBps) * 2^32 / (10000 * (n + 1))), at least 100.
 *   With edge 1% this is that casino's `max(1, 2^32 / (n + 1) * 0.99)` shown to two decimals, rounded down.
 *   P(crash >= t) = floor(100 * rtp * 2^32 / t) / 2^32, so a cash-out at target t returns rtp - t / (100 *
 *   2^32) at worst (less than 0.0001% below 1 - edge up to 42.9x, 0.023% at the 1,000,000x cap).
 * - `hmac52` (the chains published before, kept for the rounds they played): r = the first 52 bits of
 *   h, X = r / 2^52, crash = max(1.00, floor(100 * (1 - edge) / (1 - X)) / 100); exactly
 *   crashHundredths = floor(100 * (10000 - edgeBps) * 2^52 / (10000 * (2^52 - r))), at least 100. With
 *   edge 1% this is the well-known `floor(99 / (1 - X))` (without its rounding of X to 9 digits), but
 *   with the HMAC keyed by the game hash, which no public verifier does.
 *
 * With a 1% edge about 2% of rounds bust at 1.00x (below the smallest target), where every bet loses.
 * Multipliers are bigint hundredths; {@link crashRatio} turns them into an exact {@link Ratio}.
 */

/** The game id. */
export const CRASH_ID = 'crash';
/** How a chain turns a round's HMAC into its crash point (see the module comment). */
export const CRASH_SCHEMES = ['hmac52', 'hmac32'] as const;
/** A crash scheme: `hmac32` (the public 32-bit algorithm) or `hmac52` (our first chains). */
export type CrashScheme = (typeof CRASH_SCHEMES)[number];
/** The scheme every new chain is published with. */
export const CRASH_SCHEME: CrashScheme = 'hmac32';
/** True for a known scheme id. */
export function isCrashScheme(value: unknown): value is CrashScheme {
  return typeof value === 'string' && (CRASH_SCHEMES as readonly string[]).includes(value);
}
/** Bits of the HMAC a scheme reads: 52 (13 hex characters) or 32 (8 hex characters, 4 bytes). */
export function crashSchemeBits(scheme: CrashScheme): 52 | 32 {
  if (scheme === 'hmac52') return 52;
  if (scheme === 'hmac32') return 32;
  throw new RangeError(`unknown crash scheme ${String(scheme)}`);
}
/** Bits of the HMAC the first scheme (`hmac52`) used: 13 hex characters. */
export const CRASH_HASH_BITS = 52;
/** The smallest cash-out target (and the smallest multiplier that pays more than the wager): 1.01x. */
export const CRASH_MIN_TARGET = 101;
/** The largest auto cash-out target a player may set: 1,000,000.00x. */
export const CRASH_MAX_TARGET = 100_000_000;

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

/**
 * The divisor `m` of a scheme's formula, crash = 100 * rtp * 2^bits / m: `2^52 - r` for `hmac52`,
 * `n + 1` for `hmac32`; 1 <= m <= 2^bits either way.
 */
function divisorOf(bits: bigint, scheme: CrashScheme): { m: bigint; span: bigint } {
  const span = 2n ** BigInt(crashSchemeBits(scheme));
  if (bits < 0n || bits >= span)
    throw new RangeError(`the ${scheme} bits must be below 2^${span.toString(2).length - 1}`);
  return { m: scheme === 'hmac52' ? span - bits : bits + 1n, span };
}

/**
 * The crash point in hundredths from the number a scheme reads off the HMAC: the 52-bit `r`
 * (0 <= r < 2^52) for `hmac52`, the 32-bit `n` (0 <= n < 2^32) for `hmac32`.
 */
export function crashPointFromBits(bits: bigint, houseEdgeBps: number, scheme: CrashScheme): bigint {
  rtpOf(houseEdgeBps);
  const { m, span } = divisorOf(bits, scheme);
  const raw = (100n * (BPS_N - BigInt(houseEdgeBps)) * span) / (BPS_N * m);
  return raw < 100n ? 100n : raw;
}

/** The number a scheme reads off an HMAC (64 hex characters): its first 52 or 32 bits. */
export function crashBitsOf(hmacHex: string, scheme: CrashScheme): bigint {
  return BigInt(`0x${hmacHex.slice(0, crashSchemeBits(scheme) / 4)}`);
}

/**
 * The crash point of a round in hundredths (100 = 1.00x) from its chain hash, the chain's salt, the
 * house edge the round was created with and the chain's scheme. Verifiable by anyone from the
 * published values.
 *
 * @throws RangeError for a house edge outside 0..5000 bps or an unknown scheme
 */
export function crashPointFromHash(
  hash: string,
  salt: string,
  houseEdgeBps: number,
  scheme: CrashScheme,
): bigint {
  return crashPointFromBits(crashBitsOf(crashHmacHex(hash, salt), scheme), houseEdgeBps, scheme);
}

/**
 * P(crash >= target) exactly, over the 2^bits equally likely values the scheme reads (target in
 * hundredths). 1 for targets up to 1.00x. Both schemes: crash >= t exactly when
 * m <= floor(100 * (BPS - edge) * 2^bits / (BPS * t)), and m takes each value 1..2^bits once.
 */
export function crashWinProbability(target: bigint, houseEdgeBps: number, scheme: CrashScheme): Ratio {
  rtpOf(houseEdgeBps);
  const span = 2n ** BigInt(crashSchemeBits(scheme));
  if (target <= 100n) return ratio(1);
  const count = (100n * (BPS_N - BigInt(houseEdgeBps)) * span) / (BPS_N * target);
  return ratio(count < span ? count : span, span);
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
