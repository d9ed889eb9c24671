import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './helpers/factories.js';
import { blockPlayer } from './helpers/protection.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

describe('self-exclusion', () => {
  it('closes deposits while it lasts and tells the client', async () => {
    const u = await createUser(t.server.database);
    const auth = { authorization: `Bearer ${u.token}` };
    const open = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/getDepositWallet',
      headers: auth,
      payload: { currency: 'eth', chain: 'eth' },
    });
    expect(open.statusCode).toBe(200);
    await blockPlayer(t.server.database, u.id, '30 days');
    const me = await t.app.inject({ method: 'POST', url: '/auth/update', headers: auth });
    expect((me.json() as { user: { self_excluded: boolean } }).user.self_excluded).toBe(true);
    const closed = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/getDepositWallet',
      headers: auth,
      payload: { currency: 'eth', chain: 'eth' },
    });
    expect(closed.statusCode).toBe(403);
    expect(closed.json()).toMatchObject({ code: 'self_excluded' });
    await blockPlayer(t.server.database, u.id, '-1 second');
    const reopened = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/getDepositWallet',
      headers: auth,
      payload: { currency: 'eth', chain: 'eth' },
    });
    expect(reopened.statusCode).toBe(200);
  });
});
