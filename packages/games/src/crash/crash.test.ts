import { hmacSha256Bytes, sha256Hex } from '@nebula/fairness';
import { describe, expect, it } from 'vitest';
import { cmpRatio, mulRatioExact, ratio, rtpOf, subRatio } from '../index.js';
import {
  CRASH_MIN_TARGET,
  CRASH_SCHEME,
  CRASH_SCHEMES,
  crashBitsOf,
  crashHmacHex,
  crashParamsSchema,
  crashPointFromBits,
  crashPointFromHash,
  crashRatio,
  crashSchemeBits,
  crashTargetCap,
  crashWinProbability,
  formatHundredths,
  multiplierAt,
  settleCrashBet,
  timeFor,
} from './crash.js';

const SALT = '0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c';
const TWO_POW_52 = 2n ** 52n;
const TWO_POW_32 = 2n ** 32n;

describe('crashPointFromHash, scheme hmac52 (the first chains)', () => {
  it('matches vectors computed independently (Python hmac/hashlib, exact integers)', () => {
    // A chain walked from 'a' * 64: [hash, HMAC(key = hash, msg = salt), crash at 1%, crash at 0%].
    const vectors: [string, string, bigint, bigint][] = [
      ['a'.repeat(64), '9c6540bfc0fe89bf13ca8b3e86d492eed2c3902fa575212333ef7855e8d4ff39', 254n, 257n],
      [
        'ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb',
        '03901916b4f818a6d0a52a0675f8ee6e84e580ea45000adb26f72e356205ac3f',
        100n,
        101n,
      ],
      [
        '0f60da95fe5a978ea1dd5973bef160352ec18428b51525c86ad4d1819738d01f',
        '70016817e4f79e87cde2bc011b5bed31cff3a4424ae19acc40e6448f22c5ddc1',
        176n,
        177n,
      ],
      [
        '2815168813ea1559e477c2f57d48168627d6369474e26a553d28ec4697e4c5f4',
        '89076dd9ad2963eba40719789f0cdc88631c02442467f6cbfe12d7717dc92728',
        213n,
        215n,
      ],
    ];
    for (const [hash, mac, atOne, atZero] of vectors) {
      expect(crashHmacHex(hash, SALT)).toBe(mac);
      expect(crashPointFromHash(hash, SALT, 100, 'hmac52')).toBe(atOne);
      expect(crashPointFromHash(hash, SALT, 0, 'hmac52')).toBe(atZero);
    }
  });

  it('agrees with the published double formula max(1, floor(99 / (1 - r / 2^52)) / 100)', () => {
    let hash = sha256Hex('crash-agreement');
    let disagreements = 0;
    for (let i = 0; i < 5000; i += 1) {
      hash = sha256Hex(hash);
      const bytes = hmacSha256Bytes(hash, SALT);
      let r = 0;
      for (let b = 0; b < 6; b += 1) r = r * 256 + (bytes[b] as number);
      r = r * 16 + ((bytes[6] as number) >> 4);
      const published = Math.max(100, Math.floor(99 / (1 - r / 2 ** 52)));
      if (BigInt(published) !== crashPointFromHash(hash, SALT, 100, 'hmac52')) disagreements += 1;
    }
    expect(disagreements).toBe(0);
  });

  it('spans 1.00x at the low end to 0.99 * 2^52 / 100 at the top, and refuses bad input', () => {
    expect(crashPointFromBits(0n, 100, 'hmac52')).toBe(100n); // 0.99x, shown and settled as 1.00x
    expect(crashPointFromBits(0n, 0, 'hmac52')).toBe(100n);
    expect(crashPointFromBits(TWO_POW_52 - 1n, 100, 'hmac52')).toBe((99n * TWO_POW_52) / 1n);
    expect(() => crashPointFromHash('a'.repeat(64), SALT, 5001, 'hmac52')).toThrow(RangeError);
    expect(() => crashPointFromBits(TWO_POW_52, 100, 'hmac52')).toThrow(RangeError);
  });
});

