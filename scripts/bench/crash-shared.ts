/**
 * Crash round benchmark (issue F6), shared by the coordinator (crash-main.ts), the server process
 * (crash-server.ts) and the client processes (crash-spectators.ts, crash-bettors.ts): the messages
 * between the processes, the bet every bettor places, and the WebSocket helpers of both client kinds.
 * Times are `now()` of fanout-shared.ts (wall clock with sub-millisecond resolution), comparable
 * across the processes of one machine.
 */
import WebSocket from 'ws';

/** Currency and wager of every bet: 1 USDT (a seeded currency with a static price), manual cash-out. */
export const CURRENCY = 'usdt';
export const WAGER = '1';
/** Funding per bettor, atomic units of USDT (8 decimals): 10 USDT. */
export const FUNDING_ATOMIC = 10n * 100_000_000n;

/** One MultiplayerDataUpdate as the server published it (recorded by a hook on `hub.publishRaw`). */
export interface TickEmit {
  /** The tick's `elapsed` field: its key in every client's records. */
  elapsed: number;
  /** `now()` just before the hub serialised the event and wrote it to every socket. */
  t: number;
  /** Duration of that synchronous publish (serialisation + the write to every subscribed socket), ms. */
  sendMs: number;
  /**
   * CPU time of the server process: spent in that publish, and used since the process started (at
   * the emit), ms. Unlike wall times these do not grow when other processes take the cores.
   */
  sendCpuMs: number;
  cpuMs: number;
  /** Cash-outs announced in the tick, and the serialised frame's length in bytes. */
  cashOuts: number;
  bytes: number;
}

/** A bet of the measured round as the database has it after settlement (times: epoch ms, DB clock). */
export interface SettledBet {
  userId: string;
  /** Milliseconds into the run at which the cash-out was claimed (null: never claimed). */
  cashoutMs: number | null;
  cashoutKind: string | null;
  /** Hundredths paid and payout in atomic units, as stored. */
  multiplier: string | null;
  payout: string | null;
  /** When the bet row was marked settled, and when the payout's ledger transaction began. */
  settledAt: number | null;
  payoutAt: number | null;
}

/** Coordinator -> server process. */
export type ServerCommand =
  | {
      type: 'setup';
      databaseUrl?: string | undefined;
      poolSize?: number | undefined;
      bettors: number;
      /** Lowest crash point (hundredths) the measured round may have; a chain seed is searched for it. */
      crashPoint: string;
      /** The settings crash.betting_ms and crash.pause_ms, stored before the server starts. */
      bettingMs: number;
      pauseMs: number;
      /** With --nodes 2: the Redis bus every node joins (and its key prefix). */
      redisUrl?: string | undefined;
      redisPrefix?: string | undefined;
    }
  /** A further node on the same database and Redis bus: it serves sockets; the first node stays leader. */
  | {
      type: 'join';
      databaseUrl: string;
      poolSize?: number | undefined;
      redisUrl: string;
      redisPrefix: string;
    }
  | { type: 'report' }
  | { type: 'exit' };

/** Server process -> coordinator. */
export type ServerReply =
  | {
      type: 'ready';
      port: number;
      tokens: string[];
      userIds: string[];
      round: string;
      crashPoint: string;
      bustMs: number;
      bettingEndsAt: number;
      setupMs: number;
    }
  | { type: 'joined'; port: number }
  | { type: 'phase'; phase: 'running'; startedAt: number; at: number }
  | { type: 'phase'; phase: 'busted'; at: number }
  | { type: 'phase'; phase: 'settled'; at: number }
  | {
      type: 'report';
      ticks: TickEmit[];
      bets: SettledBet[];
      /** Event-loop delay of the server during the run, ms. */
      loopP99: number;
      loopMax: number;
      ledgerProblems: string[];
      /** Payout transfers of the round in the ledger, and cashed-out bets without one. */
      payouts: number;
      unpaid: number;
    }
  | { type: 'error'; message: string };

/** Coordinator -> a client process. */
export type ClientCommand =
  | {
      type: 'connect';
      /** Socket i connects to urls[i % urls.length] (one entry per server node). */
      urls: string[];
      count: number;
      tokens?: string[];
      batch: number;
      watch: boolean;
    }
  | { type: 'bet'; spreadMs: number }
  | { type: 'cashout'; round: string; timeoutMs: number }
  | {
      type: 'report';
      /** [elapsed, emit time] of every tick the server published. */
      emits: [number, number][];
      /** The run's start (DB clock, epoch ms): `startedAt + elapsed` is the time a tick stands for. */
      startedAt: number;
      /** Ticks emitted in [burstFrom, burstTo) count as "during the cash-out burst". */
      burstFrom: number;
      burstTo: number;
    }
  | { type: 'exit' };

