import { describe, expect, it } from 'vitest';
import { parseVerify } from './parse-verify';

describe('parseVerify', () => {
  it('splits game, server seed, client seed and nonce', () => {
    expect(parseVerify('dice-abc123-myseed-42')).toEqual({
      game: 'dice',
      serverSeed: 'abc123',
      clientSeed: 'myseed',
      nonce: '42',
    });
  });

  it('keeps dashes inside the client seed', () => {
    expect(parseVerify('limbo-ff00-my-lucky-seed-7')?.clientSeed).toBe('my-lucky-seed');
  });

  it('refuses malformed values', () => {
    expect(parseVerify(null)).toBeNull();
    expect(parseVerify('dice-abc-7')).toBeNull();
    expect(parseVerify('dice-abc-seed-x')).toBeNull();
  });
});
