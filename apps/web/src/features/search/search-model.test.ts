import { describe, expect, it } from 'vitest';
import { SEARCH_MIN_CHARS as CONTRACT_MIN, gameFilterSchema } from '@nebula/contracts';
import { SEARCH_MIN_CHARS, searchFilter } from './search-model';

describe('search filter', () => {
  it('shows featured games below 3 characters, else searches names', () => {
    expect(SEARCH_MIN_CHARS).toBe(CONTRACT_MIN);
    expect(searchFilter('')).toEqual([{ key: 'isSearchFeatured', expect: true }]);
    expect(searchFilter(' di ')).toEqual([{ key: 'isSearchFeatured', expect: true }]);
    expect(searchFilter(' dic ')).toEqual([{ key: 'name', type: 'search', expect: 'dic' }]);
    for (const q of ['', 'dice', 'x'.repeat(100)]) {
      for (const f of searchFilter(q)) expect(gameFilterSchema.safeParse(f).success).toBe(true);
    }
  });
});
