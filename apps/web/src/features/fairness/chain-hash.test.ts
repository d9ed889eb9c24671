import { sha256Hex } from '@nebula/fairness';
import { generateChain, hashTimes } from '@nebula/games';
import { describe, expect, it } from 'vitest';
import { ChainWalker } from './chain-hash';

describe('ChainWalker', () => {
  it('is sha256 of the hex text, step by step, from any hash', () => {
    for (const start of ['a'.repeat(64), '0'.repeat(64), 'f'.repeat(64), sha256Hex('nebula')]) {
      const walker = new ChainWalker(start);
      let expected = start;
      for (let i = 0; i < 300; i += 1) {
        walker.step();
        expected = sha256Hex(expected);
        expect(walker.hex).toBe(expected);
      }
    }
  });

  it('walks many steps at once as hashTimes does, and 0 steps is no walk', () => {
    const start = sha256Hex('walk');
    const walker = new ChainWalker(start);
    walker.step(0);
    expect(walker.hex).toBe(start);
    walker.step(1234);
    expect(walker.hex).toBe(hashTimes(start, 1234));
  });

  it('reaches the terminating hash of a generated chain (the package vector)', () => {
    // games/src/crash/chain.test.ts: seed 'a' * 64 is game 4 of a chain of 5 ending in dd0621...
    const walker = new ChainWalker('a'.repeat(64));
    walker.step(5);
    expect(walker.hex).toBe('dd0621d5bda41dddfd13ad16475d3e742279c4876d55a252e3bb554f12ed6bdb');
    const chain = generateChain(sha256Hex('seed'), 50, 7);
    const last = new ChainWalker(chain.checkpoints.get(49)!);
    last.step(50);
    expect(last.hex).toBe(chain.terminatingHash);
  });

  it('refuses anything but 64 lower-case hex characters', () => {
    expect(() => new ChainWalker('A'.repeat(64))).toThrow(RangeError);
    expect(() => new ChainWalker('a'.repeat(63))).toThrow(RangeError);
    expect(() => new ChainWalker(`${'a'.repeat(63)}g`)).toThrow(RangeError);
  });
});
