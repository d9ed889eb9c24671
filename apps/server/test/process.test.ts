import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/** Runs the real entry point as a process: start-up output, config refusal, graceful shutdown. */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmpDirs: string[] = [];
afterAll(async () => {
  for (const d of tmpDirs) await fs.rm(d, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

function run(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', LOG_PRETTY: 'false', SERVE_WEB: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += String(d)));
  child.stderr?.on('data', (d) => (out += String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitFor(check: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}

describe('server process', () => {
  it('refuses to start in production with development secrets', async () => {
    const p = run({ NODE_ENV: 'production' });
    expect(await p.exited).toBe(78);
    expect(p.output()).toContain('SECRET_KEY');
  }, 30_000);

  it('starts, prints its URL and demo credentials, and shuts down gracefully on SIGTERM', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nebula-proc-'));
    tmpDirs.push(dataDir);
    const port = await freePort();
    const env: Record<string, string> = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_PASSWORD: 'demo-pass-1',
    };
    const p = run(env);
    await waitFor(() => p.output().includes('Nebula is running at'), 60_000);
    expect(p.output()).toContain(`http://localhost:${port}`);
    expect(p.output()).toContain('demo-pass-1');
    expect(p.output()).toMatch(/embedded PGlite/);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);
    // A second process on the same embedded data folder is refused with a clear message.
    const second = run({ ...env, PORT: String(await freePort()) });
    expect(await second.exited).toBe(75);
    expect(second.output()).toContain('in use by another Nebula process');

    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    expect(p.output()).toContain('shutdown complete');
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  }, 90_000);
});
