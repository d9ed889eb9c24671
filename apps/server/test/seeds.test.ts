import { hashServerSeed } from '@nebula/fairness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

/** Seeds of provable fairness: the active pair stays secret until a rotation reveals it. */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const post = (u: TestUser | null, url: string, payload: unknown = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: u ? { authorization: `Bearer ${u.token}` } : {},
    payload: payload as Record<string, unknown>,
  });

const secretOf = async (u: TestUser) =>
  (
    await t.server.database.query<{ server_seed: string }>(
      'select server_seed from seed_pairs where user_id = $1 and active',
      [u.id],
    )
  )[0]?.server_seed as string;

describe('seeds', () => {
  it('shows the active pair without its server seed, creating it on first use', async () => {
    const u = await createUser(t.server.database);
    const res = await post(u, '/api/fairness/seeds');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.nonce).toBe(0);
    expect(body.previous).toBeNull();
    expect(body.clientSeed).toMatch(/^[0-9a-f]{24}$/);
    const secret = await secretOf(u);
    expect(body.serverSeedHash).toBe(hashServerSeed(secret));
    expect(res.body).not.toContain(secret);
    const again = (await post(u, '/api/fairness/seeds')).json();
    expect(again.serverSeedHash).toBe(body.serverSeedHash);
  });

  it('client_seed_change reveals the old server seed and commits a new pair at nonce 0', async () => {
    const u = await createUser(t.server.database);
    const before = (await post(u, '/api/fairness/seeds')).json();
    const secret = await secretOf(u);
    await t.server.database.query('update seed_pairs set nonce = 7 where user_id = $1 and active', [u.id]);
    const res = await post(u, '/api/user/client_seed_change', { client_seed: 'my lucky seed!' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.clientSeed).toBe('my lucky seed!');
    expect(body.nonce).toBe(0);
    expect(body.serverSeedHash).not.toBe(before.serverSeedHash);
    expect(body.previous).toEqual({
      serverSeed: secret,
      serverSeedHash: before.serverSeedHash,
      clientSeed: before.clientSeed,
      nonce: 7,
    });
    expect(res.body).not.toContain(await secretOf(u));
    const active = await t.server.database.query('select 1 from seed_pairs where user_id = $1 and active', [
      u.id,
    ]);
    expect(active).toHaveLength(1);
  });

  it('refuses bad client seeds and guests', async () => {
    const u = await createUser(t.server.database);
    for (const client_seed of ['', 'x'.repeat(65), 'tab\there', 'ünïcode'])
      expect((await post(u, '/api/user/client_seed_change', { client_seed })).statusCode).toBe(422);
    expect((await post(u, '/api/user/client_seed_change', {})).statusCode).toBe(422);
    expect((await post(u, '/api/user/client_seed_change', { client_seed: 'x'.repeat(64) })).statusCode).toBe(
      200,
    );
    expect((await post(null, '/api/fairness/seeds')).statusCode).toBe(401);
    expect((await post(null, '/api/fairness/rotate')).statusCode).toBe(401);
  });

  it('rotate picks a random client seed unless one is given', async () => {
    const u = await createUser(t.server.database);
    const first = (await post(u, '/api/fairness/rotate')).json();
    expect(first.previous).not.toBeNull();
    const second = (await post(u, '/api/fairness/rotate')).json();
    expect(second.clientSeed).not.toBe(first.clientSeed);
    expect(second.previous.serverSeedHash).toBe(first.serverSeedHash);
    expect(second.previous.clientSeed).toBe(first.clientSeed);
    const third = (await post(u, '/api/fairness/rotate', { client_seed: 'abc' })).json();
    expect(third.clientSeed).toBe('abc');
  });
});
