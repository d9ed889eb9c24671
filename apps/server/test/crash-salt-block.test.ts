import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { crashPointFromHash } from '@nebula/games';
import pino from 'pino';
import { createPublicClient, createTestClient, http } from 'viem';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, listMigrations, runMigrations } from '../src/db/migrate.js';
import { seedDatabase } from '../src/db/seed.js';
import { ChainRegistry, chainSpec, SimulatedSource } from '../src/modules/chains/index.js';
import {
  CrashLoop,
  crashBettingMs,
  crashPauseMs,
  SaltBlocks,
  announcePending,
  crashOptionsFromEnv,
  createChain,
  fixSalt,
  generateChainAsync,
  insertChain,
  withSaltBlocks,
} from '../src/modules/crash/index.js';
import { Ledger } from '../src/modules/ledger/index.js';
import type { AppContext } from '../src/platform/context.js';
import { loadConfig } from '../src/platform/config.js';
import { createRealtime } from '../src/realtime/index.js';
import { startHardhatNode, type HardhatNode } from './fixtures/hardhat-node.js';
import {
  createTestDatabase,
  settingsFor,
  withServices,
  startTestServer,
  type TestServer,
} from './helpers/test-server.js';

/**
 * Issue G4 item 2: a crash chain's salt is the hash of a public block announced when the chain is
 * published, at a height the chain had not reached then; the leader fixes the salt only once the block
 * exists (with its confirmations) and no round of the chain starts before. On a local EVM node (hardhat,
 * which mines only when told to), on the simulated chain of the embedded demo, and for chains published
 * before migration 0021.
 */
const log = pino({ level: 'silent' });
const EXPLORER = 'https://explorer.example/eth/block/{height}?hash={hash}';

async function contextFor(database: AppContext['database']): Promise<AppContext> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SERVE_WEB: 'false' });
  const realtime = await createRealtime({
    config,
    log,
    nodeId: 'crash-salt-test',
    auth: { byToken: () => Promise.resolve(null), bySecret: () => Promise.resolve(null) },
  });
  return withServices({
    config,
    database,
    log,
    realtime,
    nodeId: 'crash-salt-test',
    ledger: new Ledger(database, realtime.hub),
    settings: settingsFor(database),
  });
}

const rounds = async (database: AppContext['database']) =>
  database.query<{ id: string; chain_id: number; hash: string; crash_point: string; house_edge_bps: number }>(
    'select id::text as id, chain_id, hash, crash_point::text as crash_point, house_edge_bps from crash_rounds order by id',
  );
