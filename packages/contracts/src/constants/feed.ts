/**
 * The live feed, the latest wins ticker and the weekly race (spec 3 sections 3, 4, 7 and 9): limits,
 * and the one definition of a latest win built from a `LiveGame` event (server and web share it).
 */
import type { LatestWin, LiveGame } from '../endpoints/feed.js';

/** Live feed channels (spec 3 section 3). `mine` is for signed-in players; guests get `all` instead. */
export const liveFeedChannels = ['mine', 'all', 'high_rollers', 'lucky_wins', 'race'] as const;
export type LiveFeedChannel = (typeof liveFeedChannels)[number];

/** Entries in the feed by default (the player's count setting), and the most one call returns. */
export const LIVE_FEED_DEFAULT_COUNT = 10;
export const LIVE_FEED_MAX_COUNT = 50;
/** high_rollers: bets whose wager (split total) is worth at least this many USD when placed. */
export const HIGH_ROLLER_MIN_USD = 100;
/** lucky_wins: won bets paying at least this multiplier. */
export const LUCKY_WIN_MIN_MULTIPLIER = 10;

/** Latest wins ticker: at most this many entries (spec 3 section 9); the web shows 9 at first. */
export const LATEST_WINS_MAX = 30;
export const LATEST_WINS_INITIAL = 9;

/** Adds two decimal strings exactly (no floats). */
function addDecimal(a: string, b: string): string {
  const places = Math.max(a.split('.')[1]?.length ?? 0, b.split('.')[1]?.length ?? 0);
  const atomic = (s: string) => {
    const negative = s.startsWith('-');
    const [whole = '0', frac = ''] = (negative ? s.slice(1) : s).split('.');
    const v = BigInt(whole + frac.padEnd(places, '0'));
    return negative ? -v : v;
  };
  const sum = atomic(a) + atomic(b);
  const digits = (sum < 0n ? -sum : sum).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const frac = places > 0 ? digits.slice(digits.length - places).replace(/0+$/, '') : '';
  return `${sum < 0n ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/**
 * The latest win a `LiveGame` event describes, or null when it is not a win. The web adds a win to
 * the ticker from the realtime `LiveGame` event with this, and from `LiveFeedSportGame` with
 * `winType` 'sport' (no separate event exists); the server builds `latestWins` with it too, so both
 * are identical.
 */
export function latestWinFromLiveGame(e: LiveGame, winType: LatestWin['winType'] = 'game'): LatestWin | null {
  if (e.game.status !== 'win') return null;
  return {
    _id: e.game._id,
    game: e.metadata.id,
    name: e.metadata.name,
    ticker: null,
    image: e.metadata.image,
    player: e.user,
    multiplier: e.game.multiplier,
    usdProfit: e.game.profit_usd_converted,
    profit: e.game.profit,
    currency: e.game.currency,
    splitTotal: e.game.splitTotal,
    payout: addDecimal(e.game.wager, e.game.profit),
    winType,
  };
}

/**
 * Weekly race prize shares by place, in tenths of a percent (spec 3 section 9): 40, 18, 11, 8, 6, 5,
 * 4, 3, 2, 1 percent, then 0.2 percent each for places 11 to 20. They add up to 1000 (100 percent).
 */
export const RACE_PRIZE_SHARES_PERMILLE: readonly number[] = Object.freeze([
  400, 180, 110, 80, 60, 50, 40, 30, 20, 10, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
]);
/** Places paid in the weekly race. */
export const RACE_PAID_PLACES = RACE_PRIZE_SHARES_PERMILLE.length;
