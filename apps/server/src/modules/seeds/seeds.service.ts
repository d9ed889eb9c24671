/**
 * Seeds of provable fairness: one active pair per player (table seed_pairs, partial unique index on
 * user_id where active). The server seed of the active pair is a secret: only its SHA-256 hash leaves
 * the server until the pair is rotated, which reveals it and commits a new one (nonce back to 0).
 *
 * Rotation and the engine's nonce take ({@link takeNonce}: `update seed_pairs set nonce = nonce + 1 where
 * user_id = $1 and active`) lock the same row, so a bet settles either wholly on the old pair or wholly
 * on the new one. A group commit locks many players' pairs at once ({@link lockActivePairs}, ascending
 * id order) and consumes their nonces with one update ({@link advanceNonces}).
 */
import { randomBytes } from 'node:crypto';
import { generateServerSeed, hashServerSeed } from '@nebula/fairness';
import type { SeedPairState } from '@nebula/contracts';
import type { Database, Session } from '../../db/client.js';

export interface SeedPairRow {
  id: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: string;
  active: boolean;
}

const COLUMNS = 'id::text as id, server_seed, server_seed_hash, client_seed, nonce::text as nonce, active';

/** A random client seed (players may replace it). */
export function randomClientSeed(): string {
  return randomBytes(12).toString('hex');
}

async function insertPair(q: Session | Database, userId: string, clientSeed: string): Promise<void> {
  const serverSeed = generateServerSeed();
  await q.query(
    `insert into seed_pairs (user_id, server_seed, server_seed_hash, client_seed)
     values ($1, $2, $3, $4) on conflict (user_id) where active do nothing`,
    [userId, serverSeed, hashServerSeed(serverSeed), clientSeed],
  );
}

/** The nonce a bet takes, with the seeds it is computed from. */
export interface TakenNonce {
  id: string;
  server_seed: string;
  client_seed: string;
  /** The nonce of this bet (the pair's counter before the increment), as a decimal string. */
  nonce: string;
}

/** Takes the next nonce of the player's active pair (row-locks it until the transaction ends). */
export const TAKE_NONCE_SQL = `update seed_pairs set nonce = nonce + 1 where user_id = $1 and active
  returning id::text as id, server_seed, client_seed, (nonce - 1)::text as nonce`;

/**
 * Takes the next nonce of the player's active pair inside the bet's transaction `tx`, creating the
 * pair when the player has none (a first bet). Undefined only when a rotation kept replacing the pair.
 *
 * No row comes back in two cases. (1) The player has no pair: one is inserted in `tx` (`on conflict
 * do nothing`: a concurrent first bet or rotation that inserted one first wins, this insert waits for
 * it to commit) and the update is retried, now finding it. (2) A rotation committed while this update
 * waited on the old pair's row lock: the old pair is inactive and the new one was not in the
 * statement's snapshot. Each retry is a new statement with a new snapshot (READ COMMITTED), so it
 * finds the new pair. Nonces stay gapless: a nonce is consumed only with the bet row in `tx`.
 */
export async function takeNonce(tx: Session, userId: string): Promise<TakenNonce | undefined> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = (await tx.query<TakenNonce>(TAKE_NONCE_SQL, [userId], 'seeds.take_nonce'))[0];
    if (row) return row;
    if (attempt === 0) await insertPair(tx, userId, randomClientSeed());
  }
  return undefined;
}

/** The active pair of a player whose bets a group commit settles, row-locked until the transaction ends. */
export interface LockedPair {
  id: string;
  user_id: string;
  server_seed: string;
  client_seed: string;
  /** The next nonce (the pair's counter), as a decimal string. */
  nonce: string;
}

/**
 * Locks the active pairs of the players `$1` in ascending id order (a group commit's bets of several
 * players), with their seeds and next nonce. Nothing changes yet: {@link nonceWrites} consumes
 * the nonces the transaction's accepted bets took.
 */
export const LOCK_PAIRS_SQL = `select id::text as id, user_id::text as user_id, server_seed, client_seed,
       nonce::text as nonce
  from seed_pairs where user_id = any($1::uuid[]) and active order by id for update`;

