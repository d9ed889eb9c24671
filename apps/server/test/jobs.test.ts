import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../src/db/migrate.js';
import { JobRunner, createNodeId, listJobRuns, type JobRunnerOptions } from '../src/jobs/index.js';
import { createTestDatabase } from './helpers/test-server.js';

const log = pino({ level: 'silent' });
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const isPostgres = Boolean(process.env.DATABASE_URL);
/** The deadline for another node to take over. */
const TAKEOVER_DEADLINE_MS = 10_000;

let t: Awaited<ReturnType<typeof createTestDatabase>>;
const runners: JobRunner[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  await runMigrations(t.database);
});

afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  await t.database.query('delete from job_runs');
});

afterAll(async () => {
  await t?.drop();
});

function newRunner(opts: Partial<JobRunnerOptions> = {}): JobRunner {
  const runner = new JobRunner({
    database: t.database,
    connectionString: t.url,
    log,
    retryMs: 100,
    stopTimeoutMs: 5_000,
    ...opts,
  });
  runners.push(runner);
  return runner;
}

async function waitFor(
  cond: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 5_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(10);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function jobRun(name: string) {
  return (await listJobRuns(t.database)).find((r) => r.name === name);
}

describe('job runner on one node', () => {
  it('is leader at once and runs a job repeatedly, recording each run and its report', async () => {
    const runner = newRunner();
    let count = 0;
    runner.register({
      name: 'repeat',
      intervalMs: 10,
      runOnElect: true,
      run: async () => {
        count += 1;
        return { run: count, note: 'done' };
      },
    });
    await runner.start();
    expect(runner.isLeader()).toBe(true);
    await waitFor(async () => ((await jobRun('repeat'))?.runs ?? 0) >= 3, 'three recorded runs');
    const row = await jobRun('repeat');
    expect(row).toMatchObject({ nodeId: runner.nodeId, lastError: null });
    expect(row?.lastStartedAt).toBeInstanceOf(Date);
    expect(row?.lastFinishedAt).toBeInstanceOf(Date);
    expect(count).toBeGreaterThanOrEqual(3);
    expect(row?.lastResult).toMatchObject({ note: 'done' });
    expect(Number(row?.lastResult?.run)).toBeGreaterThanOrEqual(3);
  });

  it('never overlaps two runs of a job that is slower than its interval', async () => {
    const runner = newRunner();
    let running = 0;
    let maxRunning = 0;
    let finished = 0;
    runner.register({
      name: 'slow',
      intervalMs: 1,
      runOnElect: true,
      run: async () => {
        running += 1;
        maxRunning = Math.max(maxRunning, running);
        await sleep(40);
        running -= 1;
        finished += 1;
      },
    });
    await runner.start();
    await waitFor(() => finished >= 5, 'five slow runs');
    expect(maxRunning).toBe(1);
  });

  it('records a failed run and retries it on the next tick', async () => {
    const runner = newRunner();
    let attempts = 0;
    let releaseThird!: () => void;
    const thirdMayFinish = new Promise<void>((resolve) => (releaseThird = resolve));
    let isThirdRunning = false;
    runner.register({
      name: 'flaky',
      intervalMs: 10,
      runOnElect: true,
      run: async () => {
        attempts += 1;
        if (attempts <= 2) throw new Error(`boom #${attempts}`);
        isThirdRunning = true;
        await thirdMayFinish;
      },
    });
    await runner.start();
    await waitFor(() => isThirdRunning, 'the third attempt');
    // While the third attempt runs, job_runs shows the second one's failure.
    const failed = await jobRun('flaky');
    expect(failed).toMatchObject({ runs: 2, lastError: 'Error: boom #2', lastResult: null, isRunning: true });
    releaseThird();
    await waitFor(async () => ((await jobRun('flaky'))?.runs ?? 0) >= 3, 'the third run recorded');
    expect(await jobRun('flaky')).toMatchObject({ lastError: null });
  });

  it('stop() aborts and awaits the running job, then runs nothing more', async () => {
    const runner = newRunner();
    let started = 0;
    let sawAbort = false;
    let isFinished = false;
    runner.register({
      name: 'cooperative',
      intervalMs: 5,
      runOnElect: true,
      run: async ({ signal }) => {
        started += 1;
        if (started < 3) return;
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
        sawAbort = signal.aborted;
        await sleep(20);
        isFinished = true;
      },
    });
    await runner.start();
    await waitFor(() => started >= 3, 'a run that waits for its abort');
    await runner.stop();
    expect(sawAbort).toBe(true);
    expect(isFinished).toBe(true);
    expect(runner.isLeader()).toBe(false);
    const startedAtStop = started;
    await sleep(100); // 20 intervals
    expect(started).toBe(startedAtStop);
    expect((await jobRun('cooperative'))?.isRunning).toBe(false);
  });

  it('stop() gives up on a job that ignores its signal after stopTimeoutMs', async () => {
    const runner = newRunner({ stopTimeoutMs: 100 });
    let isRunning = false;
    let finish!: () => void;
    const never = new Promise<void>((resolve) => (finish = resolve));
    runner.register({
      name: 'stubborn',
      intervalMs: 1_000,
      runOnElect: true,
      run: async () => {
        isRunning = true;
        await never;
      },
    });
    await runner.start();
    await waitFor(() => isRunning, 'the stubborn run');
    await runner.stop(); // Would hang the test if the timeout did not apply.
    expect(runner.isLeader()).toBe(false);
    finish();
  });

  it('runs a job registered after start and rejects bad registrations', async () => {
    const runner = newRunner();
    await runner.start();
    let ran = false;
    runner.register({
      name: 'late',
      intervalMs: 10,
      runOnElect: true,
      run: async () => {
        ran = true;
      },
    });
    await waitFor(() => ran, 'the late job');
    const noop = async () => undefined;
    expect(() => runner.register({ name: 'late', intervalMs: 10, run: noop })).toThrow(/already registered/);
    expect(() => runner.register({ name: 'zero', intervalMs: 0, run: noop })).toThrow(/intervalMs/);
  });

  it('needs a connection string on PostgreSQL and makes distinct node ids', () => {
    expect(() => new JobRunner({ database: { ...t.database, kind: 'postgres' }, log })).toThrow(
      /connectionString/,
    );
    expect(createNodeId()).not.toBe(createNodeId());
  });
});

describe.skipIf(!isPostgres)('job runner on two nodes (PostgreSQL)', () => {
  type Event = { node: string; kind: 'run' | 'elected' | 'demoted' };

  /** Two nodes on one database; every run, election and demotion lands in one ordered log. */
  function twoNodes() {
    const events: Event[] = [];
    const make = (node: string) => {
      const runner = newRunner({
        nodeId: node,
        // The killed node waits well past the other's retry period before contending again.
        rejoinDelayMs: 1_000,
        onElected: () => events.push({ node, kind: 'elected' }),
        onDemoted: () => events.push({ node, kind: 'demoted' }),
      });
      runner.register({
        name: 'singleton',
        intervalMs: 20,
        runOnElect: true,
        run: async () => {
          events.push({ node, kind: 'run' });
        },
      });
      return runner;
    };
    return { a: make(`node-a-${createNodeId()}`), b: make(`node-b-${createNodeId()}`), events };
  }

  const runsBy = (events: Event[], node: string) =>
    events.filter((e) => e.node === node && e.kind === 'run').length;

  /** Every run of every node happened between that node's election and its next demotion. */
  function expectRunsOnlyWhileLeader(events: Event[]) {
    const leading = new Map<string, boolean>();
    for (const e of events) {
      if (e.kind === 'elected') leading.set(e.node, true);
      else if (e.kind === 'demoted') leading.set(e.node, false);
      else expect(leading.get(e.node), `run by ${e.node} while not leader`).toBe(true);
    }
  }

  async function lastRunner(): Promise<string | undefined> {
    return (await jobRun('singleton'))?.nodeId;
  }

  it('elects exactly one node, which alone runs the job', async () => {
    const { a, b, events } = twoNodes();
    await Promise.all([a.start(), b.start()]);
    const leaders = [a, b].filter((r) => r.isLeader());
    expect(leaders).toHaveLength(1);
    const [leader] = leaders;
    const follower = leader === a ? b : a;
    await waitFor(() => runsBy(events, leader!.nodeId) >= 5, 'five runs on the leader');
    // The follower retried the lock many times (every 100 ms) while the leader ran.
    await sleep(500);
    expect(runsBy(events, follower.nodeId)).toBe(0);
    expect(follower.isLeader()).toBe(false);
    expect(await lastRunner()).toBe(leader!.nodeId);
    expectRunsOnlyWhileLeader(events);
  });

  it('moves the job to the other node within 10 s when the leader connection is killed, and back on a graceful stop', async () => {
    const { a, b, events } = twoNodes();
    await a.start(); // a leads: b starts afterwards and finds the lock taken.
    await b.start();
    expect(a.isLeader()).toBe(true);
    expect(b.isLeader()).toBe(false);
    await waitFor(async () => (await lastRunner()) === a.nodeId, 'a run by node a');

    const pid = a.elector.backendPid();
    expect(pid).toEqual(expect.any(Number));
    const admin = new pg.Client({ connectionString: t.url });
    await admin.connect();
    try {
      const killed = await admin.query<{ ok: boolean }>('select pg_terminate_backend($1) as ok', [pid]);
      expect(killed.rows[0]?.ok).toBe(true);
    } finally {
      await admin.end();
    }

    await waitFor(
      async () => (await lastRunner()) === b.nodeId,
      'node b to run the job after node a was killed',
      TAKEOVER_DEADLINE_MS,
    );
    expect(b.isLeader()).toBe(true);
    expect(a.isLeader()).toBe(false);
    // a reconnects as a follower (a new backend) and stays one while b leads.
    await waitFor(() => (a.elector.backendPid() ?? pid) !== pid, 'node a to reconnect', TAKEOVER_DEADLINE_MS);
    const aRunsWhileFollower = runsBy(events, a.nodeId);
    const bRuns = runsBy(events, b.nodeId);
    await waitFor(() => runsBy(events, b.nodeId) >= bRuns + 20, 'twenty more runs on node b');
    expect(runsBy(events, a.nodeId)).toBe(aRunsWhileFollower);
    expect(a.isLeader()).toBe(false);

    // A graceful stop releases the lock for node a.
    await b.stop();
    const bRunsAtStop = runsBy(events, b.nodeId);
    await waitFor(
      async () => (await lastRunner()) === a.nodeId,
      'node a to run the job after node b stopped',
      TAKEOVER_DEADLINE_MS,
    );
    expect(a.isLeader()).toBe(true);
    expect(runsBy(events, b.nodeId)).toBe(bRunsAtStop);
    expectRunsOnlyWhileLeader(events);
    // Each node's elections and demotions alternate (the two nodes' logs may interleave either way).
    const transitions = (node: string) =>
      events.filter((e) => e.node === node && e.kind !== 'run').map((e) => e.kind);
    expect(transitions(a.nodeId)).toEqual(['elected', 'demoted', 'elected']);
    expect(transitions(b.nodeId)).toEqual(['elected', 'demoted']);
  }, 40_000);
  it('moves the job to a surviving node within 10 s when the leader process is killed', async () => {
    // The leader is a separate process, killed with SIGKILL: no stop(), no unlock, no goodbye.
    // (node --import tsx, not the tsx CLI, which would run the script in a grandchild that survives the kill.)
    const childId = `child-${createNodeId()}`;
    const script = `
      import pino from 'pino';
      const { openDatabase } = await import(${JSON.stringify(path.join(serverDir, 'src/db/client.ts'))});
      const { JobRunner } = await import(${JSON.stringify(path.join(serverDir, 'src/jobs/index.ts'))});
      const log = pino({ level: 'silent' });
      const url = process.env.TEST_DATABASE_URL;
      const database = await openDatabase({ databaseUrl: url, poolSize: 2, log });
      const runner = new JobRunner({ database, connectionString: url, log, nodeId: process.env.NODE_ID, retryMs: 100 });
      runner.register({ name: 'singleton', intervalMs: 20, runOnElect: true, run: async () => {} });
      await runner.start();
      setInterval(() => undefined, 1000);
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', TEST_DATABASE_URL: t.url ?? '', NODE_ID: childId },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += String(d)));
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_, signal) => resolve(signal)),
    );
    try {
      await waitFor(
        async () => (await lastRunner()) === childId,
        `the child process to lead (${stderr})`,
        20_000,
      );
      const { b: survivor, events } = twoNodes();
      await survivor.start();
      expect(survivor.isLeader()).toBe(false);
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
      await waitFor(
        async () => (await lastRunner()) === survivor.nodeId,
        'the surviving node to run the job',
        TAKEOVER_DEADLINE_MS,
      );
      expect(survivor.isLeader()).toBe(true);
      expectRunsOnlyWhileLeader(events);
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});
