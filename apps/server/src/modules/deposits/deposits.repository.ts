import type { Database } from '../../db/client.js';

export interface DepositRow {
  id: string;
  user_id: string;
  currency: string;
  chain: string;
  address: string;
  txid: string;
  output_index: number;
  amount: string;
  chain_amount: string;
  chain_decimals: number;
  confirmations: number;
  required_confirmations: number;
  below_minimum: boolean;
  status: number;
  created_at: Date;
}

const DEPOSIT_COLUMNS = `id::text as id, user_id::text as user_id, currency, chain, address, txid, output_index,
  amount::text as amount, chain_amount::text as chain_amount, chain_decimals, confirmations,
  required_confirmations, below_minimum, status, created_at`;

/** The player's address on `chain`, created on first use from their derivation index. */
export async function getOrCreateAddress(
  database: Database,
  userId: string,
  chain: string,
  derive: (index: number) => string,
): Promise<string> {
  const existing = await database.query<{ address: string }>(
    'select address from deposit_addresses where user_id = $1 and chain = $2',
    [userId, chain],
  );
  if (existing[0]) return existing[0].address;
  await database.query(
    'insert into deposit_derivation_indexes (user_id) values ($1) on conflict (user_id) do nothing',
    [userId],
  );
  const idx = await database.query<{ derivation_index: string }>(
    'select derivation_index::text as derivation_index from deposit_derivation_indexes where user_id = $1',
    [userId],
  );
  const index = Number(idx[0]?.derivation_index);
  if (!Number.isSafeInteger(index)) throw new Error('no derivation index');
  const address = derive(index);
  await database.query(
    `insert into deposit_addresses (user_id, chain, address, derivation_index) values ($1, $2, $3, $4)
     on conflict (user_id, chain) do nothing`,
    [userId, chain, address, index],
  );
  const rows = await database.query<{ address: string }>(
    'select address from deposit_addresses where user_id = $1 and chain = $2',
    [userId, chain],
  );
  if (!rows[0]) throw new Error('deposit address vanished');
  return rows[0].address;
}

export function listAddresses(
  database: Database,
  chain: string,
): Promise<{ user_id: string; address: string }[]> {
  return database.query('select user_id::text as user_id, address from deposit_addresses where chain = $1', [
    chain,
  ]);
}

export interface NewDeposit {
  userId: string;
  currency: string;
  chain: string;
  address: string;
  txid: string;
  index: number;
  amount: bigint;
  chainAmount: bigint;
  chainDecimals: number;
  confirmations: number;
  requiredConfirmations: number;
  blockNumber: bigint | null;
  belowMinimum: boolean;
}

/** Records a detected transfer once; a known one only has its confirmations refreshed (until credited). */
export async function upsertDeposit(database: Database, d: NewDeposit): Promise<void> {
  await database.query(
    `insert into deposits (user_id, currency, chain, address, txid, output_index, amount, chain_amount,
                           chain_decimals, confirmations, required_confirmations, block_number, below_minimum)
     values ($1, $2, $3, $4, $5, $6, $7::numeric, $8::numeric, $9, $10, $11, $12, $13)
     on conflict (chain, txid, output_index) do update
       set confirmations = excluded.confirmations, block_number = excluded.block_number, updated_at = now()
     where deposits.status = 0 and deposits.confirmations is distinct from excluded.confirmations`,
    [
      d.userId,
      d.currency,
      d.chain,
      d.address,
      d.txid,
      d.index,
      d.amount.toString(),
      d.chainAmount.toString(),
      d.chainDecimals,
      d.confirmations,
      d.requiredConfirmations,
      d.blockNumber?.toString() ?? null,
      d.belowMinimum,
    ],
  );
}

/** Deposits still to follow (not credited, not below the minimum), oldest first. */
export function pendingDeposits(database: Database, limit = 500): Promise<DepositRow[]> {
  return database.query<DepositRow>(
    `select ${DEPOSIT_COLUMNS} from deposits where status = 0 and not below_minimum order by id limit $1`,
    [limit],
  );
}

export async function setConfirmations(database: Database, id: string, confirmations: number): Promise<void> {
  await database.query(
    `update deposits set confirmations = $2, updated_at = now()
      where id = $1 and status = 0 and confirmations <> $2`,
    [id, confirmations],
  );
}

/** Moves a deposit to paid (status 1) once, recording the ledger transfer that credited it. */
export async function markCredited(
  database: Database,
  id: string,
  transferId: string,
  confirmations: number,
): Promise<void> {
  await database.query(
    `update deposits set status = 1, credited_transfer_id = $2, credited_at = now(), updated_at = now(),
            confirmations = greatest(confirmations, $3), credited_tx = pg_current_xact_id()
      where id = $1 and status = 0`,
    [id, transferId, confirmations],
  );
}

/** A credited deposit as the readers of the credited-deposit stream see it (amount in atomic units). */
export interface CreditedDeposit {
  id: string;
  user_id: string;
  currency: string;
  amount: string;
  /** The stamp of the transaction that marked it credited (with `id`, its place in the stream). */
  tx: string;
}

