import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseLockedError, openDatabase } from '../src/db/client.js';
import { listMigrations, migrationsApplied, runMigrations } from '../src/db/migrate.js';
import { seedDatabase } from '../src/db/seed.js';
import { verifyPassword } from '../src/modules/users/index.js';
import { createTestDatabase } from './helpers/test-server.js';

const log = pino({ level: 'silent' });

describe('migrations', () => {
  let t: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('apply each file once even when several nodes start at the same time', async () => {
    // A second connection pool stands in for a second node (on PGlite, the same instance).
    const other = t.url ? await openDatabase({ databaseUrl: t.url, poolSize: 2, log }) : t.database;
    try {
      expect(await migrationsApplied(t.database)).toBe(false);
      const [a, b] = await Promise.all([runMigrations(t.database), runMigrations(other)]);
      const files = await listMigrations();
      expect([...a, ...b].sort()).toEqual(files);
      expect(await migrationsApplied(t.database)).toBe(true);
      expect(await runMigrations(t.database)).toEqual([]);
      const rows = await t.database.query<{ n: number }>('select count(*)::int as n from schema_migrations');
      expect(rows[0]?.n).toBe(files.length);
    } finally {
      if (other !== t.database) await other.close();
    }
  });

  it('seeding is idempotent and keeps operator changes', async () => {
    await seedDatabase(t.database, { withDemoAccounts: true, demoPassword: 'first-pass' });
    await t.database.query("update currencies set price_usd = 123 where id = 'btc'");
    const count = async (table: string) =>
      (await t.database.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]?.n;
    const before = {
      currencies: await count('currencies'),
      chains: await count('currency_chains'),
      roles: await count('roles'),
      users: await count('users'),
      userRoles: await count('user_roles'),
    };
    const second = await seedDatabase(t.database, { withDemoAccounts: true, demoPassword: 'second-pass' });
    expect(second.demoPassword).toBe('second-pass');
    expect({
      currencies: await count('currencies'),
      chains: await count('currency_chains'),
      roles: await count('roles'),
      users: await count('users'),
      userRoles: await count('user_roles'),
    }).toEqual(before);
    expect(before.users).toBe(3);
    const btc = await t.database.query<{ p: string }>(
      "select price_usd::int::text as p from currencies where id = 'btc'",
    );
    expect(btc[0]?.p).toBe('123');
    const users = await t.database.query<{ name: string; password_hash: string; role_id: string }>(
      'select u.name, u.password_hash, r.role_id from users u join user_roles r on r.user_id = u.id order by u.name',
    );
    expect(users.map((u) => [u.name, u.role_id])).toEqual([
      ['admin', '*'],
      ['moderator', 'chat_moderator'],
      ['player', 'player'],
    ]);
    for (const u of users) {
      expect(u.password_hash.startsWith('$argon2id$')).toBe(true);
      expect(await verifyPassword(u.password_hash, 'second-pass')).toBe(true);
      expect(await verifyPassword(u.password_hash, 'first-pass')).toBe(false);
    }
  });

  it('never creates demo accounts outside development', async () => {
    const fresh = await createTestDatabase();
    try {
      await runMigrations(fresh.database);
      const res = await seedDatabase(fresh.database, { withDemoAccounts: false });
      expect(res.demoPassword).toBeUndefined();
      const rows = await fresh.database.query<{ n: number }>('select count(*)::int as n from users');
      expect(rows[0]?.n).toBe(0);
    } finally {
      await fresh.drop();
    }
  });
});

describe('embedded PGlite', () => {
  it('creates missing parent folders and refuses a second process on the same folder', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'nebula-lock-'));
    const dir = path.join(root, 'nested', 'deeper', 'pglite');
    const first = await openDatabase({ dataDir: dir, log });
    try {
      await expect(openDatabase({ dataDir: dir, log })).rejects.toBeInstanceOf(DatabaseLockedError);
    } finally {
      await first.close();
    }
    // Released on close: the folder can be opened again, and the data survived.
    const again = await openDatabase({ dataDir: dir, log });
    await again.query('create table if not exists t (x int)');
    await again.close();
    await fs.rm(root, { recursive: true, force: true });
  }, 120_000);
});

