/**
 * Public-only BIP32 derivation. The server holds the operator's ACCOUNT-level extended public keys
 * (m/44'/coin'/0'), never a private key: it derives receive addresses m/44'/coin'/0'/0/index by
 * non-hardened public derivation alone. An extended PRIVATE key is refused outright.
 */
import { HDKey } from '@scure/bip32';
import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';

export const base58check = createBase58check(sha256);

/** Largest non-hardened BIP32 child index. */
export const MAX_CHILD_INDEX = 0x7fffffff;

export class ExtendedKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExtendedKeyError';
  }
}

/**
 * Parses an extended public key whatever its version bytes (xpub, tpub, Ltub, dgub, zpub...): only
 * the key and chain code matter for derivation.
 */
export function parseExtendedPublicKey(text: string): HDKey {
  let raw: Uint8Array;
  try {
    raw = base58check.decode(text.trim());
  } catch {
    throw new ExtendedKeyError('not a valid base58check extended key');
  }
  if (raw.length !== 78) throw new ExtendedKeyError('an extended key has 78 bytes');
  // Key data: 0x00 + 32-byte private key, or a 33-byte compressed public key (0x02 / 0x03).
  if (raw[45] === 0x00) {
    throw new ExtendedKeyError(
      'this is an extended PRIVATE key: give the server the extended PUBLIC key only',
    );
  }
  const version = ((raw[0]! << 24) | (raw[1]! << 16) | (raw[2]! << 8) | raw[3]!) >>> 0;
  try {
    // `private` is never used: only public derivation happens here.
    return HDKey.fromExtendedKey(text.trim(), { public: version, private: (version ^ 1) >>> 0 });
  } catch (err) {
    throw new ExtendedKeyError(`invalid extended public key (${(err as Error).message})`);
  }
}

/** Compressed public key (33 bytes) of the receive address m/.../0/index under an account key. */
export function receivePublicKey(account: HDKey, index: number): Uint8Array {
  if (!Number.isInteger(index) || index < 0 || index > MAX_CHILD_INDEX) {
    throw new RangeError(`derivation index out of range: ${index}`);
  }
  const key = account.deriveChild(0).deriveChild(index).publicKey;
  if (!key) throw new Error('derivation produced no public key');
  return key;
}

// secp256k1 field prime and curve y^2 = x^3 + 7.
const P = 2n ** 256n - 2n ** 32n - 977n;

function modPow(base: bigint, exp: bigint, mod: bigint): bigint {
  let result = 1n;
  let b = base % mod;
  let e = exp;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % mod;
    b = (b * b) % mod;
    e >>= 1n;
  }
  return result;
}

/** 65-byte uncompressed form (0x04 || x || y) of a 33-byte compressed secp256k1 public key. */
export function decompressPublicKey(compressed: Uint8Array): Uint8Array {
  if (compressed.length !== 33 || (compressed[0] !== 2 && compressed[0] !== 3)) {
    throw new Error('expected a 33-byte compressed public key');
  }
  const x = BigInt(`0x${Buffer.from(compressed.subarray(1)).toString('hex')}`);
  const ySquared = (modPow(x, 3n, P) + 7n) % P;
  let y = modPow(ySquared, (P + 1n) / 4n, P); // P = 3 mod 4, so this is a square root
  if ((y * y) % P !== ySquared) throw new Error('point is not on the curve');
  if ((y & 1n) !== BigInt(compressed[0]! & 1)) y = P - y;
  const out = new Uint8Array(65);
  out[0] = 4;
  out.set(compressed.subarray(1), 1);
  out.set(Buffer.from(y.toString(16).padStart(64, '0'), 'hex'), 33);
  return out;
}
