#!/usr/bin/env node
// `npm test`: every check and test suite, in order, with one summary at the end.
//   lint + format check, typecheck of every workspace (two programs at a time), vitest (packages,
//   tooling, server on PGlite or DATABASE_URL, web), Playwright end-to-end in Chromium.
// Options: --suite <name> (repeatable: static, unit, server, e2e; typecheck is the type checks of
// static alone: `npm run typecheck`), --summary-file <path>.
// Each suite's duration is printed at the end. A test that passed only on its retry is counted as
// passed and listed as flaky. With CI set, a missing browser or an e2e suite that ran no test fails.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const suites = args.flatMap((a, i) => (a === '--suite' ? [args[i + 1]] : []));
const summaryFile = args.includes('--summary-file') ? args[args.indexOf('--summary-file') + 1] : undefined;
const want = (s) => suites.length === 0 || suites.includes(s);
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const inCi = !!process.env.CI && process.env.CI !== 'false';
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const totals = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
const failures = [];
const flakyTests = [];
/** Titles of the tests that failed (every attempt), printed again at the end of the run. */
const failedTests = [];
const durations = [];

function run(label, cmd, cmdArgs, opts = {}) {
  console.log(`\n=== ${label} ===`);
  const res = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...opts.env } });
  return res.status === 0;
}

/** Times `fn` as one suite of the summary. */
async function timed(label, fn) {
  const started = Date.now();
  await fn();
  durations.push([label, (Date.now() - started) / 1000]);
}

/** Runs commands `limit` at a time; each one's output is printed whole when it ends. */
async function parallelChecks(jobs, limit) {
  const queue = [...jobs];
  const results = new Map();
  async function worker() {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const started = Date.now();
      const ok = await new Promise((resolve) => {
        const child = spawn(job.cmd, job.args, { cwd: root, env: process.env });
        let out = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (out += d));
        child.on('error', (error) => {
          out += String(error);
          resolve(false);
        });
        child.on('close', (code) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          console.log(`\n=== ${job.label} (${seconds} s) ===${out ? `\n${out.trimEnd()}` : ''}`);
          resolve(code === 0);
        });
      });
      results.set(job.label, ok);
    }
  }
  await Promise.all(Array.from({ length: limit }, worker));
  for (const job of jobs) {
    if (results.get(job.label)) totals.passed += 1;
    else {
      totals.failed += 1;
      failures.push(job.label);
    }
  }
}

const bin = (name) => path.join(root, 'node_modules/.bin', name);

const typechecks = [
  'apps/server',
  'apps/web',
  'packages/contracts',
  'packages/money',
  'packages/fairness',
  'packages/games',
  'e2e',
].map((project) => ({
  label: `typecheck ${project}`,
  cmd: bin('tsc'),
  args: ['-p', `${project}/tsconfig.json`, '--noEmit'],
}));

if (want('static')) {
  await timed('static (lint, format, typecheck)', () =>
    parallelChecks(
      [
        { label: 'lint', cmd: bin('eslint'), args: ['.', '--max-warnings=0'] },
        { label: 'format', cmd: bin('prettier'), args: ['--check', '.', '--log-level', 'warn'] },
        ...typechecks,
      ],
      2,
    ),
  );
} else if (suites.includes('typecheck')) {
  await timed('typecheck', () => parallelChecks(typechecks, 2));
}

/**
 * Test files vitest runs at once. Its default (cores - 1) is one file at a time on a 2-core machine,
 * which leaves a core idle while a file waits on its database: at least two.
 */
const vitestWorkers = Math.max(2, availableParallelism() - 1);

