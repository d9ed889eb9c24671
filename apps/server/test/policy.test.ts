import { type Endpoint, type Policy, policyPermissionIds } from '@nebula/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAuthUser } from '../src/modules/auth/index.js';
import { holdsPermission } from '../src/platform/policy.js';
import { createUser } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * The route x role harness: every registered route and whisper is called as a guest, a player,
 * a moderator and an admin, and the answer must match the policy its contract declares. A route
 * without a contract fails the test unless it is one of the few infrastructure routes below.
 */
const INFRASTRUCTURE_ROUTES = new Set(['GET /healthz', 'GET /readyz', 'GET /', 'GET /*', 'GET /ws']);
const ROLES = {
  guest: null,
  player: ['player'],
  moderator: ['chat_moderator'],
  support: ['support'],
  admin: ['*'],
} as const;
type Role = keyof typeof ROLES;

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

async function expectedFor(policy: Policy, role: Role): Promise<'allowed' | 'unauthenticated' | 'forbidden'> {
  const roles = ROLES[role];
  switch (policy.kind) {
    case 'public':
      return 'allowed';
    case 'guest':
      return roles ? 'forbidden' : 'allowed';
    case 'user':
      return roles ? 'allowed' : 'unauthenticated';
    case 'permission': {
      if (!roles) return 'unauthenticated';
      const probe = await createUser(t.server.database, { roles: [...roles] });
      const user = await loadAuthUser(t.server.database, probe.id);
      return user && policyPermissionIds(policy).some((id) => holdsPermission(user, id, policy.type))
        ? 'allowed'
        : 'forbidden';
    }
  }
}

function outcome(res: { statusCode: number; json(): unknown }): 'allowed' | 'unauthenticated' | 'forbidden' {
  const code = (res.json() as { code?: unknown } | null)?.code;
  if (res.statusCode === 401 && code === 'unauthenticated') return 'unauthenticated';
  if (res.statusCode === 403 && code === 'forbidden') return 'forbidden';
  return 'allowed';
}

describe('route x role policy harness', () => {
  it('every route has a contract with a policy (or is listed infrastructure)', () => {
    const contracted = new Set(t.app.endpoints.map((e) => `${e.method} ${e.path}`));
    const missing = t.app.routeList
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !contracted.has(r) && !INFRASTRUCTURE_ROUTES.has(r));
    expect(missing).toEqual([]);
    for (const e of t.app.endpoints) expect(e.policy, `${e.method} ${e.path}`).toBeDefined();
  });

  it('enforces each endpoint policy for guest, player, moderator, support and admin', async () => {
    const failures: string[] = [];
    for (const e of t.app.endpoints as Endpoint[]) {
      for (const role of Object.keys(ROLES) as Role[]) {
        const roles = ROLES[role];
        // A fresh account per call: some endpoints (logout, revoke) end the caller's session.
        const caller = roles ? await createUser(t.server.database, { roles: [...roles] }) : null;
        const headers = caller ? { authorization: `Bearer ${caller.token}` } : {};
        const res =
          e.method === 'GET' || e.method === 'DELETE'
            ? await t.app.inject({ method: e.method, url: e.path, headers })
            : await t.app.inject({ method: e.method, url: e.path, headers, payload: {} });
        const got = outcome(res);
        const want = await expectedFor(e.policy, role);
        if (got !== want)
          failures.push(`${e.method} ${e.path} as ${role}: expected ${want}, got ${got} (${res.statusCode})`);
        expect(res.statusCode, `${e.method} ${e.path} as ${role}`).toBeLessThan(500);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('enforces each whisper policy over POST /api/whisper', async () => {
    const failures: string[] = [];
    for (const w of t.server.realtime.whispers.list()) {
      for (const role of Object.keys(ROLES) as Role[]) {
        const roles = ROLES[role];
        const caller = roles ? await createUser(t.server.database, { roles: [...roles] }) : null;
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/whisper',
          headers: caller ? { authorization: `Bearer ${caller.token}` } : {},
          payload: { event: w.event },
        });
        const got = outcome(res);
        const want = await expectedFor(w.policy, role);
        if (got !== want)
          failures.push(`${w.event} as ${role}: expected ${want}, got ${got} (${res.statusCode})`);
      }
    }
    expect(failures).toEqual([]);
    expect(t.server.realtime.whispers.list().length).toBeGreaterThanOrEqual(2);
  });
});
