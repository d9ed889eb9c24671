/**
 * Sportsbook benchmark, socket process: opens `count` guest sockets (`batch` at a time), subscribes
 * each to `Sportsbook`, and records the receive time of every `SportOddsChange` on every socket, keyed
 * by the change it names (its first odds, see sports-shared.ts). Frames are not parsed. On `report`,
 * with the time each change reached the server's hub, it returns the latency histogram of the measured
 * changes and the deliveries missing.
 */
import type WebSocket from 'ws';
import { intField, openSocket, post, rampUp } from './crash-shared.js';
import { Histogram, exitWithParent, now } from './fanout-shared.js';
import { type WatcherCommand, type WatcherReply, seqOfOdds } from './sports-shared.js';

const tell = (msg: WatcherReply) => post(msg);
const sockets: WebSocket[] = [];
let closedDuringRun = 0;
const seqs: number[] = [];
const times: number[] = [];

function onFrame(data: Buffer): void {
  const t = now();
  const text = data.toString('latin1', 0, Math.min(data.length, 400));
  if (!text.includes('"event":"SportOddsChange"')) return;
  seqs.push(seqOfOdds(intField(text, 'odds')));
  times.push(t);
}

async function connect(cmd: Extract<WatcherCommand, { type: 'connect' }>): Promise<void> {
  const started = performance.now();
  const errors = await rampUp(cmd.count, cmd.batch, async () => {
    const ws = await openSocket(cmd.url, true, onFrame, 'Sportsbook');
    if (typeof ws === 'string') return ws;
    sockets.push(ws);
    ws.on('close', () => (closedDuringRun += 1));
    return null;
  });
  tell({ type: 'connected', connected: sockets.length, errors, ms: performance.now() - started });
}

function report(cmd: Extract<WatcherCommand, { type: 'report' }>): void {
  const emitted = new Map(cmd.emits);
  const latency = new Histogram();
  let delivered = 0;
  for (let i = 0; i < seqs.length; i++) {
    const sent = emitted.get(seqs[i]!);
    if (sent === undefined || seqs[i]! < cmd.from) continue;
    delivered += 1;
    latency.record(times[i]! - sent);
  }
  const measured = cmd.emits.filter(([s]) => s >= cmd.from).length;
  const cpu = process.cpuUsage();
  tell({
    type: 'report',
    connected: sockets.length,
    delivered,
    missing: measured * sockets.length - delivered,
    closedDuringRun,
    latency: { hist: latency.sparse(), overflow: latency.overflow },
    cpuMs: (cpu.user + cpu.system) / 1000,
  });
}

exitWithParent(() => {
  for (const ws of sockets) ws.terminate();
});

process.on('message', (cmd: WatcherCommand) => {
  if (cmd.type === 'connect')
    void connect(cmd).catch((err: unknown) => tell({ type: 'error', message: String(err) }));
  else if (cmd.type === 'report') report(cmd);
  else if (cmd.type === 'exit') process.disconnect();
});
