/**
 * Lobby benchmark, shared by the coordinator (lobby-main.ts), the set-up (lobby-setup.ts) and the load
 * generator (lobby-load.ts): the requests the clients send, the countries they claim, the signed-in
 * players' tokens, the messages between the processes and latency statistics.
 */

/** The home page's category rows (spec 2 section 7 `gamesFilter` calls), 10 games each. */
export const LOBBY_ROWS = [
  { key: 'type', expect: 'originals' },
  { key: 'isFeatured', expect: true },
  { key: 'custom_category', expect: 'live' },
  { key: 'custom_category', expect: 'game-shows' },
  { key: 'custom_category', expect: 'new-releases' },
  { key: 'category', type: 'includes:array', expect: 'buy-bonuses' },
] as const;

/** Search queries (3 characters or more, as the overlay sends them): fragments of the generated names. */
export const SEARCH_WORDS = [
  'gol',
  'wild',
  'mega',
  'luck',
  'roy',
  'cosm',
  'crys',
  'fire',
  'myst',
  'neon',
  'dragon',
  'treasure',
  'jack',
  'bonanza',
  'quest',
  'temple',
  'reels',
  'legend',
  'vault',
  'safari',
  'fruit',
  'roulette',
  'live',
  'deluxe',
  'xtreme',
  'hold and',
  'star w',
  'pir',
  'candy',
  'vik',
  'zzz',
  'gem',
] as const;

/** Countries the clients claim through `cf-ipcountry` (and restricted providers use); '' sends none. */
export const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'BR', 'CA', 'AU', 'JP', 'ES', 'IT', 'NL', 'SE'] as const;

/** The bearer token of signed-in bench player `i`. */
export const benchToken = (i: number): string => `lobby-bench-player-${i}`;

export type RequestKind = 'row' | 'search';

/** Coordinator -> load generator. */
export interface LoadCommand {
  type: 'run';
  url: string;
  clients: number;
  /** The first `signedIn` clients send a player's bearer token. */
  signedIn: number;
  /** Share of requests that are searches (the rest are lobby rows). */
  searchShare: number;
  warmup: number;
  duration: number;
  /** Pause of each client after each response, ms (0: back to back, i.e. saturation). */
  gap: number;
}

export interface KindStats {
  completed: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/** Load generator -> coordinator. */
export type LoadReply =
  | { type: 'ready' }
  | {
      type: 'result';
      seconds: number;
      all: KindStats;
      byKind: Record<RequestKind, KindStats>;
      errors: Record<string, number>;
    }
  | { type: 'error'; message: string };

/** The q-quantile of ascending `sorted` (nearest rank). */
export function quantile(sorted: readonly number[], q: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

/** Summary statistics of latencies (ms). */
export function stats(latencies: number[]): KindStats {
  latencies.sort((a, b) => a - b);
  return {
    completed: latencies.length,
    p50: quantile(latencies, 0.5),
    p90: quantile(latencies, 0.9),
    p99: quantile(latencies, 0.99),
    max: latencies.at(-1) ?? NaN,
  };
}
