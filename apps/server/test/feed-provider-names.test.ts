import { type LiveGame } from '@nebula/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogue } from '../src/modules/catalogue/index.js';
import { recordWager } from '../src/modules/wagers/index.js';
import { createUser } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * The live feed's history names a third-party game's round by the catalogue's name (not its id), and
 * leaves out an external sportsbook record whose outcome is no win or loss (external-sports-feed.test).
 */
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoCatalogue(t.server.database);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('the live feed of third-party games', () => {
  it('shows a slot round with its game name; an external sportsbook record without a result is not in it', async () => {
    const [game] = await t.server.database.query<{ id: string; name: string }>(
      `select id, name from games where provider is not null order by id limit 1`,
    );
    expect(game).toBeDefined();
    const u = await createUser(t.server.database);
    const base = {
      userId: u.id,
      currency: 'usdt',
      demo: false,
      wager: 100_000_000n,
      payout: 250_000_000n,
      multiplier: { num: 250_000_000n, den: 100_000_000n },
      params: {},
      outcome: {},
      houseEdgeBps: 0,
      wagerUsd: '1',
    };
    await t.server.database.transaction(async (tx) => {
      await recordWager(tx, { ...base, product: 'slots', reference: 'round-1', game: game!.id });
      await recordWager(tx, {
        ...base,
        product: 'external-sports',
        reference: 'bet-1',
        game: 'external-sports',
      });
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/data/latestGames',
      headers: { authorization: `Bearer ${u.token}` },
      payload: { mode: 'casino', type: 'mine' },
    });
    expect(res.statusCode).toBe(200);
    const games = res.json() as LiveGame[];
    expect(games.map((g) => g.metadata)).toEqual([
      expect.objectContaining({ id: game!.id, name: game!.name }),
    ]);
    expect(game!.name).not.toBe(game!.id);
  });
});
