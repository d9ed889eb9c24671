/**
 * Leader-only periodic jobs.
 *
 * Guarantees:
 * - A job runs only while this node is the elected leader (see leader.ts): on all nodes together, one
 *   node runs the jobs at a time. Demotion stops new runs at once and aborts the running ones' signal.
 * - Runs of one job never overlap on a node: the next run is scheduled only after the previous one has
 *   settled. A run that overruns its interval skips the ticks it missed.
 * - A run that throws is logged, its error recorded in `job_runs.last_error`, and the job runs again on
 *   its next tick. There is no other retry and no backoff. What a successful run returns (a small JSON
 *   report, e.g. what it repaired) is recorded in `job_runs.last_result`.
 * - `stop()` stops scheduling, aborts the signal of running jobs, waits for them up to `stopTimeoutMs`,
 *   and only then releases leadership, so a graceful handover never overlaps two leaders' runs.
 *
 * What is NOT guaranteed: exactly-once execution. A run can be cut off half-way (process crash, lost lock
 * connection, stop timeout), and when the lock connection dies the old leader's in-flight run may still be
 * finishing while the new leader starts. Jobs are therefore idempotent by design: each unit of work is
 * done in its own transaction and guarded by state in the database (a status column moved forward with
 * `update ... where status = 'pending'`, a unique idempotency key, `for update skip locked`), so a job that
 * ran half-way runs again safely and two overlapping runs cannot apply the same effect twice. Jobs should
 * check `ctx.signal` between units of work and stop when it is aborted.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Logger } from 'pino';
import type { Database } from '../db/client.js';
import { LeaderElector, type DemotionReason } from './leader.js';

export interface JobContext {
  /** Aborted when this node stops being leader or the runner stops. */
  signal: AbortSignal;
  log: Logger;
  nodeId: string;
}

/** What a run reports (JSON-serialisable, small: it is stored on every run). */
export type JobReport = Record<string, unknown>;

export interface JobDefinition {
  /** Unique per runner; the primary key of `job_runs`. */
  name: string;
  /** Time between the starts of two runs. */
  intervalMs: number;
  /** One run; what it returns is recorded as the run's report (`job_runs.last_result`). */
  run: (ctx: JobContext) => Promise<void | JobReport>;
  /** Run as soon as this node is elected instead of one interval later. */
  runOnElect?: boolean;
}

export interface JobRunnerOptions {
  database: Database;
  /** PostgreSQL URL for the leader's dedicated lock connection; required on PostgreSQL. */
  connectionString?: string | undefined;
  log: Logger;
  /** Defaults to `createNodeId()`. */
  nodeId?: string;
  /** Advisory lock key shared by the nodes that elect one jobs leader. */
  lockKey?: number;
  /** Leader election retry / health-check period. Default 2000. */
  retryMs?: number;
  /** See LeaderElectorOptions.rejoinDelayMs. */
  rejoinDelayMs?: number;
  /** How long `stop()` and a demotion wait for running jobs after aborting them. Default 10000. */
  stopTimeoutMs?: number;
  /** Called after this node became leader and its jobs were scheduled. */
  onElected?: () => void;
  /** Called after this node stopped being leader and its running jobs settled (or timed out). */
  onDemoted?: (reason: DemotionReason) => void;
}

export interface JobRunRecord {
  name: string;
  nodeId: string;
  lastStartedAt: Date | null;
  lastFinishedAt: Date | null;
  /** Error of the last finished run; null when it succeeded. */
  lastError: string | null;
  /** Report of the last finished run; null when it failed or reported nothing. */
  lastResult: JobReport | null;
  /** Finished runs, failed ones included. */
  runs: number;
  /** Started and not finished yet (or its node died during the run). */
  isRunning: boolean;
}

