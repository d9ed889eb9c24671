/**
 * Chat benchmark, writer process: one signed-in socket per writer (`?token=`), subscribed to the chat
 * channel as the web client is, writer i on node i % nodes.
 *
 * - `run`: every writer sends the `ChatMessage` whisper `{message, channel}` once per `intervalMs`
 *   (the slow-mode limit plus a margin), the writers' phases spread evenly over the interval, from
 *   `startAt` until `endAt`. Each text carries a unique bench id (id = k * writers + writer). For each
 *   message the process records the send time, the whisper reply time (the server replies after it
 *   stored and published the message) and the outcome, then returns them once every reply is in or
 *   `replyTimeoutMs` after the last send.
 * Forked by `scripts/bench/chat`; exits when the coordinator goes away.
 */
import type WebSocket from 'ws';
import { CHANNEL, type ClientCommand, type SendResult, messageText, tell } from './chat-shared.js';
import { errorText, head, openSocket, rampUp } from './crash-shared.js';
import { exitWithParent, now } from './fanout-shared.js';

interface Reply {
  $id: string;
  code?: number;
  message?: string;
}

const sockets: (WebSocket | undefined)[] = [];
/** Writers asked for (the phases are spread over all of them, connected or not). */
let writers = 0;
/** Whisper replies awaited, by `$id`. */
const waiting = new Map<string, (reply: Reply, t: number) => void>();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

function onFrame(data: Buffer): void {
  const t = now();
  if (!head(data).startsWith('{"$id":')) return;
  const reply = JSON.parse(data.toString()) as Reply;
  const done = waiting.get(String(reply.$id));
  waiting.delete(String(reply.$id));
  done?.(reply, t);
}

function whisper(index: number, id: string, event: string, data: unknown): Promise<[Reply, number]> {
  return new Promise((resolve) => {
    waiting.set(id, (reply, t) => resolve([reply, t]));
    sockets[index]?.send(JSON.stringify({ $id: id, type: 'whisper', event, data }));
  });
}

async function connect(cmd: Extract<ClientCommand, { type: 'connect' }>): Promise<void> {
  const started = performance.now();
  const tokens = cmd.tokens ?? [];
  writers = tokens.length;
  const errors = await rampUp(tokens.length, cmd.batch, async (i) => {
    const url = `${cmd.urls[i % cmd.urls.length]}?token=${encodeURIComponent(tokens[i]!)}`;
    const ws = await openSocket(url, true, onFrame, CHANNEL);
    if (typeof ws === 'string') return ws;
    sockets[i] = ws;
    return null;
  });
  const connected = sockets.filter(Boolean).length;
  tell({ type: 'connected', connected, errors, ms: performance.now() - started });
}

async function run(cmd: Extract<ClientCommand, { type: 'run' }>): Promise<void> {
  const results: SendResult[] = [];
  const replies: Promise<void>[] = [];
  const n = writers;
  const writer = async (i: number) => {
    for (let k = 0; ; k += 1) {
      const due = cmd.startAt + (i * cmd.intervalMs) / n + k * cmd.intervalMs;
      if (due >= cmd.endAt) return;
      await sleep(due - now());
      const r: SendResult = { id: k * n + i, writer: i, sent: now(), reply: NaN, status: 'no reply' };
      results.push(r);
      const data = { message: messageText(r.id, i), channel: CHANNEL };
      replies.push(
        whisper(i, `m${r.id}`, 'ChatMessage', data).then(([reply, t]) => {
          r.reply = t;
          r.status = reply.code === undefined ? 'ok' : `${reply.code} ${reply.message ?? ''}`.trim();
        }),
      );
    }
  };
  await Promise.all(sockets.map((ws, i) => (ws ? writer(i) : undefined)));
  await Promise.race([Promise.all(replies), sleep(cmd.replyTimeoutMs)]);
  waiting.clear();
  tell({ type: 'sent', results: results.sort((a, b) => a.sent - b.sent) });
}

exitWithParent(() => {
  for (const ws of sockets) ws?.terminate();
});

process.on('message', (cmd: ClientCommand) => {
  const fail = (err: unknown) => tell({ type: 'error', message: errorText(err) });
  if (cmd.type === 'connect') void connect(cmd).catch(fail);
  else if (cmd.type === 'run') void run(cmd).catch(fail);
  else if (cmd.type === 'exit') process.disconnect();
});
