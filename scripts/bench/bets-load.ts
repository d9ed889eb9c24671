/**
 * Bet benchmark load generator, forked by bets-main.ts (one process per phase, apart from the
 * server under test and from the coordinator). On a `run` command it starts one loop per player,
 * each placing one bet after the other for `warmup + duration` seconds:
 *   - `http`: POST /api/whisper {event: 'Play', data: PLAY_REQUEST} with the player's bearer token,
 *     over keep-alive connections (one per player), with undici's HTTP/1.1 client (default) or
 *     node:http's (`client: 'node'`). The load generator shares the machine with the server under test
 *     and PostgreSQL, so its own CPU per bet counts against the measured throughput: undici's client
 *     costs about a third of node:http's (docs/BENCHMARKS.md), closer to pgbench's C client;
 *   - `raw`: the bet's statements (bets-sql.ts) as named prepared statements (or unnamed ones)
 *     through a `pg` pool (by default one connection per player).
 * With `gap`, each player pauses that long after each bet. Only bets that complete inside the
 * measured window (after the warm-up) count; their latencies give p50/p90/p99.
 *
 * With `rate` (bets/s) the load is open-loop instead: bets arrive as a Poisson process at that rate,
 * whatever the completions, each given to the next player with no bet in flight (round robin; any
 * player when all are busy). A bet's latency runs from its scheduled arrival, so a late generator
 * or a queue in the server counts against the latency (no coordinated omission). Bets scheduled in
 * the measured window count. Replies with one `result` message.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { Client } from 'undici';
import { type BetContext, type Statement, type Step, betSteps, isWin } from './bets-sql.js';
import {
  DICE_OUTCOMES,
  type LoadCommand,
  type LoadReply,
  PLAY_REQUEST,
  quantile,
  send,
} from './bets-shared.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Bet = (player: number) => Promise<{ ok: true; win: boolean } | { ok: false; error: string }>;

async function measure(
  players: number,
  bet: Bet,
  warmup: number,
  duration: number,
  gap: number,
): Promise<Extract<LoadReply, { type: 'result' }>> {
  const t0 = performance.now();
  const windowStart = t0 + warmup * 1000;
  const windowEnd = windowStart + duration * 1000;
  const latencies: number[] = [];
  const errors: Record<string, number> = {};
  let wins = 0;
  await Promise.all(
    Array.from({ length: players }, async (_, p) => {
      // With a gap, players start spread over it rather than in one burst.
      if (gap > 0) await sleep(Math.random() * gap);
      while (performance.now() < windowEnd) {
        const started = performance.now();
        let outcome: Awaited<ReturnType<Bet>>;
        try {
          outcome = await bet(p);
        } catch (err) {
          outcome = { ok: false, error: err instanceof Error ? err.message : String(err) };
        }
        const done = performance.now();
        if (gap > 0) await sleep(gap);
        if (done < windowStart || done > windowEnd) continue;
        if (outcome.ok) {
          latencies.push(done - started);
          if (outcome.win) wins++;
        } else {
          errors[outcome.error] = (errors[outcome.error] ?? 0) + 1;
          // A failing call must not spin: back off a little.
          await sleep(10);
        }
      }
    }),
  );
  const seconds = duration;
  latencies.sort((a, b) => a - b);
  return {
    type: 'result',
    completed: latencies.length,
    wins,
    errors,
    seconds,
    p50: quantile(latencies, 0.5),
    p90: quantile(latencies, 0.9),
    p99: quantile(latencies, 0.99),
    max: latencies.at(-1) ?? NaN,
  };
}

/** Open-loop load at `rate` bets/s (Poisson arrivals); see the module comment. */
async function measureOpen(
  players: number,
  bet: Bet,
  warmup: number,
  duration: number,
  rate: number,
): Promise<Extract<LoadReply, { type: 'result' }>> {
  const t0 = performance.now();
  const windowStart = t0 + warmup * 1000;
  const windowEnd = windowStart + duration * 1000;
  const latencies: number[] = [];
  const errors: Record<string, number> = {};
  const busy = new Array<boolean>(players).fill(false);
  const inFlight = new Set<Promise<void>>();
  let wins = 0;
  let next = 0;
  const pick = (): number => {
    for (let i = 0; i < players; i++) {
      const p = (next + i) % players;
      if (!busy[p]) {
        next = p + 1;
        return p;
      }
    }
    return next++ % players;
  };
  const fire = (p: number, scheduled: number) => {
    busy[p] = true;
    const run = (async () => {
      let outcome: Awaited<ReturnType<Bet>>;
      try {
        outcome = await bet(p);
      } catch (err) {
        outcome = { ok: false, error: err instanceof Error ? err.message : String(err) };
      }
      busy[p] = false;
      if (scheduled < windowStart || scheduled > windowEnd) return;
      if (outcome.ok) {
        latencies.push(performance.now() - scheduled);
        if (outcome.win) wins++;
      } else errors[outcome.error] = (errors[outcome.error] ?? 0) + 1;
    })();
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
  };
  let at = t0;
  for (;;) {
    at += (-Math.log(1 - Math.random()) * 1000) / rate;
    if (at > windowEnd) break;
    const wait = at - performance.now();
    if (wait > 1) await sleep(wait);
    fire(pick(), at);
  }
  await Promise.all(inFlight);
  latencies.sort((a, b) => a - b);
  return {
    type: 'result',
    completed: latencies.length,
    wins,
    errors,
    seconds: duration,
    p50: quantile(latencies, 0.5),
    p90: quantile(latencies, 0.9),
    p99: quantile(latencies, 0.99),
    max: latencies.at(-1) ?? NaN,
  };
}

