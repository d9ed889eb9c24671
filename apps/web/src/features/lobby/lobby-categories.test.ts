import { describe, expect, it } from 'vitest';
import { gameFilterSchema } from '@nebula/contracts';
import { LOBBY_CATEGORIES, filterForTag, humanizeTag } from './lobby-categories';

describe('lobby category filters', () => {
  it('are valid gamesFilter conditions', () => {
    for (const category of Object.values(LOBBY_CATEGORIES)) {
      for (const f of category.filter ?? []) expect(gameFilterSchema.safeParse(f).success).toBe(true);
    }
  });
  it('maps tags: capitalised known slugs, custom categories, plain categories', () => {
    expect(filterForTag('Slots')).toEqual(LOBBY_CATEGORIES.slots!.filter);
    expect(filterForTag('Originals')).toEqual([{ key: 'type', expect: 'originals' }]);
    expect(filterForTag('buy-bonuses')).toEqual([{ key: 'custom_category', expect: 'buy-bonuses' }]);
    expect(filterForTag('megaways')).toEqual([
      { key: 'category', type: 'includes:array', expect: 'megaways' },
    ]);
    for (const f of filterForTag('megaways')) expect(gameFilterSchema.safeParse(f).success).toBe(true);
  });
  it('humanizes tags', () => {
    expect(humanizeTag('buy-bonuses')).toBe('Buy bonuses');
  });
});
