import type { EventFrame } from '@nebula/contracts';
import pino from 'pino';
import { runMigrations } from '../../src/db/migrate.js';
import { seedDatabase } from '../../src/db/seed.js';
import { Ledger } from '../../src/modules/ledger/index.js';
import { loadConfig } from '../../src/platform/config.js';
import type { AppContext } from '../../src/platform/context.js';
import { type Connection, createRealtime } from '../../src/realtime/index.js';
import { createTestDatabase, settingsFor, withServices } from './test-server.js';

/**
 * A fresh test database (migrated, seeded without demo accounts) and a module context assembled by hand
 * over it: a realtime hub of its own, a ledger, the settings and every module's services, and no server
 * (so no job runs unless the test runs it). Frames published on Everyone are pushed to `everyone` when
 * given. Close with `ctx.realtime.close()` and `db.drop()`.
 */
export async function createHandContext(
  nodeId: string,
  opts: { everyone?: EventFrame[] } = {},
): Promise<{ db: Awaited<ReturnType<typeof createTestDatabase>>; ctx: AppContext }> {
  const db = await createTestDatabase({ migrated: true });
  await runMigrations(db.database);
  await seedDatabase(db.database, { withDemoAccounts: false });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SERVE_WEB: 'false' });
  const log = pino({ level: 'silent' });
  const realtime = await createRealtime({
    config,
    log,
    nodeId,
    auth: { byToken: () => Promise.resolve(null), bySecret: () => Promise.resolve(null) },
  });
  const frames = opts.everyone;
  if (frames) {
    const listener: Connection = {
      id: 'listener',
      user: null,
      channels: new Set(),
      send: (frame) => frames.push(JSON.parse(String(frame)) as EventFrame),
    };
    realtime.hub.add(listener);
    realtime.hub.subscribe(listener, 'Everyone');
  }
  const ctx = withServices({
    config,
    database: db.database,
    log,
    realtime,
    nodeId,
    ledger: new Ledger(db.database, realtime.hub),
    settings: settingsFor(db.database),
  });
  return { db, ctx };
}
