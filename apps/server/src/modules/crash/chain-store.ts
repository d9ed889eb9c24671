/**
 * The crash hash chains in the database: generating and publishing a chain, finding the next game to
 * play, fixing a chain's salt when its first round is created, and looking up a game's hash from the
 * checkpoints. The math is @nebula/games' (chain.ts); the walk here uses node:crypto (several times
 * faster than the portable hash) and yields to the event loop, so generating a long chain on the
 * leader never stalls the requests the same process serves.
 */
import { createHash, randomBytes } from 'node:crypto';
import { CRASH_SCHEME, type CrashScheme } from '@nebula/games';
import type { Database } from '../../db/client.js';

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
 * Stores (publishes) a chain in one transaction and returns its id. `salt` is for tests that need to
 * know the crash points in advance; the loop fixes the salt itself when the chain's first round starts.
 * The chain plays `scheme` (every new chain the current {@link CRASH_SCHEME}; tests may publish one of
 * the first scheme to check that such chains keep playing it).
 */
export async function insertChain(
  database: Database,
  chain: NewChain,
  salt?: string,
  scheme: CrashScheme = CRASH_SCHEME,
): Promise<number> {
  return database.transaction(async (tx) => {
    const rows = await tx.query<{ id: number }>(
      `insert into crash_chains (terminating_hash, length, seed, checkpoint_every, scheme)
       values ($1, $2, $3, $4, $5) returning id`,
      [chain.terminatingHash, chain.length, chain.seed, chain.checkpointEvery, scheme],
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

/** Generates and publishes a new chain with a random secret seed; returns its id. */
export async function createChain(
  database: Database,
  length: number,
  every: number,
  signal?: AbortSignal,
): Promise<number> {
  const chain = await generateChainAsync(randomBytes(32).toString('hex'), length, every, signal);
  return insertChain(database, chain);
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

/** Fixes the chain's salt (once: a later call keeps the first value) and returns it. */
export async function fixSalt(database: Database, chainId: number): Promise<string> {
  await database.query(
    `update crash_chains set salt = $2, salt_fixed_at = clock_timestamp() where id = $1 and salt is null`,
    [chainId, randomBytes(32).toString('hex')],
  );
  const rows = await database.query<{ salt: string }>('select salt from crash_chains where id = $1', [
    chainId,
  ]);
  const salt = rows[0]?.salt;
  if (!salt) throw new Error(`crash chain ${chainId} has no salt`);
  return salt;
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
 * next chain is public long before its salt is fixed. The reserve is at most a tenth of a chain.
 */
export async function ensureChainReserve(
  database: Database,
  opts: { chainLength: number; checkpointEvery: number; chainReserve: number },
  signal?: AbortSignal,
): Promise<number | undefined> {
  const reserve = Math.min(opts.chainReserve, Math.ceil(opts.chainLength / 10));
  if ((await gamesRemaining(database)) >= reserve) return undefined;
  return createChain(database, opts.chainLength, opts.checkpointEvery, signal);
}