describe('crashPointFromHash, scheme hmac32 (the public algorithm, every chain since G4)', () => {
  it('new chains use hmac32; hmac32 reads the first 4 bytes of the HMAC', () => {
    expect(CRASH_SCHEME).toBe('hmac32');
    expect(CRASH_SCHEMES).toEqual(['hmac52', 'hmac32']);
    expect(crashSchemeBits('hmac32')).toBe(32);
    expect(crashSchemeBits('hmac52')).toBe(52);
    expect(crashBitsOf('9c6540bf' + 'c'.repeat(56), 'hmac32')).toBe(0x9c6540bfn);
    expect(() => crashSchemeBits('hmac64' as never)).toThrow(RangeError);
  });

  it('reproduces a real Stake round: game #1,126,614 of its published chain busted at 2.35x', () => {
    // Stake's crash seeding event (https://bitcointalk.org/index.php?topic=5162888.0): chain of 10,000,000
    // SHA-256 hashes, terminating hash 78a9757d...56752, salted with bitcoin block 584,500's hash. Game
    // #1,126,614 and its result come from the third-party verifier "fair" (Lucas Holder), which checks
    // it against the live round (https://github.com/lucasholder/fair/blob/master/src/games/crash.rs,
    // test_crash_verify: crash point 2.3522275811778033, shown by Stake as 2.35x).
    const salt = '0000000000000000001b34dc6a1e86083f95500b096231436e9b25cbdd0075c4';
    const hash = '5844bf329a6334074778ab8a5f0960e24f9eec43f83bbd98ac0a9f8bcd87184e';
    expect(crashPointFromHash(hash, salt, 100, 'hmac32')).toBe(235n);
  });

  it("matches the same verifier's unit vectors (chain walked from sha256('testing'), same salt)", () => {
    // https://github.com/lucasholder/fair/blob/master/src/games/crash.rs, test_crash_simulate and
    // test_crash_simulate_2: 1.5992214910117746 and 1.2897005203687084 before rounding to hundredths.
    const salt = '0000000000000000001b34dc6a1e86083f95500b096231436e9b25cbdd0075c4';
    const first = sha256Hex('testing');
    expect(first).toBe('cf80cd8aed482d5d1527d7dc72fceff84e6326592848447d2dc0b0e87dfc9a90');
    const third = sha256Hex(sha256Hex(first));
    expect(crashPointFromHash(third, salt, 100, 'hmac32')).toBe(159n);
    const deadbeef = 'deadbeefe7c270724bd4851c020d489257fa79a70e694a9b5099375464348698';
    expect(crashPointFromHash(deadbeef, salt, 100, 'hmac32')).toBe(128n);
  });

  it('agrees with the published double formula max(1, 2^32 / (n + 1) * 0.99), rounded down to hundredths', () => {
    let hash = sha256Hex('crash-agreement-32');
    let disagreements = 0;
    for (let i = 0; i < 5000; i += 1) {
      hash = sha256Hex(hash);
      const bytes = hmacSha256Bytes(hash, SALT);
      let n = 0;
      for (let b = 0; b < 4; b += 1) n = n * 256 + (bytes[b] as number);
      const published = Math.max(1, (2 ** 32 / (n + 1)) * (1 - 0.01));
      if (BigInt(Math.floor(published * 100)) !== crashPointFromHash(hash, SALT, 100, 'hmac32'))
        disagreements += 1;
    }
    expect(disagreements).toBe(0);
  });

  it('spans 1.00x to 0.99 * 2^32 at the top, and refuses bad input', () => {
    expect(crashPointFromBits(TWO_POW_32 - 1n, 100, 'hmac32')).toBe(100n);
    expect(crashPointFromBits(0n, 100, 'hmac32')).toBe((99n * TWO_POW_32) / 1n);
    expect(crashPointFromBits(0n, 0, 'hmac32')).toBe(100n * TWO_POW_32);
    expect(() => crashPointFromBits(TWO_POW_32, 100, 'hmac32')).toThrow(RangeError);
    expect(() => crashPointFromBits(-1n, 100, 'hmac32')).toThrow(RangeError);
    expect(() => crashPointFromHash('a'.repeat(64), SALT, 5001, 'hmac32')).toThrow(RangeError);
  });
});

describe('crash probabilities and RTP', () => {
  it('crashWinProbability is exactly the share of 52-bit values reaching the target', () => {
    for (const edge of [0, 100, 250]) {
      for (const target of [101n, 150n, 200n, 333n, 1000n, 123_456n]) {
        const p = crashWinProbability(target, edge, 'hmac52');
        // The values that reach `target` are r in [2^52 - count, 2^52): check both sides of the boundary.
        const count = (p.num * TWO_POW_52) / p.den;
        const first = TWO_POW_52 - count;
        expect(crashPointFromBits(first, edge, 'hmac52') >= target).toBe(true);
        expect(crashPointFromBits(first - 1n, edge, 'hmac52') < target).toBe(true);
      }
    }
  });

  it('crashWinProbability is exactly the share of 32-bit values reaching the target (hmac32)', () => {
    for (const edge of [0, 100, 250]) {
      for (const target of [101n, 150n, 200n, 333n, 1000n, 123_456n, 100_000_000n]) {
        const p = crashWinProbability(target, edge, 'hmac32');
        // The values that reach `target` are n in [0, count): check both sides of the boundary.
        const count = (p.num * TWO_POW_32) / p.den;
        expect(crashPointFromBits(count - 1n, edge, 'hmac32') >= target).toBe(true);
        expect(crashPointFromBits(count, edge, 'hmac32') < target).toBe(true);
      }
    }
  });

  it('every cash-out target returns 1 - edge, short by less than target / (100 * 2^bits)', () => {
    for (const [scheme, span] of [
      ['hmac52', TWO_POW_52],
      ['hmac32', TWO_POW_32],
    ] as const) {
      for (const edge of [0, 100, 300]) {
        const rtp = rtpOf(edge);
        for (const target of [101n, 110n, 200n, 1000n, 10_000n, 1_000_000n, 100_000_000n]) {
          const returned = mulRatioExact(crashWinProbability(target, edge, scheme), crashRatio(target));
          const shortfall = subRatio(rtp, returned);
          expect(shortfall.num >= 0n).toBe(true);
          expect(cmpRatio(shortfall, ratio(target, 100n * span))).toBe(-1);
        }
      }
    }
  });

  it('busts at 1.00x about 2% of the time with a 1% edge, in both schemes', () => {
    for (const scheme of ['hmac52', 'hmac32'] as const) {
      const below = subRatio(ratio(1), crashWinProbability(BigInt(CRASH_MIN_TARGET), 100, scheme));
      expect(Number(below.num) / Number(below.den)).toBeCloseTo(1 - 0.99 / 1.01, 8);
    }
  });
});

