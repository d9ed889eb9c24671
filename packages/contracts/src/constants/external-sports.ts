/**
 * The external sportsbook (issue G10 item 4): values the server, the local sportsbook emulator and the
 * web share. The renderer's paths are the `bt-path` of `/sportsbook?bt-path=<encoded path>` (spec 1
 * section 2.1); when the external sportsbook is on, about 25 sports are used, each with a fixed slug
 * (spec 2, sportsbook sidebar): the sidebar's slugs of those sports.
 */

/** The sports the external sportsbook offers, by their fixed slug (the renderer's path `/{slug}`). */
export const EXTERNAL_SPORTS = [
  { slug: 'soccer-1', name: 'Soccer' },
  { slug: 'basketball-2', name: 'Basketball' },
  { slug: 'tennis-5', name: 'Tennis' },
  { slug: 'ice-hockey-4', name: 'Ice Hockey' },
  { slug: 'counter-strike-109', name: 'Counter-Strike' },
  { slug: 'fifa-300', name: 'FIFA' },
  { slug: 'table-tennis-20', name: 'Table Tennis' },
  { slug: 'volleyball-23', name: 'Volleyball' },
  { slug: 'baseball-3', name: 'Baseball' },
  { slug: 'handball-6', name: 'Handball' },
  { slug: 'golf-9', name: 'Golf' },
  { slug: 'boxing-10', name: 'Boxing' },
  { slug: 'rugby-12', name: 'Rugby' },
  { slug: 'aussie-rules-13', name: 'Aussie Rules' },
  { slug: 'american-football-16', name: 'American Football' },
  { slug: 'cycling-17', name: 'Cycling' },
  { slug: 'snooker-19', name: 'Snooker' },
  { slug: 'cricket-21', name: 'Cricket' },
  { slug: 'darts-22', name: 'Darts' },
  { slug: 'waterpolo-26', name: 'Waterpolo' },
  { slug: 'futsal-29', name: 'Futsal' },
  { slug: 'badminton-31', name: 'Badminton' },
  { slug: 'formula-1-40', name: 'Formula 1' },
  { slug: 'mma-117', name: 'MMA' },
  { slug: 'kabaddi-138', name: 'Kabaddi' },
] as const;
export type ExternalSportSlug = (typeof EXTERNAL_SPORTS)[number]['slug'];

/** The renderer's own pages besides the sports (`bets` needs a signed-in player). */
export const EXTERNAL_SPORT_VIEWS = ['bets', 'live'] as const;

/**
 * The renderer path of a `bt-path` query value: a decoded, normalised `/segment[/segment...]` of
 * letters, digits and dashes, or `/` for anything else (the renderer's home). Never throws.
 */
export function normaliseBtPath(raw: string | null | undefined): string {
  if (!raw) return '/';
  let path = raw;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return '/';
  }
  const parts = path.split('/').filter((p) => p !== '');
  if (parts.length > 4 || parts.some((p) => !/^[a-z0-9-]{1,64}$/i.test(p))) return '/';
  return `/${parts.join('/')}`;
}

/** The wallet operations the external sportsbook calls (`{wallet base}/bet/{operation}`). */
export const EXTERNAL_SPORT_OPERATIONS = [
  'make',
  'commit',
  'settlement',
  'win',
  'lost',
  'refund',
  'discard',
  'rollback',
] as const;
export type ExternalSportOperation = (typeof EXTERNAL_SPORT_OPERATIONS)[number];

/**
 * The scenarios of the local sportsbook's emulator (`/debugger/emulator/sportsbook`), in the order its
 * buttons show them: each fires the provider's signed wallet calls at the real wallet endpoint.
 */
export const SPORTSBOOK_EMULATOR_SCENARIOS = [
  'makeCommitWin',
  'makeLost',
  'duplicateMake',
  'insufficientFunds',
  'refund',
  'discard',
  'rollbackSettlement',
  'replayDifferent',
  'badSignature',
  'expiredToken',
] as const;
export type SportsbookEmulatorScenario = (typeof SPORTSBOOK_EMULATOR_SCENARIOS)[number];

/** The protocol's error codes (answered with HTTP 400 as `{code, message}`). */
export const ExternalSportError = {
  PlayerBlocked: 1005,
  PlayerNotFound: 1006,
  SessionExpired: 1007,
  NotEnoughMoney: 2001,
  InvalidCurrency: 2002,
  ParentNotFound: 2003,
  BadRequest: 2004,
  InvalidToken: 2005,
  BonusNotFound: 3001,
  LimitsExceeded: 4001,
} as const;

/** The protocol's message of each error code. */
export const EXTERNAL_SPORT_ERROR_TEXT: Record<number, string> = {
  1005: 'Player blocked',
  1006: 'Player not found',
  1007: 'Session expired',
  2001: 'Not enough money',
  2002: 'Invalid currency',
  2003: 'Parent transaction not found',
  2004: 'Bad request',
  2005: 'Invalid JWT token',
  3001: 'Bonus not found',
  4001: 'Player limits exceeded',
};