/** Whether a Play answer is a settled single-round bet, and whether it won. */
function playOutcome(status: number, text: string): Awaited<ReturnType<Bet>> {
  let json: { type?: string; code?: unknown; game?: { win?: boolean } } = {};
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    // reported below
  }
  if (status === 200 && json.type === 'single') return { ok: true, win: json.game?.win === true };
  return { ok: false, error: `HTTP ${status}:${String(json.code ?? text.slice(0, 80))}` };
}

/** One Play call over HTTP/1.1 keep-alive with undici: one client (one connection) per player. */
function undiciBet(urls: string[], tokens: string[]): Bet {
  const body = Buffer.from(JSON.stringify({ event: 'Play', data: PLAY_REQUEST }));
  const clients = tokens.map(
    (_, i) => new Client(new URL(urls[i % urls.length]!).origin, { pipelining: 1, keepAliveTimeout: 60_000 }),
  );
  const headers = tokens.map((token) => ({
    'content-type': 'application/json',
    authorization: `Bearer ${token}`,
  }));
  return async (player) => {
    const res = await clients[player]!.request({
      path: '/api/whisper',
      method: 'POST',
      headers: headers[player],
      body,
    });
    return playOutcome(res.statusCode, await res.body.text());
  };
}

/** One Play call over HTTP/1.1 keep-alive with node:http. */
function nodeHttpBet(urls: string[], tokens: string[]): Bet {
  const targets = urls.map((url) => new URL('/api/whisper', url));
  const agent = new http.Agent({ keepAlive: true, maxSockets: tokens.length });
  const body = Buffer.from(JSON.stringify({ event: 'Play', data: PLAY_REQUEST }));
  return (player) =>
    new Promise((resolve, reject) => {
      const req = http.request(
        targets[player % targets.length]!,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': body.length,
            authorization: `Bearer ${tokens[player]}`,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () =>
            resolve(playOutcome(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'))),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
}

/**
 * One bet's statements through a `pg.Pool` of `connections` clients, used as the server uses its
 * pool: a connection per transaction (begin .. commit) and per statement outside one.
 */
async function rawBets(
  cmd: Extract<LoadCommand, { mode: 'raw' }>,
): Promise<{ bet: Bet; close(): Promise<void> }> {
  const steps = betSteps(cmd.withReads ? 'all' : 'ledger');
  const pool = new pg.Pool({ connectionString: cmd.databaseUrl, max: cmd.connections });
  // Open every connection up front (they would otherwise open during the warm-up).
  const opened = await Promise.all(Array.from({ length: cmd.connections }, () => pool.connect()));
  for (const c of opened) c.release();
  const exec = async (client: pg.PoolClient, s: Statement, ctx: BetContext) => {
    const res = await client.query(
      cmd.prepared
        ? { name: s.name, text: s.sql, values: s.values(ctx) }
        : { text: s.sql, values: s.values(ctx) },
    );
    if (s.into) {
      const row = res.rows[0] as Record<string, string> | undefined;
      if (!row) throw new Error(`${s.name} returned no row`);
      s.into(ctx, row);
    }
  };
  /** Runs `list`; `within` is the transaction an enclosing list opened (a win's payout runs in it). */
  const run = async (list: Step[], ctx: BetContext, within?: pg.PoolClient): Promise<void> => {
    let tx: pg.PoolClient | undefined = within;
    try {
      for (const step of list) {
        if (step === 'begin') {
          tx = await pool.connect();
          await tx.query('begin');
        } else if (step === 'commit') {
          const done = tx!;
          await done.query('commit');
          tx = undefined;
          done.release();
        } else if ('ifWin' in step) {
          if (isWin(ctx.roll)) await run(step.ifWin, ctx, tx);
        } else if (tx) {
          await exec(tx, step, ctx);
        } else {
          const client = await pool.connect();
          try {
            await exec(client, step, ctx);
          } finally {
            client.release();
          }
        }
      }
    } catch (err) {
      // Only the list that opened the transaction ends it.
      if (tx && tx !== within) {
        await tx.query('rollback').catch(() => undefined);
        tx.release();
      }
      throw err;
    }
  };
  const bet: Bet = async (p) => {
    const player = cmd.players[p]!;
    const ctx: BetContext = {
      userId: player.userId,
      tokenHash: player.tokenHash,
      account: player.account,
      house: cmd.house,
      roll: Math.floor(Math.random() * DICE_OUTCOMES),
      betId: '',
      seedId: '',
      nonce: '',
    };
    await run(steps, ctx);
    return { ok: true, win: isWin(ctx.roll) };
  };
  return { bet, close: () => pool.end() };
}

process.on('message', (cmd: LoadCommand | { type: 'exit' }) => {
  if (cmd.type === 'exit') {
    process.disconnect();
    return;
  }
  void (async () => {
    try {
      const run = (players: number, bet: Bet) =>
        cmd.rate
          ? measureOpen(players, bet, cmd.warmup, cmd.duration, cmd.rate)
          : measure(players, bet, cmd.warmup, cmd.duration, cmd.gap);
      if (cmd.mode === 'http') {
        const bet =
          cmd.client === 'node' ? nodeHttpBet(cmd.urls, cmd.tokens) : undiciBet(cmd.urls, cmd.tokens);
        send(await run(cmd.tokens.length, bet));
      } else {
        const raw = await rawBets(cmd);
        try {
          send(await run(cmd.players.length, raw.bet));
        } finally {
          await raw.close();
        }
      }
    } catch (err) {
      send({ type: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    }
  })();
});
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
