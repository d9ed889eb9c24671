/**
 * The crash verifier's computation (packages/games/src/crash): a round's crash point from its game hash,
 * its chain's salt, the house edge and its chain's scheme, with every intermediate value the page shows
 * (the HMAC, the bits read, the exact integer division), and the inputs of the chain check. Pure; never
 * throws: a bad input becomes the texts key of an inline message.
 */
import {
  BPS,
  type CrashScheme,
  MAX_HOUSE_EDGE_BPS,
  crashBitsOf,
  crashHmacHex,
  crashPointFromBits,
  crashPointFromHash,
  crashSchemeBits,
  formatHundredths,
  isChainHash,
  isCrashScheme,
} from '@nebula/games';

/** 2^52: the 52-bit number r of scheme hmac52 is uniform in [0, 2^52). */
export const TWO_POW_52 = 2n ** 52n;
/** 2^32: the 32-bit number n of scheme hmac32 is uniform in [0, 2^32). */
export const TWO_POW_32 = 2n ** 32n;
const BPS_N = BigInt(BPS);

/** Every value between the round's inputs and its crash point. */
export interface CrashPointSteps {
  scheme: CrashScheme;
  /** Bits the scheme reads: 52 (hmac52) or 32 (hmac32). */
  bits: 52 | 32;
  /** HMAC_SHA256(key = game hash, message = salt), 64 hex characters. */
  hmac: string;
  /** Its first 13 (hmac52) or 8 (hmac32) hex characters: the bits read. */
  bitsHex: string;
  /** Those bits as a number: r (0 <= r < 2^52) or n (0 <= n < 2^32). */
  r: bigint;
  /** hmac52: X = r / 2^52, exact in a double; hmac32: 2^32 / (n + 1), the public formula's factor. */
  x: number;
  edgeBps: number;
  /** 100 * (10000 - edge) * 2^bits. */
  numerator: bigint;
  /** 10000 * (2^52 - r) for hmac52, 10000 * (n + 1) for hmac32. */
  denominator: bigint;
  /** floor(numerator / denominator): the formula's value in hundredths before the 1.00x floor. */
  raw: bigint;
  /** The crash point in hundredths: max(100, raw). */
  crashPoint: bigint;
  /** "2.37". */
  multiplier: string;
}

/** The crash point of the form's inputs, or why it cannot be computed yet. */
export type CrashPointResult =
  { status: 'empty' } | { status: 'error'; errorKey: string } | { status: 'ok'; steps: CrashPointSteps };

/** A game hash as typed: trimmed and lower-cased (the chain's hashes are lower-case hex text). */
export function normalizeHash(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * The crash point from (game hash, salt, house edge, scheme), as `crashPointFromHash` of
 * `@nebula/games` computes it, with its steps. The salt is used as typed except for surrounding
 * whitespace.
 */
export function computeCrashPoint(
  hashText: string,
  saltText: string,
  edgeBps: number,
  scheme: string,
): CrashPointResult {
  const hash = normalizeHash(hashText);
  const salt = saltText.trim();
  if (!hash && !salt) return { status: 'empty' };
  if (!isChainHash(hash)) return { status: 'error', errorKey: 'fairnessUi.crash.errors.hash' };
  if (!salt) return { status: 'error', errorKey: 'fairnessUi.crash.errors.salt' };
  if (!Number.isSafeInteger(edgeBps) || edgeBps < 0 || edgeBps > MAX_HOUSE_EDGE_BPS) {
    return { status: 'error', errorKey: 'fairnessUi.errors.edge' };
  }
  if (!isCrashScheme(scheme)) return { status: 'error', errorKey: 'fairnessUi.crash.errors.scheme' };
  const bits = crashSchemeBits(scheme);
  const span = 2n ** BigInt(bits);
  const hmac = crashHmacHex(hash, salt);
  const bitsHex = hmac.slice(0, bits / 4);
  const r = BigInt(`0x${bitsHex}`);
  const divisor = scheme === 'hmac52' ? span - r : r + 1n;
  const numerator = 100n * (BPS_N - BigInt(edgeBps)) * span;
  const denominator = BPS_N * divisor;
  const raw = numerator / denominator;
  const crashPoint = crashPointFromBits(r, edgeBps, scheme);
  // The steps shown must be the package's computation: a disagreement would be a bug of this page.
  if (
    r !== crashBitsOf(hmac, scheme) ||
    crashPoint !== (raw < 100n ? 100n : raw) ||
    crashPoint !== crashPointFromHash(hash, salt, edgeBps, scheme)
  ) {
    return { status: 'error', errorKey: 'fairnessUi.crash.errors.internal' };
  }
  return {
    status: 'ok',
    steps: {
      scheme,
      bits,
      hmac,
      bitsHex,
      r,
      x: scheme === 'hmac52' ? Number(r) / 2 ** 52 : 2 ** 32 / (Number(r) + 1),
      edgeBps,
      numerator,
      denominator,
      raw,
      crashPoint,
      multiplier: formatHundredths(crashPoint),
    },
  };
}

/** Largest game index the page accepts (the server's longest chain is 100,000,000 games). */
export const MAX_CHAIN_INDEX = 100_000_000;

/** What the chain check walks: `steps` = index + 1 hashes from `hash`, compared with `terminating`. */
export type ChainInput =
  | { status: 'ok'; hash: string; steps: number; terminating: string }
  | { status: 'waiting'; messageKey: string }
  | { status: 'error'; errorKey: string };

/**
 * The chain check's inputs from the form, or the message to show instead. `length` is the chain's
 * length when the terminating hash is one of the published chains (an index past it cannot be a game).
 */
export function chainInput(
  hashText: string,
  indexText: string,
  terminatingText: string,
  length?: number,
): ChainInput {
  const hash = normalizeHash(hashText);
  const terminating = normalizeHash(terminatingText);
  const index = indexText.trim();
  if (!isChainHash(hash)) return { status: 'waiting', messageKey: 'fairnessUi.crash.chain.needHash' };
  if (!/^\d{1,9}$/.test(index) || Number(index) > MAX_CHAIN_INDEX) {
    return index
      ? { status: 'error', errorKey: 'fairnessUi.crash.errors.index' }
      : { status: 'waiting', messageKey: 'fairnessUi.crash.chain.needIndex' };
  }
  if (!terminating) return { status: 'waiting', messageKey: 'fairnessUi.crash.chain.needTerminating' };
  if (!isChainHash(terminating)) return { status: 'error', errorKey: 'fairnessUi.crash.errors.terminating' };
  if (length !== undefined && Number(index) >= length) {
    return { status: 'error', errorKey: 'fairnessUi.crash.errors.indexPastChain' };
  }
  return { status: 'ok', hash, steps: Number(index) + 1, terminating };
}

/** The colour class of a crash point (as the game's history pills): below 2x, below 10x, 10x and up. */
export function crashTone(hundredths: bigint): 'low' | 'mid' | 'high' {
  return hundredths >= 1000n ? 'high' : hundredths >= 200n ? 'mid' : 'low';
}

/** A contract multiplier string ("2.37") as hundredths; null when malformed. */
export function hundredthsOf(multiplier: string): bigint | null {
  const match = /^(\d+)\.(\d{2})$/.exec(multiplier);
  return match ? BigInt(match[1]!) * 100n + BigInt(match[2]!) : null;
}

/** Digits grouped in threes with thin spaces, for the long integers of the formula. */
export function groupDigits(value: bigint): string {
  return value.toString().replace(/\B(?=(\d{3})+(?!\d))/g, '\u2009');
}
