/**
 * Crash round benchmark, spectator process: opens `count` guest sockets (`batch` at a time), subscribes
 * each to `Everyone`, and records the receive time of every MultiplayerDataUpdate on every socket,
 * keyed by the tick's `elapsed`. Frames are not parsed: the event name and `elapsed` are read from the
 * first bytes, so even the large ticks of the cash-out burst cost the process little.
 *
 * On `report` (after the round), with the server's emit time of each tick, it returns histograms of
 * emit -> receive latency (all ticks, ticks during the cash-out burst, the others), of the multiplier's
 * age at receipt (receive - (startedAt + elapsed)), and each tick's first and last receive time.
 * Forked by `scripts/bench/crash`; exits when the coordinator goes away.
 */
import type WebSocket from 'ws';
import { type ClientCommand, head, intField, openSocket, rampUp, tell } from './crash-shared.js';
import { Histogram, exitWithParent, now } from './fanout-shared.js';

const sockets: WebSocket[] = [];
let closedDuringRun = 0;
/** Every tick frame received on any socket: its `elapsed` and receive time, in parallel arrays. */
const elapsedOf: number[] = [];
const receivedAt: number[] = [];

function onFrame(data: Buffer): void {
  const t = now();
  const text = head(data);
  if (!text.includes('"event":"MultiplayerDataUpdate"')) return;
  elapsedOf.push(intField(text, 'elapsed'));
  receivedAt.push(t);
}

async function connect(cmd: Extract<ClientCommand, { type: 'connect' }>): Promise<void> {
  const started = performance.now();
  const errors = await rampUp(cmd.count, cmd.batch, async (i) => {
    const ws = await openSocket(cmd.urls[i % cmd.urls.length]!, true, onFrame);
    if (typeof ws === 'string') return ws;
    sockets.push(ws);
    ws.on('close', () => (closedDuringRun += 1));
    return null;
  });
  tell({ type: 'connected', connected: sockets.length, errors, ms: performance.now() - started });
}

function report(cmd: Extract<ClientCommand, { type: 'report' }>): void {
  const emitted = new Map(cmd.emits);
  const all = new Histogram();
  const quiet = new Histogram();
  const burst = new Histogram();
  const staleness = new Histogram();
  const spread = new Map<number, [number, number]>();
  let delivered = 0;
  for (let i = 0; i < elapsedOf.length; i += 1) {
    const elapsed = elapsedOf[i]!;
    const t = receivedAt[i]!;
    const sent = emitted.get(elapsed);
    if (sent === undefined) continue;
    delivered += 1;
    const latency = t - sent;
    all.record(latency);
    (sent >= cmd.burstFrom && sent < cmd.burstTo ? burst : quiet).record(latency);
    staleness.record(t - (cmd.startedAt + elapsed));
    const range = spread.get(elapsed);
    if (!range) spread.set(elapsed, [t, t]);
    else {
      if (t < range[0]) range[0] = t;
      if (t > range[1]) range[1] = t;
    }
  }
  const sparse = (h: Histogram) => ({ hist: h.sparse(), overflow: h.overflow });
  tell({
    type: 'report',
    connected: sockets.length,
    delivered,
    missing: cmd.emits.length * sockets.length - delivered,
    closedDuringRun,
    all: sparse(all),
    quiet: sparse(quiet),
    burst: sparse(burst),
    staleness: sparse(staleness),
    spread: [...spread].map(([elapsed, [first, last]]) => [elapsed, first, last]),
  });
}

exitWithParent(() => {
  for (const ws of sockets) ws.terminate();
});

process.on('message', (cmd: ClientCommand) => {
  if (cmd.type === 'connect')
    void connect(cmd).catch((err: unknown) => tell({ type: 'error', message: String(err) }));
  else if (cmd.type === 'report') report(cmd);
  else if (cmd.type === 'exit') process.disconnect();
});
