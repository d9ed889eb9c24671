/** The search overlay's rules (spec 3 sections 4, 5, 9), zod-free. */
import type { GameFilter } from '@nebula/contracts';
import { SEARCH_MIN_CHARS } from '@nebula/contracts/constants';

/** Typing pause before the search runs on its own (Enter runs it at once). */
export const SEARCH_DEBOUNCE_MS = 350;

/** The `gamesFilter` conditions for a query: featured games when it is short, else a name search. */
export function searchFilter(query: string): GameFilter[] {
  const text = query.trim().slice(0, 64);
  if (text.length < SEARCH_MIN_CHARS) return [{ key: 'isSearchFeatured', expect: true }];
  return [{ key: 'name', type: 'search', expect: text }];
}