const chainRow = async (database: AppContext['database'], id: number) =>
  (
    await database.query<{
      salt: string | null;
      salt_chain: string | null;
      salt_source: string | null;
      salt_height: string | null;
      salt_confirmations: number | null;
      salt_block_at: Date | null;
      published_at: Date;
      salt_announced_at: Date | null;
      scheme: 'hmac32' | 'hmac52';
    }>(
      `select salt, salt_chain, salt_source, salt_height::text as salt_height, salt_confirmations, salt_block_at,
              published_at, salt_announced_at, scheme from crash_chains where id = $1`,
      [id],
    )
  )[0]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the salt of a chain on a local EVM node', () => {
  let node: HardhatNode;
  let t: Awaited<ReturnType<typeof createTestDatabase>>;
  let ctx: AppContext;
  let registry: ChainRegistry;
  const publicClient = () => createPublicClient({ chain: hardhat, transport: http(node.rpcUrl) });
  const testClient = () =>
    createTestClient({ mode: 'hardhat', chain: hardhat, transport: http(node.rpcUrl) });

  beforeAll(async () => {
    node = await startHardhatNode();
    t = await createTestDatabase();
    await runMigrations(t.database);
    await seedDatabase(t.database, { withDemoAccounts: false });
    ctx = await contextFor(t.database);
    // The node's chain as eth, read without a deposit key (no extended public key is needed for blocks).
    registry = new ChainRegistry({
      database: t.database,
      config: { xpubs: {}, chainMode: 'evm', evmRpcUrls: { eth: node.rpcUrl } },
    });
  }, 90_000);
  afterAll(async () => {
    await ctx?.realtime.close();
    await t?.drop();
    await node?.stop();
  });

  it('publishes a chain with a future height, starts no round before the block, then salts with its hash', async () => {
    expect(registry.get('eth')).toBeUndefined(); // no deposits without a key
    expect(registry.blocks('eth')?.source).toBe('evm');
    const salts = new SaltBlocks(registry, {
      chain: 'eth',
      blocksAhead: 3,
      confirmations: 1,
      explorerUrls: { eth: EXPLORER, bsc: 'https://bscscan.example/block/{height}' },
    });
    await testClient().mine({ blocks: 5 });
    const before = await publicClient().getBlockNumber();
    const chainId = await createChain(t.database, 4, 2, undefined, salts);
    const after = await publicClient().getBlockNumber();
    const announced = await chainRow(t.database, chainId);
    const height = BigInt(announced.salt_height!);
    expect(announced).toMatchObject({
      salt: null,
      salt_chain: 'eth',
      salt_source: 'evm',
      salt_confirmations: 1,
    });
    expect(height).toBe(before + 3n);
    expect(after).toBe(before); // nothing mined meanwhile: the announced block is in the future
    await expect(publicClient().getBlock({ blockNumber: height })).rejects.toThrow();
    expect(announced.salt_announced_at!.getTime()).toBe(announced.published_at.getTime());

    // The page shows the announcement before the block exists: no hash, no link needing the hash yet.
    const [pending] = await withSaltBlocks(t.database, [
      {
        id: chainId,
        terminatingHash: 'a'.repeat(64),
        length: 4,
        scheme: 'hmac32',
        salt: null,
        publishedAt: '',
        saltFixedAt: null,
      },
    ]);
    expect(pending!.saltBlock).toMatchObject({
      chain: 'eth',
      source: 'evm',
      height: Number(height),
      confirmations: 1,
      hash: null,
      minedAt: null,
      explorerUrl: null,
    });

    // The round loop runs as on the leader: no round while the block is missing.
    await ctx.settings.change(crashBettingMs, 60_000);
    await ctx.settings.change(crashPauseMs, 0);
    const loop = new CrashLoop(ctx, { tickMs: 100 }, salts);
    expect(await loop.createRound()).toBe(false);
    // Nor can any other writer: the database refuses a round of a chain without its salt.
    await expect(
      t.database.query(
        `insert into crash_rounds (chain_id, chain_index, hash, crash_point, house_edge_bps, bust_ms, phase,
           betting_ms, betting_ends_at, ledger_floor)
         values ($1, 0, $2, 200, 100, 1000, 'betting', 1000, clock_timestamp(), 0)`,
        [chainId, 'f'.repeat(64)],
      ),
    ).rejects.toThrow(/has no salt yet/);
    const leader = new AbortController();
    const running = loop.run(leader.signal);
    try {
      await testClient().mine({ blocks: 2 }); // one block short
      await sleep(2_500); // two and a half passes of the loop
      expect(await rounds(t.database)).toEqual([]);
      expect((await chainRow(t.database, chainId)).salt).toBeNull();
      expect(await fixSalt(t.database, chainId, salts)).toBeNull();

      await testClient().mine({ blocks: 1 }); // block `height` now exists
      const block = await publicClient().getBlock({ blockNumber: height });
      const deadline = Date.now() + 10_000;
      while ((await rounds(t.database)).length === 0 && Date.now() < deadline) await sleep(100);
      const [round] = await rounds(t.database);
      expect(round).toBeDefined();
      const fixed = await chainRow(t.database, chainId);
      // The salt is the block's hash: 64 hex characters, as the public algorithm reads a block hash.
      expect(`0x${fixed.salt}`).toBe(block.hash);
      expect(fixed.salt).toMatch(/^[0-9a-f]{64}$/);
      expect(fixed.salt_block_at!.getTime()).toBe(Number(block.timestamp) * 1000);
      expect(round!.chain_id).toBe(chainId);
      expect(BigInt(round!.crash_point)).toBe(
        crashPointFromHash(round!.hash, fixed.salt!, round!.house_edge_bps, fixed.scheme),
      );

      const [view] = await withSaltBlocks(t.database, [
        {
          id: chainId,
          terminatingHash: 'a'.repeat(64),
          length: 4,
          scheme: 'hmac32',
          salt: fixed.salt,
          publishedAt: '',
          saltFixedAt: null,
        },
      ]);
      expect(view!.saltBlock).toEqual({
        chain: 'eth',
        source: 'evm',
        height: Number(height),
        confirmations: 1,
        announcedAt: announced.salt_announced_at!.toISOString(),
        hash: block.hash,
        minedAt: new Date(Number(block.timestamp) * 1000).toISOString(),
        explorerUrl: `https://explorer.example/eth/block/${height}?hash=${block.hash}`,
      });
      // Fixed once: a later block cannot change it.
      await testClient().mine({ blocks: 3 });
      expect(await fixSalt(t.database, chainId, salts)).toBe(fixed.salt);
    } finally {
      leader.abort();
      await running;
    }
  }, 60_000);

  it('waits for the announced confirmations before taking the hash', async () => {
    const salts = new SaltBlocks(registry, { chain: 'eth', blocksAhead: 2, confirmations: 3 });
    const chainId = await insertChain(
      t.database,
      await generateChainAsync('3'.repeat(64), 2, 1),
      undefined,
      'hmac32',
      await salts.announce(),
    );
    const height = BigInt((await chainRow(t.database, chainId)).salt_height!);
    await testClient().mine({ blocks: 2 }); // the block exists, with 1 confirmation
    expect((await publicClient().getBlock({ blockNumber: height })).hash).toMatch(/^0x/);
    expect(await fixSalt(t.database, chainId, salts)).toBeNull();
    await testClient().mine({ blocks: 1 });
    expect(await fixSalt(t.database, chainId, salts)).toBeNull();
    await testClient().mine({ blocks: 1 }); // 3 confirmations
    const block = await publicClient().getBlock({ blockNumber: height });
    expect(await fixSalt(t.database, chainId, salts)).toBe(block.hash.slice(2));
  });

  it('never salts a chain from another source than the one it announced', async () => {
    const salts = new SaltBlocks(registry, { chain: 'eth', blocksAhead: 1, confirmations: 1 });
    const chainId = await insertChain(
      t.database,
      await generateChainAsync('4'.repeat(64), 2, 1),
      undefined,
      'hmac32',
      {
        chain: 'eth',
        source: 'simulated',
        height: 1n,
        confirmations: 1,
        explorer: null,
      },
    );
    await testClient().mine({ blocks: 2 });
    expect(await fixSalt(t.database, chainId, salts)).toBeNull();
    expect((await chainRow(t.database, chainId)).salt_height).toBe('1');
  });
});

