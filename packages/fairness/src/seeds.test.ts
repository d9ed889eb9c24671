import { describe, expect, it } from 'vitest';
import { generateServerSeed, hashServerSeed, isServerSeed, sha256Hex } from './index.js';

describe('server seeds', () => {
  it('are 32 random bytes as 64 lower-case hex characters, different every time', () => {
    const seeds = new Set(Array.from({ length: 50 }, () => generateServerSeed()));
    expect(seeds.size).toBe(50);
    for (const seed of seeds) expect(isServerSeed(seed)).toBe(true);
  });

  it('commit with SHA-256 of the seed text', () => {
    const seed = generateServerSeed();
    expect(hashServerSeed(seed)).toBe(sha256Hex(seed));
    expect(hashServerSeed(seed)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashServerSeed(seed)).not.toBe(seed);
  });

  it('isServerSeed rejects other shapes', () => {
    expect(isServerSeed('A'.repeat(64))).toBe(false);
    expect(isServerSeed('a'.repeat(63))).toBe(false);
    expect(isServerSeed('')).toBe(false);
  });
});
