/**
 * Shared pieces of the realtime fan-out benchmark (`scripts/bench/fanout`): the IPC messages between
 * the coordinator and its child processes, the 200-byte event, the steady-rate publisher and the
 * latency histogram. Children are forked with an IPC channel and exit as soon as it closes, so a
 * coordinator that dies (even by SIGKILL) never leaves servers or clients behind.
 */
import { performance } from 'node:perf_hooks';

/** The channel and event name every benchmark event uses. */
export const CHANNEL = 'Everyone';
export const EVENT = 'BenchTick';
/** Size of the whole frame a client receives: `{"channel":"Everyone","event":"BenchTick","data":{...}}`. */
export const FRAME_BYTES = 200;

/** Wall-clock milliseconds with sub-millisecond resolution, comparable across processes on one machine. */
export const now = (): number => performance.timeOrigin + performance.now();

/** Event data: sequence number, send timestamp (ms, 3 decimals) and padding up to FRAME_BYTES. */
export interface TickData {
  seq: number;
  t: number;
  pad: string;
}

const FRAME_OVERHEAD =
  JSON.stringify({ channel: CHANNEL, event: EVENT, data: { seq: 0, t: 0, pad: '' } }).length - 2;

/** The data of event `seq`, stamped now, padded so the serialised frame is FRAME_BYTES long. */
export function tickData(seq: number): TickData {
  const t = Math.round(now() * 1000) / 1000;
  const used = FRAME_OVERHEAD + String(seq).length + String(t).length;
  return { seq, t, pad: 'x'.repeat(Math.max(0, FRAME_BYTES - used)) };
}

// ---------------------------------------------------------------------------------------------
// IPC between the coordinator and the children.

export type ServerCommand =
  | { type: 'status' }
  | { type: 'publish'; rate: number; events: number; windowStart: number }
  | { type: 'exit' };

export type ServerReply =
  | { type: 'ready'; port: number; kind: string }
  | { type: 'status'; connections: number; subscribers: number }
  | {
      type: 'published';
      sent: number;
      /** Send time of the first event of the measured window (see `now()`). */
      windowFirstSend: number;
      windowLastSend: number;
      /** How late the publisher ran behind its schedule (event-loop saturation), ms. */
      lagP99: number;
      lagMax: number;
      /** Server CPU over the publishing period, percent of one core, and in ms. */
      cpuPercent: number;
      cpuMs: number;
      elapsedMs: number;
    }
  | { type: 'error'; message: string };

export type ClientCommand =
  | {
      type: 'connect';
      url: string;
      count: number;
      /** Send `{"$id":"1","type":"subscribe","channel":"Everyone"}` and wait for the reply. */
      subscribe: boolean;
      /** Connections opened concurrently while ramping up. */
      batch: number;
      /** Events with windowStart <= seq < windowEnd are measured. */
      windowStart: number;
      windowEnd: number;
    }
  | { type: 'mark' }
  | { type: 'progress' }
  | { type: 'report' }
  | { type: 'exit' };

export interface ClientReport {
  type: 'report';
  connected: number;
  /** Window messages received. */
  delivered: number;
  /** Every BenchTick received, in the window or not (warm-up). */
  received: number;
  firstRecv: number;
  lastRecv: number;
  /** Sparse latency histogram: [bucket index, count] pairs (see Histogram). */
  hist: [number, number][];
  overflow: number[];
  negative: number;
  closedDuringRun: number;
  /** Client CPU since the last `mark`, percent of one core, and in ms. */
  cpuPercent: number;
  cpuMs: number;
}

export type ClientReply =
  | { type: 'connected'; connected: number; failed: number; errors: Record<string, number>; ms: number }
  | { type: 'progress'; delivered: number }
  | ClientReport
  | { type: 'error'; message: string };

/** Sends one IPC message, ignoring a channel that has just closed. */
export function send(msg: ServerReply | ClientReply): void {
  if (process.connected) process.send?.(msg);
}

