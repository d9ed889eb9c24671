import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/** Debian's Chromium; the suite skips with a clear message when it is missing. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const HAS_CHROMIUM = fs.existsSync(CHROMIUM_PATH);
const PORT = Number(process.env.E2E_PORT ?? 3310);
export const BASE_URL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${PORT}`;

process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';

const CHROME = { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } };
const SETTINGS_SPECS = [
  /admin-games\.spec\.ts$/,
  /admin-live\.spec\.ts$/,
  /admin-promotions\.spec\.ts$/,
  /promotions-pages\.spec\.ts$/,
];
// The last stage: the contact-info modal, and the dashboard, whose figures must move by its own
// player's bets and deposit alone.
const LAST_SPECS = [/contact-info\.spec\.ts$/, /admin-dashboard\.spec\.ts$/];

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts$/,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  // Starts the platform on a fresh PGlite directory (global-setup.ts); skipped without Chromium.
  globalSetup: './global-setup.ts',
  use: {
    baseURL: BASE_URL,
    // The players' "reduce motion" setting, which the app honours (decorative CSS animations end at
    // once, a round's board shows its result without the 1 s animation): Chromium's software
    // compositing of animated frames was the suite's largest CPU cost on CI's two cores
    // (docs/BENCHMARKS.md, CI duration). What a test waits on (server answers, the wheel's and faucet's
    // timed spins, crash phases) does not change.
    reducedMotion: 'reduce',
    // A trace (DOM snapshots and a screencast of every action) costs CPU on every test it records:
    // recorded on the retry of a failed test only, which is the attempt that tells a real failure.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Specs that change an operator setting every player meets run after the others, so that no other
  // spec's player meets the change: the back office's edits of games and programmes, and the promotions
  // pages (which set the deposit promotions bonus.spec also sets), then the contact-info modal (it opens
  // for every signed-in player while it is on) beside the dashboard (no other spec bets or deposits
  // then). A project runs only if the one before passed.
  projects: [
    { name: 'chromium', testIgnore: [...SETTINGS_SPECS, ...LAST_SPECS], use: CHROME },
    { name: 'settings', testMatch: SETTINGS_SPECS, dependencies: ['chromium'], use: CHROME },
    { name: 'last', testMatch: LAST_SPECS, dependencies: ['settings'], use: CHROME },
  ],
});
