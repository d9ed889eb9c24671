/**
 * Loads a bet overview with the `Info` whisper (spec 2): over the realtime socket when it is
 * connected, else the same handler through `POST /api/whisper`. The contract is imported as a type
 * only, so zod stays out of the chunk.
 *
 * The nonce: `Info` answers -1 while the bet's server seed is still secret (it reads "not
 * verifiable yet"), although the nonce itself is no secret and the owner's bet history carries it.
 * For the viewer's own bet the overview takes it from there (`POST /api/games/history`, the latest
 * bets of that game), so the owner sees the bet's nonce before the seed is revealed.
 */
import { useQuery } from '@tanstack/react-query';
import type { BetOverview, myBetsEndpoint } from '@nebula/contracts';
import { api, apiFetch, endpointRef, isApiError } from '../../lib/api';
import { ClientErrorCode, realtime, RealtimeError } from '../../lib/realtime';
import { useAppStore } from '../../lib/store';

const myBets = endpointRef<typeof myBetsEndpoint>('POST', '/api/games/history');
/** How many of the owner's latest bets of the game are searched for the nonce (the endpoint's max). */
export const NONCE_LOOKUP_LIMIT = 100;

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

const CONNECTION_CODES = new Set<number>(Object.values(ClientErrorCode));

async function callInfo(data: { game_id: string }): Promise<BetOverview> {
  const overHttp = () => apiFetch<BetOverview>('POST', '/api/whisper', { event: 'Info', data });
  if (!realtime.connected) return overHttp();
  try {
    return await realtime.whisper<BetOverview>('Info', data);
  } catch (error) {
    // The socket dropped or timed out (not a server answer): the same handler over HTTP.
    if (error instanceof RealtimeError && CONNECTION_CODES.has(error.code)) return overHttp();
    throw error;
  }
}

/**
 * The nonce of the viewer's own bet from their bet history when `Info` withheld it (-1); the
 * overview unchanged when it is not the viewer's bet, the bet is no longer among the latest, or the
 * history cannot be read (the overview still shows, with '—').
 */
export async function withOwnNonce(overview: BetOverview, viewerId: string | null): Promise<BetOverview> {
  const { info } = overview;
  if (info.nonce >= 0 || !viewerId || info.user !== viewerId) return overview;
  try {
    const { bets } = await api(myBets, { game: info.game, demo: info.demo, limit: NONCE_LOOKUP_LIMIT });
    const own = bets.find((bet) => bet.id === info.id);
    return own && own.nonce >= 0 ? { ...overview, info: { ...info, nonce: own.nonce } } : overview;
  } catch {
    return overview;
  }
}

/** One `Info` call; `not-found` is an answer, other failures throw. */
export async function fetchBetOverview(betId: string): Promise<BetOverviewResult> {
  if (!isBetId(betId)) return { status: 'not-found' };
  let data: BetOverview;
  try {
    data = await callInfo({ game_id: betId });
  } catch (error) {
    if (isNotFound(error)) return { status: 'not-found' };
    throw error;
  }
  return { status: 'ok', data: await withOwnNonce(data, useAppStore.getState().user?._id ?? null) };
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
