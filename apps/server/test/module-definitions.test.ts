import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Me } from '@nebula/contracts';
import { z } from 'zod';
import { modules } from '../src/modules/index.js';
import { ConfigError, loadConfig } from '../src/platform/config.js';
import { defineEnv } from '../src/platform/env.js';
import {
  checkModules,
  defineModule,
  moduleJobs,
  type JobsContext,
  type ServerModule,
} from '../src/platform/module.js';
import {
  defineService,
  replaceService,
  Services,
  type ServiceReplacement,
} from '../src/platform/services.js';
import type { AppContext } from '../src/platform/context.js';
import { crashService } from '../src/modules/crash/index.js';
import { depositService } from '../src/modules/deposits/index.js';
import { mailerService } from '../src/modules/mail/index.js';
import { priceFeedService } from '../src/modules/prices/index.js';
import { createUser } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * One module definition (issue G2 item 1, decision 0013): the server started with the module list of
 * modules/index.ts registers every module's jobs, seed, settings and channels; a module added to the
 * list gets all of them without touching anything else; and no file but modules/index.ts lists modules.
 * A module's per-server instances are its declared services, created once per server at start (no
 * module-level singleton anywhere in src).
 */

const guest = { user: null, connectionId: 'c1' };
const player = { user: { id: '7', name: 'p', roles: [], permissions: {} }, connectionId: 'c2' };

/** The leader-only jobs each module brings today (prices: none with static prices, as in tests). */
const EXPECTED_JOBS: Record<string, string[]> = {
  realtime: ['realtime.online-count'],
  captcha: ['captcha.prune-used'],
  withdrawals: ['withdrawals.reconcile'],
  deposits: ['deposits.follow', 'deposits.prune-notify-limits'],
  wagers: ['wagers.stream', 'wagers.repair'],
  crash: ['crash.rounds', 'crash.chain'],
  slots: ['slots.games'],
  race: ['race.payout'],
  chat: ['chat.quiz-repair', 'chat.prune-limits'],
  tips: ['tips.bot-rain', 'tips.announce'],
  vip: ['vip.deposits'],
  protection: ['protection.release-held'],
  bonus: ['bonus.sweep'],
  rakeback: ['rakeback.settle'],
  notifications: ['notifications.publish'],
};

/** The services each module declares today, in creation order (module list order). */
const EXPECTED_SERVICES: [string, string][] = [
  ['legal.renderer', 'legal'],
  ['auth.me', 'auth'],
  ['mail.mailer', 'mail'],
  ['prices.feed', 'prices'],
  ['withdrawals.service', 'withdrawals'],
  ['deposits.service', 'deposits'],
  ['protection.clock', 'protection'],
  ['dashboard.ledger-check', 'dashboard'],
  ['crash.service', 'crash'],
  ['crash.salt-blocks', 'crash'],
  ['sports.bets', 'sports'],
  ['sports.simulated_feed', 'sports'],
  ['slots.aggregator', 'slots'],
  ['external-sports.provider', 'external-sports'],
  ['tips.rain-rules-cache', 'tips'],
];

