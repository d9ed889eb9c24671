/**
 * The frame's server calls. Whispers (Play, GameData) go over the realtime socket when it is
 * connected and over `POST /api/whisper {event, data}` otherwise (spec 2 section 7); the other
 * calls are typed by their contracts through zod-free endpoint refs.
 */
import type {
  ExtendedPlayResponse,
  GameData,
  TurnResponse,
  PlayResponse,
  clientSeedChangeEndpoint,
  fairnessRotateEndpoint,
  fairnessSeedsEndpoint,
  myBetsEndpoint,
  playRequestSchema,
  whisperEndpoint,
} from '@nebula/contracts';
import type { z } from 'zod';
import { api, endpointRef } from '../../lib/api';
import { realtime } from '../../lib/realtime';
import type { ExtendedApi } from './extended-session';

export type PlayRequest = z.input<typeof playRequestSchema>;

export const frameApi = {
  whisper: endpointRef<typeof whisperEndpoint>('POST', '/api/whisper'),
  history: endpointRef<typeof myBetsEndpoint>('POST', '/api/games/history'),
  seeds: endpointRef<typeof fairnessSeedsEndpoint>('POST', '/api/fairness/seeds'),
  clientSeed: endpointRef<typeof clientSeedChangeEndpoint>('POST', '/api/user/client_seed_change'),
  rotate: endpointRef<typeof fairnessRotateEndpoint>('POST', '/api/fairness/rotate'),
};

export const frameKeys = {
  history: (game: string, demo: boolean, user: string | null) =>
    ['games', 'history', game, demo, user] as const,
  seeds: (user: string | null) => ['fairness', 'seeds', user] as const,
  gameData: (game: string) => ['games', 'data', game] as const,
};

/** Any whisper: over the socket when connected, else over HTTP. */
export async function whisper<T>(event: string, data: unknown): Promise<T> {
  if (realtime.connected) return realtime.whisper<T>(event, data);
  return (await api(frameApi.whisper, { event, data })) as T;
}

/** One bet of a single-round game. */
export function sendPlay(request: PlayRequest): Promise<PlayResponse> {
  return whisper<PlayResponse>('Play', request);
}

/** The game's live configuration (house edge, availability). */
export function fetchGameData(apiId: string): Promise<GameData> {
  return whisper<GameData>('GameData', { api_id: apiId });
}

/** The calls of an extended game's round (spec 3 section 7: the game helper's Turn, Finish, RestoreData). */
export const extendedApi: ExtendedApi = {
  play: (request) => whisper<ExtendedPlayResponse>('Play', request),
  turn: (request) => whisper<TurnResponse>('Turn', request),
  finish: (request) => whisper<ExtendedPlayResponse>('Finish', request),
  restore: (request) => whisper<{ round: ExtendedPlayResponse | null }>('RestoreData', request),
};
