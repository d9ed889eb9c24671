/**
 * The frame's server calls. Whispers (Play, GameData, Turn, Finish, RestoreData) go through
 * `callWhisper` with their generated references: over the realtime socket when it is connected and
 * over `POST /api/whisper {event, data}` otherwise (spec 2 section 7); the other calls are typed by
 * their contracts through zod-free endpoint refs.
 */
import type {
  GameData,
  PlayResponse,
  clientSeedChangeEndpoint,
  fairnessRotateEndpoint,
  fairnessSeedsEndpoint,
  myBetsEndpoint,
} from '@nebula/contracts';
import {
  finishWhisperRef,
  gameDataWhisperRef,
  playWhisperRef,
  restoreWhisperRef,
  turnWhisperRef,
  type RefRequest,
  type RefResponse,
} from '@nebula/contracts/constants';
import { endpointRef } from '../../lib/api';
import { callWhisper } from '../../lib/realtime-call';
import type { ExtendedApi } from './extended-session';

export type PlayRequest = RefRequest<typeof playWhisperRef>;
type PlayAnswer = RefResponse<typeof playWhisperRef>;

/** Play's answer for one kind of game (`single`, `extended`); another kind is a server error. */
async function play<K extends PlayAnswer['type']>(
  kind: K,
  request: PlayRequest,
): Promise<Extract<PlayAnswer, { type: K }>> {
  const answer = await callWhisper(playWhisperRef, request);
  if (answer.type !== kind) throw new Error(`Play answered a '${answer.type}' round, not '${kind}'.`);
  return answer as Extract<PlayAnswer, { type: K }>;
}

export const frameApi = {
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

/** One bet of a single-round game. */
export function sendPlay(request: PlayRequest): Promise<PlayResponse> {
  return play('single', request);
}

/** The game's live configuration (house edge, availability). */
export function fetchGameData(apiId: string): Promise<GameData> {
  return callWhisper(gameDataWhisperRef, { api_id: apiId });
}

/** The calls of an extended game's round (spec 3 section 7: the game helper's Turn, Finish, RestoreData). */
export const extendedApi: ExtendedApi = {
  play: (request) => play('extended', request),
  turn: (request) => callWhisper(turnWhisperRef, request),
  finish: (request) => callWhisper(finishWhisperRef, request),
  restore: (request) => callWhisper(restoreWhisperRef, request),
};
