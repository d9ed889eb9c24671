/**
 * The live feed's pure rules (spec 3 sections 3 and 9): which bet belongs to which channel, how the
 * list is merged and trimmed, and how long a live event waits. Exact decimal arithmetic only (no
 * floats for money); zod-free so it stays light in the first-visit bundle (the limits come from the
 * contracts' constants entry).
 */
import type { LiveGame } from '@nebula/contracts';
import {
  HIGH_ROLLER_MIN_USD,
  isEventData,
  liveGameEventRef,
  LUCKY_WIN_MIN_MULTIPLIER,
} from '@nebula/contracts/constants';
import type { LiveChannel } from '../../lib/store';
import { multiplierText } from '../../lib/multiplier-format';

/** The choices of the count setting (the server returns at most LIVE_FEED_MAX_COUNT). */
export const LIVE_FEED_COUNTS = [10, 20, 30, 50] as const;
/** A live event never waits longer than this, whatever its `delay` says. */
export const MAX_FEED_DELAY_MS = 10_000;

const SCALE = 18;

/** A decimal string (or finite number) as an integer scaled by 10^18; null when it is not a number. */
export function toScaled(value: string | number): bigint | null {
  let text = typeof value === 'number' ? (Number.isFinite(value) ? value.toString() : '') : value.trim();
  if (/e/i.test(text)) {
    // Tiny or huge numbers print in exponent form: expand through toFixed (20 places is enough here).
    const n = Number(text);
    if (!Number.isFinite(n)) return null;
    text = n.toFixed(20);
  }
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const [, sign, whole = '0', frac = ''] = match;
  const atomic = BigInt(whole + frac.slice(0, SCALE).padEnd(SCALE, '0'));
  return sign === '-' ? -atomic : atomic;
}

const abs = (v: bigint) => (v < 0n ? -v : v);

/**
 * True when `splitTotal` (in the bet's currency) is worth at least `thresholdUsd`. The USD price
 * comes from the currency list; without it, from the bet itself (profit_usd_converted / profit).
 * Unknown values count as below the threshold.
 */
export function isWorthAtLeastUsd(
  game: Pick<LiveGame['game'], 'splitTotal' | 'profit' | 'profit_usd_converted'>,
  priceUsd: number | undefined,
  thresholdUsd: number,
): boolean {
  const total = toScaled(game.splitTotal);
  const threshold = toScaled(thresholdUsd);
  if (total === null || threshold === null) return false;
  const price = priceUsd === undefined ? null : toScaled(priceUsd);
  if (price !== null && price > 0n) return total * price >= threshold * 10n ** BigInt(SCALE);
  const profit = toScaled(game.profit);
  const profitUsd = toScaled(game.profit_usd_converted);
  if (profit === null || profitUsd === null || profit === 0n) return false;
  // total * (|usd| / |profit|) >= threshold
  return abs(total) * abs(profitUsd) >= threshold * abs(profit);
}

/** True for a won bet paying at least {@link LUCKY_WIN_MIN_MULTIPLIER}x. */
export function isLuckyWin(game: Pick<LiveGame['game'], 'status' | 'multiplier'>): boolean {
  const multiplier = toScaled(game.multiplier);
  const lucky = toScaled(LUCKY_WIN_MIN_MULTIPLIER);
  return game.status === 'win' && multiplier !== null && lucky !== null && multiplier >= lucky;
}

/** What a channel filter needs to know besides the bet. */
export interface ChannelContext {
  /** The signed-in viewer's id; null for guests. */
  userId: string | null;
  /** USD prices by currency id. */
  prices: Record<string, number | undefined>;
  /** The race's current leaders (race channel); undefined while unknown. */
  raceLeaders?: ReadonlySet<string>;
}

/** The channel a viewer actually sees: guests asking for `mine` get `all` (spec 3 section 3). */
export function effectiveChannel(channel: LiveChannel, signedIn: boolean): LiveChannel {
  return channel === 'mine' && !signedIn ? 'all' : channel;
}

/** The channels offered to a viewer, in order. */
export function channelsFor(signedIn: boolean): LiveChannel[] {
  return signedIn
    ? ['mine', 'all', 'high_rollers', 'lucky_wins', 'race']
    : ['all', 'high_rollers', 'lucky_wins', 'race'];
}

/** Whether a live bet belongs in `channel`. */
export function matchesChannel(event: LiveGame, channel: LiveChannel, ctx: ChannelContext): boolean {
  switch (channel) {
    case 'all':
      return true;
    case 'mine':
      return ctx.userId !== null && (event.game.user === ctx.userId || event.user._id === ctx.userId);
    case 'high_rollers':
      return isWorthAtLeastUsd(event.game, ctx.prices[event.game.currency], HIGH_ROLLER_MIN_USD);
    case 'lucky_wins':
      return isLuckyWin(event.game);
    case 'race':
      return !!ctx.raceLeaders && event.user._id !== '' && ctx.raceLeaders.has(event.user._id);
    default:
      return false;
  }
}

/** Puts `event` first, drops an older copy of the same bet, keeps at most `count` entries. */
export function addToFeed(list: readonly LiveGame[], event: LiveGame, count: number): LiveGame[] {
  const rest = list.filter((entry) => entry.game._id !== event.game._id);
  return [event, ...rest].slice(0, Math.max(0, count));
}

/** How long (ms) a live event waits before it shows: its `delay`, within 0 and {@link MAX_FEED_DELAY_MS}. */
export function feedDelay(event: Pick<LiveGame, 'delay'>): number {
  const delay = Number(event.delay);
  return Number.isFinite(delay) ? Math.min(Math.max(0, delay), MAX_FEED_DELAY_MS) : 0;
}

/** A decimal string for display: at most `places` decimals (truncated), trailing zeros dropped. */
export function shortDecimal(value: string, places = 8): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign, whole = '0', frac = ''] = match;
  const cut = frac.slice(0, places).replace(/0+$/, '');
  return `${sign}${whole}${cut ? `.${cut}` : ''}`;
}

/** A multiplier for display: the app's rule (two decimals, truncated), e.g. `12.50×`. */
export function formatMultiplier(value: string): string {
  return `${multiplierText(value)}×`;
}

/** True when a live bet has the contract's shape (the `LiveGame` event's generated guard). */
export function isLiveGame(value: unknown): value is LiveGame {
  return isEventData(liveGameEventRef, value);
}

/**
 * The feed's time column: `HH:MM` (24 h, the viewer's time zone) for a bet of today, else the short
 * date (`12 Nov`); an empty string when the time is missing or unreadable.
 */
export function formatFeedTime(iso: string | undefined, now: Date, locale: string): string {
  const at = iso ? new Date(iso) : null;
  if (!at || Number.isNaN(at.getTime())) return '';
  const sameDay =
    at.getFullYear() === now.getFullYear() &&
    at.getMonth() === now.getMonth() &&
    at.getDate() === now.getDate();
  return sameDay
    ? new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at)
    : new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' }).format(at);
}

/** A live event with its time: kept when the server sent one, else the moment it arrived. */
export function withFeedTime(event: LiveGame, arrived: Date): LiveGame {
  return event.game.created_at
    ? event
    : { ...event, game: { ...event.game, created_at: arrived.toISOString() } };
}
