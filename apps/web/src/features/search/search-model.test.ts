import { describe, expect, it } from 'vitest';
import { gameFilterSchema } from '@nebula/contracts';
import { searchFilter } from './search-model';

describe('search filter', () => {
  it('shows featured games below 3 characters, else searches names', () => {
    expect(searchFilter('')).toEqual([{ key: 'isSearchFeatured', expect: true }]);
    expect(searchFilter(' di ')).toEqual([{ key: 'isSearchFeatured', expect: true }]);
    expect(searchFilter(' dic ')).toEqual([{ key: 'name', type: 'search', expect: 'dic' }]);
    for (const q of ['', 'dice', 'x'.repeat(100)]) {
      for (const f of searchFilter(q)) expect(gameFilterSchema.safeParse(f).success).toBe(true);
    }
  });
});