describe('the server started with the module list', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('assembles every module of modules/index.ts, in order', () => {
    expect(t.server.assembly.modules).toEqual(modules.map((m) => m.name));
  });

  it("registers every module's jobs with the runner, each owned by its module", () => {
    const byModule: Record<string, string[]> = {};
    for (const [job, owner] of t.server.assembly.jobs) (byModule[owner] ??= []).push(job);
    expect(byModule).toEqual(EXPECTED_JOBS);
    expect(t.server.jobs.jobNames().sort()).toEqual([...t.server.assembly.jobs.keys()].sort());
  });

  it("creates every module's services once, in list order, each owned by its module", () => {
    expect([...t.server.assembly.services]).toEqual(EXPECTED_SERVICES);
    const declared = modules.flatMap((m) => m.services ?? []);
    expect(declared.map((d) => d.name)).toEqual(EXPECTED_SERVICES.map(([name]) => name));
    for (const service of declared) {
      expect(service.of(t.server), service.name).toBeDefined();
      expect(service.of(t.server)).toBe(t.server.services.get(service));
    }
  });

  it("runs every module's seed, in list order", async () => {
    const withSeed = modules.filter((m) => m.seed).map((m) => m.name);
    expect(withSeed).toEqual(expect.arrayContaining(['currencies', 'users', 'catalogue', 'race']));
    expect(t.server.seed.seeded).toEqual(withSeed);
    // What those seeds leave behind: currencies, roles, the originals (operator settings, the licence
    // included, keep their defaults in the settings registry, not in the table).
    const [counts] = await t.server.database.query<Record<string, string>>(
      `select (select count(*) from currencies)::text as currencies,
              (select count(*) from roles)::text as roles,
              (select count(*) from games)::text as games,
              (select count(*) from settings
                where key in ('license', 'games.max_bet_eur', 'vip.levels'))::text as settings`,
    );
    expect(Number(counts?.currencies)).toBeGreaterThan(0);
    expect(Number(counts?.roles)).toBeGreaterThan(0);
    expect(Number(counts?.games)).toBeGreaterThan(0);
    expect(counts?.settings).toBe('0');
  });

  it("records every module's settings under their owner", () => {
    const declared = modules.flatMap((m) => (m.settings ?? []).map((s) => [s.key, m.name] as const));
    expect(declared.length).toBeGreaterThan(0);
    expect([...t.server.assembly.settings]).toEqual(declared);
    expect(t.server.assembly.settings.get('tips')).toBe('tips');
    expect(t.server.assembly.settings.get('games.disabled')).toBe('games');
    // The typed ones are the settings registry, each under the module that declares it.
    for (const s of t.server.settings.registry.all())
      expect(t.server.assembly.settings.get(s.key)).toBe(s.owner);
    expect(t.server.settings.registry.keys()).toEqual(expect.arrayContaining(['games.disabled', 'tips']));
    // No module declares a setting the registry does not type: every one is read through the store.
    expect(t.server.settings.registry.keys().sort()).toEqual(declared.map(([key]) => key).sort());
    for (const [key, owner] of [
      ['license', 'platform'],
      ['crash.betting_ms', 'crash'],
      ['crash.pause_ms', 'crash'],
      ['prices.overrides', 'prices'],
      ['prices.max_quote_age_seconds', 'prices'],
      ['demo_money.balance_usd', 'demo-money'],
      ['race.prize_pool', 'race'],
      ['chat.link_allowlist', 'chat'],
      ['sports.max_bet_usd', 'sports'],
      ['vip.levels', 'vip'],
    ] as const)
      expect(t.server.settings.registry.get(key)?.owner, key).toBe(owner);
  });

  it("loads every module's environment keys into its own config", () => {
    const withEnv = modules.filter((m) => m.env);
    expect(withEnv.map((m) => m.name)).toEqual(
      expect.arrayContaining(['crash', 'deposits', 'prices', 'captcha', 'mail', 'tips']),
    );
    for (const m of withEnv) expect(m.env?.of(t.config), m.name).toBeDefined();
    expect(t.config.modules.size).toBe(withEnv.length);
  });

  it("allows every module's channels, and only those", () => {
    const declared = modules.flatMap((m) => (m.channels ?? []).map((c) => c.name));
    expect(declared.length).toBeGreaterThan(0);
    expect(t.server.realtime.rules.moduleRules()).toEqual(declared);
    expect([...t.server.assembly.channels.values()]).toEqual(['sports', 'chat', 'audit']);
    expect(t.server.realtime.rules.canHear('Staff', player)).toBe(false);
    expect(t.server.realtime.rules.canHear('casino_en', guest)).toBe(true);
    expect(t.server.realtime.rules.canHear('Sportsbook', guest)).toBe(true);
    expect(t.server.realtime.rules.canHear('Probe.1', player)).toBe(false);
  });
});