function vitest(label, projects, env = {}) {
  const out = path.join(tmp, `vitest-${label}.json`);
  rmSync(out, { force: true });
  const projectArgs = projects.flatMap((p) => ['--project', p]);
  const ok = run(
    `vitest ${label}`,
    bin('vitest'),
    [
      'run',
      ...projectArgs,
      `--maxWorkers=${vitestWorkers}`,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ],
    { env },
  );
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    for (const file of r.testResults ?? []) {
      const name = path.relative(root, file.name ?? '');
      for (const t of file.assertionResults ?? [])
        if (t.status === 'failed') failedTests.push(`${label}: ${name} › ${t.fullName ?? t.title}`);
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'))
        failedTests.push(`${label}: ${name} (did not load: ${String(file.message ?? '').split('\n')[0]})`);
    }
    if (!ok && r.numFailedTests === 0) {
      totals.failed += 1; // a file that failed to load counts as a failure
      failures.push(`vitest ${label} (suite error)`);
    } else if (r.numFailedTests > 0) failures.push(`vitest ${label}`);
  } else if (!ok) {
    totals.failed += 1;
    failures.push(`vitest ${label} (no report)`);
  }
}

if (want('unit'))
  await timed('vitest unit', () => vitest('unit', ['packages', 'tooling', 'web', 'web-node']));
if (want('server')) await timed('vitest server', () => vitest('server', ['server']));

/** Titles of the tests Playwright reports with `status` ('flaky': failed, then passed on a retry). */
function titlesWithStatus(report, status) {
  const titles = [];
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === status) titles.push([...trail, spec.title].filter(Boolean).join(' › '));
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return titles;
}

/** The `count` slowest e2e tests (every attempt's time summed), to show where the suite's minutes go. */
function slowestTests(report, count) {
  const rows = [];
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const ms = (t.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
        rows.push([ms, [...trail, spec.title].filter(Boolean).join(' › ')]);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return rows.sort((a, b) => b[0] - a[0]).slice(0, count);
}

if (want('e2e')) {
  await timed('e2e', () => {
    if (inCi && !existsSync(chromiumPath)) {
      console.log(
        `\n=== e2e (Playwright, Chromium) ===\nChromium is missing at ${chromiumPath}: in CI that fails.`,
      );
      totals.failed += 1;
      failures.push('e2e (no browser)');
      return;
    }
    const out = path.join(tmp, 'playwright.json');
    rmSync(out, { force: true });
    const ok = run(
      'e2e (Playwright, Chromium)',
      bin('playwright'),
      ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
      {
        env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
      },
    );
    if (existsSync(out)) {
      const report = JSON.parse(readFileSync(out, 'utf8'));
      const s = report.stats ?? {};
      totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
      totals.failed += s.unexpected ?? 0;
      totals.skipped += s.skipped ?? 0;
      totals.flaky += s.flaky ?? 0;
      flakyTests.push(...titlesWithStatus(report, 'flaky').map((t) => `e2e: ${t}`));
      failedTests.push(...titlesWithStatus(report, 'unexpected').map((t) => `e2e: ${t}`));
      const slowest = slowestTests(report, 15);
      if (slowest.length) {
        console.log('\nSlowest e2e tests (retries included):');
        for (const [ms, title] of slowest) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${title}`);
      }
      if (!ok && !(s.unexpected > 0)) {
        totals.failed += 1;
        failures.push('e2e (run error)');
      } else if (s.unexpected > 0) failures.push('e2e');
      else if (inCi && !((s.expected ?? 0) + (s.flaky ?? 0) > 0)) {
        totals.failed += 1;
        failures.push('e2e (no test ran)');
      }
    } else if (!ok) {
      totals.failed += 1;
      failures.push('e2e (no report)');
    }
  });
}

const { flaky, ...summary } = totals;
if (summaryFile)
  writeFileSync(summaryFile, JSON.stringify({ ...summary, flaky, flakyTests, failedTests, durations }));
console.log('\nDurations:');
for (const [label, seconds] of durations)
  console.log(`  ${label.padEnd(34)} ${seconds.toFixed(0).padStart(5)} s`);
console.log('');
if (failures.length) console.log(`Failed: ${failures.join(', ')}`);
if (failedTests.length) console.log(`Failed tests: ${failedTests.length}\n  ${failedTests.join('\n  ')}`);
if (flaky) console.log(`Flaky (passed only on a retry): ${flaky}\n  ${flakyTests.join('\n  ')}`);
console.log(`${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`);
process.exit(summary.failed > 0 ? 1 : 0);
