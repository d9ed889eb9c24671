/**
 * @nebula/fairness: the provably-fair primitives every game builds on: server seeds and their public
 * SHA-256 commitments, the HMAC-SHA256 byte stream keyed by the server seed
 * (`HMAC_SHA256(serverSeed, clientSeed + ":" + nonce + ":" + round)`), bytes-to-float conversion,
 * selection without replacement and the 52-card index.
 *
 * Purity rules: no I/O, no Node built-ins, no React, no DB or server code, no clocks and no
 * a non-cryptographic random source: every output except {@link generateServerSeed} is a function of its inputs. Hashing
 * goes through `@noble/hashes` (synchronous, identical in Node and the browser), so the fairness
 * verifier page runs the server's own math.
 */
export { hmacSha256Bytes, sha256Hex, type BytesOrText } from './hash.js';
export { SERVER_SEED_BYTES, generateServerSeed, hashServerSeed, isServerSeed } from './seeds.js';
export {
  BYTES_PER_FLOAT,
  BYTES_PER_ROUND,
  FLOAT_DENOMINATOR,
  assertFloat,
  byteStream,
  bytesToFloat,
  floatNumerator,
  floatToIndex,
  floats,
  roundBytes,
} from './rng.js';
export { selectWithoutReplacement } from './select.js';
export {
  CARD_RANKS,
  CARD_SUITS,
  CARD_SUIT_SYMBOLS,
  DECK_SIZE,
  type Card,
  type CardRank,
  type CardSuit,
  cardFromIndex,
  cardIndexFromFloat,
  shuffle52,
} from './cards.js';
