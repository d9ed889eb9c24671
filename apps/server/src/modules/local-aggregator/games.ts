/**
 * The local aggregator's own games: two simple, provably fair games its studio hosts for every
 * provider game of the demo catalogue. The outcome of spin `nonce` is read from the platform's
 * fairness stream, `floats(serverSeed, clientSeed, nonce, n)` (@nebula/fairness: HMAC-SHA256 keyed by
 * the server seed, whose SHA-256 the page shows before the first spin and whose value it reveals when
 * the player rotates it), so any spin can be recomputed.
 *
 * - `reels`: three reels of 20 stops each (6 cherries, 6 lemons, 4 bells, 3 stars, 1 seven), a stop per
 *   reel `floor(float * 20)`; three of a kind pays 7777 x250, stars x40, bells x20, cherries x7, lemons
 *   x6; exactly two cherries x1.5. Return to player 96.075% (the test sums the table).
 * - `wheel`: a wheel of 25 segments (13 x0, 5 x1.2, 5 x2, 1 x3, 1 x5), a segment `floor(float * 25)`.
 *   Return to player 24 / 25 = 96%.
 */
import { floatToIndex, floats } from '@nebula/fairness';

export type LocalEngine = 'reels' | 'wheel';

/** A multiplier as a fraction (payouts are rounded down to the currency's unit). */
export interface Multiplier {
  num: bigint;
  den: bigint;
}

export const REEL_SYMBOLS = ['cherry', 'lemon', 'bell', 'star', 'seven'] as const;
export type ReelSymbol = (typeof REEL_SYMBOLS)[number];

/** One reel's 20 stops (every reel is the same strip). */
export const REEL_STRIP: readonly ReelSymbol[] = [
  'cherry',
  'lemon',
  'bell',
  'cherry',
  'star',
  'lemon',
  'cherry',
  'bell',
  'lemon',
  'seven',
  'cherry',
  'lemon',
  'star',
  'bell',
  'cherry',
  'lemon',
  'bell',
  'cherry',
  'star',
  'lemon',
];

/** Three of a kind, per symbol. */
export const REEL_THREE: Readonly<Record<ReelSymbol, Multiplier>> = {
  seven: { num: 250n, den: 1n },
  star: { num: 40n, den: 1n },
  bell: { num: 20n, den: 1n },
  cherry: { num: 7n, den: 1n },
  lemon: { num: 6n, den: 1n },
};
/** Exactly two cherries. */
export const REEL_TWO_CHERRIES: Multiplier = { num: 3n, den: 2n };

export const WHEEL_SEGMENTS: readonly Multiplier[] = (
  [0, 2, 0, 1.2, 0, 3, 0, 1.2, 0, 2, 0, 1.2, 0, 5, 0, 2, 0, 1.2, 0, 2, 0, 1.2, 0, 2, 0] as const
).map((m) => (m === 1.2 ? { num: 6n, den: 5n } : { num: BigInt(m), den: 1n }));

const ZERO: Multiplier = { num: 0n, den: 1n };

export interface SpinOutcome {
  engine: LocalEngine;
  /** reels: the three stops; wheel: the segment. */
  stops: number[];
  /** reels: the symbols shown. */
  symbols?: ReelSymbol[];
  multiplier: Multiplier;
}

/** The reels' multiplier for three symbols. */
export function reelsMultiplier(symbols: readonly ReelSymbol[]): Multiplier {
  const [a, b, c] = symbols;
  if (a && a === b && b === c) return REEL_THREE[a];
  if (symbols.filter((s) => s === 'cherry').length === 2) return REEL_TWO_CHERRIES;
  return ZERO;
}

/** Spin `nonce` of a seed pair. */
export function spin(
  engine: LocalEngine,
  serverSeed: string,
  clientSeed: string,
  nonce: number,
): SpinOutcome {
  if (engine === 'reels') {
    const stops = floats(serverSeed, clientSeed, nonce, 3).map((f) => floatToIndex(f, REEL_STRIP.length));
    const symbols = stops.map((s) => REEL_STRIP[s] as ReelSymbol);
    return { engine, stops, symbols, multiplier: reelsMultiplier(symbols) };
  }
  const [f = 0] = floats(serverSeed, clientSeed, nonce, 1);
  const stop = floatToIndex(f, WHEEL_SEGMENTS.length);
  return { engine, stops: [stop], multiplier: WHEEL_SEGMENTS[stop] ?? ZERO };
}

/** The payout of `wager` atomic units at `m`, rounded down. */
export function payoutOf(wager: bigint, m: Multiplier): bigint {
  return (wager * m.num) / m.den;
}

/** Which game a catalogue game plays: the wheel show for live tables and game shows, else the reels. */
export function engineOf(customCategory: string | null): LocalEngine {
  return customCategory === 'live' || customCategory === 'game-shows' ? 'wheel' : 'reels';
}
