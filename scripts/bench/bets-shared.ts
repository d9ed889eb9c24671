/**
 * Bet benchmark (issue F5), shared by the coordinator (bets-main.ts) and the load generator
 * (bets-load.ts): the bet every phase places, the players' fixed identities, the messages between
 * the processes, and latency statistics.
 */
import { DEFAULT_HOUSE_EDGE_BPS, dice, payoutFor, ratioToFixed } from '@nebula/games';
import { amount } from '@nebula/money';

/** Currency of every bet: a seeded currency with a configured static price (as the server tests use). */
export const CURRENCY = 'usdt';
export const CURRENCY_DECIMALS = 8;
/** The wager, 0.01 USDT, as a decimal string (HTTP) and in atomic units (SQL). */
export const WAGER = '0.01';
export const WAGER_ATOMIC = 1_000_000n;
/** Dice, roll over 50.00: 5,000 of the 10,001 rolls win (49.995%). */
export const DICE_PARAMS = { target: 5000, condition: 'over' } as const;
export const DICE_OUTCOMES = 10_001;
export const HOUSE_EDGE_BPS = DEFAULT_HOUSE_EDGE_BPS;
/** What a winning roll pays, as the engine computes it. */
export const WIN_MULTIPLIER = dice.maxMultiplier(DICE_PARAMS, HOUSE_EDGE_BPS);
export const WIN_MULTIPLIER_FIXED = ratioToFixed(WIN_MULTIPLIER, 8).toString();
export const WIN_PAYOUT_ATOMIC: bigint = payoutFor(amount(WAGER_ATOMIC), WIN_MULTIPLIER);
/** The Play whisper's data, exactly as the load generator sends it. */
export const PLAY_REQUEST = {
  api_id: 'dice',
  bet: WAGER,
  demo: false,
  currency: CURRENCY,
  quick: true,
  data: DICE_PARAMS,
};
/** Funds per player: enough for any run (a bet loses 0.01 USDT at most). */
export const FUNDING_ATOMIC = 10n ** 14n; // 1,000,000 USDT

/**
 * The id of player `i`. Fixed ids let the pgbench script derive a client's player from `:client_id`
 * without a lookup: `00000000-0000-4000-8000-` followed by `i` as 12 decimal digits.
 */
export const playerId = (i: number): string => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
export const PLAYER_ID_SQL_PREFIX = '00000000-0000-4000-8000-';
/** Player `i`'s bearer token (its session is inserted with sha256(token), as the auth module stores it). */
export const playerToken = (i: number): string => `bets-bench-${i}`;
/** Player `i`'s real USDT ledger account id (inserted with this id so pgbench can compute it). */
export const ACCOUNT_BASE = 1_000_000;

/** A player as the raw-SQL baseline needs it. */
export interface RawPlayer {
  userId: string;
  /** sha256 hex of the player's bearer token. */
  tokenHash: string;
  /** The player's real USDT ledger account id. */
  account: string;
}

/** Coordinator -> load generator. */
export type LoadCommand =
  | {
      type: 'run';
      mode: 'http';
      /** The server nodes' base URLs: player i bets on node i mod n (as a balancer spreading clients). */
      urls: string[];
      /** The HTTP client: undici's (default) or node:http's. */
      client?: 'undici' | 'node';
      tokens: string[];
      warmup: number;
      duration: number;
      /** Pause of each player after each bet, ms (0: back to back). */
      gap: number;
      /** Open-loop arrival rate, bets/s (Poisson; the gap is then unused). Absent: closed loop. */
      rate?: number;
    }
  | {
      type: 'run';
      mode: 'raw';
      databaseUrl: string;
      players: RawPlayer[];
      house: string;
      /** Size of the baseline's connection pool. */
      connections: number;
      /** Named prepared statements (true) or unnamed ones, parsed on every execution. */
      prepared: boolean;
      withReads: boolean;
      warmup: number;
      duration: number;
      /** Pause of each player after each bet, ms (0: back to back). */
      gap: number;
      /** Open-loop arrival rate, bets/s (Poisson; the gap is then unused). Absent: closed loop. */
      rate?: number;
    };

/** Load generator -> coordinator. */
export type LoadReply =
  | { type: 'ready' }
  | { type: 'error'; message: string }
  | {
      type: 'result';
      /** Bets completed inside the measured window. */
      completed: number;
      /** Wins among them (the response said so, or the baseline rolled one). */
      wins: number;
      /** Failed calls in the window, by `HTTP status:code` or error message. */
      errors: Record<string, number>;
      /** Actual length of the measured window, seconds. */
      seconds: number;
      p50: number;
      p90: number;
      p99: number;
      max: number;
    };

/** The q-quantile (0..1) of ascending `sorted`; NaN when empty. */
export function quantile(sorted: readonly number[], q: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

/** Sends to the coordinator when the IPC channel is open. */
export function send(msg: LoadReply): void {
  if (process.connected) process.send?.(msg);
}
