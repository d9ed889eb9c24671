/**
 * Chat benchmark, reader process: opens `count` guest sockets (`batch` at a time), subscribes each to
 * the chat channel (`casino_en`, as the web client's chat feed does), and records the receive time of
 * every bench ChatMessage on every socket, keyed by the bench id in its text. Frames are not parsed:
 * the event name is read from the first bytes and the id found after the marker.
 *
 * On `report`, with the writers' send time and the nodes' publish time of every accepted message, it
 * returns histograms of send -> receive and publish -> receive, the frames missing, and each
 * message's first and last receive time. Forked by `scripts/bench/chat`; exits with the coordinator.
 */
import type WebSocket from 'ws';
import { CHANNEL, type ClientCommand, benchIdOf, tell } from './chat-shared.js';
import { errorText, head, openSocket, rampUp } from './crash-shared.js';
import { Histogram, exitWithParent, now } from './fanout-shared.js';

const sockets: WebSocket[] = [];
let closedDuringRun = 0;
/** Every bench message received on any socket: its id and receive time, in parallel arrays. */
const idOf: number[] = [];
const receivedAt: number[] = [];

function onFrame(data: Buffer): void {
  const t = now();
  if (!head(data).includes('"event":"ChatMessage"')) return;
  const id = benchIdOf(data);
  if (id < 0) return;
  idOf.push(id);
  receivedAt.push(t);
}

async function connect(cmd: Extract<ClientCommand, { type: 'connect' }>): Promise<void> {
  const started = performance.now();
  const errors = await rampUp(cmd.count, cmd.batch, async (i) => {
    const ws = await openSocket(cmd.urls[i % cmd.urls.length]!, true, onFrame, CHANNEL);
    if (typeof ws === 'string') return ws;
    sockets.push(ws);
    ws.on('close', () => (closedDuringRun += 1));
    return null;
  });
  tell({ type: 'connected', connected: sockets.length, errors, ms: performance.now() - started });
}

function report(cmd: Extract<ClientCommand, { type: 'report' }>): void {
  const sent = new Map(cmd.sends);
  const published = new Map(cmd.publishes);
  const latency = new Histogram();
  const fromPublish = new Histogram();
  const spread = new Map<number, [number, number]>();
  const count = new Map<number, number>();
  let delivered = 0;
  for (let i = 0; i < idOf.length; i += 1) {
    const id = idOf[i]!;
    const t = receivedAt[i]!;
    const s = sent.get(id);
    if (s === undefined) continue;
    delivered += 1;
    count.set(id, (count.get(id) ?? 0) + 1);
    latency.record(t - s);
    const p = published.get(id);
    if (p !== undefined) fromPublish.record(t - p);
    const range = spread.get(id);
    if (!range) spread.set(id, [t, t]);
    else {
      if (t < range[0]) range[0] = t;
      if (t > range[1]) range[1] = t;
    }
  }
  let duplicates = 0;
  for (const n of count.values()) duplicates += Math.max(0, n - sockets.length);
  const sparse = (h: Histogram) => ({ hist: h.sparse(), overflow: h.overflow });
  tell({
    type: 'report',
    connected: sockets.length,
    delivered: delivered - duplicates,
    missing: Math.max(0, sent.size * sockets.length - (delivered - duplicates)),
    duplicates,
    closedDuringRun,
    latency: sparse(latency),
    fromPublish: sparse(fromPublish),
    spread: [...spread].map(([id, [first, last]]) => [id, first, last]),
  });
}

exitWithParent(() => {
  for (const ws of sockets) ws.terminate();
});

process.on('message', (cmd: ClientCommand) => {
  if (cmd.type === 'connect')
    void connect(cmd).catch((err: unknown) => tell({ type: 'error', message: errorText(err) }));
  else if (cmd.type === 'report') report(cmd);
  else if (cmd.type === 'exit') process.disconnect();
});
