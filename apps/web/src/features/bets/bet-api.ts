/**
 * Loads a bet overview with the `Info` whisper (spec 2) through `callWhisper`: over the realtime
 * socket when it is connected, else (or after a lost answer: Info is read-only) over HTTP.
 * `Info` answers the bet's nonce at once (it is no secret); the server seed only once revealed.
 */
import { useQuery } from '@tanstack/react-query';
import type { BetOverview } from '@nebula/contracts';
import { infoWhisperRef } from '@nebula/contracts/constants';
import { isApiError } from '../../lib/api';
import { RealtimeError } from '../../lib/realtime';
import { callWhisper } from '../../lib/realtime-call';

/** A bet overview, or `not-found` for an unknown (or malformed) bet id. */
export type BetOverviewResult = { status: 'ok'; data: BetOverview } | { status: 'not-found' };

/** Bet ids are decimal strings (contract: 1 to 19 digits). */
export function isBetId(value: string): boolean {
  return /^\d{1,19}$/.test(value);
}

function isNotFound(error: unknown): boolean {
  if (isApiError(error)) return error.status === 404 || error.status === 422;
  if (error instanceof RealtimeError) return error.code === 404 || error.code === 422;
  return false;
}

/** One `Info` call; `not-found` is an answer, other failures throw. */
export async function fetchBetOverview(betId: string): Promise<BetOverviewResult> {
  if (!isBetId(betId)) return { status: 'not-found' };
  let data: BetOverview;
  try {
    data = await callWhisper(infoWhisperRef, { game_id: betId });
  } catch (error) {
    if (isNotFound(error)) return { status: 'not-found' };
    throw error;
  }
  return { status: 'ok', data };
}

/** Query key of a bet overview. */
export const betOverviewKey = (betId: string) => ['bets', 'overview', betId] as const;

/** The bet overview of `betId` (cached briefly: a revealed seed shows up on the next open). */
export function useBetOverview(betId: string) {
  return useQuery({
    queryKey: betOverviewKey(betId),
    queryFn: () => fetchBetOverview(betId),
    staleTime: 5_000,
    retry: 1,
  });
}