describe('a module added to the list', () => {
  const calls: string[] = [];
  let ran = 0;
  /** Every instance the probe's service `create` made (one per server). */
  const made: { server: number; hits: string[] }[] = [];
  const probeService = defineService('probe.counter', () => {
    const instance = { server: made.length + 1, hits: [] as string[] };
    made.push(instance);
    return instance;
  });
  // Another module reads the probe's service through its accessor, in its own service and its routes.
  const readerService = defineService('probe-reader.view', (ctx) => ({ counter: probeService.of(ctx) }));
  const readerModule = defineModule({
    name: 'probe-reader',
    services: [readerService],
    register: (app, ctx) => {
      app.get('/api/probe-reader', () => ({ server: probeService.of(ctx).server }));
    },
  });
  const probeEnv = defineEnv(
    { PROBE_LIMIT: z.coerce.number().int().min(1).default(5) },
    (e, { isProduction }, problems) => {
      if (isProduction && e.PROBE_LIMIT === 5) problems.push('PROBE_LIMIT: set it in production');
      return { limit: e.PROBE_LIMIT };
    },
  );
  const probeModule = defineModule({
    name: 'probe',
    env: probeEnv,
    services: [probeService],
    multiplayer: {
      rocket: () => (user, input) => {
        calls.push(`play ${input.api_id} ${input.bet} ${user === null ? 'guest' : user.id}`);
        return Promise.reject(new Error('no rocket round'));
      },
    },
    register: (app, ctx) => {
      calls.push('register');
      probeService.of(ctx).hits.push('register');
      app.get('/api/probe', () => ({ ok: true }));
    },
    jobs: (ctx) => [
      {
        name: 'probe.tick',
        intervalMs: 60_000,
        runOnElect: true,
        run: () => {
          ran++;
          probeService.of(ctx).hits.push('job');
          return Promise.resolve();
        },
      },
    ],
    seed: ({ demo }) => {
      calls.push(`seed demo=${demo}`);
      return Promise.resolve();
    },
    settings: [{ key: 'probe.limit' }],
    me: (database, userId) => {
      calls.push(`me ${userId}`);
      return Promise.resolve({ vipLevel: 7 });
    },
    channels: [{ name: 'probe rooms', matches: (c) => c.startsWith('Probe.'), canHear: (_c, w) => !!w.user }],
  });
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ PROBE_LIMIT: '9' }, { modules: [...modules, probeModule, readerModule] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gets its service created once at start and handed to its routes, its jobs and other modules', async () => {
    expect(made).toHaveLength(1);
    const counter = probeService.of(t.server);
    expect(counter).toBe(made[0]);
    expect(readerService.of(t.server).counter).toBe(counter);
    expect(t.server.assembly.services.get('probe.counter')).toBe('probe');
    expect(t.server.assembly.services.get('probe-reader.view')).toBe('probe-reader');
    expect(counter.hits[0]).toBe('register');
    await vi.waitFor(() => expect(counter.hits).toContain('job'), { timeout: 10_000 });
    const res = await t.app.inject({ method: 'GET', url: '/api/probe-reader' });
    expect(res.json()).toEqual({ server: 1 });
    expect(made).toHaveLength(1);
  });

  it('a second server in the same process gets its own instances; a test may give it its own', async () => {
    const mine = { server: 99, hits: [] as string[] };
    const second = await startTestServer(
      { PROBE_LIMIT: '9' },
      {
        modules: [...modules, probeModule, readerModule],
        services: [replaceService(probeService, () => mine)],
      },
    );
    try {
      // The replacement is created instead of the declared `create`, still once and in its turn.
      expect(made).toHaveLength(1);
      expect(probeService.of(second.server)).toBe(mine);
      expect(readerService.of(second.server).counter).toBe(mine);
      const res = await second.app.inject({ method: 'GET', url: '/api/probe-reader' });
      expect(res.json()).toEqual({ server: 99 });
      expect(mine.hits).toContain('register');
      expect(probeService.of(t.server).hits.filter((h) => h === 'register')).toHaveLength(1);
      // The modules' own services are not shared either.
      for (const service of [priceFeedService, mailerService, depositService, crashService])
        expect(service.of(second.server), service.name).not.toBe(service.of(t.server));
    } finally {
      await second.close();
    }
    // A second database and migration run: slow on a busy PostgreSQL.
  }, 120_000);

  it('is seeded before its routes are registered, and its routes answer', async () => {
    expect(calls.slice(0, 2)).toEqual(['seed demo=false', 'register']);
    expect(t.server.seed.seeded.at(-1)).toBe('probe');
    const res = await t.app.inject({ method: 'GET', url: '/api/probe' });
    expect(res.json()).toEqual({ ok: true });
  });

  it('gets Play of its multiplayer game from the games module; other games stay with the engine', async () => {
    const { whispers } = t.server.realtime;
    const play = (api_id: string) =>
      whispers.dispatch('Play', { api_id, bet: '1', currency: 'btc' }, { user: null });
    await expect(play('rocket')).rejects.toThrow();
    expect(calls).toContain('play rocket 1 guest');
    await expect(play('dice')).rejects.toThrow();
    expect(calls.filter((c) => c.startsWith('play'))).toEqual(['play rocket 1 guest']);
  });

  it("adds its fields to the signed-in user's record, beside the other modules' (chat's)", async () => {
    const user = await createUser(t.server.database);
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/update',
      headers: { authorization: `Bearer ${user.token}`, 'x-requested-with': 'XMLHttpRequest' },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    const me = res.json<{ user: Me }>().user;
    expect(me).toMatchObject({ _id: user.id, name: user.name, vipLevel: 7, mute: null, ignore: [] });
    expect(calls).toContain(`me ${user.id}`);
  });

  it('gets its job run by the leader', async () => {
    expect(t.server.assembly.jobs.get('probe.tick')).toBe('probe');
    await vi.waitFor(() => expect(ran).toBeGreaterThan(0), { timeout: 10_000 });
  });

  it('reads its own environment keys, checked with the platform keys', () => {
    expect(probeEnv.of(t.config)).toEqual({ limit: 9 });
    const list = [...modules, probeModule];
    expect(probeEnv.of(loadConfig({}, list))).toEqual({ limit: 5 });
    // Its problems come with every other one, and its production refusal stops the start-up.
    try {
      loadConfig({ PROBE_LIMIT: '0', PORT: 'abc' }, list);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).problems.some((p) => p.startsWith('PROBE_LIMIT'))).toBe(true);
      expect((err as ConfigError).problems.some((p) => p.startsWith('PORT'))).toBe(true);
    }
    expect(() => loadConfig({ NODE_ENV: 'production' }, list)).toThrow(/PROBE_LIMIT: set it in production/);
    // Without the module its keys are unknown to the configuration.
    expect(() => probeEnv.of(loadConfig({}))).toThrow(/without the module of PROBE_LIMIT/);
  });

  it('owns its setting and its channels', () => {
    expect(t.server.assembly.settings.get('probe.limit')).toBe('probe');
    expect(t.server.assembly.channels.get('probe rooms')).toBe('probe');
    expect(t.server.realtime.rules.canHear('Probe.1', player)).toBe(true);
    expect(t.server.realtime.rules.canHear('Probe.1', guest)).toBe(false);
  });
});