describe('pipelined transactions (TransactionOptions.pipelined)', () => {
  let t: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    t = await createTestDatabase();
    await t.database.query('create table pipe_t (id int primary key, v int not null check (v >= 0))');
  });
  afterAll(async () => {
    await t?.drop();
  });
  const rows = async () =>
    (await t.database.query<{ id: number; v: number }>('select id, v from pipe_t order by id')).map((r) => [
      r.id,
      r.v,
    ]);
  const pipelined = { pipelined: true };

  it('reads sent with BEGIN, other statements, then the final write with the COMMIT: all committed', async () => {
    await t.database.query('insert into pipe_t values (1, 10)');
    const result = await t.database.transaction(async (tx) => {
      // Two locking reads sent together, then the final write.
      const [a, b] = await Promise.all([
        tx.query<{ v: number }>('select v from pipe_t where id = 1 for update'),
        tx.query<{ n: number }>('select count(*)::int as n from pipe_t'),
      ]);
      tx.commitWith('final1');
      await tx.query('select 1');
      await tx.query('update pipe_t set v = v + $1 where id = 1', [a[0]!.v + b[0]!.n], 'final1');
      return 'done';
    }, pipelined);
    expect(result).toBe('done');
    expect(await rows()).toEqual([[1, 21]]);
  });

  it('a failing final write rolls everything back and throws its own error', async () => {
    const before = await rows();
    await expect(
      t.database.transaction(async (tx) => {
        await tx.query('insert into pipe_t values (2, 5)');
        tx.commitWith('final2');
        await tx.query('update pipe_t set v = v - 1000 where id = 1', [], 'final2');
      }, pipelined),
    ).rejects.toThrow(/check constraint/);
    expect(await rows()).toEqual(before);
  });

  it('a final write whose failure fn swallows still commits nothing', async () => {
    const before = await rows();
    await expect(
      t.database.transaction(async (tx) => {
        await tx.query('insert into pipe_t values (3, 5)');
        tx.commitWith('final3');
        await tx.query('update pipe_t set v = -1 where id = 1', [], 'final3').catch(() => undefined);
      }, pipelined),
    ).rejects.toThrow(/rolled back/);
    expect(await rows()).toEqual(before);
  });

  it('a failure before the final write rolls back; a statement after it is refused', async () => {
    const before = await rows();
    await expect(
      t.database.transaction(async (tx) => {
        await tx.query('insert into pipe_t values (4, 5)');
        throw new Error('decided otherwise');
      }, pipelined),
    ).rejects.toThrow('decided otherwise');
    expect(await rows()).toEqual(before);
    if (t.database.kind === 'postgres') {
      await expect(
        t.database.transaction(async (tx) => {
          tx.commitWith('final4');
          await tx.query('insert into pipe_t values (5, 5)', [], 'final4');
          await tx.query('insert into pipe_t values (6, 5)');
        }, pipelined),
      ).rejects.toThrow(/after the final one/);
      // The final write committed; the statement after it never ran.
      expect(await rows()).toEqual([...before, [5, 5]]);
    }
  });

  it('a final statement announced but never sent rolls back with an error (PostgreSQL)', async () => {
    if (t.database.kind !== 'postgres') return;
    const before = await rows();
    await expect(
      t.database.transaction(async (tx) => {
        tx.commitWith('final5');
        await tx.query('insert into pipe_t values (8, 5)', [], 'not_final5');
      }, pipelined),
    ).rejects.toThrow(/final5 .* never sent/);
    expect(await rows()).toEqual(before);
  });

  it('without a final write the COMMIT follows fn as in any transaction', async () => {
    await t.database.transaction(async (tx) => {
      await tx.query('insert into pipe_t values (7, 1)');
      await tx.query('update pipe_t set v = v + 1 where id = 7');
    }, pipelined);
    expect((await rows()).at(-1)).toEqual([7, 2]);
  });
});

describe('after-commit announcements (tx.afterCommit, Database.onCommitted; decision 0046)', () => {
  let t: Awaited<ReturnType<typeof createTestDatabase>>;
  const heard: unknown[] = [];
  beforeAll(async () => {
    t = await createTestDatabase();
    await t.database.query('create table ac_t (id int primary key, v int not null check (v >= 0))');
    t.database.onCommitted('test.topic', (data) => heard.push(data));
    // A listener that throws is logged; it neither stops the others nor fails the committed caller.
    t.database.onCommitted('test.topic', () => {
      throw new Error('a broken listener');
    });
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('hands what a transaction announced to the listeners once it committed, in order', async () => {
    heard.length = 0;
    let during = -1;
    const result = await t.database.transaction(async (tx) => {
      tx.afterCommit('test.topic', { n: 1 });
      tx.afterCommit('other.topic', { n: 0 });
      await tx.query('insert into ac_t values (1, 1)');
      tx.afterCommit('test.topic', { n: 2 });
      during = heard.length;
      return 'committed';
    });
    expect(result).toBe('committed');
    expect(during).toBe(0);
    expect(heard).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('hands nothing over when the transaction rolls back or its statement fails', async () => {
    heard.length = 0;
    await expect(
      t.database.transaction(async (tx) => {
        tx.afterCommit('test.topic', { n: 3 });
        await tx.query('insert into ac_t values (2, 1)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(
      t.database.transaction(async (tx) => {
        tx.afterCommit('test.topic', { n: 4 });
        await tx.query('insert into ac_t values (3, -1)');
      }),
    ).rejects.toThrow(/check constraint/);
    expect(heard).toEqual([]);
  });

  it('works the same in a pipelined transaction: after its COMMIT, never after a failed final write', async () => {
    heard.length = 0;
    await t.database.transaction(
      async (tx) => {
        tx.afterCommit('test.topic', { n: 5 });
        tx.commitWith('ac_final1');
        await tx.query('insert into ac_t values (4, 1)', [], 'ac_final1');
      },
      { pipelined: true },
    );
    await expect(
      t.database.transaction(
        async (tx) => {
          tx.afterCommit('test.topic', { n: 6 });
          tx.commitWith('ac_final2');
          await tx.query('insert into ac_t values (5, -1)', [], 'ac_final2');
        },
        { pipelined: true },
      ),
    ).rejects.toThrow(/check constraint/);
    expect(heard).toEqual([{ n: 5 }]);
  });
});
