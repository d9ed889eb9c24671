/** The search overlay's rules (spec 3 sections 4, 5, 9), zod-free. */
import type { GameFilter } from '@nebula/contracts';

/** Minimum characters before a search runs; fewer shows the featured games. */
export const SEARCH_MIN_CHARS = 3;
/** Results per page (contracts SEARCH_PAGE_SIZE). */
export const SEARCH_LIMIT = 6;
/** Typing pause before the search runs on its own (Enter runs it at once). */
export const SEARCH_DEBOUNCE_MS = 350;

/** The `gamesFilter` conditions for a query: featured games when it is short, else a name search. */
export function searchFilter(query: string): GameFilter[] {
  const text = query.trim().slice(0, 64);
  if (text.length < SEARCH_MIN_CHARS) return [{ key: 'isSearchFeatured', expect: true }];
  return [{ key: 'name', type: 'search', expect: text }];
}
