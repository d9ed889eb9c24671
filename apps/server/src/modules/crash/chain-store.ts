/**
 * The crash hash chains in the database: generating and publishing a chain (with the announcement of
 * the future block whose hash will be its salt), finding the next game to play, fixing a chain's salt
 * from that block before its first round, and looking up a game's hash from the checkpoints. The math
 * is @nebula/games' (chain.ts); the walk here uses node:crypto (several times faster than the portable
 * hash) and yields to the event loop, so generating a long chain on the leader never stalls the
 * requests the same process serves.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { CrashChain } from '@nebula/contracts';
import { CRASH_SCHEME, type CrashScheme } from '@nebula/games';
import type { Database } from '../../db/client.js';
import {
  SALT_COLUMNS,
  type SaltAnnouncement,
  type SaltBlocks,
  type SaltRow,
  saltBlockView,
  saltOfBlockHash,
} from './salt-block.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A chain before it is stored: what {@link generateChainAsync} returns. */
export interface NewChain {
  seed: string;
  length: number;
  checkpointEvery: number;
  terminatingHash: string;
  checkpoints: Map<number, string>;
}

/**
 * Walks a chain from `seed` (the last game's hash) down to game 0, keeping every `every`-th hash and
 * the seed. Same result as `generateChain` of @nebula/games. Yields every few thousand hashes.
 *
 * @throws the signal's reason when aborted
 */