/** A latency histogram as it travels between processes (see `Histogram.sparse`/`merge`). */
export interface SparseHistogram {
  hist: [number, number][];
  overflow: number[];
}

/** Per bettor: the cash-out request and when its answers arrived (now(); NaN: never). */
export interface CashOutResult {
  index: number;
  sent: number;
  reply: number;
  balance: number;
  /** 'win', another game status, or the error code of the reply. */
  status: string;
  multiplier: string;
}

/** A client process -> coordinator. */
export type ClientReply =
  | { type: 'connected'; connected: number; errors: Record<string, number>; ms: number }
  | {
      type: 'bets';
      placed: number;
      round: string | null;
      errors: Record<string, number>;
      /** Reply latency of each placed bet, ms, ascending. */
      latencies: number[];
      ms: number;
    }
  | { type: 'cashouts'; results: CashOutResult[] }
  | {
      type: 'report';
      connected: number;
      /** Tick frames received in all (with the emit time known) and frames never received. */
      delivered: number;
      missing: number;
      closedDuringRun: number;
      all: SparseHistogram;
      quiet: SparseHistogram;
      burst: SparseHistogram;
      /** Receive time - (startedAt + elapsed): how old the multiplier is when a client gets it. */
      staleness: SparseHistogram;
      /** Per tick: [elapsed, first receive, last receive]. */
      spread: [number, number, number][];
    }
  | { type: 'error'; message: string };

/** Sends one IPC message to the coordinator, ignoring a channel that has just closed. */
export function tell(msg: ServerReply | ClientReply): void {
  post(msg);
}

/** {@link tell} for any benchmark's messages (each benchmark types its own wrapper). */
export function post(msg: { type: string }): void {
  if (process.connected) process.send?.(msg);
}

/** The error text of an unknown thrown value, with the stack when there is one. */
export const errorText = (err: unknown): string =>
  err instanceof Error ? (err.stack ?? err.message) : String(err);

/** The prefix of a frame, enough to read its channel and event name without parsing it. */
export const head = (data: Buffer): string => data.toString('latin1', 0, Math.min(data.length, 200));

/** The integer after `"key":` in `text`, or NaN. */
export function intField(text: string, key: string): number {
  const at = text.indexOf(`"${key}":`);
  if (at < 0) return NaN;
  return Number.parseInt(text.slice(at + key.length + 3, at + key.length + 23), 10);
}

/**
 * Opens a socket to the realtime gateway and, with `watch`, subscribes it to `channel` (by default
 * `Everyone`). Resolves with the socket once the server has greeted it (and confirmed the
 * subscription), or with the error code. Every frame after that goes to `onFrame`.
 */
export function openSocket(
  url: string,
  watch: boolean,
  onFrame: (data: Buffer) => void,
  channel = 'Everyone',
): Promise<WebSocket | string> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { perMessageDeflate: false, handshakeTimeout: 30_000 });
    let pending = true;
    const finish = (result: WebSocket | string) => {
      if (!pending) return;
      pending = false;
      clearTimeout(deadline);
      if (typeof result === 'string') ws.terminate();
      resolve(result);
    };
    const deadline = setTimeout(() => finish('timeout'), 40_000);
    ws.on('error', (err: NodeJS.ErrnoException) => finish(err.code ?? err.message));
    ws.on('close', () => finish('closed'));
    ws.on('message', (data: Buffer) => {
      if (!pending) return onFrame(data);
      const text = head(data);
      if (text.includes('"event":"Connected"')) {
        if (!watch) return finish(ws);
        ws.send(JSON.stringify({ $id: 'watch', type: 'subscribe', channel }));
      } else if (text.startsWith('{"$id":"watch"')) {
        finish(text.includes('"subscribed":true') ? ws : `subscribe refused: ${data.toString()}`);
      }
    });
  });
}

/**
 * Runs `open` for items 0..count-1 with `width` in flight; stops early on out-of-descriptor errors.
 * Returns the error counts by code.
 */
export async function rampUp(
  count: number,
  width: number,
  open: (i: number) => Promise<string | null>,
): Promise<Record<string, number>> {
  const errors: Record<string, number> = {};
  let next = 0;
  let exhausted = false;
  const lane = async () => {
    for (let i = next++; i < count && !exhausted; i = next++) {
      const err = await open(i);
      if (err === null) continue;
      errors[err] = (errors[err] ?? 0) + 1;
      if (err === 'EMFILE' || err === 'ENFILE' || err === 'EADDRNOTAVAIL') exhausted = true;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(width, count)) }, lane));
  return errors;
}
