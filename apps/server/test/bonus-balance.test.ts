import { bonusBalanceSchema, ErrorCode } from '@nebula/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

/** POST /api/bonusBalance: an empty bonus list for a player without a bonus (bonus-money.test.ts has the rest), 401 for a guest. */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const bonusBalance = (u: TestUser | null, payload: unknown = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/bonusBalance',
    headers: u ? { authorization: `Bearer ${u.token}` } : {},
    payload: payload as Record<string, unknown>,
  });

describe('bonus balance', () => {
  it('answers a player without a bonus with an empty list in the contract shape', async () => {
    const u = await createUser(t.server.database);
    const res = await bonusBalance(u);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([]);
    expect(bonusBalanceSchema.safeParse(res.json()).success).toBe(true);
  });

  it('refuses a guest with the usual 401 and a body with 422', async () => {
    const guest = await bonusBalance(null);
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ code: ErrorCode.Unauthenticated });
    expect(typeof guest.json().message).toBe('string');
    const u = await createUser(t.server.database);
    const extra = await bonusBalance(u, { currency: 'btc' });
    expect(extra.statusCode).toBe(422);
    expect(extra.json()).toMatchObject({ code: ErrorCode.ValidationFailed });
  });
});
