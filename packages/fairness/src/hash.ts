import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** A byte string, or text that is encoded as UTF-8 before hashing. */
export type BytesOrText = Uint8Array | string;

function toBytes(input: BytesOrText): Uint8Array {
  return typeof input === 'string' ? utf8ToBytes(input) : input;
}

/**
 * SHA-256 of `text` (UTF-8) or of raw bytes, as 64 lower-case hex characters. This is the public
 * commitment to a server seed: `sha256Hex(serverSeed)` is shown before any bet.
 */
export function sha256Hex(text: BytesOrText): string {
  return bytesToHex(sha256(toBytes(text)));
}

/**
 * HMAC-SHA256(key, message): 32 bytes. Strings are UTF-8 encoded. The RNG is
 * `hmacSha256Bytes(serverSeed, `${clientSeed}:${nonce}:${round}`)`.
 */
export function hmacSha256Bytes(key: BytesOrText, message: BytesOrText): Uint8Array {
  return hmac(sha256, toBytes(key), toBytes(message));
}