describe('settling a bet', () => {
  it('pays a manual cash-out at the curve, an auto target up to the crash point, else nothing', () => {
    const wager = 1_000_000n;
    expect(settleCrashBet({ wager, autoCashOut: null, cashOutMs: 11_553 }, 300n)).toEqual({
      multiplier: 200n,
      payout: 2_000_000n,
    });
    expect(settleCrashBet({ wager, autoCashOut: 250n, cashOutMs: null }, 250n)).toEqual({
      multiplier: 250n,
      payout: 2_500_000n,
    });
    expect(settleCrashBet({ wager, autoCashOut: 251n, cashOutMs: null }, 250n)).toEqual({
      multiplier: 0n,
      payout: 0n,
    });
    expect(settleCrashBet({ wager: 3n, autoCashOut: 101n, cashOutMs: null }, 500n).payout).toBe(3n);
    expect(() => settleCrashBet({ wager, autoCashOut: null, cashOutMs: 11_553 }, 150n)).toThrow(RangeError);
  });

  it('caps targets at the max profit and formats hundredths', () => {
    expect(crashTargetCap(100n, 900n)).toBe(1000n);
    expect(crashTargetCap(3n, 1n)).toBe(133n);
    expect(formatHundredths(100n)).toBe('1.00');
    expect(formatHundredths(5n)).toBe('0.05');
    expect(formatHundredths(123_456n)).toBe('1234.56');
    expect(crashParamsSchema.safeParse({}).success).toBe(true);
    expect(crashParamsSchema.safeParse({ autoCashOut: 100 }).success).toBe(false);
    expect(crashParamsSchema.safeParse({ autoCashOut: 2.5 }).success).toBe(false);
    expect(crashParamsSchema.safeParse({ autoCashOut: 101, x: 1 }).success).toBe(false);
  });
});

describe('the multiplier curve', () => {
  it('matches floor(100 * e^(0.00006 ms)) computed to 60 digits (Python decimal)', () => {
    const vectors: [number, bigint][] = [
      [0, 100n],
      [1, 100n],
      [1000, 106n],
      [11_552, 199n],
      [11_553, 200n],
      [38_376, 999n],
      [38_377, 1000n],
      [100_000, 40_342n],
      [230_259, 100_002_944n],
      [600_000, 431_123_154_711_519_522n],
    ];
    for (const [ms, hundredths] of vectors) expect(multiplierAt(ms)).toBe(hundredths);
  });

  it('agrees with Math.exp away from hundredth boundaries and never decreases', () => {
    let previous = 100n;
    for (let ms = 0; ms <= 120_000; ms += 37) {
      const exact = multiplierAt(ms);
      expect(exact >= previous).toBe(true);
      previous = exact;
      const approx = 100 * Math.exp(0.00006 * ms);
      if (Math.abs(approx - Math.round(approx)) > 1e-6) expect(exact).toBe(BigInt(Math.floor(approx)));
    }
  });

  it('timeFor is the first millisecond showing a multiplier', () => {
    expect(timeFor(100n)).toBe(0);
    expect(timeFor(101n)).toBe(166);
    expect(timeFor(200n)).toBe(11_553);
    expect(timeFor(1000n)).toBe(38_377);
    expect(timeFor(10_000n)).toBe(76_753);
    expect(timeFor(100_000_000n)).toBe(230_259);
    for (const target of [101n, 157n, 999n, 4321n, 98_765n, 12_345_678n]) {
      const ms = timeFor(target);
      expect(multiplierAt(ms) >= target).toBe(true);
      expect(multiplierAt(ms - 1) < target).toBe(true);
    }
    expect(() => multiplierAt(-1)).toThrow(RangeError);
    expect(() => multiplierAt(1.5)).toThrow(RangeError);
  });
});
