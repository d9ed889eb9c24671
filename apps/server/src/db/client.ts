import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import type { Logger } from 'pino';

/**
 * Runs one parameterised statement. `name` makes it a named prepared statement on PostgreSQL: each
 * pooled connection parses and plans it once (the first time it runs there) and afterwards only binds
 * and executes it. Use it for the hot path's statements; a name must always go with the same text
 * (`pg` refuses a name reused with other text). PGlite ignores it (it runs in-process: no round trip
 * to save, and it has no named statements in its query API).
 */
export type QueryFn = <T = Record<string, unknown>>(
  text: string,
  params?: unknown[],
  name?: string,
) => Promise<T[]>;

/** A single connection for work that must stay on one session (advisory locks, migrations). */
export interface Session {
  query: QueryFn;
  /** Runs several statements at once (simple-query protocol, no parameters). */
  exec(text: string): Promise<void>;
}

/**
 * The session of a transaction. `commitWith(name)` makes the statement of that name (the `name` of
 * {@link QueryFn}) the transaction's final one, sent together with the COMMIT, where the transaction
 * is pipelined ({@link TransactionOptions}); elsewhere it does nothing and the COMMIT follows when
 * `fn` resolves, as always. Statements of other names before it run as usual. A pipelined transaction
 * whose `fn` resolves without having sent the statement it named is rolled back with an error.
 */
export interface TxSession extends Session {
  commitWith(statementName: string): void;
  /**
   * Announces `data` under `topic` for after this transaction (decision 0046): once its COMMIT
   * succeeded, the database's {@link Database.onCommitted} listeners of `topic` get it, in the order
   * announced; when the transaction rolls back (or its commit fails) nobody does. For what must never
   * be told about a change that did not happen (the staff realtime channel).
   */
  afterCommit(topic: string, data: unknown): void;
}

