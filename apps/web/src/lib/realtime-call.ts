/**
 * The one way to call a whisper (spec 2 section 7): over the realtime socket when it is connected,
 * else the same handler over HTTP (`POST /api/whisper {event, data}`). A read-only whisper (the
 * contract's `readOnly`) whose socket call failed without an answer (connection lost, timed out,
 * queue full) is sent again over HTTP; any other whisper is not, since it may have run (a bet).
 * Request and answer are typed by the contract through its generated reference.
 */
import type { RefRequest, RefResponse, WhisperRef } from '@nebula/contracts/constants';
import { apiFetch } from './api';
import { ClientErrorCode, realtime, RealtimeError, type RealtimeClient } from './realtime';

/** Codes of socket failures that carry no answer from the server. */
const NO_ANSWER = new Set<number>(Object.values(ClientErrorCode));

export type WhisperClient = Pick<RealtimeClient, 'connected' | 'whisper'>;

/**
 * A whisper over HTTP only, for callers that show the HTTP error codes as they are (the chat's
 * sends); typed by the contract like `callWhisper`.
 */
export async function whisperOverHttp<R extends WhisperRef>(
  ref: R,
  data: RefRequest<R>,
): Promise<RefResponse<R>> {
  // POST /api/whisper (contract: whisperEndpoint) answers the whisper's own response.
  return apiFetch<RefResponse<R>>('POST', '/api/whisper', { event: ref.event, data });
}

export async function callWhisper<R extends WhisperRef>(
  ref: R,
  data: RefRequest<R>,
  client: WhisperClient = realtime,
): Promise<RefResponse<R>> {
  const http = () => whisperOverHttp(ref, data);
  if (!client.connected) return http();
  try {
    return await client.whisper(ref, data);
  } catch (error) {
    if (ref.readOnly && error instanceof RealtimeError && NO_ANSWER.has(error.code)) return http();
    throw error;
  }
}