/**
 * {@link takeNonce} for many players at once, inside the group commit's transaction `tx`: their active
 * pairs, row-locked (a rotation waits for the transaction, or the transaction for it), by user id. A
 * player without a pair gets one (as takeNonce does); a pair a rotation replaced while this waited is
 * read again, as a new statement. Players still missing after that are absent from the answer.
 */
export async function lockActivePairs(
  tx: Session,
  userIds: readonly string[],
): Promise<Map<string, LockedPair>> {
  const pairs = new Map<string, LockedPair>();
  let missing = [...new Set(userIds)];
  for (let attempt = 0; attempt < 3 && missing.length; attempt++) {
    for (const row of await tx.query<LockedPair>(LOCK_PAIRS_SQL, [missing], 'seeds.lock_pairs'))
      pairs.set(row.user_id, row);
    missing = missing.filter((id) => !pairs.has(id));
    if (attempt === 0) for (const id of missing) await insertPair(tx, id, randomClientSeed());
  }
  return pairs;
}

/**
 * The nonces a group commit's accepted bets took, as writes of its one write statement (ledger
 * `transferManyWith`): the CTE `seed_nonces` advances the nonce of each pair (`$first`) by the bets it
 * settled (`$first + 1`); `taken` is pair id -> bets. The pairs are locked by {@link lockActivePairs}.
 */
export function nonceWrites(
  taken: ReadonlyMap<string, number>,
  first: number,
): { ctes: string; params: unknown[] } {
  return {
    ctes: `seed_nonces as (
  update seed_pairs s set nonce = s.nonce + v.n
    from unnest($${first}::bigint[], $${first + 1}::bigint[]) as v (id, n) where s.id = v.id
)`,
    params: [[...taken.keys()], [...taken.values()].map(String)],
  };
}

/** The player's active pair, created on first use. */
export async function activeSeedPair(database: Database, userId: string): Promise<SeedPairRow> {
  const select = () =>
    database.query<SeedPairRow>(`select ${COLUMNS} from seed_pairs where user_id = $1 and active`, [userId]);
  let rows = await select();
  if (!rows[0]) {
    await insertPair(database, userId, randomClientSeed());
    rows = await select();
  }
  const row = rows[0];
  if (!row) throw new Error('seed pair vanished');
  return row;
}

async function lastRevealed(database: Database, userId: string): Promise<SeedPairRow | undefined> {
  const rows = await database.query<SeedPairRow>(
    `select ${COLUMNS} from seed_pairs where user_id = $1 and not active
      order by revealed_at desc nulls last, id desc limit 1`,
    [userId],
  );
  return rows[0];
}

const reveal = (row: SeedPairRow | undefined): SeedPairState['previous'] =>
  row
    ? {
        serverSeed: row.server_seed,
        serverSeedHash: row.server_seed_hash,
        clientSeed: row.client_seed,
        nonce: Number(row.nonce),
      }
    : null;

/** What the fairness modal shows: the active pair (hash only) and the last revealed pair. */
export async function seedState(database: Database, userId: string): Promise<SeedPairState> {
  const active = await activeSeedPair(database, userId);
  const previous = await lastRevealed(database, userId);
  return {
    serverSeedHash: active.server_seed_hash,
    clientSeed: active.client_seed,
    nonce: Number(active.nonce),
    previous: reveal(previous),
  };
}

/**
 * Reveals the active pair and commits a new one with `clientSeed` (random when absent), nonce 0, in one
 * transaction.
 */
export async function rotateSeeds(
  database: Database,
  userId: string,
  clientSeed?: string,
): Promise<SeedPairState> {
  await activeSeedPair(database, userId);
  await database.transaction(async (tx) => {
    await tx.query(
      'update seed_pairs set active = false, revealed_at = now() where user_id = $1 and active',
      [userId],
    );
    await insertPair(tx, userId, clientSeed ?? randomClientSeed());
  });
  return seedState(database, userId);
}
