import { z } from 'zod';
import type { Policy } from './endpoint.js';

/**
 * Realtime frames (JSON over one WebSocket). Keep these shapes stable: other clients rely on them.
 * - request:      {"$id": "...", "type": "whisper", "event": "Ping", "data": {...}}
 * - subscription: {"$id": "...", "type": "subscribe" | "unsubscribe", "channel": "Everyone"}
 * - (re)auth:     {"$id": "...", "type": "auth", "token": "<bearer>" | null}
 * - auth by secret: {"$id": "...", "type": "authentication", "userId": "...", "userSecret": "..."}
 * - reply:        {"$id": "...", "data": ...}  or  {"$id": "...", "code": N, "message": "...", "reason"?: "..."}
 *                 (`reason`: the text code of the error when it has one, e.g. "loss_limit"; `code` is then its HTTP status)
 * - server event: {"channel": "...", "event": "...", "data": {...}}
 */
export const frameIdSchema = z.union([z.string().min(1).max(64), z.number().int()]);

export const clientFrameSchema = z.discriminatedUnion('type', [
  z.object({
    $id: frameIdSchema,
    type: z.literal('whisper'),
    event: z.string().min(1).max(64),
    data: z.unknown().optional(),
  }),
  z.object({ $id: frameIdSchema, type: z.literal('subscribe'), channel: z.string().min(1).max(128) }),
  z.object({ $id: frameIdSchema, type: z.literal('unsubscribe'), channel: z.string().min(1).max(128) }),
  z.object({ $id: frameIdSchema, type: z.literal('auth'), token: z.string().max(512).nullable() }),
  z.object({
    $id: frameIdSchema,
    type: z.literal('authentication'),
    userId: z.string().max(64),
    userSecret: z.string().max(256),
  }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

export interface ReplyFrame<T = unknown> {
  $id: string | number | null;
  data?: T;
  type?: string;
  code?: number;
  message?: string;
  /** The error's text code (e.g. `loss_limit`) when it has one; `code` is then its HTTP status. */
  reason?: string;
}

export interface EventFrame<T = unknown> {
  channel: string;
  event: string;
  data: T;
}

/** Numeric error codes of the socket (HTTP-like). */
export const RealtimeErrorCode = {
  BadFrame: 400,
  Unauthenticated: 401,
  Forbidden: 403,
  UnknownEvent: 404,
  TooLarge: 413,
  Invalid: 422,
  RateLimited: 429,
  Internal: 500,
} as const;

export { Channels } from './constants/channels.js';

/** A whisper: a request over the socket (or POST /api/whisper) answered by one handler. */
export interface Whisper<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly event: string;
  readonly request: Req;
  readonly response: Res;
  readonly policy: Policy;
  readonly summary: string;
  /**
   * Answers without changing anything: a client may send it again (over HTTP) when the socket
   * dropped or timed out before the answer. A whisper that changes state (a bet) never is.
   */
  readonly readOnly?: boolean;
}

export function defineWhisper<Req extends z.ZodType, Res extends z.ZodType>(
  def: Whisper<Req, Res>,
): Whisper<Req, Res> {
  return Object.freeze(def);
}

/** A server event a module publishes; modules declare their own (no central list). */
export interface RealtimeEvent<D extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly data: D;
}

export function defineEvent<D extends z.ZodType>(name: string, data: D): RealtimeEvent<D> {
  return Object.freeze({ name, data });
}

export type EventData<E extends RealtimeEvent> = z.input<E['data']>;
export type WhisperRequest<W extends Whisper> = z.input<W['request']>;
export type WhisperResponse<W extends Whisper> = z.output<W['response']>;
