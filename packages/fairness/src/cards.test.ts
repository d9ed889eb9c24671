import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardFromIndex, cardIndexFromFloat, floats, selectWithoutReplacement, shuffle52 } from './index.js';

describe('card index order (♦♥♠♣ within each rank, ranks 2..A)', () => {
  it('matches the public verifiers’ table ♦2, ♥2, ♠2, ♣2, ♦3, ... ♣A', () => {
    const table = Array.from({ length: 52 }, (_, i) => cardFromIndex(i).label);
    expect(table.slice(0, 10)).toEqual(['♦2', '♥2', '♠2', '♣2', '♦3', '♥3', '♠3', '♣3', '♦4', '♥4']);
    expect(table.slice(32, 40)).toEqual(['♦10', '♥10', '♠10', '♣10', '♦J', '♥J', '♠J', '♣J']);
    expect(table.slice(40, 52)).toEqual([
      '♦Q',
      '♥Q',
      '♠Q',
      '♣Q',
      '♦K',
      '♥K',
      '♠K',
      '♣K',
      '♦A',
      '♥A',
      '♠A',
      '♣A',
    ]);
    expect(cardFromIndex(24)).toEqual({ index: 24, rank: '8', rankIndex: 6, suit: 'diamonds', label: '♦8' });
    expect(new Set(table).size).toBe(52);
  });

  it('rejects indices outside 0..51', () => {
    expect(() => cardFromIndex(52)).toThrow(RangeError);
    expect(() => cardFromIndex(-1)).toThrow(RangeError);
    expect(() => cardFromIndex(1.5)).toThrow(RangeError);
  });

  it('draws from an unlimited deck with floor(float * 52)', () => {
    expect(cardIndexFromFloat(0)).toBe(0);
    expect(cardIndexFromFloat(0.471028034)).toBe(24);
    expect(cardIndexFromFloat(1 - 2 ** -32)).toBe(51);
  });
});

describe('selectWithoutReplacement', () => {
  it('picks floor(f * remaining) and removes it', () => {
    // 0.5 of [a b c d] -> c; 0 of [a b d] -> a; 0.99 of [b d] -> d; 0 of [b] -> b
    expect(selectWithoutReplacement([0.5, 0, 0.99, 0], ['a', 'b', 'c', 'd'])).toEqual(['c', 'a', 'd', 'b']);
  });

  it('returns distinct items of the pool, one per float, and leaves the pool alone', () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.integer(), { minLength: 1, maxLength: 60 })
          .chain((pool) =>
            fc.tuple(
              fc.constant(pool.map((value, position) => ({ value, position }))),
              fc.array(fc.nat({ max: 2 ** 32 - 1 }), { maxLength: pool.length }),
            ),
          ),
        ([pool, numerators]) => {
          const copy = [...pool];
          const picked = selectWithoutReplacement(
            numerators.map((k) => k / 2 ** 32),
            pool,
          );
          expect(picked).toHaveLength(numerators.length);
          expect(new Set(picked).size).toBe(picked.length);
          for (const item of picked) expect(pool).toContain(item);
          expect(pool).toEqual(copy);
        },
      ),
    );
  });

  it('refuses more floats than items', () => {
    expect(() => selectWithoutReplacement([0, 0], ['a'])).toThrow(RangeError);
  });
});

describe('shuffle52', () => {
  it('is a permutation of the deck for 52 floats', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat({ max: 1_000_000 }), (clientSeed, nonce) => {
        const deck = shuffle52(floats('server', clientSeed, nonce, 52));
        expect([...deck].sort((a, b) => a - b)).toEqual(Array.from({ length: 52 }, (_, i) => i));
      }),
      { numRuns: 50 },
    );
  });

  it('vector: the first five cards for a fixed seed triple', () => {
    const serverSeed = '7f3a1c9e5b2d4f6081a3c5e7f9b1d3e5a7c9e1f3b5d7f9a1c3e5a7b9d1f3e5a7';
    const values = floats(serverSeed, 'nebula', 0, 5);
    // floats 0.0943, 0.0967, 0.0602, 0.9418, 0.7736 over 52, 51, 50, 49, 48 remaining cards:
    // floor(0.0943*52)=4 -> ♦3; floor(0.0967*51)=4 of [0..3,5..] -> 5 (♥3); floor(0.0602*50)=3 -> 3 (♣2);
    // floor(0.9418*49)=46 of the 49 left -> index 49 (♥A); floor(0.7736*48)=37 -> index 40 (♦Q).
    expect(shuffle52(values).map((i) => cardFromIndex(i).label)).toEqual(['♦3', '♥3', '♣2', '♥A', '♦Q']);
  });
});
