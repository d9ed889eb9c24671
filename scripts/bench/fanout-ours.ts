/**
 * Fan-out benchmark, server A: our real server (createServer on an in-memory PGlite, the real
 * gateway and hub) listening on 127.0.0.1 on a free port. Forked by `scripts/bench/fanout`; on a
 * `publish` command it publishes the 200-byte BenchTick event on `Everyone` at a steady rate through
 * `hub.publishRaw`, exactly as a module would.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { loadConfig } from '../../apps/server/src/platform/config.js';
import { createServer } from '../../apps/server/src/server.js';
import {
  CHANNEL,
  EVENT,
  exitWithParent,
  publishSteadily,
  send,
  type ServerCommand,
} from './fanout-shared.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'nebula-fanout-'));
  // Gateway tuning (WS_HEARTBEAT_MS, WS_MAX_BUFFERED_BYTES, ...) passes through; nothing else does.
  const tuning = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('WS_')));
  const config = loadConfig({
    ...tuning,
    NODE_ENV: 'test',
    SERVE_WEB: 'false',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
  });
  const database = await openDatabase({ log: quiet });
  const server = await createServer(config, { database });
  const { port } = await server.listen();
  const hub = server.realtime.hub;

  exitWithParent(async () => {
    await server.close().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  });

  let busy = false;
  process.on('message', (cmd: ServerCommand) => {
    if (cmd.type === 'exit') return process.disconnect();
    if (cmd.type === 'status') {
      const channels = hub.localPresence().channels;
      return send({ type: 'status', connections: hub.connectionCount, subscribers: channels[CHANNEL] ?? 0 });
    }
    if (cmd.type === 'publish' && !busy) {
      busy = true;
      void publishSteadily(cmd, (data) => hub.publishRaw(CHANNEL, EVENT, data))
        .then(send)
        .finally(() => (busy = false));
    }
  });
  send({ type: 'ready', port, kind: 'ours' });
}

main().catch((err: unknown) => {
  send({ type: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  process.exit(1);
});
