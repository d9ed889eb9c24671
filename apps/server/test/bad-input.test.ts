import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { createUser } from './helpers/factories.js';

/**
 * Sweeps every registered contract endpoint with bad input: each must answer a 4xx
 * `{code, message}`, never a 500.
 */
let t: TestServer;
let auth: Record<string, string>;
beforeAll(async () => {
  t = await startTestServer({ BODY_LIMIT: '4096' });
  // An administrator passes every policy, so each endpoint's input handling is what is tested.
  const admin = await createUser(t.server.database, { roles: ['*'] });
  auth = { authorization: `Bearer ${admin.token}` };
});
afterAll(async () => {
  await t?.close();
});

function expectErrorBody(res: { statusCode: number; json(): unknown }, status: number | [number, number]) {
  if (Array.isArray(status)) {
    expect(res.statusCode).toBeGreaterThanOrEqual(status[0]);
    expect(res.statusCode).toBeLessThanOrEqual(status[1]);
  } else {
    expect(res.statusCode).toBe(status);
  }
  const body = res.json() as { code: unknown; message: unknown };
  expect(typeof body.message).toBe('string');
  expect(['string', 'number']).toContain(typeof body.code);
  return body;
}

describe('bad input on every endpoint', () => {
  it('has endpoints to sweep', () => {
    expect(t.app.endpoints.length).toBeGreaterThanOrEqual(3);
  });

  it('malformed JSON gives 400 invalid_json', async () => {
    for (const e of t.app.endpoints.filter((e) => e.method !== 'GET')) {
      for (const payload of ['{bad', '{"a":', 'nul', '[1,2', '\u0000']) {
        const res = await t.app.inject({
          method: e.method,
          url: e.path,
          headers: { ...auth, 'content-type': 'application/json' },
          payload,
        });
        const body = expectErrorBody(res, 400);
        expect(body.code, `${e.method} ${e.path} ${JSON.stringify(payload)}`).toBe('invalid_json');
      }
    }
  });

  it('wrong types give 422 validation_failed with fields', async () => {
    for (const e of t.app.endpoints.filter((e) => e.method !== 'GET')) {
      for (const payload of ['[]', '"text"', '42', 'true', 'null', '[{"a":1}]']) {
        const res = await t.app.inject({
          method: e.method,
          url: e.path,
          headers: { ...auth, 'content-type': 'application/json' },
          payload,
        });
        const body = expectErrorBody(res, 422) as { code: string; fields?: unknown[] };
        expect(body.code, `${e.method} ${e.path} ${payload}`).toBe('validation_failed');
        expect(Array.isArray(body.fields)).toBe(true);
      }
    }
  });

  it('unknown fields are refused and named', async () => {
    for (const e of t.app.endpoints) {
      const res =
        e.method === 'GET'
          ? await t.app.inject({ method: 'GET', url: `${e.path}?zzUnknown=1`, headers: auth })
          : await t.app.inject({
              method: e.method,
              url: e.path,
              headers: auth,
              payload: { zzUnknown: 1, __proto__x: 'y' },
            });
      const body = expectErrorBody(res, 422) as unknown as { fields: { path: string }[] };
      expect(body.fields.map((f) => f.path)).toContain('zzUnknown');
    }
  });

  it('prototype pollution attempts are refused', async () => {
    for (const e of t.app.endpoints.filter((e) => e.method !== 'GET')) {
      const res = await t.app.inject({
        method: e.method,
        url: e.path,
        headers: { ...auth, 'content-type': 'application/json' },
        payload: '{"__proto__":{"isAdmin":true}}',
      });
      expectErrorBody(res, [400, 422]);
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    }
  });

  it('oversized bodies give 413 payload_too_large', async () => {
    for (const e of t.app.endpoints.filter((e) => e.method !== 'GET')) {
      const res = await t.app.inject({
        method: e.method,
        url: e.path,
        headers: { ...auth, 'content-type': 'application/json' },
        payload: JSON.stringify({ blob: 'x'.repeat(8192) }),
      });
      expect(expectErrorBody(res, 413).code).toBe('payload_too_large');
    }
  });

  it('other content types give 415', async () => {
    for (const e of t.app.endpoints.filter((e) => e.method !== 'GET')) {
      const res = await t.app.inject({
        method: e.method,
        url: e.path,
        headers: { ...auth, 'content-type': 'text/plain' },
        payload: 'hello',
      });
      expect(expectErrorBody(res, 415).code).toBe('unsupported_media_type');
    }
  });

  it('an empty body is an empty request', async () => {
    for (const e of t.app.endpoints.filter((e) => e.method !== 'GET')) {
      const res = await t.app.inject({
        method: e.method,
        url: e.path,
        headers: { ...auth, 'content-type': 'application/json' },
      });
      expect(res.statusCode, `${e.method} ${e.path}`).toBeLessThan(500);
    }
  });

  it('unknown API routes give a JSON 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/does-not-exist', payload: {} });
    expect(expectErrorBody(res, 404).code).toBe('not_found');
  });
});
