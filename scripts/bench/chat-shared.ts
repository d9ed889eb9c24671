/**
 * Chat benchmark (issue F8), shared by the coordinator (chat-main.ts), the server process
 * (chat-server.ts) and the client processes (chat-readers.ts, chat-writers.ts): the messages between
 * the processes and the text of every bench message, which carries its id so that a frame can be
 * matched without parsing it. Times are `now()` of fanout-shared.ts (wall clock with sub-millisecond
 * resolution), comparable across the processes of one machine.
 */
import type { SparseHistogram } from './crash-shared.js';
import { post } from './crash-shared.js';

/** The channel the readers listen to and the writers post in. */
export const CHANNEL = 'casino_en';

const MARKER = 'chatbench-';
const MARKER_BYTES = Buffer.from(MARKER);

/** The text of bench message `id` from writer `writer` (no link, well within the length limit). */
export const messageText = (id: number, writer: number): string =>
  `${MARKER}${id} hello from writer ${writer}, how is everyone doing`;

/** The bench id in a frame or text (the digits after the marker), or -1. */
export function benchIdOf(data: Buffer | string): number {
  const buf = typeof data === 'string' ? Buffer.from(data) : data;
  const at = buf.indexOf(MARKER_BYTES);
  if (at < 0) return -1;
  let id = 0;
  let digits = 0;
  for (let i = at + MARKER_BYTES.length; i < buf.length; i += 1) {
    const c = buf[i]!;
    if (c < 48 || c > 57) break;
    id = id * 10 + (c - 48);
    digits += 1;
  }
  return digits ? id : -1;
}

/** Coordinator -> server process. */
export type ServerCommand =
  | {
      type: 'setup';
      databaseUrl?: string | undefined;
      writers: number;
      ipLimit: number;
      redisUrl?: string | undefined;
      redisPrefix?: string | undefined;
    }
  /** A further node on the same database and Redis bus. */
  | {
      type: 'join';
      databaseUrl: string;
      ipLimit: number;
      redisUrl: string;
      redisPrefix: string;
    }
  /** The measured window starts: reset the event-loop delay monitor. */
  | { type: 'mark' }
  | { type: 'report' }
  | { type: 'exit' };

/** Server process -> coordinator. */
export type ServerReply =
  | { type: 'ready'; port: number; tokens: string[]; setupMs: number }
  | { type: 'joined'; port: number }
  | {
      type: 'report';
      /** [bench id, now() when the ChatMessage was handed to the hub] of the messages this node published. */
      publishes: [number, number][];
      /** Event-loop delay of the node over the window, ms. */
      loopP99: number;
      loopMax: number;
      /** Bench messages stored in chat_messages (the shared database: the same on every node). */
      stored: number;
      /** Sockets on this node at the report. */
      connections: number;
    }
  | { type: 'error'; message: string };

/** Coordinator -> a client process. */
export type ClientCommand =
  | {
      type: 'connect';
      /** Socket i connects to urls[i % urls.length]. */
      urls: string[];
      count: number;
      /** Writers only: one session token per socket. */
      tokens?: string[];
      batch: number;
    }
  /**
   * Writers only: writer i sends its k-th message at startAt + i * intervalMs / writers + k * intervalMs
   * while that is before endAt, then waits up to `replyTimeoutMs` for the last replies.
   */
  | { type: 'run'; startAt: number; endAt: number; intervalMs: number; replyTimeoutMs: number }
  | {
      type: 'report';
      /** [bench id, send time] of every accepted message, and [bench id, publish time]. */
      sends: [number, number][];
      publishes: [number, number][];
    }
  | { type: 'exit' };

/** One message a writer sent. */
export interface SendResult {
  id: number;
  writer: number;
  /** now() at the send, and at the whisper reply (NaN: none). */
  sent: number;
  reply: number;
  /** 'ok', or the refusal as `code message`, or 'no reply'. */
  status: string;
}

/** A client process -> coordinator. */
export type ClientReply =
  | { type: 'connected'; connected: number; errors: Record<string, number>; ms: number }
  | { type: 'sent'; results: SendResult[] }
  | {
      type: 'report';
      connected: number;
      /** Frames of accepted bench messages received, and those never received. */
      delivered: number;
      missing: number;
      /** Frames of a bench message received twice on one socket. */
      duplicates: number;
      closedDuringRun: number;
      /** Writer send -> reader receive, and node publish -> reader receive. */
      latency: SparseHistogram;
      fromPublish: SparseHistogram;
      /** Per message: [id, first receive, last receive]. */
      spread: [number, number, number][];
    }
  | { type: 'error'; message: string };

/** Sends one IPC message to the coordinator. */
export const tell = (msg: ServerReply | ClientReply): void => post(msg);