export async function generateChainAsync(
  seed: string,
  length: number,
  every: number,
  signal?: AbortSignal,
): Promise<NewChain> {
  const checkpoints = new Map<number, string>([[length - 1, seed]]);
  let hash = seed;
  for (let i = length - 2; i >= 0; i -= 1) {
    hash = sha256(hash);
    if (i % every === 0) checkpoints.set(i, hash);
    if (i % 5_000 === 0) {
      signal?.throwIfAborted();
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  return { seed, length, checkpointEvery: every, terminatingHash: sha256(hash), checkpoints };
}

/**
 * Stores (publishes) a chain in one transaction and returns its id, with `announcement`: the future
 * block whose hash will be its salt (the loop fixes the salt from it before the chain's first round).
 * `salt` is for tests that need to know the crash points in advance (no announcement then). The chain
 * plays `scheme` (every new chain the current {@link CRASH_SCHEME}; tests may publish one of the first
 * scheme to check that such chains keep playing it).
 */
export async function insertChain(
  database: Database,
  chain: NewChain,
  salt?: string,
  scheme: CrashScheme = CRASH_SCHEME,
  announcement?: SaltAnnouncement,
): Promise<number> {
  return database.transaction(async (tx) => {
    const a = salt === undefined ? announcement : undefined;
    // Published and announced at the same instant.
    const rows = await tx.query<{ id: number }>(
      `with t0 as (select clock_timestamp() as at)
       insert into crash_chains (terminating_hash, length, seed, checkpoint_every, scheme, published_at,
         salt_chain, salt_source, salt_height, salt_confirmations, salt_explorer, salt_announced_at)
       select $1::text, $2::int, $3::text, $4::int, $5::text, t0.at, $6::text, $7::text, $8::bigint,
              $9::int, $10::text,
              case when $6::text is null then null else t0.at end
         from t0
       returning id`,
      [
        chain.terminatingHash,
        chain.length,
        chain.seed,
        chain.checkpointEvery,
        scheme,
        a?.chain ?? null,
        a?.source ?? null,
        a?.height.toString() ?? null,
        a?.confirmations ?? null,
        a?.explorer ?? null,
      ],
    );
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('crash chain not inserted');
    const entries = [...chain.checkpoints.entries()];
    for (let i = 0; i < entries.length; i += 5_000) {
      const batch = entries.slice(i, i + 5_000);
      await tx.query(
        `insert into crash_chain_checkpoints (chain_id, idx, hash)
         select $1, idx, hash from unnest($2::int[], $3::text[]) as c (idx, hash)`,
        [id, batch.map(([idx]) => idx), batch.map(([, hash]) => hash)],
      );
    }
    if (salt !== undefined)
      await tx.query(
        `update crash_chains set salt = $2, salt_fixed_at = clock_timestamp() + interval '1 millisecond'
          where id = $1`,
        [id, salt],
      );
    return id;
  });
}

/**
 * Generates and publishes a new chain with a random secret seed; returns its id. With `salts`, the
 * chain announces a block ahead of the salt chain's head, read after the chain is generated, just
 * before it is stored; without, the leader announces one before the chain starts.
 */
export async function createChain(
  database: Database,
  length: number,
  every: number,
  signal?: AbortSignal,
  salts?: SaltBlocks,
): Promise<number> {
  const chain = await generateChainAsync(randomBytes(32).toString('hex'), length, every, signal);
  const announcement = salts ? await salts.announce() : undefined;
  return insertChain(database, chain, undefined, CRASH_SCHEME, announcement);
}

/** The hash of game `index` of a chain, from its nearest checkpoint at or after `index`. */
export async function chainHashOf(database: Database, chainId: number, index: number): Promise<string> {
  const rows = await database.query<{ idx: number; hash: string }>(
    `select idx, hash from crash_chain_checkpoints where chain_id = $1 and idx >= $2 order by idx limit 1`,
    [chainId, index],
    'crash.checkpoint',
  );
  const row = rows[0];
  if (!row) throw new Error(`crash chain ${chainId} has no checkpoint at or after game ${index}`);
  let hash = row.hash;
  for (let i = row.idx; i > index; i -= 1) hash = sha256(hash);
  return hash;
}

/** The game the next round plays: the game after the latest round's, else the next unused chain's first. */
export interface NextGame {
  chainId: number;
  index: number;
  terminatingHash: string;
  salt: string | null;
  /** How the chain turns a game hash and its salt into a crash point. */
  scheme: CrashScheme;
}

export async function nextGame(database: Database): Promise<NextGame | undefined> {
  const rows = await database.query<{
    id: number;
    idx: number;
    terminating_hash: string;
    salt: string | null;
    scheme: CrashScheme;
  }>(
    `with last as (select chain_id, chain_index from crash_rounds order by id desc limit 1)
     select c.id, case when c.id = l.chain_id then l.chain_index + 1 else 0 end as idx,
            c.terminating_hash, c.salt, c.scheme
       from crash_chains c left join last l on true
      where l.chain_id is null
         or (c.id = l.chain_id and l.chain_index + 1 < c.length)
         or c.id > l.chain_id
      order by c.id limit 1`,
  );
  const r = rows[0];
  return r
    ? { chainId: r.id, index: r.idx, terminatingHash: r.terminating_hash, salt: r.salt, scheme: r.scheme }
    : undefined;
}

/**
 * Announces a block for every chain whose salt is neither fixed nor announced: chains published before
 * migration 0021 (or by a caller without salt blocks). The block is ahead of the salt chain's head now,
 * after the chain's publication, so it did not exist when the chain was published either. Returns how
 * many chains were announced.
 */
export async function announcePending(database: Database, salts: SaltBlocks): Promise<number> {
  const pending = await database.query<{ id: number }>(
    'select id from crash_chains where salt is null and salt_height is null order by id',
  );
  let announced = 0;
  for (const { id } of pending) {
    const a = await salts.announce();
    const rows = await database.query(
      `update crash_chains set salt_chain = $2, salt_source = $3, salt_height = $4::bigint,
         salt_confirmations = $5, salt_explorer = $6, salt_announced_at = clock_timestamp()
       where id = $1 and salt is null and salt_height is null returning id`,
      [id, a.chain, a.source, a.height.toString(), a.confirmations, a.explorer],
    );
    announced += rows.length;
  }
  return announced;
}

/**
 * The chain's salt: the one already fixed, else the hash of its announced block (64 hex characters,
 * {@link saltOfBlockHash}) once that block exists with its confirmations (fixed here, once: a later
 * call keeps the first value), else null: the block is not there yet and the chain must not start. A
 * chain with no announcement gets one now (null).
 */
export async function fixSalt(
  database: Database,
  chainId: number,
  salts: SaltBlocks,
): Promise<string | null> {
  const row = (
    await database.query<SaltRow>(`select ${SALT_COLUMNS} from crash_chains where id = $1`, [chainId])
  )[0];
  if (!row) throw new Error(`crash chain ${chainId} does not exist`);
  if (row.salt) return row.salt;
  if (row.salt_height === null || row.salt_chain === null || row.salt_source === null) {
    await announcePending(database, salts);
    return null;
  }
  const block = await salts.settled({
    chain: row.salt_chain,
    source: row.salt_source,
    height: BigInt(row.salt_height),
    confirmations: row.salt_confirmations ?? 1,
  });
  if (!block) return null;
  await database.query(
    `update crash_chains set salt = $2, salt_block_at = $3::timestamptz, salt_fixed_at = clock_timestamp()
      where id = $1 and salt is null`,
    [chainId, saltOfBlockHash(block.hash), block.time.toISOString()],
  );
  const rows = await database.query<{ salt: string | null }>('select salt from crash_chains where id = $1', [
    chainId,
  ]);
  return rows[0]?.salt ?? null;
}

/**
 * `chains` with the block each announced for its salt (`saltBlock`; null for a chain salted by the
 * server before migration 0021): the CrashHistory answer of the fairness page.
 */
export async function withSaltBlocks(database: Database, chains: CrashChain[]): Promise<CrashChain[]> {
  if (chains.length === 0) return chains;
  const rows = await database.query<SaltRow & { id: number }>(
    `select id, ${SALT_COLUMNS} from crash_chains where id = any($1::int[])`,
    [chains.map((c) => c.id)],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return chains.map((chain) => {
    const row = byId.get(chain.id);
    return { ...chain, saltBlock: row ? saltBlockView(row) : null };
  });
}

/** Games left to play: the rest of the chain in use plus every chain not started yet. */
export async function gamesRemaining(database: Database): Promise<number> {
  const rows = await database.query<{ remaining: string }>(
    `with last as (select chain_id, chain_index from crash_rounds order by id desc limit 1)
     select coalesce(sum(case when c.id = l.chain_id then c.length - l.chain_index - 1 else c.length end), 0)::text
              as remaining
       from crash_chains c left join last l on true
      where l.chain_id is null or c.id >= l.chain_id`,
  );
  return Number(rows[0]?.remaining ?? 0);
}

/**
 * Publishes a new chain when fewer games than the reserve remain (the leader's `crash.chain` job): the
 * next chain is public long before its salt is fixed, with the block its salt will come from announced
 * (`salts`). The reserve is at most a tenth of a chain.
 */
export async function ensureChainReserve(
  database: Database,
  opts: { chainLength: number; checkpointEvery: number; chainReserve: number },
  signal?: AbortSignal,
  salts?: SaltBlocks,
): Promise<number | undefined> {
  const reserve = Math.min(opts.chainReserve, Math.ceil(opts.chainLength / 10));
  if ((await gamesRemaining(database)) >= reserve) return undefined;
  return createChain(database, opts.chainLength, opts.checkpointEvery, signal, salts);
}