describe('a module list that breaks the rules is refused', () => {
  const a = defineModule({ name: 'alpha', settings: [{ key: 'x' }] });
  it('refuses a module listed twice, a setting with two owners, a channel declared twice', () => {
    expect(() => checkModules([a, a])).toThrow(/'alpha' is listed twice/);
    const b = defineModule({ name: 'beta', settings: [{ key: 'x' }] });
    expect(() => checkModules([a, b])).toThrow(/setting 'x' is owned by both 'alpha' and 'beta'/);
    const rooms = { name: 'rooms', matches: () => false, canHear: () => false };
    const c = defineModule({ name: 'gamma', channels: [rooms] });
    const d = defineModule({ name: 'delta', channels: [rooms] });
    expect(() => checkModules([c, d])).toThrow(/channel 'rooms' is declared twice/);
    expect(() => checkModules([defineModule({ name: 'Bad_Name' })])).toThrow(/kebab-case/);
  });

  it('refuses a service not named after its module, declared twice, read before it is created', () => {
    const one = defineService('alpha.one', () => ({ n: 1 }));
    expect(() => checkModules([defineModule({ name: 'beta', services: [one] })])).toThrow(
      /service 'alpha.one' of module 'beta' must be named 'beta\.…'/,
    );
    const alpha = defineModule({ name: 'alpha', services: [one] });
    const again = defineModule({ name: 'alpha', services: [one, one] });
    expect(() => checkModules([again])).toThrow(/service 'alpha.one' is declared twice/);
    // Services are created in list order: a module reads only the services of modules before it.
    const reader = defineModule({
      name: 'reader',
      services: [defineService('reader.two', (ctx) => ({ one: one.of(ctx) }))],
    });
    const start = (list: readonly ServerModule[], replacements: ServiceReplacement[] = []) => {
      const ctx = { services: new Services() } as AppContext;
      ctx.services.start({ ...ctx, modules: list }, list, replacements);
      return ctx;
    };
    expect(() => start([reader, alpha])).toThrow(
      /service 'alpha.one' is not created on this server \(read while creating 'reader.two'\)/,
    );
    expect(start([alpha, reader]).services.owners()).toEqual(
      new Map([
        ['alpha.one', 'alpha'],
        ['reader.two', 'reader'],
      ]),
    );
    expect(() => start([reader], [replaceService(one, () => ({ n: 2 }))])).toThrow(/not created/);
    expect(() =>
      start(
        [alpha],
        [
          replaceService(
            defineService('gone.x', () => 0),
            () => 1,
          ),
        ],
      ),
    ).toThrow(/service 'gone.x' is replaced but no module of the list declares it/);
    // One server's services are started once.
    const ctx = start([alpha]);
    expect(() => ctx.services.start({ ...ctx, modules: [alpha] }, [alpha])).toThrow(/already started/);
  });

  it('refuses an environment key two modules declare', () => {
    const keys = { BOT_RAIN: z.string().optional() };
    const copy = defineModule({ name: 'copy', env: defineEnv(keys, () => ({})) });
    expect(() => loadConfig({}, [...modules, copy])).toThrow(/BOT_RAIN is declared twice/);
    const port = defineModule({ name: 'port', env: defineEnv({ PORT: z.string() }, () => ({})) });
    expect(() => loadConfig({}, [port])).toThrow(/PORT is declared twice/);
  });

  it('refuses a job not named after its module, and a job declared twice', () => {
    const job = { name: 'other.tick', intervalMs: 1_000, run: () => Promise.resolve() };
    const ctx = (list: JobsContext['modules']) => ({ modules: list }) as JobsContext;
    const wrong = defineModule({ name: 'alpha', jobs: () => [job] });
    expect(() => moduleJobs(ctx([wrong]))).toThrow(/must be named 'alpha\.…'/);
    const twice = defineModule({ name: 'other', jobs: () => [job, job] });
    expect(() => moduleJobs(ctx([twice]))).toThrow(/declared twice/);
  });
});

