import { describe, expect, it } from 'vitest';
import { SPORTS, SPORT_SIDEBAR_ITEMS, formatOdds, sportByKey, sportLimitText } from '@nebula/contracts';

describe('sports constants', () => {
  it('keeps the spec sidebar order and slugs', () => {
    expect(SPORT_SIDEBAR_ITEMS.slice(0, 6)).toEqual([
      'bets',
      'live',
      'favorites',
      'soccer-1',
      'basketball-2',
      'tennis-5',
    ]);
    expect(SPORT_SIDEBAR_ITEMS).toHaveLength(50);
    expect(SPORT_SIDEBAR_ITEMS.at(-1)).toBe('fifa22-volta-309');
    expect(new Set(SPORTS.map((s) => s.key)).size).toBe(SPORTS.length);
  });

  it('numbers each sport from its slug and types esports', () => {
    expect(sportByKey('soccer-1')).toMatchObject({ id: 1, type: 'SPORTS' });
    expect(sportByKey('floorball')).toMatchObject({ id: null, type: 'SPORTS' });
    expect(sportByKey('counter-strike-109')?.type).toBe('ESPORTS');
    expect(sportByKey('formula-1-40')?.id).toBe(40);
    expect(sportByKey('nope')).toBeUndefined();
  });

  it('formats odds in thousandths as decimal, fractional and American', () => {
    expect(formatOdds(1850)).toBe('1.85');
    expect(formatOdds(2000)).toBe('2.00');
    expect(formatOdds(1333)).toBe('1.333');
    expect(formatOdds(1850, 'fractional')).toBe('17/20');
    expect(formatOdds(3500, 'fractional')).toBe('5/2');
    expect(formatOdds(3500, 'american')).toBe('+250');
    expect(formatOdds(2000, 'american')).toBe('+100');
    expect(formatOdds(1500, 'american')).toBe('-200');
    expect(formatOdds(1850, 'american')).toBe('-118');
    expect(formatOdds(999)).toBe('-');
  });

  it('words the limits as the spec quotes them', () => {
    expect(sportLimitText('min', '1')).toBe('Min $1');
    expect(sportLimitText('max', '20')).toBe('Max $20');
  });
});
