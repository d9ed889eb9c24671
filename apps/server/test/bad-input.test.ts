import { findUnstorableText, isStorableText, type Endpoint } from '@nebula/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { connectSocket, type TestSocket } from './helpers/ws-client.js';

/**
 * Sweeps every registered contract endpoint with bad input: each must answer a 4xx
 * `{code, message}`, never a 500. The text sweep (fuzz) puts a NUL, and unpaired UTF-16
 * surrogates, in every string field of every contract call, over HTTP and the socket: PostgreSQL
 * cannot store them, so each must be a 422 `validation_failed` naming the field, never a 500.
 */
let t: TestServer;
let admin: TestUser;
let auth: Record<string, string>;
let wsBase: string;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  // The socket's rate limit is raised so the sweep's hundreds of frames are all answered.
  t = await startTestServer({ BODY_LIMIT: '4096', WS_RATE_PER_SEC: '10000', WS_RATE_BURST: '100000' });
  // An administrator passes every policy, so each endpoint's input handling is what is tested.
  admin = await createUser(t.server.database, { roles: ['*'] });
  auth = { authorization: `Bearer ${admin.token}` };
  await t.server.listen();
  wsBase = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}/ws`;
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
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

/**
 * Endpoints that answer as an outside system's protocol requires, not with this API's validation:
 * the aggregator's wallet callback answers every refusal with HTTP 200 and `{error_code,
 * error_description}` (its bad input is swept by slots-callback.test.ts), and the local aggregator
 * (development and tests: the aggregator itself, simulated) checks its operator calls' signature before
 * anything else and answers an unknown launch token with 404 (slots-launch.test.ts). The external
 * sportsbook's wallet answers every refusal with HTTP 400 and the protocol's numeric `{code, message}`
 * (swept by external-sports-wallet.test.ts).
 */
const isProtocolEndpoint = (path: string) =>
  path === '/api/slots/callback' ||
  path.startsWith('/api/local-aggregator/') ||
  path.startsWith('/api/external-sports/wallet/bet/');
/** The endpoints this file sweeps. */
const swept = () => t.app.endpoints.filter((e) => !isProtocolEndpoint(e.path));

// Each sweep calls every endpoint many times and grows with the API: a generous cap (not a timing
// assertion), so a loaded machine is slow, never failing.
const SWEEP = { timeout: 240_000 };

describe('bad input on every endpoint', SWEEP, () => {
  it('has endpoints to sweep', () => {
    expect(swept().length).toBeGreaterThanOrEqual(3);
  });

  it('malformed JSON gives 400 invalid_json', async () => {
    for (const e of swept().filter((e) => e.method !== 'GET')) {
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
    for (const e of swept().filter((e) => e.method !== 'GET')) {
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
    for (const e of swept()) {
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
    for (const e of swept().filter((e) => e.method !== 'GET')) {
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
    for (const e of swept().filter((e) => e.method !== 'GET')) {
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
    for (const e of swept().filter((e) => e.method !== 'GET')) {
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
    for (const e of swept().filter((e) => e.method !== 'GET')) {
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

type Segment = string | number;
interface SchemaNode {
  _zod: { def: { type: string } & Record<string, unknown> };
}

/**
 * The paths of every string field a request schema accepts, found by walking the zod schema
 * through objects, arrays, records, unions, optional/nullable/default wrappers and pipes.
 * A record's values are reached through the key `k`; an array's items through index 0.
 */
function stringFieldPaths(schema: unknown): Segment[][] {
  const out = new Map<string, Segment[]>();
  const walk = (node: SchemaNode, path: Segment[], depth: number): void => {
    if (depth > 12) return;
    const def = node._zod.def;
    const inner = (key: string) => walk(def[key] as SchemaNode, path, depth + 1);
    switch (def.type) {
      case 'string':
      case 'enum':
      case 'literal':
      case 'template_literal':
        out.set(JSON.stringify(path), path);
        return;
      case 'object':
        for (const [key, child] of Object.entries(def.shape as Record<string, SchemaNode>)) {
          walk(child, [...path, key], depth + 1);
        }
        return;
      case 'array':
        walk(def.element as SchemaNode, [...path, 0], depth + 1);
        return;
      case 'record':
        walk(def.valueType as SchemaNode, [...path, 'k'], depth + 1);
        return;
      case 'tuple':
        (def.items as SchemaNode[]).forEach((item, i) => walk(item, [...path, i], depth + 1));
        return;
      case 'union':
        for (const option of def.options as SchemaNode[]) walk(option, path, depth + 1);
        return;
      case 'intersection':
        inner('left');
        inner('right');
        return;
      case 'pipe':
        inner('in');
        return;
      case 'lazy':
        walk((def.getter as () => SchemaNode)(), path, depth + 1);
        return;
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'nonoptional':
      case 'readonly':
      case 'catch':
        inner('innerType');
        return;
      default:
        return;
    }
  };
  walk(schema as SchemaNode, [], 0);
  return [...out.values()].filter((p) => p.length > 0);
}

/** `{a: {b: [value]}}` for path ['a', 'b', 0]. */
function valueAt(path: Segment[], value: unknown): unknown {
  return path.reduceRight<unknown>((acc, seg) => (typeof seg === 'number' ? [acc] : { [seg]: acc }), value);
}

const NUL = 'a\u0000b';
/** Texts PostgreSQL cannot store: NUL, a lone high surrogate, a lone low surrogate, a reversed pair. */
const UNSTORABLE = [NUL, '\ud800', 'x\udfffy', '\udc00\ud800'];
const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string);
const fill = (path: string, value: string) =>
  path.replace(/:([A-Za-z0-9_]+)/g, () => encodeURIComponent(value));

function expectUnstorable(res: { statusCode: number; json(): unknown }, field: string, what: string): void {
  expect(res.statusCode, `${what}: ${res.statusCode} ${JSON.stringify(res.json())}`).toBe(422);
  const body = res.json() as { code: unknown; message: unknown; fields?: { path: string }[] };
  expect(body.code, what).toBe('validation_failed');
  expect(typeof body.message, what).toBe('string');
  expect(
    body.fields?.map((f) => f.path),
    what,
  ).toEqual([field]);
}

describe('text PostgreSQL cannot store (fuzz: every string field of every call)', SWEEP, () => {
  const callers = (e: Endpoint): [string, Record<string, string>][] =>
    e.policy.kind === 'public'
      ? [
          ['admin', auth],
          ['guest', {}],
        ]
      : [['admin', auth]];

  it('tells storable text from unstorable text', () => {
    for (const ok of [
      '',
      'plain',
      '\u{1F600} emoji (a surrogate pair)',
      'tab\tline\n\u0001\u007f',
      '\uffff',
    ]) {
      expect(isStorableText(ok), JSON.stringify(ok)).toBe(true);
    }
    for (const bad of UNSTORABLE) expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
    expect(findUnstorableText({ a: [1, { b: 'ok' }, { c: NUL }] })).toEqual(['a', 2, 'c']);
    expect(findUnstorableText({ a: { ['k\u0000']: 1 } })).toEqual(['a', 'k\u0000']);
    expect(findUnstorableText({ a: ['\u{1F600}'], b: null, c: 3 })).toBeNull();
    // Deep nesting is walked without recursion.
    const deep = JSON.parse(`${'['.repeat(50_000)}"${'\\u0000'}"${']'.repeat(50_000)}`) as unknown;
    expect(findUnstorableText(deep)?.length).toBe(50_000);
  });

  it('finds string fields to sweep', () => {
    const fields = swept().flatMap((e) => stringFieldPaths(e.request));
    expect(fields.length).toBeGreaterThanOrEqual(20);
  });

  it('refuses it in every body field of every endpoint with 422, as admin and (public calls) as guest', async () => {
    let calls = 0;
    for (const e of swept().filter((e) => e.method !== 'GET' && e.method !== 'DELETE')) {
      const url = fill(e.path, 'x');
      for (const path of stringFieldPaths(e.request)) {
        for (const text of UNSTORABLE) {
          for (const [who, headers] of callers(e)) {
            const res = await t.app.inject({
              method: e.method,
              url,
              headers: { ...headers, 'content-type': 'application/json' },
              payload: JSON.stringify(valueAt(path, text)),
            });
            expectUnstorable(res, path.join('.'), `${e.method} ${e.path} ${path.join('.')} as ${who}`);
            calls += 1;
          }
        }
      }
      // In a key, at the top and nested.
      for (const payload of [{ ['k\u0000']: 1 }, { a: { ['\ud800']: 'v' } }]) {
        const res = await t.app.inject({ method: e.method, url, headers: auth, payload });
        expectUnstorable(
          res,
          Object.keys(payload)[0] === 'a' ? 'a.\ud800' : 'k\u0000',
          `${e.method} ${e.path}`,
        );
      }
    }
    expect(calls).toBeGreaterThan(0);
  });

  it('refuses it in every query field of every endpoint, and in any query of any endpoint', async () => {
    for (const e of swept()) {
      const url = fill(e.path, 'x');
      const keys =
        e.method === 'GET' || e.method === 'DELETE'
          ? [...new Set(stringFieldPaths(e.request).map((p) => String(p[0])))]
          : [];
      for (const key of [...keys, 'zzExtra']) {
        for (const [who, headers] of callers(e)) {
          const res = await t.app.inject({
            method: e.method,
            url: `${url}?${encodeURIComponent(key)}=${encodeURIComponent(NUL)}`,
            headers,
            ...(e.method === 'GET' || e.method === 'DELETE' ? {} : { payload: {} }),
          });
          expectUnstorable(res, key, `${e.method} ${e.path}?${key} as ${who}`);
        }
      }
    }
  });

  it('refuses it in every path parameter', async () => {
    const withParams = swept().filter((e) => pathParams(e.path).length > 0);
    for (const e of withParams) {
      for (const param of pathParams(e.path)) {
        const url = e.path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) =>
          encodeURIComponent(name === param ? NUL : 'x'),
        );
        const res = await t.app.inject({
          method: e.method,
          url,
          headers: auth,
          ...(e.method === 'GET' || e.method === 'DELETE' ? {} : { payload: {} }),
        });
        expectUnstorable(res, param, `${e.method} ${e.path} :${param}`);
      }
    }
  });

  it('refuses it in every string field of every whisper over POST /api/whisper', async () => {
    const whispers = t.server.realtime.whispers.list();
    expect(whispers.length).toBeGreaterThanOrEqual(2);
    for (const w of whispers) {
      for (const path of stringFieldPaths(w.request)) {
        for (const text of UNSTORABLE) {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/whisper',
            headers: auth,
            payload: { event: w.event, data: valueAt(path, text) },
          });
          expectUnstorable(res, ['data', ...path].join('.'), `whisper ${w.event} ${path.join('.')}`);
        }
      }
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/whisper',
      headers: auth,
      payload: { event: `Ping${NUL}` },
    });
    expectUnstorable(res, 'event', 'whisper event name');
  });

  it('refuses it in every field of every socket frame, whisper data included, and keeps the socket open', async () => {
    const s = await connectSocket(`${wsBase}?token=${admin.token}`);
    sockets.push(s);
    await s.next((f) => f.event === 'Connected');
    const expectRefused = (reply: Record<string, unknown>, what: string) => {
      expect(reply.code, `${what}: ${JSON.stringify(reply)}`).toBe(422);
      expect(typeof reply.message, what).toBe('string');
      expect(reply.data, what).toBeUndefined();
    };
    let frames = 0;
    for (const w of t.server.realtime.whispers.list()) {
      for (const path of stringFieldPaths(w.request)) {
        for (const text of UNSTORABLE) {
          const reply = await s.request({ type: 'whisper', event: w.event, data: valueAt(path, text) });
          expectRefused(reply, `socket whisper ${w.event} ${path.join('.')}`);
          frames += 1;
        }
      }
    }
    expect(frames).toBeGreaterThan(0);
    const others: Record<string, unknown>[] = [
      { type: 'whisper', event: `Ping${NUL}` },
      { type: 'whisper', event: 'Ping', data: { ['k\u0000']: 1 } },
      { type: 'subscribe', channel: `Everyone${NUL}` },
      { type: 'unsubscribe', channel: '\ud800' },
      { type: 'auth', token: NUL },
      { type: 'authentication', userId: NUL, userSecret: 'x' },
      { type: 'authentication', userId: '00000000-0000-0000-0000-000000000000', userSecret: NUL },
      { type: NUL },
    ];
    for (const frame of others) expectRefused(await s.request(frame), JSON.stringify(frame));
    // A NUL in the $id itself: the reply still comes, echoing it.
    s.ws.send(JSON.stringify({ $id: NUL, type: 'whisper', event: 'Ping' }));
    expectRefused(await s.next((f) => f.$id === NUL), '$id');
    // Still connected and still the admin: a valid call works.
    const pong = await s.request({ type: 'whisper', event: 'Ping' });
    expect((pong.data as { pong?: boolean } | undefined)?.pong).toBe(true);
  });
});
