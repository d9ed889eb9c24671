/**
 * Crash round benchmark, bettor process: one signed-in socket per bettor (`?token=`, so the server
 * subscribes it to the player's private channel, where BalanceModification arrives), subscribed to
 * `Everyone` too when `watch` is set, as a player watching the game would be.
 *
 * - `bet`: every bettor sends CrashBet (1 USDT, manual cash-out) over its socket, the requests spread
 *   evenly over `spreadMs`; returns how many were placed, the errors and the reply latencies.
 * - `cashout`: every bettor that placed a bet sends CrashCashOut in one synchronous loop (the same
 *   moment, as far as one process can); for each request it records the send time, the whisper reply
 *   (the server answers only after the payout's ledger transfer committed) and the first
 *   BalanceModification that follows. Returns when every request has its answers, or at the timeout.
 * Forked by `scripts/bench/crash`; exits when the coordinator goes away.
 */
import type WebSocket from 'ws';
import {
  CURRENCY,
  type CashOutResult,
  type ClientCommand,
  WAGER,
  head,
  openSocket,
  rampUp,
  tell,
} from './crash-shared.js';
import { exitWithParent, now } from './fanout-shared.js';

interface Reply {
  $id: string;
  code?: number;
  data?: { game?: { round?: string; status?: string; bet?: { multiplier?: string } } };
}

const sockets: (WebSocket | undefined)[] = [];
/** Whisper replies awaited, by `$id`. */
const waiting = new Map<string, (reply: Reply, t: number) => void>();
/** Bettors whose cash-out was sent and whose BalanceModification has not arrived yet. */
const armed = new Map<number, (t: number) => void>();
const placed = new Set<number>();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function onFrame(index: number, data: Buffer): void {
  const t = now();
  const text = head(data);
  if (text.startsWith('{"$id":')) {
    const reply = JSON.parse(data.toString()) as Reply;
    const done = waiting.get(String(reply.$id));
    waiting.delete(String(reply.$id));
    done?.(reply, t);
  } else if (text.includes('"event":"BalanceModification"')) {
    const done = armed.get(index);
    armed.delete(index);
    done?.(t);
  }
}

function whisper(index: number, id: string, event: string, data: unknown): Promise<[Reply, number]> {
  return new Promise((resolve) => {
    waiting.set(id, (reply, t) => resolve([reply, t]));
    sockets[index]?.send(JSON.stringify({ $id: id, type: 'whisper', event, data }));
  });
}

const statusOf = (reply: Reply) => reply.data?.game?.status ?? `error ${reply.code ?? '?'}`;

async function connect(cmd: Extract<ClientCommand, { type: 'connect' }>): Promise<void> {
  const started = performance.now();
  const tokens = cmd.tokens ?? [];
  const errors = await rampUp(tokens.length, cmd.batch, async (i) => {
    const url = `${cmd.urls[i % cmd.urls.length]}?token=${encodeURIComponent(tokens[i]!)}`;
    const ws = await openSocket(url, cmd.watch, (data) => onFrame(i, data));
    if (typeof ws === 'string') return ws;
    sockets[i] = ws;
    return null;
  });
  const connected = sockets.filter(Boolean).length;
  tell({ type: 'connected', connected, errors, ms: performance.now() - started });
}

async function bet(spreadMs: number): Promise<void> {
  const started = performance.now();
  const errors: Record<string, number> = {};
  const latencies: number[] = [];
  let round: string | null = null;
  const calls: Promise<void>[] = [];
  const n = sockets.length;
  for (let i = 0; i < n; i += 1) {
    if (!sockets[i]) continue;
    const wait = started + (i * spreadMs) / n - performance.now();
    if (wait > 1) await sleep(wait);
    const sent = now();
    calls.push(
      whisper(i, `b${i}`, 'CrashBet', { bet: WAGER, currency: CURRENCY }).then(([reply, t]) => {
        const status = statusOf(reply);
        if (status !== 'in-progress') errors[status] = (errors[status] ?? 0) + 1;
        else {
          placed.add(i);
          latencies.push(t - sent);
          round ??= reply.data?.game?.round ?? null;
        }
      }),
    );
  }
  await Promise.all(calls);
  latencies.sort((a, b) => a - b);
  tell({ type: 'bets', placed: placed.size, round, errors, latencies, ms: performance.now() - started });
}

async function cashOut(round: string, timeoutMs: number): Promise<void> {
  const results: CashOutResult[] = [];
  const calls: Promise<unknown>[] = [];
  for (const i of placed) {
    const r: CashOutResult = {
      index: i,
      sent: now(),
      reply: NaN,
      balance: NaN,
      status: 'no reply',
      multiplier: '',
    };
    results.push(r);
    const balance = new Promise<void>((resolve) =>
      armed.set(i, (t) => {
        r.balance = t;
        resolve();
      }),
    );
    const reply = whisper(i, `c${i}`, 'CrashCashOut', { id: round }).then(([answer, t]) => {
      r.reply = t;
      r.status = statusOf(answer);
      r.multiplier = answer.data?.game?.bet?.multiplier ?? '';
    });
    // A request that did not win moves no money: no BalanceModification to wait for.
    calls.push(reply.then(() => (r.status === 'win' ? balance : undefined)));
  }
  const timeout = sleep(timeoutMs).then(() => 'timeout');
  await Promise.race([Promise.all(calls), timeout]);
  armed.clear();
  tell({ type: 'cashouts', results });
}

exitWithParent(() => {
  for (const ws of sockets) ws?.terminate();
});

process.on('message', (cmd: ClientCommand) => {
  const fail = (err: unknown) => tell({ type: 'error', message: String(err) });
  if (cmd.type === 'connect') void connect(cmd).catch(fail);
  else if (cmd.type === 'bet') void bet(cmd.spreadMs).catch(fail);
  else if (cmd.type === 'cashout') void cashOut(cmd.round, cmd.timeoutMs).catch(fail);
  else if (cmd.type === 'exit') process.disconnect();
});
