import { sha256Hex } from '@nebula/fairness';
import { crashPointFromBits, crashPointFromHash } from '@nebula/games';
import { describe, expect, it } from 'vitest';
import {
  TWO_POW_32,
  TWO_POW_52,
  chainInput,
  computeCrashPoint,
  crashTone,
  groupDigits,
  hundredthsOf,
} from './crash-verify-model';

// The vectors of packages/games/src/crash/crash.test.ts (computed independently with Python):
// [game hash, HMAC(key = hash, message = salt), crash point at 1%, at 0%].
const SALT = '0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c';
const VECTORS: [string, string, bigint, bigint][] = [
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

function steps(hash: string, salt: string, edge: number, scheme: 'hmac52' | 'hmac32' = 'hmac52') {
  const result = computeCrashPoint(hash, salt, edge, scheme);
  if (result.status !== 'ok') throw new Error(JSON.stringify(result));
  return result.steps;
}

describe('computeCrashPoint', () => {
  it.each(VECTORS)('recomputes the package vector of %s', (hash, mac, atOne, atZero) => {
    const one = steps(hash, SALT, 100);
    expect(one.hmac).toBe(mac);
    expect(one.bitsHex).toBe(mac.slice(0, 13));
    expect(one.r).toBe(BigInt(`0x${mac.slice(0, 13)}`));
    expect(one.crashPoint).toBe(atOne);
    expect(steps(hash, SALT, 0).crashPoint).toBe(atZero);
  });

  it('shows the exact formula: numerator, denominator, floor and the 1.00x floor', () => {
    const s = steps('a'.repeat(64), SALT, 100);
    expect(s.numerator).toBe(100n * 9900n * TWO_POW_52);
    expect(s.denominator).toBe(10000n * (TWO_POW_52 - s.r));
    expect(s.raw).toBe(254n);
    expect(s.multiplier).toBe('2.54');
    expect(s.x).toBe(Number(s.r) / 2 ** 52);
    expect(s.x).toBeCloseTo(0.6109, 4);
    // The published double formula gives the same: floor(99 / (1 - X)).
    expect(Math.floor(99 / (1 - s.x))).toBe(254);
  });

  it('agrees with crashPointFromHash along a chain, including rounds that bust at 1.00x', () => {
    let hash = sha256Hex('crash-verifier');
    let belowOne = 0;
    for (let i = 0; i < 600; i += 1) {
      hash = sha256Hex(hash);
      const s = steps(hash, SALT, 100);
      expect(s.crashPoint).toBe(crashPointFromHash(hash, SALT, 100, 'hmac52'));
      expect(s.crashPoint).toBe(crashPointFromBits(s.r, 100, 'hmac52'));
      const t = steps(hash, SALT, 100, 'hmac32');
      expect(t.crashPoint).toBe(crashPointFromHash(hash, SALT, 100, 'hmac32'));
      if (s.raw < 100n) {
        belowOne += 1;
        expect(s.crashPoint).toBe(100n);
        expect(s.multiplier).toBe('1.00');
      }
    }
    // About 2% of rounds bust at 1.00x with a 1% edge; some are below 1.00x before the floor.
    expect(belowOne).toBeGreaterThan(0);
  });

  it('trims the inputs, lower-cases the hash and explains what is missing', () => {
    const [hash, , atOne] = VECTORS[0]!;
    expect(steps(`  ${hash.toUpperCase()} `, ` ${SALT}\n`, 100).crashPoint).toBe(atOne);
    expect(computeCrashPoint('', '  ', 100, 'hmac52')).toEqual({ status: 'empty' });
    expect(computeCrashPoint('abc', SALT, 100, 'hmac52')).toEqual({
      status: 'error',
      errorKey: 'fairnessUi.crash.errors.hash',
    });
    expect(computeCrashPoint(hash, '', 100, 'hmac52')).toEqual({
      status: 'error',
      errorKey: 'fairnessUi.crash.errors.salt',
    });
    expect(computeCrashPoint(hash, SALT, Number.NaN, 'hmac52')).toEqual({
      status: 'error',
      errorKey: 'fairnessUi.errors.edge',
    });
    expect(computeCrashPoint(hash, SALT, 5001, 'hmac52')).toEqual({
      status: 'error',
      errorKey: 'fairnessUi.errors.edge',
    });
  });
});

describe('computeCrashPoint, scheme hmac32 (the public algorithm)', () => {
  it('reproduces the real Stake round of packages/games crash.test.ts (game #1,126,614, 2.35x)', () => {
    // https://bitcointalk.org/index.php?topic=5162888.0 (salt: bitcoin block 584,500) and
    // https://github.com/lucasholder/fair/blob/master/src/games/crash.rs (test_crash_verify).
    const s = steps(
      '5844bf329a6334074778ab8a5f0960e24f9eec43f83bbd98ac0a9f8bcd87184e',
      '0000000000000000001b34dc6a1e86083f95500b096231436e9b25cbdd0075c4',
      100,
      'hmac32',
    );
    expect(s.bits).toBe(32);
    expect(s.bitsHex).toBe(s.hmac.slice(0, 8));
    expect(s.r).toBe(BigInt(`0x${s.hmac.slice(0, 8)}`));
    expect(s.numerator).toBe(100n * 9900n * TWO_POW_32);
    expect(s.denominator).toBe(10000n * (s.r + 1n));
    expect(s.multiplier).toBe('2.35');
    // The published double formula: max(1, 2^32 / (n + 1) * 0.99) = 2.3522275811778033.
    expect(s.x * 0.99).toBeCloseTo(2.3522275811778033, 12);
  });

  it('rejects an unknown scheme', () => {
    expect(computeCrashPoint('a'.repeat(64), SALT, 100, 'hmac64')).toEqual({
      status: 'error',
      errorKey: 'fairnessUi.crash.errors.scheme',
    });
  });
});

describe('chainInput', () => {
  const hash = 'a'.repeat(64);
  const terminating = 'dd0621d5bda41dddfd13ad16475d3e742279c4876d55a252e3bb554f12ed6bdb';

  it('walks index + 1 hashes to the terminating hash', () => {
    expect(chainInput(hash, '4', terminating)).toEqual({ status: 'ok', hash, steps: 5, terminating });
    expect(chainInput(` ${hash.toUpperCase()}`, ' 0 ', terminating.toUpperCase(), 5)).toEqual({
      status: 'ok',
      hash,
      steps: 1,
      terminating,
    });
  });

  it('waits for missing values and reports bad ones', () => {
    expect(chainInput('', '4', terminating)).toMatchObject({ status: 'waiting' });
    expect(chainInput(hash, '', terminating)).toMatchObject({ status: 'waiting' });
    expect(chainInput(hash, '4', '')).toMatchObject({ status: 'waiting' });
    expect(chainInput(hash, '-1', terminating)).toEqual({
      status: 'error',
      errorKey: 'fairnessUi.crash.errors.index',
    });
    expect(chainInput(hash, '100000001', terminating)).toMatchObject({ status: 'error' });
    expect(chainInput(hash, '4', 'xyz')).toEqual({
      status: 'error',
      errorKey: 'fairnessUi.crash.errors.terminating',
    });
    expect(chainInput(hash, '5', terminating, 5)).toEqual({
      status: 'error',
      errorKey: 'fairnessUi.crash.errors.indexPastChain',
    });
  });
});

describe('formatting helpers', () => {
  it('colours, parses and groups like the game', () => {
    expect([100n, 199n, 200n, 999n, 1000n].map(crashTone)).toEqual(['low', 'low', 'mid', 'mid', 'high']);
    expect(hundredthsOf('23.84')).toBe(2384n);
    expect(hundredthsOf('1.00')).toBe(100n);
    expect(hundredthsOf('2.5')).toBeNull();
    expect(groupDigits(4_458_563_631_096_791_040_000n)).toBe(
      '4\u2009458\u2009563\u2009631\u2009096\u2009791\u2009040\u2009000',
    );
    expect(groupDigits(999n)).toBe('999');
  });
});
