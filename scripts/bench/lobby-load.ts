/**
 * Lobby benchmark load generator, forked by lobby-main.ts (a process apart from the server under test
 * and from the coordinator). On a `run` command it starts one loop per client, each sending requests
 * back to back (or with a pause of `gap` ms) over its own keep-alive connection for `warmup + duration`
 * seconds:
 *   - a lobby row: POST /api/data/gamesFilter with one of the home page's filters and limit 10;
 *   - a search: POST /api/data/gamesFilter {filter: [{key: name, type: search, expect}]}, page 1
 *     (or 2, one time in five), the default page size of 6.
 * Each client claims a country through `cf-ipcountry` (the server trusts it, so the blocked flag is
 * computed) and the first `signedIn` clients send a player's bearer token (favourite flags). Only
 * requests that complete inside the measured window count. Replies with one `result` message.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import {
  COUNTRIES,
  LOBBY_ROWS,
  type LoadCommand,
  type LoadReply,
  type RequestKind,
  SEARCH_WORDS,
  benchToken,
  stats,
} from './lobby-shared.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function send(msg: LoadReply): void {
  if (process.connected) process.send?.(msg);
}

function post(
  agent: http.Agent,
  url: URL,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: '/api/data/gamesFilter',
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function run(cmd: LoadCommand): Promise<LoadReply> {
  const url = new URL(cmd.url);
  const t0 = performance.now();
  const windowStart = t0 + cmd.warmup * 1000;
  const windowEnd = windowStart + cmd.duration * 1000;
  const latencies: Record<RequestKind, number[]> = { row: [], search: [] };
  const errors: Record<string, number> = {};
  await Promise.all(
    Array.from({ length: cmd.clients }, async (_, c) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const headers: Record<string, string> = { 'cf-ipcountry': COUNTRIES[c % COUNTRIES.length] as string };
      if (c < cmd.signedIn) headers.authorization = `Bearer ${benchToken(c)}`;
      let n = c * 7;
      // With a gap, clients start spread over it rather than in one burst.
      if (cmd.gap > 0) await sleep(((c * 2654435761) % 1000) * (cmd.gap / 1000));
      while (performance.now() < windowEnd) {
        n++;
        const isSearch = ((n * 2654435761) >>> 0) / 4294967296 < cmd.searchShare;
        const body = isSearch
          ? JSON.stringify({
              filter: [{ key: 'name', type: 'search', expect: SEARCH_WORDS[n % SEARCH_WORDS.length] }],
              page: n % 5 === 0 ? 2 : 1,
            })
          : JSON.stringify({ filter: [LOBBY_ROWS[n % LOBBY_ROWS.length]], limit: 10 });
        const started = performance.now();
        let error: string | undefined;
        try {
          const res = await post(agent, url, headers, body);
          if (res.status !== 200) error = `HTTP ${res.status}: ${res.body.slice(0, 120)}`;
          else if (!res.body.startsWith('{"games":')) error = 'unexpected body';
        } catch (err) {
          error = err instanceof Error ? err.message : String(err);
        }
        const done = performance.now();
        if (cmd.gap > 0) await sleep(cmd.gap);
        if (done < windowStart || done > windowEnd) continue;
        if (error) {
          errors[error] = (errors[error] ?? 0) + 1;
          await sleep(10);
        } else {
          latencies[isSearch ? 'search' : 'row'].push(done - started);
        }
      }
      agent.destroy();
    }),
  );
  return {
    type: 'result',
    seconds: cmd.duration,
    all: stats([...latencies.row, ...latencies.search]),
    byKind: { row: stats(latencies.row), search: stats(latencies.search) },
    errors,
  };
}

process.on('message', (cmd: LoadCommand) => {
  if (cmd?.type !== 'run') return;
  run(cmd)
    .then(send)
    .catch((err: unknown) =>
      send({ type: 'error', message: err instanceof Error ? err.message : String(err) }),
    )
    .finally(() => setTimeout(() => process.exit(0), 50));
});
send({ type: 'ready' });
