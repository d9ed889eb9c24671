/** The history table's rows: this visit's rounds merged with the server's list, newest first. */
import type { HistoryBet } from './game-session';

/** Rows shown under the game. */
export const HISTORY_ROWS = 30;

function compareIds(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) {
    const x = BigInt(a);
    const y = BigInt(b);
    return x === y ? 0 : x > y ? -1 : 1;
  }
  return 0;
}

/**
 * One row per bet id (the server's row wins: it has the nonce and the server's time), newest first by
 * bet id (ids come from one increasing sequence), then by time.
 */
export function mergeHistory(
  visit: readonly HistoryBet[],
  server: readonly HistoryBet[],
  limit = HISTORY_ROWS,
): HistoryBet[] {
  const byId = new Map<string, HistoryBet>();
  for (const bet of visit) byId.set(bet.id, bet);
  for (const bet of server) byId.set(bet.id, bet);
  return [...byId.values()]
    .sort((a, b) => compareIds(a.id, b.id) || Date.parse(b.created_at) - Date.parse(a.created_at))
    .slice(0, limit);
}
