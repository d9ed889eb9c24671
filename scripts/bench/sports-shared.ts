/**
 * Sportsbook benchmark (issue G9), shared by the coordinator (sports-main.ts), the server process
 * (sports-server.ts), the socket process(es) (sports-watchers.ts) and the bettors (sports-bettors.ts):
 * the messages between them and how an odds change is recognised in a frame without parsing it.
 *
 * Odds change `seq` moves every outcome of the live match's 1x2 market to odds that encode it (home
 * 2000 + seq, draw 200000 + seq, away 400000 + seq), so the first `"odds":` of a `SportOddsChange`
 * frame names the change whichever outcome comes first. Times are `now()` of fanout-shared.ts.
 */
import type { SparseHistogram } from './crash-shared.js';

/** The three outcomes' odds of odds change `seq` (thousandths). */
export const oddsOf = (seq: number): [number, number, number] => [2000 + seq, 200_000 + seq, 400_000 + seq];
/** The change an odds value names (see {@link oddsOf}). */
export const seqOfOdds = (odds: number): number =>
  odds >= 400_000 ? odds - 400_000 : odds >= 200_000 ? odds - 200_000 : odds - 2000;

/** Stake of every bet: 1 USDT (a seeded currency with a static price of 1 USD). */
export const CURRENCY = 'usdt';
export const STAKE = '1';

/** A pre-match outcome the bettors bet on. */
export interface Pick {
  id: string;
  odds: number;
}

export type ServerCommand =
  | { type: 'setup'; bettors: number; events: number }
  | { type: 'publish'; rate: number; count: number }
  | { type: 'report' }
  | { type: 'exit' };

export type ServerReply =
  | { type: 'ready'; port: number; tokens: string[]; picks: Pick[]; setupMs: number }
  | {
      type: 'published';
      /** [seq, time the hub was handed the change] of every odds change. */
      emits: [number, number][];
      /** Feed message applied (its transaction) until the hub had the change, ms, per change. */
      applyMs: number[];
      /** Server process CPU over the publishing period, ms, and the period's wall time, ms. */
      cpuMs: number;
      wallMs: number;
    }
  | { type: 'report'; bets: number; ledgerProblems: string[] }
  | { type: 'error'; message: string };

export type WatcherCommand =
  | { type: 'connect'; url: string; count: number; batch: number }
  | { type: 'report'; emits: [number, number][]; from: number }
  | { type: 'exit' };

export type WatcherReply =
  | { type: 'connected'; connected: number; errors: Record<string, number>; ms: number }
  | {
      type: 'report';
      connected: number;
      /** Deliveries of the measured changes (seq >= from), and those never received. */
      delivered: number;
      missing: number;
      closedDuringRun: number;
      latency: SparseHistogram;
      cpuMs: number;
    }
  | { type: 'error'; message: string };

export type BettorCommand =
  | { type: 'bet'; url: string; tokens: string[]; picks: Pick[]; seconds: number; everyMs: number }
  | { type: 'exit' };

export type BettorReply =
  | {
      type: 'bets';
      placed: number;
      errors: Record<string, number>;
      /** Answer latency of every placed bet, ms. */
      latencies: number[];
      wallMs: number;
      cpuMs: number;
    }
  | { type: 'error'; message: string };
