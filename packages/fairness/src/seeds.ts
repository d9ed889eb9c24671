import { bytesToHex } from '@noble/hashes/utils.js';
import { sha256Hex } from './hash.js';

/** Bytes of entropy in a server seed (256 bits, as the public verifiers expect). */
export const SERVER_SEED_BYTES = 32;

/** A server seed as this platform generates it: 64 lower-case hex characters. */
const SERVER_SEED_PATTERN = /^[0-9a-f]{64}$/;

/** The Web Crypto subset we need; typed here because the pure packages compile without DOM or Node types. */
interface RandomSource {
  getRandomValues<T extends Uint8Array>(array: T): T;
}

function randomSource(): RandomSource {
  const source = (globalThis as { crypto?: Partial<RandomSource> }).crypto;
  if (!source || typeof source.getRandomValues !== 'function') {
    throw new Error('crypto.getRandomValues is not available: a server seed needs a CSPRNG');
  }
  return source as RandomSource;
}

/**
 * A fresh secret server seed: 32 bytes from `crypto.getRandomValues` (the Web Crypto CSPRNG, a global
 * in Node 20 and in browsers), as 64 lower-case hex characters. The HMAC key is this hex *text*
 * (UTF-8), exactly as the public verifiers use it, not the 32 decoded bytes.
 *
 * @throws Error when no CSPRNG is available (never falls back to a non-cryptographic random source).
 */
export function generateServerSeed(): string {
  return bytesToHex(randomSource().getRandomValues(new Uint8Array(SERVER_SEED_BYTES)));
}

/**
 * The public commitment shown before any bet: SHA-256 of the server seed's text, 64 lower-case hex
 * characters. Revealing the seed later lets anyone check `hashServerSeed(seed) === commitment`.
 */
export function hashServerSeed(serverSeed: string): string {
  return sha256Hex(serverSeed);
}

/** True when `value` has the shape {@link generateServerSeed} produces (64 lower-case hex characters). */
export function isServerSeed(value: string): boolean {
  return SERVER_SEED_PATTERN.test(value);
}
