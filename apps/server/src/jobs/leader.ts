/**
 * Leader election over a PostgreSQL session-level advisory lock.
 *
 * Invariants:
 * - On PostgreSQL, this node is leader only while it holds `pg_try_advisory_lock(lockKey)` on its own
 *   dedicated connection (never a pooled one: a pooled session is handed back after each query, and the
 *   lock would travel with it). PostgreSQL grants the lock to one session at a time, so at most one node
 *   believes it is leader, except for the moment between its connection dying and it noticing.
 * - The lock dies with the session. A leader process that exits or crashes closes its socket, the backend
 *   ends, and the next node to retry (every `retryMs`) takes over. A leader host that vanishes without
 *   closing its socket is detected by the TCP keepalives set on the session (about 10 s).
 * - The leader checks its connection every `retryMs`. Any error, timeout or end of that connection makes it
 *   step down at once (`onDemoted` runs before anything else happens on this elector), drop the connection
 *   (which releases the lock if the server still had it) and contend again after `rejoinDelayMs`. The delay
 *   is longer than `retryMs` on purpose: a node whose connection just failed lets a healthy node win first.
 * - `onElected` / `onDemoted` never run concurrently and always alternate, starting with `onElected`.
 * - On PGlite (one process by construction, see db/client.ts) the node is leader from `start()` to `stop()`.
 *
 * The connection string must reach PostgreSQL directly or through a session-mode pooler: a
 * transaction-mode pooler (PgBouncer `pool_mode=transaction`) cannot keep a session lock.
 */
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from '../db/client.js';

/** The lock that elects the jobs leader (db/migrate.ts uses 7_231_004_001). */
export const DEFAULT_LEADER_LOCK_KEY = 7_231_004_002;
export const DEFAULT_RETRY_MS = 2_000;

export type LeaderLog = Pick<Logger, 'debug' | 'info' | 'warn' | 'error'>;

export type DemotionReason = 'stopped' | 'connection-lost' | 'health-check-failed';

export interface LeaderElectorOptions {
  /** Only `kind` is used: on PGlite the node is always leader. */
  database: Pick<Database, 'kind'>;
  /** PostgreSQL URL for the dedicated lock connection. Required when `database.kind` is 'postgres'. */
  connectionString?: string | undefined;
  /** Identifies this node in logs and in `pg_stat_activity.application_name`. */
  nodeId: string;
  log: LeaderLog;
  /** Advisory lock key (a safe integer, used as bigint). Nodes that share the key elect one leader. */
  lockKey?: number;
  /** How often a follower tries to take the lock and a leader checks its connection. Default 2000. */
  retryMs?: number;
  /** Wait after losing leadership before contending again. Default 2 * retryMs. */
  rejoinDelayMs?: number;
  /** Time limit for connecting and for each query on the lock connection. Default max(5000, retryMs). */
  queryTimeoutMs?: number;
  /** Called once this node holds the lock. Awaited before the next election step. */
  onElected?: () => void | Promise<void>;
  /** Called once this node stops being leader. Awaited before the lock can be taken again. */
  onDemoted?: (reason: DemotionReason) => void | Promise<void>;
}

export class LeaderElector {
  readonly nodeId: string;
  readonly lockKey: number;
  readonly #opts: LeaderElectorOptions;
  readonly #retryMs: number;
  readonly #rejoinDelayMs: number;
  readonly #queryTimeoutMs: number;
  readonly #log: LeaderLog;

  #client: pg.Client | null = null;
  #backendPid: number | null = null;
  #isLeader = false;
  #hasStarted = false;
  #isStopping = false;
  #timer: NodeJS.Timeout | null = null;
  /** After losing leadership, no lock attempt before this time (ms since epoch). */
  #rejoinAt = 0;
  /** Every state change runs on this chain, one at a time. */
  #chain: Promise<void> = Promise.resolve();
  #stopping: Promise<void> | null = null;

