/**
 * @nebula/fairness: the provably-fair primitives every game builds on: server seeds and their public
 * SHA-256 commitments, the HMAC-SHA256 byte stream keyed by the server seed
 * (`HMAC_SHA256(serverSeed, clientSeed + ":" + nonce + ":" + round)`), bytes-to-float conversion and
 * selection without replacement.
 *
 * Purity rules: no I/O, no Node built-ins, no React, no DB or server code, no clocks and no
 * `Math.random`: every output is a function of its inputs. Hashing goes through `@noble/hashes`
 * (synchronous, identical in Node and the browser), so the fairness verifier page runs the server's
 * own math.
 */
export { hmacSha256Bytes, sha256Hex, type BytesOrText } from './hash.js';
