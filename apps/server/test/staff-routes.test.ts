import { policyPermissionIds } from '@nebula/contracts';
import { ROLE_SEEDS } from '../src/modules/users/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * Route x role (issue 21): every back-office endpoint (a contract endpoint with a permission policy,
 * and every path under /api/admin) is called as a guest, a player and each staff role of the seeds
 * (chat moderator, support, finance, administrator). A guest gets 401, a role without the endpoint's
 * permission 403, a role with it gets past the permission check. The call carries a field no
 * request schema knows, so a permitted call stops at validation (422/400) and no handler runs: the
 * sweep moves nothing. A new staff endpoint is covered the day it is registered.
 */
let t: TestServer;
const callers = new Map<string, TestUser | null>();
beforeAll(async () => {
  t = await startTestServer();
  callers.set('guest', null);
  for (const role of ROLE_SEEDS)
    callers.set(role.id, await createUser(t.server.database, { roles: [role.id] }));
});
afterAll(async () => {
  await t?.close();
});

/** The permissions a seeded role holds ('*' holds all). */
function holds(roleId: string, permission: string): boolean {
  if (roleId === '*') return true;
  const role = ROLE_SEEDS.find((r) => r.id === roleId);
  return !!role?.permissions.some((p) => p.id === permission && p.permissions.active);
}

const staffEndpoints = () => t.app.endpoints.filter((e) => e.policy.kind === 'permission');

async function call(
  e: { method: string; path: string },
  who: TestUser | null,
): Promise<{ statusCode: number; json(): unknown }> {
  const url = e.path.replace(/:([A-Za-z0-9_]+)/g, 'x');
  const headers = who ? { authorization: `Bearer ${who.token}` } : {};
  return e.method === 'GET' || e.method === 'DELETE'
    ? t.app.inject({ method: e.method as 'GET', url: `${url}?zzNotAField=1`, headers })
    : t.app.inject({ method: e.method as 'POST', url, headers, payload: { zzNotAField: 1 } });
}

describe('back-office routes by role', { timeout: 240_000 }, () => {
  it('has staff endpoints, and every /api/admin endpoint asks for a permission', () => {
    expect(staffEndpoints().length).toBeGreaterThanOrEqual(10);
    const open = t.app.endpoints.filter(
      (e) => e.path.startsWith('/api/admin') && e.policy.kind !== 'permission',
    );
    expect(open.map((e) => `${e.method} ${e.path}`)).toEqual([]);
  });

  it('answers a guest 401, a role without the permission 403, a role with it past the check', async () => {
    const wrong: string[] = [];
    let allowed = 0;
    for (const e of staffEndpoints()) {
      const permissions = policyPermissionIds(e.policy);
      for (const [roleId, who] of callers) {
        const res = await call(e, who);
        const body = res.json() as { code?: unknown; message?: unknown };
        const what = `${e.method} ${e.path} as ${roleId}: ${res.statusCode} ${JSON.stringify(body)}`;
        if (typeof body.message !== 'string') wrong.push(`${what} (no {code, message})`);
        const expected = !who ? 401 : permissions.some((p) => holds(roleId, p)) ? null : 403;
        if (expected === null) {
          allowed += 1;
          if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500) wrong.push(what);
        } else if (res.statusCode !== expected) wrong.push(`${what} (expected ${expected})`);
      }
    }
    expect(wrong).toEqual([]);
    expect(allowed).toBeGreaterThan(staffEndpoints().length);
  });

  it('sweeps the payments endpoints under the `wallet` permission', () => {
    const payments = staffEndpoints()
      .filter((e) => /^\/api\/admin\/(deposits|chains)/.test(e.path))
      .map((e) => `${e.method} ${e.path} ${e.policy.kind === 'permission' ? e.policy.id : ''}`)
      .sort();
    expect(payments).toEqual([
      'POST /api/admin/chains wallet',
      'POST /api/admin/deposits wallet',
      'POST /api/admin/deposits/addresses wallet',
      'POST /api/admin/deposits/held wallet',
    ]);
  });

  it("covers the player page's notes and ban calls with the users permission (decision 0047)", () => {
    const paths = [
      '/api/admin/user/notes',
      '/api/admin/user/notes/add',
      '/api/admin/user/notes/delete',
      '/api/admin/user/ban',
      '/api/admin/user/unban',
    ];
    for (const path of paths) {
      const e = staffEndpoints().find((x) => x.path === path);
      expect(e?.policy, path).toEqual({ kind: 'permission', id: 'users', type: 'active' });
    }
  });

  it('lets a player reach no back-office endpoint with a valid session', async () => {
    const player = callers.get('player') as TestUser;
    for (const e of staffEndpoints()) expect((await call(e, player)).statusCode, e.path).toBe(403);
  });

  it('lets a programme permission change only the settings that name it (promotions hub)', async () => {
    const marketing = callers.get('marketing') as TestUser;
    const update = (key: string, value: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/settings/update',
        headers: { authorization: `Bearer ${marketing.token}` },
        payload: { key, value },
      });
    // Its own programme's setting: past the permission, stopped by the schema (nothing written).
    const own = await update('wheel.registration_tickets', -1);
    expect(own.statusCode, own.body).toBe(422);
    for (const key of ['vip.levels', 'notifications.banner', 'games.max_bet_eur']) {
      const res = await update(key, -1);
      expect(res.statusCode, key).toBe(403);
      expect(res.json()).toMatchObject({ code: 'forbidden' });
    }
  });
});