describe('the simulated chain (embedded demo)', () => {
  it('has no block before its slot and keeps one hash per block', async () => {
    const t = await createTestDatabase();
    try {
      await runMigrations(t.database);
      const spec = chainSpec('eth')!;
      const sim = new SimulatedSource(spec, t.database, 50);
      const head = await sim.currentHeight();
      expect(await sim.blockAt(head + 2n)).toBeNull();
      const block = await sim.blockAt(head);
      expect(block?.hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(block?.time.getTime()).toBe(Number(head) * 50);
      expect((await sim.blockAt(head))?.hash).toBe(block?.hash);
      // Another node (another source object on the same database) reads the same hash.
      expect((await new SimulatedSource(spec, t.database, 50).blockAt(head))?.hash).toBe(block?.hash);
      await sleep(120);
      expect((await sim.blockAt(head + 2n))?.hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect((await new SimulatedSource(chainSpec('btc')!, t.database, 50).blockAt(head))?.hash).toMatch(
        /^[0-9a-f]{64}$/,
      );
    } finally {
      await t.drop();
    }
  });

  describe('a server without an RPC node', () => {
    let s: TestServer;
    // The crash options come from the server's configuration (crash's environment keys), as on a real server.
    const env: Record<string, string> = {
      CRASH_CHAIN_LENGTH: '50',
      CRASH_CHECKPOINT_EVERY: '10',
      CRASH_SALT_EXPLORER_URL: 'https://explorer.example/block/{height}',
    };
    beforeAll(async () => {
      s = await startTestServer(env);
    }, 60_000);
    afterAll(async () => {
      await s?.close();
    });

    it('salts its first chain from a simulated block within seconds and says it is simulated', async () => {
      const { database } = s.server;
      const deadline = Date.now() + 20_000;
      while ((await rounds(database)).length === 0 && Date.now() < deadline) await sleep(100);
      const [round] = await rounds(database);
      expect(round).toBeDefined();
      const chain = await chainRow(database, round!.chain_id);
      expect(chain).toMatchObject({ salt_chain: 'eth', salt_source: 'simulated', salt_confirmations: 1 });
      const stored = await database.query<{ hash: string }>(
        "select hash from sim_chain_blocks where chain = 'eth' and height = $1",
        [chain.salt_height],
      );
      expect(`0x${chain.salt}`).toBe(stored[0]?.hash);
      // The block's slot began after the announcement; the first round came seconds after the publication.
      expect(chain.salt_block_at!.getTime()).toBeGreaterThan(chain.salt_announced_at!.getTime());
      const created = await database.query<{ ms: string }>(
        `select extract(epoch from (r.betting_ends_at - c.published_at)) * 1000 - r.betting_ms as ms
           from crash_rounds r join crash_chains c on c.id = r.chain_id where r.id = $1`,
        [round!.id],
      );
      expect(Number(created[0]!.ms)).toBeLessThan(12_000);

      const res = await s.app.inject({
        method: 'POST',
        url: '/api/whisper',
        payload: { event: 'CrashHistory', data: { limit: 1 } },
      });
      expect(res.statusCode, res.body).toBe(200);
      const listed = (res.json() as { chains: { id: number; saltBlock?: Record<string, unknown> }[] }).chains;
      expect(listed.find((c) => c.id === round!.chain_id)?.saltBlock).toMatchObject({
        chain: 'eth',
        source: 'simulated',
        height: Number(chain.salt_height),
        hash: `0x${chain.salt}`,
        explorerUrl: `https://explorer.example/block/${chain.salt_height}`,
      });
    }, 40_000);
  });
});

describe('chains published before migration 0021', () => {
  let t: Awaited<ReturnType<typeof createTestDatabase>>;
  let before: string;
  beforeAll(async () => {
    t = await createTestDatabase();
    before = await fs.mkdtemp(path.join(os.tmpdir(), 'nebula-migrations-'));
  });
  afterAll(async () => {
    await t?.drop();
    await fs.rm(before, { recursive: true, force: true });
  });

  it('keep a salt already fixed; one not fixed yet gets a future block before it starts', async () => {
    for (const file of await listMigrations()) {
      if (file >= '0021_crash_salt_block.sql') continue;
      await fs.copyFile(path.join(MIGRATIONS_DIR, file), path.join(before, file));
    }
    await runMigrations(t.database, before);
    // The schema as it was: a chain whose first round fixed a server-drawn salt, and one up next.
    const inserted = await t.database.query<{ id: number }>(
      `insert into crash_chains (terminating_hash, length, seed, checkpoint_every, salt, salt_fixed_at)
       values ($1, 2, $2, 1, $3, clock_timestamp() + interval '1 second'), ($4, 2, $5, 1, null, null)
       returning id`,
      ['a'.repeat(64), 'b'.repeat(64), 'c'.repeat(64), 'd'.repeat(64), 'e'.repeat(64)],
    );
    const [salted, unsalted] = inserted.map((r) => r.id) as [number, number];
    expect(await runMigrations(t.database)).toContain('0021_crash_salt_block.sql');

    const registry = new ChainRegistry({
      database: t.database,
      config: { xpubs: {}, chainMode: 'simulated', evmRpcUrls: {} },
      simBlockMs: 100,
    });
    const sim = registry.blocks('eth')!;
    const salts = new SaltBlocks(registry, { chain: 'eth', blocksAhead: 2 });
    expect(await fixSalt(t.database, salted, salts)).toBe('c'.repeat(64));
    const kept = await chainRow(t.database, salted);
    expect(kept).toMatchObject({
      salt: 'c'.repeat(64),
      salt_chain: null,
      salt_height: null,
      salt_block_at: null,
    });

    // The leader's first look announces a block ahead of the head now, after the publication.
    const head = await sim.currentHeight();
    expect(await fixSalt(t.database, unsalted, salts)).toBeNull();
    const announced = await chainRow(t.database, unsalted);
    expect(announced.salt_source).toBe('simulated');
    expect(BigInt(announced.salt_height!)).toBeGreaterThanOrEqual(head + 2n);
    expect(announced.salt_announced_at!.getTime()).toBeGreaterThan(announced.published_at.getTime());
    expect(await announcePending(t.database, salts)).toBe(0); // announced once
    await sleep(400);
    const salt = await fixSalt(t.database, unsalted, salts);
    expect(salt).toMatch(/^[0-9a-f]{64}$/);
    const [view] = await withSaltBlocks(t.database, [
      {
        id: salted,
        terminatingHash: 'a'.repeat(64),
        length: 2,
        scheme: 'hmac52',
        salt: 'c'.repeat(64),
        publishedAt: '',
        saltFixedAt: null,
      },
    ]);
    expect(view!.saltBlock).toBeNull();

    // A salt fixed by hand (tests) or by the server before keeps out of the block rules; a block's
    // announcement must be complete.
    await expect(
      t.database.query(`update crash_chains set salt_height = 5 where id = $1`, [salted]),
    ).rejects.toThrow();
  });
});

describe('salt options', () => {
  it('default to eth, 3 blocks ahead, and refuse what cannot be a salt chain or an explorer link', () => {
    expect(crashOptionsFromEnv({})).toMatchObject({
      saltChain: 'eth',
      saltBlocksAhead: 3,
      saltConfirmations: undefined,
      saltExplorerUrls: {},
    });
    expect(
      crashOptionsFromEnv({
        CRASH_SALT_CHAIN: 'btc',
        CRASH_SALT_BLOCKS_AHEAD: '6',
        CRASH_SALT_CONFIRMATIONS: '2',
        CRASH_SALT_EXPLORER_URL: 'https://mempool.space/block/{hash}',
      }),
    ).toMatchObject({
      saltChain: 'btc',
      saltBlocksAhead: 6,
      saltConfirmations: 2,
      saltExplorerUrls: { btc: 'https://mempool.space/block/{hash}' },
    });
    // Per chain, like EVM_RPC_URL.
    expect(
      crashOptionsFromEnv({
        CRASH_SALT_EXPLORER_URL:
          '{"eth": "https://etherscan.io/block/{height}", "bsc": "https://bscscan.com/block/{height}"}',
      }).saltExplorerUrls,
    ).toEqual({ eth: 'https://etherscan.io/block/{height}', bsc: 'https://bscscan.com/block/{height}' });
    expect(() => crashOptionsFromEnv({ CRASH_SALT_CHAIN: 'sol' })).toThrow(/CRASH_SALT_CHAIN/);
    expect(() => crashOptionsFromEnv({ CRASH_SALT_BLOCKS_AHEAD: '0' })).toThrow(/CRASH_SALT_BLOCKS_AHEAD/);
    expect(() => crashOptionsFromEnv({ CRASH_SALT_EXPLORER_URL: 'https://etherscan.io/' })).toThrow(
      /CRASH_SALT_EXPLORER_URL\.eth: must contain \{height\} or \{hash\}/,
    );
    expect(() => crashOptionsFromEnv({ CRASH_SALT_EXPLORER_URL: 'javascript:alert(1)//{height}' })).toThrow(
      /must be an http\(s\) URL/,
    );
    expect(() =>
      crashOptionsFromEnv({ CRASH_SALT_EXPLORER_URL: '{"sol": "https://x.example/{hash}"}' }),
    ).toThrow(/CRASH_SALT_EXPLORER_URL\.sol: not a salt chain/);
    expect(() => crashOptionsFromEnv({ CRASH_SALT_EXPLORER_URL: '{"eth": ' })).toThrow(/JSON object/);
  });

  it('refuse the round timings that became settings, naming the setting that replaced each', () => {
    expect(() => crashOptionsFromEnv({ CRASH_BETTING_MS: '15000' })).toThrow(
      /CRASH_BETTING_MS: no longer read; the operator setting crash\.betting_ms replaced it/,
    );
    expect(() => crashOptionsFromEnv({ CRASH_PAUSE_MS: '3000' })).toThrow(/crash\.pause_ms/);
  });

  it('refuse a salt chain without a block source, and take its deposit confirmations by default', async () => {
    const t = await createTestDatabase();
    try {
      const evmOnly = new ChainRegistry({
        database: t.database,
        config: { xpubs: {}, chainMode: 'evm', evmRpcUrls: { bsc: 'http://127.0.0.1:9' } },
      });
      expect(() => new SaltBlocks(evmOnly, { chain: 'eth', blocksAhead: 3 })).toThrow(/EVM_RPC_URL/);
      const bsc = new SaltBlocks(evmOnly, { chain: 'bsc', blocksAhead: 3, depositConfirmations: { bsc: 4 } });
      expect(bsc.confirmationsFor(evmOnly.blocks('bsc')!)).toBe(4);
      expect(
        new SaltBlocks(evmOnly, { chain: 'bsc', blocksAhead: 3 }).confirmationsFor(evmOnly.blocks('bsc')!),
      ).toBe(chainSpec('bsc')!.defaultConfirmations);
      const simulated = new ChainRegistry({
        database: t.database,
        config: { xpubs: {}, chainMode: 'simulated', evmRpcUrls: {} },
      });
      expect(
        new SaltBlocks(simulated, { chain: 'eth', blocksAhead: 3 }).confirmationsFor(
          simulated.blocks('eth')!,
        ),
      ).toBe(1);
      expect(simulated.blocks('sol')).toBeUndefined();
    } finally {
      await t.drop();
    }
  });
});