describe('only modules/index.ts lists modules', () => {
  const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
  const files = (fs.readdirSync(src, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => f.split(path.sep).join('/'));
  const importsOf = (file: string): { names: string; from: string }[] =>
    [
      ...fs
        .readFileSync(path.join(src, file), 'utf8')
        .matchAll(/import\s+(type\s+)?([^;]*?)\s+from\s+'([^']+)'/g),
    ].map((m) => ({ names: m[2] ?? '', from: path.posix.join(path.posix.dirname(file), m[3] ?? '') }));

  it('no file but modules/index.ts imports a module definition', () => {
    const definitions = new Set(
      modules.map((m) => `${m.name.replace(/-([a-z])/g, (_s, c: string) => c.toUpperCase())}Module`),
    );
    const offenders = files
      .filter((f) => f !== 'modules/index.ts')
      .flatMap((f) =>
        importsOf(f)
          .flatMap((i) => i.names.match(/\w+/g) ?? [])
          .filter((name) => definitions.has(name))
          .map((name) => `${f}: ${name}`),
      );
    expect(offenders).toEqual([]);
  });

  /**
   * Outside modules/, what may reach into a module folder: the server wires the auth resolver and the
   * ledger (platform services every module gets); the rest are types (the definition's contribution
   * fields: wager consumers, multiplayer games), the realtime socket secret and
   * the demo account names main.ts prints. The job runner, the seed and the config loader reach none:
   * they iterate over the list. A new crossing fails, and so does one that is gone (remove it here).
   */
  const ALLOWED_CORE_IMPORTS = [
    'main.ts -> users',
    'platform/context.ts -> ledger',
    'platform/module.ts -> games',
    'platform/module.ts -> wagers',
    'realtime/realtime.routes.ts -> auth',
    'server.ts -> auth',
    'server.ts -> ledger',
  ];

  it('the core (server, jobs, db, platform, realtime) imports no module folder but the list', () => {
    const crossings = new Set<string>();
    for (const f of files.filter((f) => !f.startsWith('modules/'))) {
      for (const i of importsOf(f)) {
        const m = /^modules\/([^/]+)\//.exec(i.from);
        if (m) crossings.add(`${f} -> ${m[1]}`);
      }
    }
    expect([...crossings].sort()).toEqual(ALLOWED_CORE_IMPORTS);
    expect(files).toContain('db/seed.ts');
    expect(files.some((f) => f.startsWith('jobs/'))).toBe(true);
  });
});

