import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/ledger/index.js';
import { runMigrations } from '../src/db/migrate.js';
import { seedDatabase } from '../src/db/seed.js';
import { createUser } from './helpers/factories.js';
import { createTestDatabase } from './helpers/test-server.js';

/**
 * SIGKILL in the middle of ledger load: every transfer acknowledged to a client is present,
 * none is half-applied, the invariants hold, and the server starts again on the same database.
 * Runs against real PostgreSQL (DATABASE_URL), where durability is real.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe.skipIf(!process.env.DATABASE_URL)('ledger under SIGKILL', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  afterAll(async () => {
    await db?.drop();
  });

  it('loses no acknowledged transfer and half-applies none', async () => {
    db = await createTestDatabase();
    await runMigrations(db.database);
    await seedDatabase(db.database, { withDemoAccounts: false });
    const users = await Promise.all(Array.from({ length: 5 }, () => createUser(db!.database)));
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/ledger-load.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: db.url as string,
        LOAD_USERS: users.map((u) => u.id).join(','),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let errOut = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (errOut += String(d)));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const deadline = Date.now() + 30_000;
    while ((out.match(/^ACK /gm)?.length ?? 0) < 400 && Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`load process died: ${errOut}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    child.kill('SIGKILL');
    await exited;
    const acked = [...out.matchAll(/^ACK (\S+)$/gm)].map((m) => m[1] as string);
    expect(acked.length).toBeGreaterThanOrEqual(400);

    const rows = await db.database.query<{ idempotency_key: string }>(
      "select idempotency_key from ledger_transfers where idempotency_key like 'fault:%'",
    );
    const stored = new Set(rows.map((r) => r.idempotency_key));
    const missing = acked.filter((k) => !stored.has(k));
    expect(missing).toEqual([]);
    // In-flight transfers at the kill either committed whole or not at all.
    const check = await checkLedger(db.database);
    expect(check.problems).toEqual([]);

    // Restart: the server comes up on the same database and the ledger is still consistent.
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: '0',
        SERVE_WEB: 'false',
        LOG_LEVEL: 'warn',
        DATABASE_URL: db.url as string,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let sOut = '';
    server.stdout.on('data', (d) => (sOut += String(d)));
    const sExit = new Promise((resolve) => server.on('exit', resolve));
    const until = Date.now() + 60_000;
    while (!/running at http:\/\/localhost:(\d+)/.test(sOut) && Date.now() < until)
      await new Promise((r) => setTimeout(r, 100));
    const port = Number((/running at http:\/\/localhost:(\d+)/.exec(sOut) as RegExpExecArray)[1]);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    server.kill('SIGTERM');
    await sExit;
    expect((await checkLedger(db.database)).ok).toBe(true);
  }, 120_000);
});
