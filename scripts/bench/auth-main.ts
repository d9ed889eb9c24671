/**
 * Logins per second through the real HTTP API (argon2id at the production cost) on this machine,
 * next to the bare argon2id verify rate measured in the same run as the baseline: the API can at
 * best reach the baseline, and the ratio shows what the rest of the login path costs.
 *
 * The captcha is proof-of-work done by the client, so the benchmark pre-solves one challenge per
 * login with a cheap counter range (CAPTCHA_COUNTER_MIN/MAX) before the timed part.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverRequire = createRequire(path.join(root, 'apps/server/package.json'));
const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const USERS = arg('users', 20);
const CONCURRENCY = arg('concurrency', 8);
const SECONDS = arg('seconds', 10);

const { loadConfig } = await import('../../apps/server/src/platform/config.ts');
const { createServer } = await import('../../apps/server/src/server.ts');
const { hashPassword, verifyPassword } = await import('../../apps/server/src/modules/users/index.ts');
const { solveChallenge } = serverRequire('altcha-lib') as typeof import('altcha-lib');
const { deriveKey } = serverRequire(
  'altcha-lib/algorithms/sha',
) as typeof import('altcha-lib/algorithms/sha');

const config = loadConfig({
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  PORT: '0',
  SERVE_WEB: 'false',
  LOG_LEVEL: 'silent',
  CAPTCHA_COUNTER_MIN: '1',
  CAPTCHA_COUNTER_MAX: '50',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
const server = await createServer(config, { log: pino({ level: 'silent' }) });
const { port } = await server.listen();
const base = `http://127.0.0.1:${port}`;
const db = server.database;

// Accounts, unlocked throttles (the benchmark must not trip the lockout).
const password = 'bench-password-1';
const hash = await hashPassword(password);
const names: string[] = [];
for (let i = 0; i < USERS; i++) {
  const name = `bench_${Date.now().toString(36)}_${i}`;
  await db.query(
    "with u as (insert into users (name, email, password_hash) values ($1, $1 || '@bench.local', $2) returning id) insert into user_roles select id, 'player' from u",
    [name, hash],
  );
  names.push(name);
}

async function captcha(): Promise<string> {
  const challenge = await (await fetch(`${base}/api/captcha/challenge`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

// Baseline: bare argon2id verifications per second, same concurrency, same process.
async function baseline(): Promise<number> {
  let n = 0;
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        await verifyPassword(hash, password);
        n++;
      }
    }),
  );
  return n / SECONDS;
}

async function logins(): Promise<{ rate: number; p50: number; p99: number; failed: number }> {
  const pool: string[] = [];
  const needed = Math.ceil(SECONDS * 400) + CONCURRENCY;
  process.stdout.write(`pre-solving ${needed} captchas... `);
  for (let i = 0; i < needed; i++) pool.push(await captcha());
  console.log('done');
  const latencies: number[] = [];
  let failed = 0;
  let i = 0;
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end && pool.length) {
        const login = names[i++ % names.length] as string;
        const t0 = performance.now();
        const res = await fetch(`${base}/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ login, password, captcha: pool.pop() }),
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.status !== 200) failed++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  return { rate: latencies.length / SECONDS, p50: q(0.5), p99: q(0.99), failed };
}

console.log(
  `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model}), Node ${process.version}, database ${db.kind}`,
);
console.log(`users ${USERS}, concurrency ${CONCURRENCY}, ${SECONDS} s per measurement`);
const base1 = await baseline();
const api = await logins();
console.log(`argon2id verify baseline: ${base1.toFixed(1)}/s`);
console.log(
  `API logins:               ${api.rate.toFixed(1)}/s (p50 ${api.p50.toFixed(1)} ms, p99 ${api.p99.toFixed(1)} ms, failed ${api.failed})`,
);
console.log(`ratio API / baseline:     ${((api.rate / base1) * 100).toFixed(0)}%`);
await server.close();
