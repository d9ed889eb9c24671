/** The catalogue's keys and page sizes (spec 2 sections 2-3, spec 3 sections 7 and 9). */

/** The `type` of every in-house game (provider games carry their provider's id instead). */
export const ORIGINALS_TYPE = 'originals';

/** Search page size (spec 3 section 9) and the shortest query the search overlay sends to the server. */
export const SEARCH_PAGE_SIZE = 6;
export const SEARCH_MIN_CHARS = 3;
/** Home lists (spec 2 section 9): games per category row and providers in the providers row. */
export const LOBBY_ROW_SIZE = 10;
export const LOBBY_PROVIDERS = 20;
/** Largest page `gamesFilter` returns. */
export const GAMES_FILTER_MAX_LIMIT = 100;
