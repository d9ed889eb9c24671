import { sha256Hex } from '@nebula/fairness';
import { describe, expect, it } from 'vitest';
import {
  chainHashAt,
  generateChain,
  hashFromCheckpoints,
  hashTimes,
  isChainHash,
  previousChainHash,
  terminatingHash,
  verifyChainHash,
} from './chain.js';

const SEED = 'a'.repeat(64);

describe('the crash hash chain', () => {
  it('matches a chain walked independently (Python hashlib)', () => {
    const chain = generateChain(SEED, 5, 2);
    expect(chain.terminatingHash).toBe('dd0621d5bda41dddfd13ad16475d3e742279c4876d55a252e3bb554f12ed6bdb');
    expect(hashFromCheckpoints(chain.checkpoints, 5, 0)).toBe(
      '227b5d390a7d8631462815f47442bacc12f83b9b44f027844a3cc0db759d3499',
    );
    expect(hashFromCheckpoints(chain.checkpoints, 5, 4)).toBe(SEED);
    expect([...chain.checkpoints.keys()].sort()).toEqual([0, 2, 4]);
  });

  it('links every game to the published terminating hash and to its neighbours', () => {
    const length = 97;
    const chain = generateChain(sha256Hex('seed'), length, 16);
    const hashes = Array.from({ length }, (_, i) => hashFromCheckpoints(chain.checkpoints, length, i));
    expect(terminatingHash(hashes[0] as string)).toBe(chain.terminatingHash);
    for (let i = 0; i < length; i += 1) {
      const hash = hashes[i] as string;
      expect(isChainHash(hash)).toBe(true);
      if (i > 0) expect(previousChainHash(hash)).toBe(hashes[i - 1]);
      expect(verifyChainHash(hash, i, chain.terminatingHash)).toBe(true);
    }
    expect(verifyChainHash(hashes[10] as string, 11, chain.terminatingHash)).toBe(false);
    expect(verifyChainHash(hashes[10] as string, 9, chain.terminatingHash)).toBe(false);
    expect(verifyChainHash('not a hash', 0, chain.terminatingHash)).toBe(false);
    expect(chainHashAt(hashes[90] as string, 90, 50)).toBe(hashes[50]);
    expect(hashTimes(hashes[3] as string, 3)).toBe(hashes[0]);
  });

  it('refuses malformed input', () => {
    expect(() => generateChain('A'.repeat(64), 3)).toThrow(RangeError);
    expect(() => generateChain(SEED, 0)).toThrow(RangeError);
    expect(() => hashFromCheckpoints(new Map([[4, SEED]]), 5, 5)).toThrow(RangeError);
    expect(() => hashFromCheckpoints(new Map([[2, SEED]]), 5, 3)).toThrow(RangeError);
    expect(() => chainHashAt(SEED, 3, 4)).toThrow(RangeError);
  });
});
