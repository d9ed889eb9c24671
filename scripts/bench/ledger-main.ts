/**
 * Transfers per second through the ledger module on PostgreSQL with 1, 4 and 16 concurrent clients,
 * on distinct player accounts and on one hot player account, next to a raw-SQL baseline that runs the
 * same statements (begin, insert transfer, update balance, insert postings, commit) on the same pool
 * in the same run. Each transfer is a bet-shaped debit of a player to the house.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import pino from 'pino';

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const SECONDS = arg('seconds', 5);
const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) {
  console.error('Set DATABASE_URL to a PostgreSQL server (a scratch database is created and dropped).');
  process.exit(2);
}

const { openDatabase } = await import('../../apps/server/src/db/client.ts');
const { runMigrations } = await import('../../apps/server/src/db/migrate.ts');
const { seedDatabase } = await import('../../apps/server/src/db/seed.ts');
const { Ledger } = await import('../../apps/server/src/modules/ledger/index.ts');

const name = `bench_ledger_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`create database "${name}"`);
const url = new URL(baseUrl);
url.pathname = `/${name}`;
const database = await openDatabase({
  databaseUrl: url.toString(),
  poolSize: 20,
  log: pino({ level: 'silent' }),
});
try {
  await runMigrations(database);
  await seedDatabase(database, { withDemoAccounts: false });
  const users: string[] = [];
  for (let i = 0; i < 16; i++) {
    const rows = await database.query<{ id: string }>(
      "insert into users (name, email) values ($1, $1 || '@bench.local') returning id",
      [`lb_${i}_${Date.now().toString(36)}`],
    );
    users.push(rows[0]!.id);
  }
  const ledger = new Ledger(database);
  // Fund every player generously (one deposit each), then bet tiny amounts.
  for (const u of users) {
    await ledger.transfer({
      key: `fund:${u}`,
      kind: 'deposit',
      currency: 'btc',
      amount: 10n ** 18n,
      from: { system: 'chain' },
      to: { user: u, kind: 'real' },
    });
  }
  const house = await ledger.accountId({ system: 'house' }, 'btc');
  const accounts = await Promise.all(users.map((u) => ledger.accountId({ user: u, kind: 'real' }, 'btc')));

  let seq = 0;
  const viaLedger = (client: number, hot: boolean) =>
    ledger.transfer({
      key: `b:${++seq}`,
      kind: 'bet',
      currency: 'btc',
      amount: 1n,
      from: { user: users[hot ? 0 : client] as string, kind: 'real' },
      to: { system: 'house' },
    });
  const pool = new pg.Pool({ connectionString: url.toString(), max: 20 });
  const viaRaw = async (client: number, hot: boolean) => {
    const debit = accounts[hot ? 0 : client]!.id;
    const c = await pool.connect();
    try {
      await c.query('begin');
      const r = await c.query(
        `insert into ledger_transfers (idempotency_key, kind, currency, amount, debit_account, credit_account, metadata)
         values ($1, 'bet', 'btc', 1, $2, $3, '{}'::jsonb) on conflict (idempotency_key) do nothing returning id`,
        [`r:${++seq}`, debit, house.id],
      );
      await c.query('update ledger_accounts set balance = balance - 1 where id = $1', [debit]);
      await c.query(
        `insert into ledger_postings (transfer_id, account_id, currency, amount) values ($1, $2, 'btc', -1), ($1, $3, 'btc', 1)`,
        [r.rows[0].id, debit, house.id],
      );
      await c.query('commit');
    } finally {
      c.release();
    }
  };

  async function measure(
    fn: (client: number, hot: boolean) => Promise<unknown>,
    clients: number,
    hot: boolean,
  ) {
    let n = 0;
    const end = performance.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: clients }, async (_, c) => {
        while (performance.now() < end) {
          await fn(c, hot);
          n++;
        }
      }),
    );
    return n / SECONDS;
  }

  console.log(
    `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model}), Node ${process.version}; ${SECONDS} s per cell`,
  );
  console.log('clients  accounts  raw SQL/s  ledger/s  ledger/raw');
  for (const hot of [false, true]) {
    for (const clients of [1, 4, 16]) {
      const raw = await measure(viaRaw, clients, hot);
      const led = await measure(viaLedger, clients, hot);
      console.log(
        `${String(clients).padStart(7)}  ${(hot ? 'one hot' : 'distinct').padEnd(8)}  ${raw.toFixed(0).padStart(9)}  ${led.toFixed(0).padStart(8)}  ${((led / raw) * 100).toFixed(0).padStart(9)}%`,
      );
    }
  }
  const { checkLedger } = await import('../../apps/server/src/modules/ledger/index.ts');
  const check = await checkLedger(database);
  console.log(`invariants after the run: ${check.ok ? 'ok' : check.problems.join('; ')}`);
  await pool.end();
} finally {
  await database.close();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
