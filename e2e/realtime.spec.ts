/**
 * The realtime connection banner (issue F2, spec 2 section 4, spec 3 section 8).
 * The first test runs its OWN server (a free port, a fresh DATA_DIR), stops it with SIGTERM and
 * starts it again on the same port and data: the banner appears while it is gone and "Connection
 * restored" when it is back. The shared server of global-setup is never touched.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { CHROMIUM_PATH, HAS_CHROMIUM } from './playwright.config';

test.skip(!HAS_CHROMIUM, `Chromium not installed at ${CHROMIUM_PATH}: apt-get install -y chromium`);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const READY_TIMEOUT_MS = 120_000;
const BANNER = 'Attempting to connect to the events server...';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** One server process of this spec; keeps the tail of its output for failure reports. */
class OwnServer {
  child: ChildProcess | null = null;
  readonly log: string[] = [];

  constructor(
    readonly port: number,
    readonly dataDir: string,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(this.port),
        DATA_DIR: this.dataDir,
        NODE_ENV: 'development',
        SERVE_WEB: 'true',
        DEMO_PASSWORD: 'e2e-realtime-password',
        LOG_LEVEL: 'warn',
        SHUTDOWN_GRACE_MS: '5000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (chunk: Buffer) => {
      this.log.push(chunk.toString());
      if (this.log.length > 200) this.log.shift();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null)
        throw new Error(`own server exited (${child.exitCode}):\n${this.log.join('')}`);
      try {
        if ((await fetch(`${this.url}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`own server not ready within ${READY_TIMEOUT_MS / 1000}s:\n${this.log.join('')}`);
  }

  /** SIGTERM (graceful shutdown), SIGKILL after 15 s; resolves when the process is gone. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }
}

test.describe('realtime connection banner', () => {
  let server: OwnServer;

  test.beforeAll(async () => {
    test.setTimeout(READY_TIMEOUT_MS + 30_000);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nebula-e2e-realtime-'));
    server = new OwnServer(await freePort(), dataDir);
    await server.start();
  });

  test.afterAll(async () => {
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  test.afterEach(async ({ browserName: _browser }, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus && server) console.log(server.log.join(''));
  });

  test('the banner appears when the server stops, "Connection restored" when it returns', async ({
    page,
  }) => {
    test.setTimeout(READY_TIMEOUT_MS + 60_000);
    await page.goto(server.url);
    const html = page.locator('html');
    const banner = page.getByTestId('connection-window');
    await expect(html).toHaveAttribute('data-connection', 'connected', { timeout: 15_000 });
    // The banner mounts at the browser's first idle moment after the page: later than 7 s on a busy machine.
    await expect(banner).toHaveAttribute('data-phase', 'hidden', { timeout: 15_000 });
    await expect(banner).toHaveAttribute('role', 'status');

    await server.stop();
    await expect(html).not.toHaveAttribute('data-connection', 'connected', { timeout: 10_000 });
    // Shown after the 3 s page delay at the latest.
    await expect(banner.getByText(BANNER)).toBeVisible({ timeout: 20_000 });
    await expect(banner.getByRole('button', { name: "Don't show again" })).toBeVisible();

    await server.start();
    // Backoff is capped at 15 s (plus jitter), so the client is back within ~20 s of the restart.
    await expect(banner.getByText('Connection restored')).toBeVisible({ timeout: 30_000 });
    await expect(html).toHaveAttribute('data-connection', 'connected');
    await expect(banner.getByText(BANNER)).toHaveCount(0);
    // A brief confirmation only.
    await expect(banner).toHaveAttribute('data-phase', 'hidden', { timeout: 6_000 });
  });

  test('"Don\'t show again" hides the banner for good', async ({ page }) => {
    // The socket is refused by the browser-side route: the server itself keeps running.
    await page.routeWebSocket(/\/ws(\?|$)/, (ws) => ws.close({ code: 1011, reason: 'test: unavailable' }));
    await page.goto(server.url);
    const banner = page.getByTestId('connection-window');
    await expect(banner.getByText(BANNER)).toBeVisible({ timeout: 20_000 });
    await banner.getByRole('button', { name: "Don't show again" }).click();
    await expect(banner.getByText(BANNER)).toHaveCount(0);

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-connection', /connecting|disconnected/);
    await page.waitForTimeout(4_000); // past the page delay
    await expect(banner).toHaveAttribute('data-phase', 'hidden');
  });
});
