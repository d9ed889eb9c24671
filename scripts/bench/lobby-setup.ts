/**
 * Lobby benchmark set-up, used by lobby-main.ts: the scratch PostgreSQL database, the real server
 * process (production mode, trusting `cf-ipcountry`), and a generated catalogue of 100 providers and
 * 5,000 games with signed-in players and their favourites. Deterministic (seeded PRNG).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { LOBBY_ROWS, SEARCH_WORDS, COUNTRIES, benchToken } from './lobby-shared.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TSX = import.meta.resolve('tsx');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A small deterministic PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Creates a fresh database next to `baseUrl`'s; returns its URL and a function that drops it. */
export async function createScratchDatabase(
  baseUrl: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `bench_lobby_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** Starts apps/server/src/main.ts in production mode on the scratch database; waits for /healthz. */
export async function startServer(opts: {
  databaseUrl: string;
  poolSize?: number | undefined;
  logLevel: string;
  /** Write a V8 CPU profile of the server into this folder (on exit). */
  profileDir?: string | undefined;
}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'nebula-lobby-data-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    SECRET_KEY: randomBytes(32).toString('hex'),
    DATABASE_URL: opts.databaseUrl,
    SERVE_WEB: 'false',
    LOG_LEVEL: opts.logLevel,
    DATA_DIR: dataDir,
    TRUSTED_COUNTRY_HEADER: 'cf-ipcountry',
    ...(opts.poolSize ? { DATABASE_POOL_SIZE: String(opts.poolSize) } : {}),
  };
  const profile = opts.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(opts.profileDir)}`] : [];
  const child = spawn(
    process.execPath,
    [...profile, '--import', TSX, path.join(root, 'apps/server/src/main.ts')],
    {
      cwd: path.join(root, 'apps/server'),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const output = () => lines.join('\n');
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) {
      await rm(dataDir, { recursive: true, force: true });
      throw new Error(`the server exited (code ${child.exitCode}):\n${output()}`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
      throw new Error(`the server did not answer /healthz within 180 s:\n${output()}`);
    }
    await sleep(250);
  }
  return {
    child,
    url,
    output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(15_000)]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const ADJECTIVES =
  'Golden Wild Mega Lucky Royal Cosmic Crystal Fire Frozen Mystic Neon Ancient Sweet Thunder Silver Diamond Jungle Ocean Dragon Magic Star Wolf Pirate Candy Viking'.split(
    ' ',
  );
const NOUNS =
  'Fortune Riches Spins Gems Treasure Jackpot Bonanza Quest Empire Temple Reels Legends Vault Kingdom Safari Rush Heist Fruits Wheel Blackjack Roulette Baccarat Show Wilds Cash Gold Party Odyssey Kingdom Saga'.split(
    ' ',
  );
const SUFFIXES = [
  '',
  '',
  '',
  ' Megaways',
  ' Deluxe',
  ' Xtreme',
  ' Hold and Win',
  ' 2',
  ' Live',
  ' Dream Drop',
];

/** What the generated catalogue holds. */
export interface CatalogueStats {
  providers: number;
  games: number;
  listed: number;
  restrictedProviders: number;
}

/**
 * Inserts `providers` providers (a quarter restricted in 1-5 countries) and `games` games
 * (75% slots, 15% live, 10% game shows; bonus buys, new releases, featured and search-featured flags;
 * 2% hidden, 1% disabled), then `signedIn` players with a session and 20 favourites each.
 */
export async function generateCatalogue(
  databaseUrl: string,
  opts: { providers: number; games: number; signedIn: number },
): Promise<CatalogueStats> {
  const rnd = prng(20261122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const providerIds = Array.from({ length: opts.providers }, (_, i) => `bench-studio-${i + 1}`);
    await c.query(
      `insert into game_providers (id, name, image, priority, is_featured)
       select id, 'Bench Studio ' || ord, '/api/img/providers/' || id || '.svg', (1000 - ord)::int, ord <= 20
         from unnest($1::text[]) with ordinality as p(id, ord)`,
      [providerIds],
    );
    let restricted = 0;
    for (const id of providerIds) {
      if (rnd() >= 0.25) continue;
      const iso = [...new Set(Array.from({ length: 1 + Math.floor(rnd() * 5) }, () => pick(COUNTRIES)))];
      await c.query(
        'insert into provider_restrictions (provider, countries, iso) values ($1, $2, $3::text[])',
        [id, iso.join(', '), iso],
      );
      restricted++;
    }
    const rows = {
      id: [] as string[],
      name: [] as string[],
      provider: [] as string[],
      priority: [] as number[],
      categories: [] as string[],
      featured: [] as boolean[],
      searchFeatured: [] as boolean[],
      custom: [] as (string | null)[],
      hidden: [] as boolean[],
      disabled: [] as boolean[],
    };
    for (let i = 0; i < opts.games; i++) {
      const kind = rnd();
      const category = kind < 0.75 ? 'slots' : kind < 0.9 ? 'live' : 'game-shows';
      const flavour = rnd();
      const custom =
        category !== 'slots'
          ? category
          : flavour < 0.15
            ? 'buy-bonuses'
            : flavour < 0.25
              ? 'new-releases'
              : null;
      const provider = providerIds[i % providerIds.length] as string;
      rows.id.push(`bench-game-${i + 1}`);
      rows.name.push(`${pick(ADJECTIVES)} ${pick(NOUNS)}${pick(SUFFIXES)}`);
      rows.provider.push(provider);
      rows.priority.push(Math.floor(rnd() * 1000));
      rows.categories.push(custom && custom !== category ? `${category},${custom}` : category);
      rows.featured.push(rnd() < 0.06);
      rows.searchFeatured.push(rnd() < 0.01);
      rows.custom.push(custom);
      const state = rnd();
      rows.hidden.push(state < 0.02);
      rows.disabled.push(state >= 0.02 && state < 0.03);
    }
    await c.query(
      `insert into games (id, name, image, type, provider, priority, categories, is_featured, is_search_featured,
                          custom_category, launchable, hidden, disabled)
       select g.id, g.name, '/api/img/games/' || g.id || '.svg', g.provider, g.provider, g.priority,
              string_to_array(g.categories, ','), g.featured, g.search_featured, g.custom, false, g.hidden, g.disabled
         from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[], $6::bool[], $7::bool[], $8::text[],
                     $9::bool[], $10::bool[])
              as g(id, name, provider, priority, categories, featured, search_featured, custom, hidden, disabled)`,
      [
        rows.id,
        rows.name,
        rows.provider,
        rows.priority,
        rows.categories,
        rows.featured,
        rows.searchFeatured,
        rows.custom,
        rows.hidden,
        rows.disabled,
      ],
    );
    for (let i = 0; i < opts.signedIn; i++) {
      const user = await c.query<{ id: string }>(
        "insert into users (name, email) values ($1, $1 || '@bench.local') returning id",
        [`bench_lobby_${i}`],
      );
      const id = user.rows[0]?.id as string;
      await c.query("insert into user_roles (user_id, role_id) values ($1, 'player')", [id]);
      await c.query(
        "insert into sessions (user_id, token_hash, expires_at) values ($1, $2, now() + interval '1 day')",
        [id, createHash('sha256').update(benchToken(i)).digest('hex')],
      );
      const favourites = Array.from({ length: 20 }, () => `bench-game-${1 + Math.floor(rnd() * opts.games)}`);
      await c.query(
        'insert into game_favourites (user_id, game_id) select $1, unnest($2::text[]) on conflict do nothing',
        [id, favourites],
      );
    }
    await c.query('vacuum analyze');
    const listed = await c.query<{ n: number }>(
      'select count(*)::int as n from games where not hidden and not disabled',
    );
    return {
      providers: opts.providers,
      games: opts.games + 8,
      listed: listed.rows[0]?.n ?? 0,
      restrictedProviders: restricted,
    };
  } finally {
    await c.end();
  }
}

/** Sanity check before the load: every lobby row and one search answer through the server. */
export async function probe(url: string): Promise<void> {
  for (const filter of LOBBY_ROWS) {
    const res = await fetch(`${url}/api/data/gamesFilter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ filter: [filter], limit: 10 }),
    });
    const body = (await res.json()) as { games?: unknown[] };
    if (!res.ok || !body.games?.length)
      throw new Error(`lobby row ${JSON.stringify(filter)}: HTTP ${res.status}`);
  }
  const res = await fetch(`${url}/api/data/gamesFilter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ filter: [{ key: 'name', type: 'search', expect: SEARCH_WORDS[0] }] }),
  });
  if (!res.ok) throw new Error(`search: HTTP ${res.status} ${await res.text()}`);
}