/** Exit when the coordinator goes away (IPC closed) or asks to. */
export function exitWithParent(cleanup: () => Promise<void> | void = () => undefined): void {
  let exiting = false;
  const exit = () => {
    if (exiting) return;
    exiting = true;
    const hard = setTimeout(() => process.exit(0), 2000);
    hard.unref();
    void Promise.resolve()
      .then(cleanup)
      .catch(() => undefined)
      .finally(() => process.exit(0));
  };
  process.on('disconnect', exit);
  process.on('SIGTERM', exit);
  process.on('SIGINT', exit);
}

// ---------------------------------------------------------------------------------------------
// Steady-rate publisher (shared by our server and the bare ws baseline, so both pace identically).

export async function publishSteadily(
  cmd: Extract<ServerCommand, { type: 'publish' }>,
  publish: (data: TickData) => void,
): Promise<Extract<ServerReply, { type: 'published' }>> {
  const period = 1000 / cmd.rate;
  const lags: number[] = [];
  let windowFirstSend = 0;
  let windowLastSend = 0;
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  for (let seq = 0; seq < cmd.events; seq++) {
    const due = start + seq * period;
    const wait = due - performance.now();
    // Never publish back to back without yielding: I/O must run between events even when late.
    await new Promise((r) => (wait > 0 ? setTimeout(r, Math.ceil(wait)) : setImmediate(r)));
    lags.push(performance.now() - due);
    const data = tickData(seq);
    if (seq === cmd.windowStart) windowFirstSend = data.t;
    windowLastSend = data.t;
    publish(data);
  }
  const elapsedMs = performance.now() - start;
  const cpu = process.cpuUsage(cpu0);
  lags.sort((a, b) => a - b);
  return {
    type: 'published',
    sent: cmd.events,
    windowFirstSend,
    windowLastSend,
    lagP99: lags[Math.floor(lags.length * 0.99)] ?? 0,
    lagMax: lags[lags.length - 1] ?? 0,
    cpuPercent: ((cpu.user + cpu.system) / 1000 / elapsedMs) * 100,
    cpuMs: (cpu.user + cpu.system) / 1000,
    elapsedMs,
  };
}

// ---------------------------------------------------------------------------------------------
// Latency histogram: 10 µs buckets up to 5 s, raw values above.

export const BUCKET_MS = 0.01;
export const BUCKETS = 500_000;

export class Histogram {
  readonly counts = new Uint32Array(BUCKETS);
  overflow: number[] = [];
  negative = 0;
  total = 0;

  record(ms: number): void {
    this.total++;
    if (ms < 0) {
      // Clocks of two processes agree to a few microseconds; count it as zero.
      this.negative++;
      ms = 0;
    }
    const i = Math.floor(ms / BUCKET_MS);
    if (i < BUCKETS) this.counts[i]!++;
    else if (this.overflow.length < 100_000) this.overflow.push(ms);
  }

  sparse(): [number, number][] {
    const out: [number, number][] = [];
    for (let i = 0; i < BUCKETS; i++) if (this.counts[i]) out.push([i, this.counts[i]!]);
    return out;
  }

  merge(hist: [number, number][], overflow: number[]): void {
    for (const [i, n] of hist) {
      this.counts[i]! += n;
      this.total += n;
    }
    this.overflow.push(...overflow);
    this.total += overflow.length;
  }

  /** The q-quantile (0..1) in ms, bucket upper bound. */
  quantile(q: number): number {
    if (this.total === 0) return NaN;
    const rank = Math.ceil(q * this.total);
    let seen = 0;
    for (let i = 0; i < BUCKETS; i++) {
      seen += this.counts[i]!;
      if (seen >= rank) return (i + 1) * BUCKET_MS;
    }
    const over = [...this.overflow].sort((a, b) => a - b);
    return over[Math.min(over.length - 1, rank - seen - 1)] ?? NaN;
  }

  max(): number {
    if (this.overflow.length) return Math.max(...this.overflow);
    for (let i = BUCKETS - 1; i >= 0; i--) if (this.counts[i]) return (i + 1) * BUCKET_MS;
    return NaN;
  }
}
