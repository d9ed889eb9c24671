import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  byteStream,
  bytesToFloat,
  floatNumerator,
  floatToIndex,
  floats,
  hashServerSeed,
  roundBytes,
} from './index.js';

/**
 * An independent reference, written apart from rng.ts: HMAC straight from @noble/hashes, floats read as
 * big-endian uint32 through a DataView and divided by 2^32 (rng.ts sums b_i / 256^i instead).
 */
function referenceFloats(serverSeed: string, clientSeed: string, nonce: number, count: number): number[] {
  const out: number[] = [];
  for (let round = 0; out.length < count; round += 1) {
    const mac = hmac(sha256, utf8ToBytes(serverSeed), utf8ToBytes(`${clientSeed}:${nonce}:${round}`));
    const view = new DataView(mac.buffer, mac.byteOffset, mac.byteLength);
    for (let offset = 0; offset < 32 && out.length < count; offset += 4) {
      out.push(view.getUint32(offset, false) / 4294967296);
    }
  }
  return out;
}

const SEED = '7f3a1c9e5b2d4f6081a3c5e7f9b1d3e5a7c9e1f3b5d7f9a1c3e5a7b9d1f3e5a7';

/**
 * Computed once with a third implementation (Node's `crypto.createHmac(...).digest().readUInt32BE(i) / 2**32`,
 * run outside the repo, since packages may not import node:crypto) and hard-coded here.
 */
const VECTORS = [
  {
    serverSeed: SEED,
    clientSeed: 'nebula',
    nonce: 0,
    hash: '39c9002c1ba6edcf67d78aaa92e909d310123ea4a64834f397a923aae3a81f4e',
    round0: '1823e8d818c25fd10f69b458f1191084c60b783877ab7e7280f216ec7f5d7d9f',
    floats: [
      0.09429793618619442, 0.09671591618098319, 0.06020667217671871, 0.9417887041345239, 0.7736125122755766,
      0.4674605396576226, 0.503693993203342, 0.49752030498348176, 0.8164757424965501, 0.46804405748844147,
    ],
  },
  {
    serverSeed: SEED,
    clientSeed: 'nebula',
    nonce: 1,
    hash: '39c9002c1ba6edcf67d78aaa92e909d310123ea4a64834f397a923aae3a81f4e',
    round0: '881005a5063b94d0d5c63755a560de71ec9a51826322b8791679a905bddfe8b0',
    floats: [
      0.5314944770652801, 0.024346638470888138, 0.8350557882804424, 0.6460093522910029, 0.9242297117598355,
      0.38724854425527155, 0.08779388782568276, 0.7416978292167187, 0.9972022883594036, 0.02844825549982488,
    ],
  },
  {
    serverSeed: '0'.repeat(64),
    clientSeed: 'client seed with spaces ✓',
    nonce: 42,
    hash: '60e05bd1b195af2f94112fa7197a5c88289058840ce7c6df9693756bc6250f55',
    round0: '6161eb95f2665d9ea7c640344e797728f032c0ed9e6b689540018f2eaf1e8551',
    floats: [
      0.3804003943223506, 0.9468744765035808, 0.6553688170388341, 0.3065409157425165, 0.9382744387257844,
      0.61882642400451, 0.250023792963475, 0.6840594599489123, 0.8604155862703919, 0.08148009306751192,
    ],
  },
] as const;