  constructor(opts: LeaderElectorOptions) {
    if (opts.database.kind === 'postgres' && !opts.connectionString) {
      throw new Error(
        'LeaderElector on PostgreSQL needs a connectionString for its dedicated lock connection',
      );
    }
    this.#opts = opts;
    this.nodeId = opts.nodeId;
    this.lockKey = opts.lockKey ?? DEFAULT_LEADER_LOCK_KEY;
    if (!Number.isSafeInteger(this.lockKey)) throw new Error('lockKey must be a safe integer');
    this.#retryMs = opts.retryMs ?? DEFAULT_RETRY_MS;
    if (!(this.#retryMs > 0)) throw new Error('retryMs must be positive');
    this.#rejoinDelayMs = opts.rejoinDelayMs ?? 2 * this.#retryMs;
    this.#queryTimeoutMs = opts.queryTimeoutMs ?? Math.max(5_000, this.#retryMs);
    this.#log = opts.log;
  }

  isLeader(): boolean {
    return this.#isLeader;
  }

  /** PostgreSQL backend pid of the lock connection (null on PGlite or while disconnected). For tests and ops. */
  backendPid(): number | null {
    return this.#backendPid;
  }

  /** Makes the first attempt to take the lock and resolves after it; later attempts run in the background. */
  start(): Promise<void> {
    if (this.#hasStarted) return Promise.reject(new Error('LeaderElector already started'));
    this.#hasStarted = true;
    return this.#serial(async () => {
      if (this.#opts.database.kind === 'pglite') {
        await this.#elect();
        return;
      }
      await this.#step();
    });
  }

  /** Steps down (awaiting `onDemoted`), releases the lock and closes the connection. Idempotent. */
  stop(): Promise<void> {
    this.#stopping ??= (async () => {
      this.#isStopping = true;
      this.#clearTimer();
      await this.#serial(async () => {
        const wasLeader = this.#isLeader;
        if (wasLeader) await this.#demote('stopped');
        const client = this.#client;
        if (!client) return;
        this.#forget(client);
        // Unlock before closing, so the next node need not wait for the backend to exit.
        if (wasLeader) {
          try {
            await withTimeout(
              client.query('select pg_advisory_unlock($1::bigint)', [String(this.lockKey)]),
              this.#queryTimeoutMs,
            );
          } catch (err) {
            this.#log.warn({ err }, 'leader lock release failed; closing the connection releases it');
          }
        }
        await closeClient(client, this.#queryTimeoutMs);
      });
    })();
    return this.#stopping;
  }

  #serial(fn: () => Promise<void>): Promise<void> {
    const run = this.#chain.then(fn);
    this.#chain = run.catch((err: unknown) => this.#log.error({ err }, 'leader elector step failed'));
    return run;
  }

  #schedule(delayMs: number): void {
    this.#clearTimer();
    if (this.#isStopping) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.#serial(() => this.#step()).catch(() => undefined);
    }, delayMs);
    this.#timer.unref();
  }

  #clearTimer(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  /** One election step on PostgreSQL: connect if needed, then take the lock or check the connection. */
  async #step(): Promise<void> {
    if (this.#isStopping) return;
    let client = this.#client;
    try {
      if (!client) client = await this.#connect();
      if (this.#isLeader) {
        await withTimeout(client.query('select 1'), this.#queryTimeoutMs);
      } else if (Date.now() < this.#rejoinAt) {
        this.#schedule(this.#rejoinAt - Date.now());
        return;
      } else {
        const rows = await withTimeout(
          client.query<{ acquired: boolean }>('select pg_try_advisory_lock($1::bigint) as acquired', [
            String(this.lockKey),
          ]),
          this.#queryTimeoutMs,
        );
        // The connection may have died while the query was on its way back.
        if (rows.rows[0]?.acquired === true && this.#client === client && !this.#isStopping) {
          await this.#elect();
        }
      }
      this.#schedule(this.#retryMs);
    } catch (err) {
      if (this.#isStopping) return;
      const wasLeader = this.#isLeader;
      this.#log.warn({ err, wasLeader }, 'leader lock connection failed');
      // Dropping the connection ends the session, which releases the lock if the server still holds it.
      if (client) {
        this.#forget(client);
        void closeClient(client, this.#queryTimeoutMs);
      }
      if (wasLeader) {
        this.#rejoinAt = Date.now() + this.#rejoinDelayMs;
        await this.#demote('health-check-failed');
      }
      this.#schedule(this.#retryMs);
    }
  }

  async #connect(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: this.#opts.connectionString,
      application_name: `nebula-leader ${this.nodeId}`.slice(0, 63),
      connectionTimeoutMillis: this.#queryTimeoutMs,
      keepAlive: true,
    });
    // Without an 'error' listener a dropped connection would crash the process.
    client.on('error', (err) => this.#handleConnectionLost(client, err));
    client.on('end', () => this.#handleConnectionLost(client, new Error('lock connection ended')));
    this.#client = client;
    try {
      await client.connect();
      const rows = await withTimeout(
        client.query<{ pid: number }>('select pg_backend_pid() as pid'),
        this.#queryTimeoutMs,
      );
      // So the server notices a vanished leader host in about 10 s rather than hours (ignored on sockets).
      await withTimeout(
        client.query(
          'set tcp_keepalives_idle = 5; set tcp_keepalives_interval = 2; set tcp_keepalives_count = 3',
        ),
        this.#queryTimeoutMs,
      ).catch((err: unknown) => this.#log.debug({ err }, 'could not set TCP keepalives on lock connection'));
      if (this.#client === client) this.#backendPid = rows.rows[0]?.pid ?? null;
      return client;
    } catch (err) {
      this.#forget(client);
      void closeClient(client, this.#queryTimeoutMs);
      throw err;
    }
  }

  /** The lock connection died under us (terminated backend, network, server restart). */
  #handleConnectionLost(client: pg.Client, err: Error): void {
    if (this.#client !== client) return;
    this.#forget(client);
    void closeClient(client, this.#queryTimeoutMs);
    if (this.#isStopping) return;
    if (!this.#isLeader) return; // A follower reconnects at its next step.
    this.#log.warn({ err }, 'leader lock connection lost; stepping down');
    // No new job may start from here on; onDemoted (aborting running jobs) follows on the chain.
    this.#isLeader = false;
    this.#rejoinAt = Date.now() + this.#rejoinDelayMs;
    this.#clearTimer();
    void this.#serial(async () => {
      await this.#runDemoted('connection-lost');
      this.#schedule(this.#retryMs);
    }).catch(() => undefined);
  }

  #forget(client: pg.Client): void {
    if (this.#client !== client) return;
    this.#client = null;
    this.#backendPid = null;
  }

  async #elect(): Promise<void> {
    this.#isLeader = true;
    this.#log.info({ nodeId: this.nodeId, lockKey: this.lockKey }, 'elected jobs leader');
    try {
      await this.#opts.onElected?.();
    } catch (err) {
      this.#log.error({ err }, 'onElected failed');
    }
  }

  async #demote(reason: DemotionReason): Promise<void> {
    this.#isLeader = false;
    await this.#runDemoted(reason);
  }

  async #runDemoted(reason: DemotionReason): Promise<void> {
    this.#log.info({ nodeId: this.nodeId, reason }, 'no longer jobs leader');
    try {
      await this.#opts.onDemoted?.(reason);
    } catch (err) {
      this.#log.error({ err }, 'onDemoted failed');
    }
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`lock connection query timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Ends a client, forcing its socket closed when a graceful end does not finish in time. */
async function closeClient(client: pg.Client, timeoutMs: number): Promise<void> {
  try {
    await withTimeout(client.end(), timeoutMs);
  } catch {
    client.connection.stream.destroy();
  }
}
