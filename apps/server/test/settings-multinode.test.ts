import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gamesMaxBetEur } from '../src/modules/games/settings.js';
import type { Server } from '../src/server.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { TWO_NODES, type TestDatabase, createSeededDatabase, startNode } from './helpers/nodes.js';

/**
 * The settings registry on two nodes sharing one PostgreSQL database and Redis: both cache the
 * settings for ten minutes, so only the change notice on the realtime bus can make node B see a change
 * made through node A's staff endpoint. PostgreSQL and Redis only.
 */
describe.skipIf(!TWO_NODES)('settings on two nodes (PostgreSQL + Redis)', () => {
  let db: TestDatabase;
  const nodes: Server[] = [];
  let admin: TestUser;
  const node = () => startNode(db, { env: { SETTINGS_CACHE_MS: '600000' } });

  beforeAll(async () => {
    db = await createSeededDatabase();
    nodes.push(await node(), await node());
    admin = await createUser(db.database, { roles: ['*'] });
  });
  afterAll(async () => {
    for (const n of nodes) await n.close();
    await db?.drop();
  });

  it('a change made on node A reaches node B at once, although B caches for ten minutes', async () => {
    const [a, b] = nodes as [Server, Server];
    // Both nodes have loaded (and cached) the default.
    expect(await a.settings.get(gamesMaxBetEur)).toBe('20');
    expect(await b.settings.get(gamesMaxBetEur)).toBe('20');
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/admin/settings/update',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { key: 'games.max_bet_eur', value: '75' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await a.settings.get(gamesMaxBetEur)).toBe('75');
    // The notice travels through Redis: B drops its cache when it arrives (well before ten minutes).
    await vi.waitFor(async () => expect(await b.settings.get(gamesMaxBetEur)).toBe('75'), {
      timeout: 20_000,
      interval: 50,
    });
    const data = await b.app.inject({
      method: 'POST',
      url: '/api/whisper',
      payload: { event: 'GameData', data: { api_id: 'dice' } },
    });
    expect(data.json()).toMatchObject({ maxBetEur: '75' });
  });
});
