/**
 * Fan-out benchmark, client process: opens `count` WebSocket connections to a server (ramping up
 * `batch` at a time so the accept queue copes), optionally subscribes each to `Everyone`, then
 * records every BenchTick it receives: latency = receive time - the send timestamp in the event
 * (same machine clock), and how many events of the measured window arrived. Forked by
 * `scripts/bench/fanout`; exits when the coordinator goes away.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { exitWithParent, Histogram, now, send, type ClientCommand } from './fanout-shared.js';

const SEQ = Buffer.from('"seq":');
const SUBSCRIBE = JSON.stringify({ $id: '1', type: 'subscribe', channel: 'Everyone' });

const sockets: WebSocket[] = [];
const hist = new Histogram();
let windowStart = 0;
let windowEnd = 0;
let delivered = 0;
let received = 0;
let firstRecv = 0;
let lastRecv = 0;
let closedDuringRun = 0;
let cpuMark = process.cpuUsage();
let timeMark = performance.now();

/** Parses an unsigned decimal number (digits with an optional fraction) at `i`; returns it and the end. */
function numberAt(buf: Buffer, i: number): [number, number] {
  let int = 0;
  let c = buf[i]!;
  while (c >= 48 && c <= 57) {
    int = int * 10 + (c - 48);
    c = buf[++i]!;
  }
  if (c !== 46) return [int, i];
  let frac = 0;
  let scale = 1;
  c = buf[++i]!;
  while (c >= 48 && c <= 57) {
    frac = frac * 10 + (c - 48);
    scale *= 10;
    c = buf[++i]!;
  }
  return [int + frac / scale, i];
}

/** A BenchTick: `..."data":{"seq":N,"t":T,...`. Parsed without JSON.parse to keep the client cheap. */
function onTick(buf: Buffer, at: number): void {
  const t1 = now();
  received++;
  const [seq, end] = numberAt(buf, at + SEQ.length);
  if (seq < windowStart || seq >= windowEnd) return;
  const [t0] = numberAt(buf, end + 5); // skip `,"t":`
  delivered++;
  if (firstRecv === 0) firstRecv = t1;
  lastRecv = t1;
  hist.record(t1 - t0);
}

function open(url: string, subscribe: boolean): Promise<string | null> {
  return new Promise((resolve) => {
    let settled = false;
    let ready = false;
    const done = (err: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(err);
    };
    const ws = new WebSocket(url, { perMessageDeflate: false, handshakeTimeout: 15_000 });
    const timer = setTimeout(() => {
      done('timeout');
      ws.terminate();
    }, 20_000);
    ws.on('error', (err: NodeJS.ErrnoException) => done(err.code ?? err.message));
    ws.on('close', () => {
      if (ready) closedDuringRun++;
      done('closed before ready');
    });
    ws.on('message', (data: Buffer) => {
      const at = data.indexOf(SEQ);
      if (at >= 0) return onTick(data, at);
      if (!settled && subscribe) {
        const frame = JSON.parse(data.toString()) as { $id?: string; data?: { subscribed?: boolean } };
        if (frame.$id === '1') {
          if (frame.data?.subscribed) {
            ready = true;
            sockets.push(ws);
            done(null);
          } else done(`subscribe refused: ${data.toString()}`);
        }
      }
    });
    ws.on('open', () => {
      if (subscribe) ws.send(SUBSCRIBE);
      else {
        ready = true;
        sockets.push(ws);
        done(null);
      }
    });
  });
}

async function connect(cmd: Extract<ClientCommand, { type: 'connect' }>): Promise<void> {
  windowStart = cmd.windowStart;
  windowEnd = cmd.windowEnd;
  const started = performance.now();
  const errors: Record<string, number> = {};
  let next = 0;
  let failed = 0;
  let stop = false;
  const worker = async () => {
    while (!stop && next < cmd.count) {
      next++;
      const err = await open(cmd.url, cmd.subscribe);
      if (err === null) continue;
      failed++;
      errors[err] = (errors[err] ?? 0) + 1;
      // Out of file descriptors: more attempts only fail faster. Stop and say so.
      if (err === 'EMFILE' || err === 'ENFILE' || err === 'EADDRNOTAVAIL') stop = true;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, cmd.batch) }, worker));
  send({
    type: 'connected',
    connected: sockets.length,
    failed,
    errors,
    ms: performance.now() - started,
  });
}

exitWithParent(() => {
  for (const ws of sockets) ws.terminate();
});

process.on('message', (cmd: ClientCommand) => {
  switch (cmd.type) {
    case 'connect':
      void connect(cmd).catch((err: unknown) => send({ type: 'error', message: String(err) }));
      return;
    case 'mark':
      cpuMark = process.cpuUsage();
      timeMark = performance.now();
      return;
    case 'progress':
      send({ type: 'progress', delivered });
      return;
    case 'report': {
      const cpu = process.cpuUsage(cpuMark);
      send({
        type: 'report',
        connected: sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length,
        delivered,
        received,
        firstRecv,
        lastRecv,
        hist: hist.sparse(),
        overflow: hist.overflow,
        negative: hist.negative,
        closedDuringRun,
        cpuPercent: ((cpu.user + cpu.system) / 1000 / (performance.now() - timeMark)) * 100,
        cpuMs: (cpu.user + cpu.system) / 1000,
      });
      return;
    }
    case 'exit':
      process.disconnect();
      return;
  }
});