describe('no singleton outside the module definitions', () => {
  const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
  /**
   * Module-level state that is the same for every server of the process (a memo of a pure function of
   * constant inputs), with why. Anything else a module keeps per server is a declared service
   * (platform/services.ts). A new entry fails, and so does one that is gone (remove it here).
   */
  const ALLOWED_MODULE_STATE = [
    // The dummy password hash compared against when a login names no account (equal timing).
    'modules/auth/auth.routes.ts: let dummyHash',
    // Country name -> code, built from the constant country list on first use.
    'modules/catalogue/countries.ts: let byName',
    // The emoji folder of the installed package and the file names read from it.
    'modules/chat/emoji.ts: const cache = new Map',
    'modules/chat/emoji.ts: let folder',
    // The box key derived (hashed) from a SECRET_KEY: the same input gives the same key.
    'modules/two-factor/secret-box.ts: const keys = new Map',
  ];

  /** The module-level state of one file: WeakMaps (and kin), top-level `let`s, top-level `const x = new X`. */
  const stateIn = (name: string, text: string): string[] => [
    ...[...text.matchAll(/new (WeakMap|WeakSet|WeakRef)\b/g)].map((m) => `${name}: new ${m[1]}`),
    ...[...text.matchAll(/^(?:export )?let (\w+)/gm)].map((m) => `${name}: let ${m[1]}`),
    ...[...text.matchAll(/^(?:export )?const ([a-z]\w*)(?:: [^=]+)? = new (\w+)/gm)].map(
      (m) => `${name}: const ${m[1]} = new ${m[2]}`,
    ),
  ];

  it('no file keeps an instance in a WeakMap or in module-level state', () => {
    const found = (fs.readdirSync(src, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) =>
        stateIn(file.split(path.sep).join('/'), fs.readFileSync(path.join(src, file), 'utf8')),
      );
    expect(found.sort()).toEqual(ALLOWED_MODULE_STATE);
  });

  it('the scan finds the shapes of the singletons this issue removed', () => {
    const removed = [
      'const services = new WeakMap<Database, CrashService>();',
      'export function crashServiceFor(ctx: AppContext): CrashService {',
      '  let service = services.get(ctx.database);',
      '}',
      'let feed: PriceFeed | undefined;',
      'export const mailers = new Map<string, Mailer>();',
      'const SAFE_METHODS = new Set([1]);',
    ].join('\n');
    expect(stateIn('x.ts', removed)).toEqual([
      'x.ts: new WeakMap',
      'x.ts: let feed',
      'x.ts: const services = new WeakMap',
      'x.ts: const mailers = new Map',
    ]);
  });
});

describe('module folders', () => {
  const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/modules');
  /** Module folder -> the module folders its files import (types included). */
  const graph = new Map<string, Set<string>>();
  for (const file of fs.readdirSync(src, { recursive: true }) as string[]) {
    const parts = file.split(path.sep);
    if (parts.length < 2 || !file.endsWith('.ts')) continue;
    const from = parts[0] ?? '';
    const text = fs.readFileSync(path.join(src, file), 'utf8');
    for (const m of text.matchAll(/from '(\.\.\/[^']+)'/g)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(parts.join('/')), m[1] ?? ''));
      const to = target.split('/')[0] ?? '';
      if (to !== '..' && to !== from && !target.startsWith('index')) {
        if (!graph.has(from)) graph.set(from, new Set());
        graph.get(from)?.add(to);
      }
    }
  }

  it('import each other without a cycle (games reaches crash through its multiplayer registry)', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (node: string, stack: string[]) => {
      state.set(node, 'open');
      for (const next of graph.get(node) ?? []) {
        if (state.get(next) === 'open')
          cycles.push([...stack.slice(stack.indexOf(next)), node, next].join(' -> '));
        else if (!state.has(next)) visit(next, [...stack, node]);
      }
      state.set(node, 'done');
    };
    for (const node of graph.keys()) if (!state.has(node)) visit(node, []);
    expect(cycles).toEqual([]);
    expect(graph.get('crash')).toContain('games');
    expect(graph.get('games')).not.toContain('crash');
  });

  it('routes Play of a multiplayer game to the module that brings it', async () => {
    const { multiplayerGamesOf } = await import('../src/modules/games/index.js');
    const play = () => Promise.reject(new Error('not called'));
    const a = defineModule({ name: 'a', multiplayer: { rocket: () => play } });
    expect([...multiplayerGamesOf([...modules, a], (create) => create({} as never)).keys()]).toEqual([
      'crash',
      'rocket',
    ]);
    const b = defineModule({ name: 'b', multiplayer: { rocket: () => play } });
    expect(() => multiplayerGamesOf([a, b], (create) => create({} as never))).toThrow(
      /rocket is brought twice/,
    );
  });
});
