/** Types, constants and small helpers of the realtime client (see realtime.ts). */
import type { ClientFrame, EventFrame } from '@nebula/contracts';
import type { connectedEventRef, RefData } from '@nebula/contracts/constants';

/** Lifecycle of the client. `idle`: never started or closed on purpose. */
export type RealtimeState = 'idle' | 'connecting' | 'connected' | 'disconnected';

/** A request frame before the client numbers it. */
export type RealtimeRequest = WithoutId<ClientFrame>;
export type WithoutId<F> = F extends unknown ? Omit<F, '$id'> : never;

/** The greeting the server sends first on every connection (the contract's `Connected` event). */
export type ConnectedGreeting = RefData<typeof connectedEventRef>;

export interface DisconnectInfo {
  /** Close code (1006 when the server could not be reached). */
  code: number;
  reason: string;
  /** False when this connection never got through (the server is unavailable). */
  wasConnected: boolean;
}

/** What the connection UI needs, as one immutable snapshot (for useSyncExternalStore). */
export interface RealtimeStatus {
  state: RealtimeState;
  /** Retries scheduled since the last successful connection (0 while connected). */
  attempt: number;
  /** When the next attempt starts (epoch ms), while a retry is scheduled. */
  nextRetryAt: number | null;
  /** When the latest attempt started (epoch ms). */
  lastAttemptAt: number | null;
  /** True once a connection succeeded at least once (the next one is a restore). */
  everConnected: boolean;
  privateChannel: string | null;
  connectionId: string | null;
}

/** Close codes the client uses itself. */
export const CloseCode = {
  Normal: 1000,
  Abnormal: 1006,
  /** Our ping (or the greeting) timed out: the socket is half-open. */
  Stale: 4000,
} as const;

/** Codes of errors the client produces (the server uses HTTP-like codes too). */
export const ClientErrorCode = {
  /** Not connected, or the connection dropped while the request was pending. */
  Unavailable: 503,
  /** No reply in time. */
  Timeout: 504,
  /** Too many requests queued while connecting. */
  QueueFull: 429,
} as const;

/** An error reply (`{$id, code, message}`) or a client-side failure (see ClientErrorCode). */
export class RealtimeError extends Error {
  readonly code: number;
  /** The server's text code of the error (e.g. `loss_limit`), when it has one. */
  readonly reason: string | undefined;
  constructor(code: number, message: string, reason?: string) {
    super(message);
    this.name = 'RealtimeError';
    this.code = code;
    this.reason = reason;
  }
}

export interface RealtimeOptions {
  /** Delay before the first retry (spec 2: a second connection retries 1500 ms after closing). */
  initialDelayMs?: number;
  /** Longest delay between attempts. */
  maxDelayMs?: number;
  /** Spread of later delays: each is scaled by a random factor in [1 - jitter, 1 + jitter]. */
  jitter?: number;
  requestTimeoutMs?: number;
  /** App-level ping period; 0 turns it off. */
  pingIntervalMs?: number;
  pingTimeoutMs?: number;
  /** An opened socket must greet within this time, or it counts as stale. */
  greetingTimeoutMs?: number;
  /** Requests waiting for the connection (beyond this they are refused). */
  maxQueued?: number;
  random?: () => number;
  WebSocket?: typeof WebSocket;
}

export const DEFAULTS: Required<Omit<RealtimeOptions, 'WebSocket'>> = {
  initialDelayMs: 1500,
  maxDelayMs: 15_000,
  jitter: 0.25,
  requestTimeoutMs: 10_000,
  pingIntervalMs: 25_000,
  pingTimeoutMs: 10_000,
  greetingTimeoutMs: 10_000,
  maxQueued: 100,
  random: Math.random,
};

export type EventHandler<T = unknown> = (data: T, frame: EventFrame<T>) => void;
export type ChannelHandler<T = unknown> = (frame: EventFrame<T>) => void;

export interface Pending {
  resolve: (data: unknown) => void;
  reject: (error: RealtimeError) => void;
  timer: ReturnType<typeof setTimeout>;
  /** The serialized frame while it waits for the connection; null once sent. */
  queued: string | null;
}

export interface Lifecycle {
  connect: ConnectedGreeting;
  disconnect: DisconnectInfo;
  status: RealtimeStatus;
}

export type LifecycleHandler<K extends keyof Lifecycle> = (payload: Lifecycle[K]) => void;

/** The URL of the socket: `/ws` on the page's host, `wss:` on https pages. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

export function safeCall<A extends unknown[]>(fn: (...args: A) => void, ...args: A): void {
  try {
    fn(...args);
  } catch (error) {
    // One broken listener must not stop the others, nor the client.
    console.error('[realtime] listener failed', error);
  }
}
