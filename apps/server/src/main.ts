import { ConfigError, loadConfig } from './platform/config.js';
import { createServer } from './server.js';
import { DatabaseLockedError } from './db/client.js';
import { DEMO_ACCOUNTS } from './modules/users/index.js';

/** Process entry: start, print where to go, and shut down gracefully on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  const server = await createServer(config);
  const { log } = server;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: no new connections, draining requests');
    const force = setTimeout(() => {
      log.error('shutdown grace period elapsed; exiting');
      process.exit(1);
    }, config.shutdownGraceMs);
    force.unref();
    try {
      await server.close();
      log.info('shutdown complete');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  const { port, wsPort } = await server.listen();
  const url = config.publicUrl.includes(`:${config.port}`)
    ? config.publicUrl.replace(`:${config.port}`, `:${port}`)
    : config.publicUrl;
  const lines = [
    '',
    `  Nebula is running at ${url}`,
    `  Database: ${server.database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir} (demo/development only)` : 'PostgreSQL'}`,
  ];
  lines.push(`  Node: ${server.nodeId}`);
  if (wsPort) lines.push(`  Realtime also on port ${wsPort} (/ws)`);
  if (server.seed.demoPassword) {
    lines.push(
      `  Demo accounts: ${DEMO_ACCOUNTS.map((a) => a.name).join(', ')}`,
      `  Demo password: ${server.seed.demoPassword}${server.seed.demoPasswordGenerated ? '  (generated for this run; set DEMO_PASSWORD to fix it)' : ''}`,
    );
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err: unknown) => {
  if (err instanceof DatabaseLockedError) {
    console.error(err.message);
    process.exit(75);
  }
  console.error(err);
  process.exit(1);
});
