/**
 * Starts the platform (`node scripts/start.mjs`) on E2E_PORT (default 3310) with a fresh temporary
 * PGlite DATA_DIR and a known DEMO_PASSWORD, waits for /readyz, and stops it after the run.
 * With E2E_BASE_URL set, uses that server instead of starting one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiLogin, call } from './helpers/auth';
import { BASE_URL, HAS_CHROMIUM } from './playwright.config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'e2e-demo-password';
/** A fixed test bot token: the Telegram sign-in test signs its launch data with it. */
export const TELEGRAM_BOT_TOKEN =
  process.env.TELEGRAM_BOT_TOKEN ?? '123456789:e2e-test-bot-token-not-a-real-one';
const READY_TIMEOUT_MS = 180_000;

async function waitForReady(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early (code ${child.exitCode}).`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The server did not become ready at ${url}/readyz within ${READY_TIMEOUT_MS / 1000}s.`);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!HAS_CHROMIUM || process.env.E2E_BASE_URL) return async () => {};
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nebula-e2e-'));
  // Specs that need the server's data folder (the development deposit token) read it from here.
  process.env.E2E_DATA_DIR = dataDir;
  // The country header the server below trusts (the lobby's territory test sends it).
  process.env.E2E_COUNTRY_HEADER = 'x-e2e-country';
  const port = new URL(BASE_URL).port;
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: port,
      DATA_DIR: dataDir,
      DEMO_PASSWORD,
      TELEGRAM_BOT_TOKEN,
      // The lobby e2e plays a player from a blocked territory by sending this header.
      TRUSTED_COUNTRY_HEADER: process.env.E2E_COUNTRY_HEADER,
      // No scheduled bot rain: it would pay random depositors (the specs' fresh players) at random times
      // and move the balances the specs check.
      BOT_RAIN: 'off',
      // USDT (the specs' game currency) lands on a chain with 12 to 19 confirmations of a 2 s simulated
      // block: about 26 s before each funded player can bet. One confirmation keeps the deposit's path
      // (broadcast, detected, confirmed, credited by the job) in 2-4 s. Bitcoin keeps its 2: the wallet
      // spec watches a BTC deposit go from pending to credited. The confirmation rules themselves are
      // the deposit module's tests.
      DEPOSIT_CONFIRMATIONS: JSON.stringify({ eth: 1, bsc: 1, trx: 1 }),
      // Every registration and API sign-in of the specs solves a proof-of-work captcha (about a hundred
      // in Node, a few in the widget): a counter of 2,000-6,000 instead of 20,000-60,000 keeps the
      // whole path (challenge, solution, one-time verification, cost levels) at a tenth of the CPU.
      // The difficulty itself is the captcha module's tests.
      CAPTCHA_COUNTER_MIN: '2000',
      CAPTCHA_COUNTER_MAX: '6000',
      NODE_ENV: process.env.NODE_ENV ?? 'development',
      // A log line per request is CPU the suite's two cores need; warnings and errors still show.
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const keep = (chunk: Buffer) => {
    log.push(chunk.toString());
    if (log.length > 200) log.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  try {
    await waitForReady(BASE_URL, child);
    // A longer pause after a crash round's bust (default 3 s): the crash spec reads both players' lists
    // before the next round clears them. An operator setting, changed as staff change it.
    const admin = await apiLogin('admin', DEMO_PASSWORD);
    await call('POST', '/api/admin/settings/update', { key: 'crash.pause_ms', value: 6_000 }, admin.token);
    // A longer betting time (default 15 s): the crash spec's two players place their bets with at
    // least 15 s of it left, as the pages of a busy machine need.
    await call('POST', '/api/admin/settings/update', { key: 'crash.betting_ms', value: 25_000 }, admin.token);
  } catch (error) {
    child.kill('SIGTERM');
    console.error(log.join(''));
    throw error;
  }
  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(undefined);
      }, 10_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(undefined);
      });
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