describe('fairness vectors', () => {
  it.each(VECTORS)('seed pair nonce $nonce / $clientSeed: commitment, round 0 and 10 floats', (v) => {
    expect(hashServerSeed(v.serverSeed)).toBe(v.hash);
    expect(bytesToHex(roundBytes(v.serverSeed, v.clientSeed, v.nonce, 0))).toBe(v.round0);
    // 10 floats cross into round 1 (floats 8 and 9).
    expect(floats(v.serverSeed, v.clientSeed, v.nonce, 10)).toEqual(v.floats);
    expect(referenceFloats(v.serverSeed, v.clientSeed, v.nonce, 10)).toEqual(v.floats);
  });

  it('matches a vector published by a third-party verifier (BC.Game hilo help, round 1)', () => {
    const serverSeed = '51a8f197680be916d9b01867fcc99cbacae739d5e11f7aa28e0b5570d9881484';
    expect(bytesToHex(roundBytes(serverSeed, '00ff0000ff000000ff', 658854, 1))).toBe(
      '78954b10cbb0c7c46aa00385a9943674d18639c405e27ff58d52a39aa399eca1',
    );
    // Their worked example: bytes 120, 149, 75, 16 -> 0.471028034 -> floor(x 52) = 24.
    const f = bytesToFloat([120, 149, 75, 16]);
    expect(f).toBeCloseTo(0.471028034, 9);
    expect(floatToIndex(f, 52)).toBe(24);
  });

  it('matches a limbo example published by another casino (first four bytes 89 5a ca b6)', () => {
    const bytes = roundBytes(
      'c5e7146c5863d7d647c93ffe7d4ec13fffbb7311108fab0c067d97bcc2b32d55',
      'LuckyClientSeed777',
      2,
      0,
    );
    expect([...bytes.subarray(0, 4)]).toEqual([137, 90, 202, 182]);
  });
});

describe('bytesToFloat', () => {
  it('is b0/256 + b1/256^2 + b2/256^3 + b3/256^4', () => {
    expect(bytesToFloat([0, 0, 0, 0])).toBe(0);
    expect(bytesToFloat([128, 0, 0, 0])).toBe(0.5);
    expect(bytesToFloat([0, 0, 0, 1])).toBe(2 ** -32);
    expect(bytesToFloat([255, 255, 255, 255])).toBe(1 - 2 ** -32);
  });

  it('rejects anything but four bytes', () => {
    expect(() => bytesToFloat([1, 2, 3])).toThrow(RangeError);
    expect(() => bytesToFloat([1, 2, 3, 256])).toThrow(RangeError);
  });
});

describe('byteStream', () => {
  it('is round 0 then round 1 ... without gaps', () => {
    const stream = byteStream(SEED, 'nebula', 7);
    const first = Array.from({ length: 96 }, () => stream.next().value);
    const expected = [0, 1, 2].flatMap((round) => [...roundBytes(SEED, 'nebula', 7, round)]);
    expect(first).toEqual(expected);
  });

  it('rejects a bad nonce', () => {
    expect(() => byteStream(SEED, 'x', -1).next()).toThrow(RangeError);
    expect(() => floats(SEED, 'x', 1.5, 1)).toThrow(RangeError);
  });
});

describe('floats (properties)', () => {
  it('agree with the reference, lie in [0, 1) on the 2^-32 grid, and prefixes are stable', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string(),
        fc.nat({ max: 2 ** 40 }),
        fc.integer({ min: 0, max: 40 }),
        (serverSeed, clientSeed, nonce, count) => {
          const values = floats(serverSeed, clientSeed, nonce, count);
          expect(values).toHaveLength(count);
          expect(values).toEqual(referenceFloats(serverSeed, clientSeed, nonce, count));
          for (const value of values) {
            expect(value).toBeGreaterThanOrEqual(0);
            expect(value).toBeLessThan(1);
            expect(Number.isInteger(floatNumerator(value))).toBe(true);
          }
          expect(floats(serverSeed, clientSeed, nonce, Math.floor(count / 2))).toEqual(
            values.slice(0, Math.floor(count / 2)),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('floatToIndex stays in 0..n-1', () => {
    fc.assert(
      fc.property(fc.nat({ max: 2 ** 32 - 1 }), fc.integer({ min: 1, max: 2 ** 20 }), (k, n) => {
        const index = floatToIndex(k / 2 ** 32, n);
        expect(index).toBeGreaterThanOrEqual(0);
        expect(index).toBeLessThan(n);
      }),
    );
    expect(() => floatToIndex(1, 10)).toThrow(RangeError);
    expect(() => floatToIndex(Number.NaN, 10)).toThrow(RangeError);
  });
});