export interface TransactionOptions {
  /**
   * PostgreSQL only (PGlite runs in-process: no round trip to save). BEGIN goes out together with the
   * first statements instead of one round trip before them, and `tx.commitWith(name)` sends the named
   * statement and the COMMIT together, so a transaction of reads, decisions in memory and one final
   * write takes two round trips instead of four or more. What the caller must respect:
   *  - the statements sent before BEGIN's answer (those issued before the first one's answer) write
   *    nothing: were BEGIN to fail they would have run alone. The final statement goes out only
   *    after BEGIN succeeded, so a write never runs outside the transaction;
   *  - the final statement is the transaction's last act: when it fails the COMMIT rolls back
   *    (PostgreSQL commits nothing of an aborted transaction) and its error is thrown; once it
   *    succeeded, nothing `fn` does afterwards can stop the commit.
   */
  pipelined?: boolean;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  /** Raw parameterised query for hot paths (no ORM overhead); see {@link QueryFn} for `name`. */
  query: QueryFn;
  /** Runs `fn` on one dedicated connection, released afterwards. */
  withSession<T>(fn: (session: Session) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. On PGlite
   * other queries wait until it ends (PGlite's exclusive transaction), so nothing interleaves.
   */
  transaction<T>(fn: (tx: TxSession) => Promise<T>, opts?: TransactionOptions): Promise<T>;
  /**
   * Calls `listener` with the data of every `tx.afterCommit(topic, data)` of a transaction of this
   * database (this process), after that transaction committed. A listener's error is logged, never
   * thrown into the committed transaction's caller.
   */
  onCommitted(topic: string, listener: (data: unknown) => void): void;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite data folder; `memory://` (or undefined) for an in-memory database. */
  dataDir?: string | undefined;
  /**
   * In-memory PGlite only: starts from this copy of a database's files (PGlite's `dumpDataDir`)
   * instead of creating an empty cluster (initdb, about 3 CPU-seconds). The test suites clone a
   * template made once per run this way.
   */
  fromDump?: Blob | undefined;
  poolSize?: number;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
}

export class DatabaseLockedError extends Error {
  constructor(dir: string) {
    super(
      `The embedded database at ${dir} is in use by another Nebula process. Stop it first, or set DATA_DIR to another folder.`,
    );
    this.name = 'DatabaseLockedError';
  }
}

/** The `afterCommit` announcements of one transaction, delivered by {@link CommitListeners.deliver}. */
type Announcements = { topic: string; data: unknown }[];

/** A database's `onCommitted` listeners. */
class CommitListeners {
  private readonly byTopic = new Map<string, ((data: unknown) => void)[]>();
  constructor(private readonly log: OpenDatabaseOptions['log']) {}

  add(topic: string, listener: (data: unknown) => void): void {
    const list = this.byTopic.get(topic) ?? [];
    list.push(listener);
    this.byTopic.set(topic, list);
  }

  /** Called after a COMMIT succeeded, with what the transaction announced. */
  deliver(announced: Announcements): void {
    for (const { topic, data } of announced)
      for (const listener of this.byTopic.get(topic) ?? []) {
        try {
          listener(data);
        } catch (err) {
          this.log.error({ err, topic }, 'an after-commit listener failed');
        }
      }
  }
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.poolSize ?? 10, opts.log)
    : openPglite(opts.dataDir, opts.log, opts.fromDump);
}

async function openPostgres(
  url: string,
  poolSize: number,
  log: OpenDatabaseOptions['log'],
): Promise<Database> {
  // Pipeline mode: a statement is sent at once, even while the connection's earlier ones are still
  // running (they run in order). Code that awaits each statement behaves as without it; pipelined
  // transactions use it to save round trips (TransactionOptions).
  const pool = new pg.Pool({ connectionString: url, max: poolSize, pipeline: true } as pg.PoolConfig);
  pool.on('error', (err) => log.error({ err }, 'idle PostgreSQL client error'));
  // Fail fast with a clear message when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const committed = new CommitListeners(log);
  const on = (client: pg.Pool | pg.PoolClient): Session => ({
    async query<T>(text: string, params?: unknown[], name?: string) {
      const res = name
        ? await client.query({ name, text, values: params ?? [] })
        : await client.query(text, params as unknown[]);
      return res.rows as T[];
    },
    async exec(text: string) {
      await client.query(text);
    },
  });
  return {
    kind: 'postgres',
    query: on(pool).query,
    async withSession(fn) {
      const client = await pool.connect();
      try {
        return await fn(on(client));
      } finally {
        client.release();
      }
    },
    async transaction(fn, opts) {
      const client = await pool.connect();
      let broken = false;
      // The COMMIT sent with the final statement (pipelined transactions only).
      let commit: Promise<pg.QueryResult> | undefined;
      const announced: Announcements = [];
      const afterCommit = (topic: string, data: unknown) => void announced.push({ topic, data });
      try {
        if (!opts?.pipelined) {
          await client.query('begin');
          const result = await fn({ ...on(client), commitWith() {}, afterCommit });
          await client.query('commit');
          committed.deliver(announced);
          return result;
        }
        // BEGIN and the statements `fn` sends before it first waits for an answer (the locks of a group
        // commit) leave in ONE socket write: the client's writes are held (corked) until the microtasks
        // queued meanwhile have run (a tick scheduled from a microtask runs once the queue is empty).
        const socket = socketOf(client);
        if (socket) {
          socket.cork();
          queueMicrotask(() => process.nextTick(() => socket.uncork()));
        }
        const begun = client.query('begin');
        begun.catch(() => undefined); // awaited below; its failure is reported there
        const session = on(client);
        let finalName: string | undefined;
        const result = await fn({
          exec: session.exec,
          async query<T>(text: string, params?: unknown[], name?: string) {
            if (commit) throw new Error('A statement after the final one of a pipelined transaction.');
            if (finalName === undefined || name !== finalName) return session.query<T>(text, params, name);
            await begun;
            // The final statement and the COMMIT in one socket write.
            socket?.cork();
            let rows: Promise<T[]>;
            try {
              rows = session.query<T>(text, params, name);
              commit = client.query('commit');
              commit.catch(() => undefined); // awaited below
            } finally {
              socket?.uncork();
            }
            return rows;
          },
          commitWith(statementName: string) {
            finalName = statementName;
          },
          afterCommit,
        });
        await begun;
        if (!commit) {
          // A final statement was announced but never sent (its name differs from the one announced):
          // refused, so a lost saving cannot go unnoticed.
          if (finalName !== undefined)
            throw new Error(`The final statement ${finalName} of a pipelined transaction was never sent.`);
          await client.query('commit');
          committed.deliver(announced);
          return result;
        }
        // fn awaited its final statement, so that succeeded: the COMMIT committed, unless fn caught
        // the statement's failure (then PostgreSQL answers the COMMIT of the aborted transaction with
        // ROLLBACK).
        if ((await commit).command !== 'COMMIT')
          throw new Error('The transaction was rolled back at its commit.');
        committed.deliver(announced);
        return result;
      } catch (err) {
        // A COMMIT already sent has ended the transaction (committed, or rolled back after a failed
        // final statement); otherwise roll back.
        if (commit) await commit.catch(() => (broken = true));
        else
          await client.query('rollback').catch(() => {
            broken = true;
          });
        throw err;
      } finally {
        client.release(broken);
      }
    },
    onCommitted: (topic, listener) => committed.add(topic, listener),
    async close() {
      if (pool.ended) return;
      await pool.end();
    },
  };
}

/**
 * The socket of a pooled client (pg keeps it on `connection.stream`): corking it makes the statements
 * sent meanwhile leave in one write. Undefined when pg's internals change (then nothing is corked).
 */
function socketOf(client: pg.PoolClient): { cork(): void; uncork(): void } | undefined {
  const stream = (client as unknown as { connection?: { stream?: { cork?: unknown; uncork?: unknown } } })
    .connection?.stream;
  return typeof stream?.cork === 'function' && typeof stream.uncork === 'function'
    ? (stream as { cork(): void; uncork(): void })
    : undefined;
}

async function openPglite(
  dataDir: string | undefined,
  log: OpenDatabaseOptions['log'],
  fromDump: Blob | undefined,
): Promise<Database> {
  let release: (() => Promise<void>) | undefined;
  let client: PGlite;
  if (!dataDir || dataDir.startsWith('memory://')) {
    client = fromDump ? new PGlite({ loadDataDir: fromDump }) : new PGlite();
  } else {
    const dir = path.resolve(dataDir);
    await fs.mkdir(dir, { recursive: true });
    // PGlite takes no lock on its folder: two processes on one folder would corrupt it.
    try {
      release = await lockfile.lock(dir, { stale: 15_000, update: 5_000, realpath: false });
    } catch (err) {
      if ((err as { code?: string }).code === 'ELOCKED') throw new DatabaseLockedError(dir);
      throw err;
    }
    log.warn(
      { dataDir: dir },
      'Using the embedded PGlite database: for demo and development only (no fsync, single process). Set DATABASE_URL to run on PostgreSQL in production.',
    );
    client = new PGlite(dir);
  }
  await client.waitReady;
  // PGlite is one connection: serialise sessions so advisory locks and transactions never interleave.
  let chain: Promise<unknown> = Promise.resolve();
  const session: Session = {
    async query<T>(text: string, params?: unknown[]) {
      return (await client.query(text, params)).rows as T[];
    },
    async exec(text: string) {
      await client.exec(text);
    },
  };
  const committed = new CommitListeners(log);
  return {
    kind: 'pglite',
    query: session.query,
    async transaction(fn) {
      const announced: Announcements = [];
      const result = await client.transaction((tx) =>
        fn({
          async query<T>(text: string, params?: unknown[]) {
            return (await tx.query(text, params)).rows as T[];
          },
          async exec(text: string) {
            await tx.exec(text);
          },
          // In-process: the COMMIT follows fn as always.
          commitWith() {},
          afterCommit: (topic, data) => void announced.push({ topic, data }),
        }),
      );
      // PGlite's transaction() resolves after its COMMIT and throws after its ROLLBACK.
      committed.deliver(announced);
      return result;
    },
    onCommitted: (topic, listener) => committed.add(topic, listener),
    withSession(fn) {
      const run = chain.then(() => fn(session));
      chain = run.catch(() => undefined);
      return run;
    },
    async close() {
      if (client.closed) return;
      await client.close();
      if (release) await release();
    },
  };
}
