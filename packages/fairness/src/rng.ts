import { hmacSha256Bytes } from './hash.js';

/** Bytes one HMAC round yields; round `r` covers stream bytes `32r .. 32r + 31`. */
export const BYTES_PER_ROUND = 32;
/** Bytes per float: 8 floats per round. */
export const BYTES_PER_FLOAT = 4;
/** 2^32: floats are `k / 2^32` for an integer `k` in `[0, 2^32)`. */
export const FLOAT_DENOMINATOR = 2 ** 32;

function checkNonce(nonce: number): void {
  if (!Number.isSafeInteger(nonce) || nonce < 0) {
    throw new RangeError(`nonce must be a non-negative safe integer, got ${nonce}`);
  }
}

/**
 * The 32 bytes of one round: `HMAC_SHA256(key = serverSeed, message = clientSeed + ":" + nonce + ":" + round)`,
 * with the seeds as UTF-8 text (the server seed's hex text is the key, not its decoded bytes).
 *
 * @throws RangeError for a negative or non-integer nonce or round
 */
export function roundBytes(serverSeed: string, clientSeed: string, nonce: number, round: number): Uint8Array {
  checkNonce(nonce);
  if (!Number.isSafeInteger(round) || round < 0) {
    throw new RangeError(`round must be a non-negative safe integer, got ${round}`);
  }
  return hmacSha256Bytes(serverSeed, `${clientSeed}:${nonce}:${round}`);
}

/**
 * The endless byte stream of one bet: the bytes of round 0, then round 1, and so on (each round is one
 * HMAC, computed only when the consumer reaches it). Byte-compatible with the public algorithm of the
 * large casinos, so their independent verifiers reproduce our outcomes.
 *
 * @throws RangeError (on first use) for a negative or non-integer nonce
 */
export function* byteStream(serverSeed: string, clientSeed: string, nonce: number): Generator<number, never> {
  checkNonce(nonce);
  for (let round = 0; ; round += 1) {
    yield* roundBytes(serverSeed, clientSeed, nonce, round);
  }
}

/**
 * Four bytes to a float in `[0, 1)`: `b0/256 + b1/256^2 + b2/256^3 + b3/256^4`. The result is exactly
 * `k / 2^32` with `k` the big-endian 32-bit integer of the bytes (a double holds it without rounding).
 *
 * @throws RangeError unless given exactly four integers in 0..255
 */
export function bytesToFloat(bytes: ArrayLike<number>): number {
  if (bytes.length !== BYTES_PER_FLOAT) throw new RangeError(`need 4 bytes, got ${bytes.length}`);
  let value = 0;
  let divisor = 1;
  for (let i = 0; i < BYTES_PER_FLOAT; i += 1) {
    const byte = bytes[i] as number;
    if (!Number.isInteger(byte) || byte < 0 || byte > 255) throw new RangeError(`not a byte: ${byte}`);
    divisor *= 256;
    value += byte / divisor;
  }
  return value;
}

/**
 * The first `count` floats of a bet: consecutive groups of four bytes of {@link byteStream}, each
 * converted by {@link bytesToFloat}. Float `i` uses bytes `4i .. 4i + 3`, so floats 0-7 come from round
 * 0, floats 8-15 from round 1, and so on.
 *
 * @throws RangeError for a negative or non-integer count or nonce
 */
export function floats(serverSeed: string, clientSeed: string, nonce: number, count: number): number[] {
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new RangeError(`count must be a non-negative integer, got ${count}`);
  }
  checkNonce(nonce);
  const result: number[] = [];
  const rounds = Math.ceil(count / (BYTES_PER_ROUND / BYTES_PER_FLOAT));
  for (let round = 0; round < rounds; round += 1) {
    const bytes = roundBytes(serverSeed, clientSeed, nonce, round);
    for (let offset = 0; offset < BYTES_PER_ROUND && result.length < count; offset += BYTES_PER_FLOAT) {
      result.push(bytesToFloat(bytes.subarray(offset, offset + BYTES_PER_FLOAT)));
    }
  }
  return result;
}

/**
 * The integer numerator `k` of a float `k / 2^32` from {@link floats}; games that need exact integer
 * arithmetic (limbo) work on `k` instead of the float.
 *
 * @throws RangeError when `value` is not such a float
 */
export function floatNumerator(value: number): number {
  assertFloat(value);
  const k = value * FLOAT_DENOMINATOR;
  if (!Number.isInteger(k)) throw new RangeError(`${value} is not a multiple of 2^-32`);
  return k;
}

/**
 * `floor(value * n)`: an outcome index in `0 .. n - 1` from one float (dice rolls `n = 10001`,
 * roulette `37`, a card `52`...). Exact for `n < 2^21` because the product of a 32-bit fraction and such
 * an `n` fits a double.
 *
 * @throws RangeError when `value` is outside `[0, 1)` or `n` is not a positive integer
 */
export function floatToIndex(value: number, n: number): number {
  assertFloat(value);
  if (!Number.isSafeInteger(n) || n <= 0) throw new RangeError(`n must be a positive integer, got ${n}`);
  return Math.floor(value * n);
}

/**
 * Throws unless `value` is a finite number in `[0, 1)`: every consumer of floats checks its input so
 * that a malformed replay fails loudly instead of producing an impossible outcome.
 */
export function assertFloat(value: number): void {
  if (typeof value !== 'number' || !(value >= 0 && value < 1)) {
    throw new RangeError(`a fairness float must be in [0, 1), got ${value}`);
  }
}
