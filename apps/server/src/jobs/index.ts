/**
 * Leader-only loops (crash rounds, race payouts, rakeback settlement, deposit confirmation...).
 *
 * Guarantees:
 * - Jobs run only on the node that holds the PostgreSQL advisory lock `DEFAULT_LEADER_LOCK_KEY` on a
 *   dedicated connection; on PGlite (one process) the node is always leader.
 * - When the leader dies its connection closes, PostgreSQL releases the lock, and another node takes
 *   over at its next retry (default every 2 s). A leader that loses its lock connection stops starting
 *   jobs at once and aborts the running ones' signal.
 * - Runs of one job never overlap on a node. A failed run is logged, recorded in `job_runs`, and retried
 *   on the next tick. `stop()` aborts and awaits running jobs (with a timeout) before releasing the lock.
 * - Not exactly-once: a run may be cut off half-way and, after a lost connection, briefly overlap the new
 *   leader's run. Every job must therefore be idempotent (see runner.ts for how).
 */
export {
  JobRunner,
  createNodeId,
  listJobRuns,
  type JobContext,
  type JobDefinition,
  type JobReport,
  type JobRunRecord,
  type JobRunnerOptions,
} from './runner.js';
export {
  LeaderElector,
  DEFAULT_LEADER_LOCK_KEY,
  DEFAULT_RETRY_MS,
  type DemotionReason,
  type LeaderElectorOptions,
  type LeaderLog,
} from './leader.js';
