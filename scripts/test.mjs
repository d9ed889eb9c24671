#!/usr/bin/env node
// `npm test`: every check and test suite, in order, with one summary at the end.
//   lint + format check, typecheck of every workspace, vitest (packages, tooling, server on
//   PGlite or DATABASE_URL, web), Playwright end-to-end in Chromium.
// Options: --suite <name> (repeatable: static, unit, server, e2e), --summary-file <path>.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const suites = args.flatMap((a, i) => (a === '--suite' ? [args[i + 1]] : []));
const summaryFile = args.includes('--summary-file') ? args[args.indexOf('--summary-file') + 1] : undefined;
const want = (s) => suites.length === 0 || suites.includes(s);
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function run(label, cmd, cmdArgs, opts = {}) {
  console.log(`\n=== ${label} ===`);
  const res = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...opts.env } });
  return res.status === 0;
}

function check(label, cmd, cmdArgs) {
  const ok = run(label, cmd, cmdArgs);
  if (ok) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(label);
  }
}

const bin = (name) => path.join(root, 'node_modules/.bin', name);

if (want('static')) {
  check('lint', bin('eslint'), ['.', '--max-warnings=0']);
  check('format', bin('prettier'), ['--check', '.', '--log-level', 'warn']);
  for (const project of [
    'packages/contracts',
    'packages/money',
    'packages/fairness',
    'packages/games',
    'apps/server',
    'apps/web',
    'e2e',
  ]) {
    check(`typecheck ${project}`, bin('tsc'), ['-p', `${project}/tsconfig.json`, '--noEmit']);
  }
}

function vitest(label, projects, env = {}) {
  const out = path.join(tmp, `vitest-${label}.json`);
  rmSync(out, { force: true });
  const projectArgs = projects.flatMap((p) => ['--project', p]);
  const ok = run(
    `vitest ${label}`,
    bin('vitest'),
    ['run', ...projectArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    { env },
  );
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    if (!ok && r.numFailedTests === 0) {
      totals.failed += 1; // a file that failed to load counts as a failure
      failures.push(`vitest ${label} (suite error)`);
    } else if (r.numFailedTests > 0) failures.push(`vitest ${label}`);
  } else if (!ok) {
    totals.failed += 1;
    failures.push(`vitest ${label} (no report)`);
  }
}

if (want('unit')) vitest('unit', ['packages', 'tooling', 'web']);
if (want('server')) vitest('server', ['server']);

if (want('e2e')) {
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
    const s = JSON.parse(readFileSync(out, 'utf8')).stats ?? {};
    totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
    totals.failed += s.unexpected ?? 0;
    totals.skipped += s.skipped ?? 0;
    if (!ok && !(s.unexpected > 0)) {
      totals.failed += 1;
      failures.push('e2e (run error)');
    } else if (s.unexpected > 0) failures.push('e2e');
  } else if (!ok) {
    totals.failed += 1;
    failures.push('e2e (no report)');
  }
}

if (summaryFile) writeFileSync(summaryFile, JSON.stringify(totals));
console.log('');
if (failures.length) console.log(`Failed: ${failures.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
