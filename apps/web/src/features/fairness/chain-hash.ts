/**
 * A fast walk along the crash hash chain for the browser: `sha256` of a hash's 64 hex characters, many
 * times over (`hashTimes` of `@nebula/games`, chain.ts), without a string per step.
 *
 * Every step hashes exactly 64 ASCII bytes, so SHA-256 always compresses two blocks: the 64 characters,
 * then the constant padding block (0x80, zeros, the bit length 512). The padding block's message schedule
 * never changes and is computed once; the characters go straight from the previous digest's words into
 * the first block's words through a byte -> two-ASCII-characters table. The result is the same as
 * `hashTimes` (chain-hash.test.ts checks it step by step against `@nebula/fairness`'s `sha256Hex`), a
 * few times faster, which matters for a chain of a million games.
 */

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const IV = new Int32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

/** Byte -> its two lower-case hex characters as one big-endian 16-bit value ("a7" -> 0x6137). */
const HEX_PAIR = new Int32Array(256);
const DIGITS = '0123456789abcdef';
for (let byte = 0; byte < 256; byte += 1) {
  HEX_PAIR[byte] = (DIGITS.charCodeAt(byte >> 4) << 8) | DIGITS.charCodeAt(byte & 15);
}

function expand(w: Int32Array): void {
  for (let t = 16; t < 64; t += 1) {
    const a = w[t - 15]!;
    const b = w[t - 2]!;
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
    w[t] = (w[t - 16]! + s0 + w[t - 7]! + s1) | 0;
  }
}

/** K[t] + W[t] of the padding block that follows 64 bytes of message. */
const PAD_KW = (() => {
  const w = new Int32Array(64);
  w[0] = 0x80000000 | 0;
  w[15] = 512;
  expand(w);
  return w.map((value, t) => (value + K[t]!) | 0);
})();

/** One SHA-256 compression of `state` with the round constants already added to the schedule. */
function compress(state: Int32Array, kw: Int32Array): void {
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  for (let t = 0; t < 64; t += 1) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + s1 + ((e & f) ^ (~e & g)) + kw[t]!) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (s0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

const HASH = /^[0-9a-f]{64}$/;

/**
 * A position on a hash chain that moves one game back per {@link ChainWalker.step}: `sha256` of the
 * current hash's hex text, as `previousChainHash` of `@nebula/games` computes it.
 */
export class ChainWalker {
  /** The current hash as 8 big-endian words. */
  private readonly digest = new Int32Array(8);
  private readonly w = new Int32Array(64);

  /** @throws RangeError unless `hash` is 64 lower-case hex characters */
  constructor(hash: string) {
    if (!HASH.test(hash)) throw new RangeError('a chain hash is 64 lower-case hex characters');
    for (let i = 0; i < 8; i += 1) this.digest[i] = Number.parseInt(hash.slice(i * 8, i * 8 + 8), 16) | 0;
  }

  /** Hashes `times` times (0 or more). */
  step(times = 1): void {
    const { digest, w } = this;
    for (let n = 0; n < times; n += 1) {
      for (let i = 0; i < 8; i += 1) {
        const word = digest[i]!;
        w[2 * i] = (HEX_PAIR[word >>> 24]! << 16) | HEX_PAIR[(word >>> 16) & 255]!;
        w[2 * i + 1] = (HEX_PAIR[(word >>> 8) & 255]! << 16) | HEX_PAIR[word & 255]!;
      }
      expand(w);
      for (let t = 0; t < 64; t += 1) w[t] = (w[t]! + K[t]!) | 0;
      digest.set(IV);
      compress(digest, w);
      compress(digest, PAD_KW);
    }
  }

  /** The current hash, 64 lower-case hex characters. */
  get hex(): string {
    let out = '';
    for (let i = 0; i < 8; i += 1) out += (this.digest[i]! >>> 0).toString(16).padStart(8, '0');
    return out;
  }
}
