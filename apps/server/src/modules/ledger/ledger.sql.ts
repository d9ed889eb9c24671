/**
 * The ledger's statements (ledger.service.ts states the invariants they keep). Every one of them is sent
 * as a named prepared statement.
 */

const OTHER_BALANCES = `(select jsonb_object_agg(o.kind, o.balance::text) from ledger_accounts o
      where o.kind in ('real', 'demo', 'bonus') and o.owner_id = a.owner_id and o.currency = a.currency
        and o.id <> a.id) as others`;

/**
 * A whole transfer touching at most one player account, in one statement (so one transaction): the
 * transfer row once per key (`$1`), its two postings, and the player account's delta (`$8` the
 * account or null, `$9` the signed delta), which the CHECK refuses below zero: then the statement
 * fails and writes nothing. All three writes hang on the transfer row: when the key was used before
 * (`on conflict do nothing`, after waiting for a concurrent holder of the key to commit) no row comes
 * back and nothing is written. Returns the transfer id and, when a player account was updated, what
 * BalanceModification shows (as `BALANCE_SQL`).
 */
export const TRANSFER_ONE_SQL = `with t as (
  insert into ledger_transfers (idempotency_key, kind, currency, amount, debit_account, credit_account, metadata)
  values ($1, $2, $3, $4::numeric, $5, $6, $7::jsonb)
  on conflict (idempotency_key) do nothing
  returning id
), p as (
  insert into ledger_postings (transfer_id, account_id, currency, amount)
  select t.id, v.account, $3, v.amount
    from t, (values ($5::bigint, -$4::numeric), ($6::bigint, $4::numeric)) v (account, amount)
), b as (
  update ledger_accounts a set balance = a.balance + $9::numeric from t where a.id = $8::bigint
  returning a.owner_id, a.kind, a.balance::text as balance, ${OTHER_BALANCES}
)
select t.id::text as id, b.owner_id, b.kind, b.balance, b.others from t left join b on true`;

/**
 * A caller's own writes sent in the statement of a scoped `transferMany` ({@link transferManySql}): they
 * commit or fail with the transfers. The text must be the same for every call with the same `name`
 * (the combined statement is a named prepared statement).
 */
export interface AlsoWrites {
  /**
   * The combined statement's own name (a named prepared statement: unique to this text), as the
   * caller's pipelined transaction names its final statement (`tx.commitWith(name)`).
   */
  name: string;
  /** More CTEs (names other than req, t, p, d, b), parameters from `$10`. */
  ctes: string;
  /** More result columns, computed from those CTEs. */
  columns: string;
  /** `$10` onward. */
  params: unknown[];
}

/**
 * Many transfers, each touching at most one player account, in one statement (so one transaction):
 * the arrays are the columns of {@link TRANSFER_ONE_SQL}'s parameters, one element per transfer (keys
 * distinct). Keys used before insert nothing. Each player account gets the sum of its deltas in one
 * update, which the CHECK refuses below zero: then the statement fails and writes nothing. Returns the
 * inserted transfers (key, id) and the updated player accounts as BalanceModification shows them.
 * `also`: a caller's own writes in the same statement (more CTEs, parameters from `$10`, and more
 * result columns), so they commit or fail with the transfers (the group commit's nonces and records).
 */
export const transferManySql = (also?: { ctes: string; columns: string }) => `with req as (
  select * from unnest($1::text[], $2::text[], $3::text[], $4::numeric[], $5::bigint[], $6::bigint[],
                       $7::jsonb[], $8::bigint[], $9::numeric[])
    as r (key, kind, currency, amount, debit, credit, metadata, player, delta)
), t as (
  insert into ledger_transfers (idempotency_key, kind, currency, amount, debit_account, credit_account, metadata)
  select key, kind, currency, amount, debit, credit, metadata from req
  on conflict (idempotency_key) do nothing
  returning id, idempotency_key
), p as (
  insert into ledger_postings (transfer_id, account_id, currency, amount)
  select t.id, v.account, req.currency, v.amount
    from t join req on req.key = t.idempotency_key
   cross join lateral (values (req.debit, -req.amount), (req.credit, req.amount)) v (account, amount)
), d as (
  select req.player, sum(req.delta) as delta
    from t join req on req.key = t.idempotency_key where req.player is not null group by req.player
), b as (
  update ledger_accounts a set balance = a.balance + d.delta from d where a.id = d.player
  returning a.owner_id, a.kind, a.currency, a.balance::text as balance, ${OTHER_BALANCES}
)${also ? `,\n${also.ctes}` : ''}
select (select coalesce(jsonb_agg(jsonb_build_object('key', t.idempotency_key, 'id', t.id::text)), '[]') from t)
         as transfers,
       (select coalesce(jsonb_agg(to_jsonb(b)), '[]') from b) as balances${also ? `,\n       ${also.columns}` : ''}`;

/** {@link transferManySql} alone. */
export const TRANSFER_MANY_SQL = transferManySql();

/** Records the transfer once per key (no row back when the key was used before). */
export const TRANSFER_SQL = `insert into ledger_transfers (idempotency_key, kind, currency, amount, debit_account, credit_account, metadata)
  values ($1, $2, $3, $4::numeric, $5, $6, $7::jsonb)
  on conflict (idempotency_key) do nothing returning id::text as id`;

/**
 * Applies a player account's delta (the CHECK refuses a negative balance) and returns what
 * BalanceModification shows: the new balance, and the owner's other balances of the currency as
 * this statement's snapshot has them (other rows: not locked, not changed by this transfer).
 */
export const BALANCE_SQL = `update ledger_accounts a set balance = a.balance + $2::numeric where a.id = $1
  returning a.owner_id, a.kind, a.balance::text as balance, ${OTHER_BALANCES}`;

/** The two postings of a transfer. */
export const POSTINGS_SQL = `insert into ledger_postings (transfer_id, account_id, currency, amount)
  values ($1, $2, $4, -$5::numeric), ($1, $3, $4, $5::numeric)`;

/**
 * Locks player accounts (`$1`, ids) in ascending id order and reads their balances: whoever locks
 * several players' rows in one transaction takes them in this order, so two such transactions never
 * deadlock on them.
 */
export const LOCK_BALANCES_SQL = `select id::text as id, balance::text as balance from ledger_accounts
  where id = any($1::bigint[]) and not is_system order by id for update`;