/**
 * The credited deposits after `after` in stream order (`credited_tx`, id), only below the oldest
 * transaction still running (migration 0031): a deposit marked credited by a transaction that began
 * earlier but commits later can never be passed over. Run it in the reader's transaction that also
 * moves its position (the VIP progress), so each deposit is applied once.
 */
export function creditedDepositsAfter(
  q: Pick<Database, 'query'>,
  after: { tx: string; id: string },
  limit: number,
): Promise<CreditedDeposit[]> {
  return q.query<CreditedDeposit>(
    `select id::text as id, user_id::text as user_id, currency, amount::text as amount,
            credited_tx::text as tx
       from deposits
      where credited_tx is not null and (credited_tx, id) > ($1::xid8, $2::bigint)
        and credited_tx < pg_snapshot_xmin(pg_current_snapshot())
      order by credited_tx, id
      limit $3`,
    [after.tx, after.id, limit],
  );
}

export function depositHistory(database: Database, userId: string, limit = 100): Promise<DepositRow[]> {
  return database.query<DepositRow>(
    `select ${DEPOSIT_COLUMNS} from deposits where user_id = $1 order by created_at desc, id desc limit $2`,
    [userId, limit],
  );
}

/**
 * The players with a deposit credited in the last `hours` hours: of `ids` when given, else of everyone
 * (for the rain rules of the tips module).
 */
export async function creditedDepositors(
  database: Database,
  hours: number,
  ids: readonly string[] | null = null,
): Promise<string[]> {
  const rows = await database.query<{ id: string }>(
    `select distinct user_id::text as id from deposits
      where status = 1 and credited_at > now() - make_interval(hours => $1::int)
        and ($2::uuid[] is null or user_id = any($2::uuid[]))`,
    [hours, ids === null ? null : [...ids]],
  );
  return rows.map((r) => r.id);
}

export async function getCursor(database: Database, chain: string): Promise<bigint | undefined> {
  const rows = await database.query<{ next_block: string }>(
    'select next_block::text as next_block from chain_scan_cursors where chain = $1',
    [chain],
  );
  return rows[0] ? BigInt(rows[0].next_block) : undefined;
}

export async function setCursor(database: Database, chain: string, next: bigint): Promise<void> {
  await database.query(
    `insert into chain_scan_cursors (chain, next_block) values ($1, $2::numeric)
     on conflict (chain) do update set next_block = excluded.next_block, updated_at = now()`,
    [chain, next.toString()],
  );
}

/** Counts one call of `ip` in the current window; false when it is over `max` per `windowSeconds`. */
export async function takeNotifyBudget(
  database: Database,
  ip: string,
  max: number,
  windowSeconds: number,
): Promise<boolean> {
  const rows = await database.query<{ hits: number }>(
    `insert into deposit_notify_limits as l (ip, window_started_at, hits) values ($1, now(), 1)
     on conflict (ip) do update set
       hits = case when l.window_started_at < now() - make_interval(secs => $2::int) then 1 else l.hits + 1 end,
       window_started_at = case when l.window_started_at < now() - make_interval(secs => $2::int)
                                then now() else l.window_started_at end
     returning hits`,
    [ip, windowSeconds],
  );
  return (rows[0]?.hits ?? 0) <= max;
}

export async function pruneNotifyLimits(database: Database, windowSeconds: number): Promise<void> {
  await database.query(
    'delete from deposit_notify_limits where window_started_at < now() - make_interval(secs => $1::int)',
    [windowSeconds],
  );
}

/** A credited deposit of a player: its id, currency, amount (atomic units) and when it was credited. */
export interface PlayerDeposit {
  id: string;
  user_id: string;
  currency: string;
  amount: string;
  credited_at: Date;
}

/**
 * The deposits credited to each player of `since` after their time (`since`: player id -> time), in
 * the order they were credited, for programmes a deposit qualifies (a deposit bonus).
 */
export async function creditedDepositsSince(
  q: Pick<Database, 'query'>,
  since: ReadonlyMap<string, Date>,
): Promise<PlayerDeposit[]> {
  if (since.size === 0) return [];
  return q.query<PlayerDeposit>(
    `select d.id::text as id, d.user_id::text as user_id, d.currency,
            d.amount::text as amount, d.credited_at
       from deposits d
       join unnest($1::uuid[], $2::timestamptz[]) as s (user_id, since) on s.user_id = d.user_id
      where d.status = 1 and d.credited_at > s.since
      order by d.user_id, d.credited_at, d.id`,
    [[...since.keys()], [...since.values()].map((d) => d.toISOString())],
  );
}

/** The accounts owning a deposit address equal to `address` on any chain (any case): the back office's search. */
export async function usersWithAddress(
  database: Pick<Database, 'query'>,
  address: string,
): Promise<string[]> {
  const text = address.trim();
  if (text.length < 8) return [];
  const rows = await database.query<{ user_id: string }>(
    'select distinct user_id::text as user_id from deposit_addresses where lower(address) = lower($1)',
    [text],
  );
  return rows.map((r) => r.user_id);
}

/** The player's deposit addresses, one per chain. */
export function addressesOf(
  database: Pick<Database, 'query'>,
  userId: string,
): Promise<{ chain: string; address: string }[]> {
  return database.query('select chain, address from deposit_addresses where user_id = $1 order by chain', [
    userId,
  ]);
}