/** `hostname:pid:random`, unique per process start. */
export function createNodeId(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

/** Last run of every job that has ever run, for the admin health page. */
export async function listJobRuns(database: Pick<Database, 'query'>): Promise<JobRunRecord[]> {
  const rows = await database.query<{
    name: string;
    node_id: string;
    last_started_at: Date | null;
    last_finished_at: Date | null;
    last_error: string | null;
    last_result: JobReport | null;
    runs: string;
    is_running: boolean;
  }>(
    `select name, node_id, last_started_at, last_finished_at, last_error, last_result, runs::text as runs,
            (last_started_at is not null
              and (last_finished_at is null or last_finished_at < last_started_at)) as is_running
       from job_runs order by name`,
  );
  return rows.map((r) => ({
    name: r.name,
    nodeId: r.node_id,
    lastStartedAt: r.last_started_at,
    lastFinishedAt: r.last_finished_at,
    lastError: r.last_error,
    lastResult: r.last_result,
    runs: Number(r.runs),
    isRunning: r.is_running,
  }));
}

interface JobState {
  def: JobDefinition;
  timer: NodeJS.Timeout | null;
  /** The running run, if any; settles when the run has finished and been recorded. */
  inFlight: Promise<void> | null;
  /** A newer term wanted to run this job while an older term's run was still going. */
  isDeferred: boolean;
}

const DEFAULT_STOP_TIMEOUT_MS = 10_000;
const MAX_ERROR_LENGTH = 4_000;

export class JobRunner {
  readonly nodeId: string;
  /** The election behind this runner (exposed for tests and health checks). */
  readonly elector: LeaderElector;
  readonly #database: Database;
  readonly #log: Logger;
  readonly #stopTimeoutMs: number;
  readonly #opts: JobRunnerOptions;
  readonly #jobs = new Map<string, JobState>();
  /** Aborted on demotion / stop; replaced on each election. */
  #controller: AbortController | null = null;
  #isStopping = false;
  #hasStarted = false;
  #stopping: Promise<void> | null = null;

  constructor(opts: JobRunnerOptions) {
    this.#opts = opts;
    this.nodeId = opts.nodeId ?? createNodeId();
    this.#database = opts.database;
    this.#log = opts.log.child({ component: 'jobs', nodeId: this.nodeId });
    this.#stopTimeoutMs = opts.stopTimeoutMs ?? DEFAULT_STOP_TIMEOUT_MS;
    this.elector = new LeaderElector({
      database: opts.database,
      connectionString: opts.connectionString,
      nodeId: this.nodeId,
      log: this.#log,
      ...(opts.lockKey !== undefined ? { lockKey: opts.lockKey } : {}),
      ...(opts.retryMs !== undefined ? { retryMs: opts.retryMs } : {}),
      ...(opts.rejoinDelayMs !== undefined ? { rejoinDelayMs: opts.rejoinDelayMs } : {}),
      onElected: () => this.#handleElected(),
      onDemoted: (reason) => this.#handleDemoted(reason),
    });
  }

  /** Adds a job. Allowed before or after `start()`; names must be unique. */
  register(def: JobDefinition): this {
    if (!def.name) throw new Error('job name must not be empty');
    if (this.#jobs.has(def.name)) throw new Error(`job ${def.name} is already registered`);
    if (!Number.isFinite(def.intervalMs) || def.intervalMs <= 0) {
      throw new Error(`job ${def.name}: intervalMs must be a positive number`);
    }
    const state: JobState = { def, timer: null, inFlight: null, isDeferred: false };
    this.#jobs.set(def.name, state);
    if (this.#controller && !this.#isStopping) this.#schedule(state, def.runOnElect ? 0 : def.intervalMs);
    return this;
  }

  /** The names of the registered jobs, in registration order. */
  jobNames(): string[] {
    return [...this.#jobs.keys()];
  }

  /** Joins the election; resolves after the first attempt (on PGlite: leader at once). */
  async start(): Promise<void> {
    if (this.#hasStarted) throw new Error('JobRunner already started');
    this.#hasStarted = true;
    await this.elector.start();
  }

  /** Stops scheduling, aborts and awaits running jobs (up to stopTimeoutMs), then leaves the election. */
  stop(): Promise<void> {
    this.#stopping ??= (async () => {
      this.#isStopping = true;
      await this.elector.stop(); // Demotes first (awaiting #handleDemoted), then releases the lock.
    })();
    return this.#stopping;
  }

  isLeader(): boolean {
    return this.elector.isLeader() && !this.#isStopping;
  }

  #handleElected(): void {
    this.#controller = new AbortController();
    for (const state of this.#jobs.values()) {
      this.#schedule(state, state.def.runOnElect ? 0 : state.def.intervalMs);
    }
    this.#opts.onElected?.();
  }

  async #handleDemoted(reason: DemotionReason): Promise<void> {
    const controller = this.#controller;
    this.#controller = null;
    for (const state of this.#jobs.values()) {
      if (state.timer) clearTimeout(state.timer);
      state.timer = null;
      state.isDeferred = false;
    }
    controller?.abort(new Error(`jobs leader demoted: ${reason}`));
    const running = [...this.#jobs.values()].flatMap((s) => (s.inFlight ? [s.inFlight] : []));
    if (running.length) {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), this.#stopTimeoutMs);
      });
      const outcome = await Promise.race([Promise.all(running).then(() => 'done' as const), timedOut]);
      clearTimeout(timer);
      if (outcome === 'timeout') {
        const names = [...this.#jobs.values()].filter((s) => s.inFlight).map((s) => s.def.name);
        this.#log.warn(
          { jobs: names, stopTimeoutMs: this.#stopTimeoutMs },
          'jobs still running after abort; leaving them to finish on their own',
        );
      }
    }
    this.#opts.onDemoted?.(reason);
  }

  #schedule(state: JobState, delayMs: number): void {
    if (state.timer) clearTimeout(state.timer);
    const controller = this.#controller;
    state.timer = setTimeout(() => {
      state.timer = null;
      this.#startRun(state, controller);
    }, delayMs);
    state.timer.unref();
  }

  #startRun(state: JobState, controller: AbortController | null): void {
    // A timer from an earlier term, or a demotion in progress: do nothing.
    if (!controller || controller !== this.#controller || controller.signal.aborted || !this.isLeader())
      return;
    if (state.inFlight) {
      // A run from an earlier term outlived its stop timeout: start once it has settled.
      state.isDeferred = true;
      return;
    }
    const startedAt = Date.now();
    state.inFlight = this.#execute(state.def, controller.signal).finally(() => {
      state.inFlight = null;
      const current = this.#controller;
      if (!current || current.signal.aborted || this.#isStopping) return;
      if (current !== controller) {
        if (state.isDeferred) this.#schedule(state, 0);
        state.isDeferred = false;
        return;
      }
      const elapsed = Date.now() - startedAt;
      const { intervalMs } = state.def;
      this.#schedule(
        state,
        elapsed < intervalMs ? intervalMs - elapsed : intervalMs - (elapsed % intervalMs),
      );
    });
  }

  async #execute(def: JobDefinition, signal: AbortSignal): Promise<void> {
    const log = this.#log.child({ job: def.name });
    await this.#record(
      `insert into job_runs (name, node_id, last_started_at, runs) values ($1, $2, now(), 0)
       on conflict (name) do update set node_id = excluded.node_id, last_started_at = excluded.last_started_at`,
      [def.name, this.nodeId],
      log,
    );
    let error: string | null = null;
    let report: string | null = null;
    try {
      const result = await def.run({ signal, log, nodeId: this.nodeId });
      if (result) report = JSON.stringify(result);
    } catch (err) {
      error = describeError(err);
      log.error({ err }, 'job run failed; it runs again on its next tick');
    }
    await this.#record(
      `insert into job_runs (name, node_id, last_finished_at, last_error, last_result, runs)
       values ($1, $2, now(), $3, $4::jsonb, 1)
       on conflict (name) do update set node_id = excluded.node_id, last_finished_at = excluded.last_finished_at,
         last_error = excluded.last_error, last_result = excluded.last_result, runs = job_runs.runs + 1`,
      [def.name, this.nodeId, error, report],
      log,
    );
  }

  /** Bookkeeping must never fail a run nor stop the schedule. */
  async #record(sql: string, params: unknown[], log: Logger): Promise<void> {
    try {
      await this.#database.query(sql, params);
    } catch (err) {
      log.warn({ err }, 'could not record job run');
    }
  }
}

function describeError(err: unknown): string {
  const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH)}...` : text;
}
