/**
 * What other modules may read of the ledger (issue G2 item 3: the ledger owns its tables; nobody else
 * names them in SQL). Reads only: money moves through {@link Ledger.transfer} and {@link Ledger.in}.
 *
 * Each read takes the querier to run on: the database, or a caller's transaction when the read must
 * see that transaction's own transfers or its locks (a withdrawal checks the balance it then debits
 * while holding its player's lock). None of them takes a lock itself, so none changes the ledger's
 * lock order (invariant 4 of ledger.service.ts).
 */
import type { Session } from '../../db/client.js';
import type { PlayerKind } from './ledger.service.js';

type Querier = Pick<Session, 'query'>;

/** A player's account of one kind and currency. */
export interface PlayerAccount {
  user: string;
  kind: PlayerKind;
  currency: string;
}

/** The account's balance in atomic units (0 when the account was never used). */
export async function playerBalance(q: Querier, account: PlayerAccount): Promise<bigint> {
  const rows = await q.query<{ balance: string }>(
    `select balance::text as balance from ledger_accounts
      where owner_id = $1 and kind = $2 and currency = $3`,
    [account.user, account.kind, account.currency],
  );
  return BigInt(rows[0]?.balance ?? '0');
}

/** The amount of the transfer made with this idempotency key, or null when none was. */
export async function transferAmount(q: Querier, key: string): Promise<bigint | null> {
  const rows = await q.query<{ amount: string }>(
    'select amount::text as amount from ledger_transfers where idempotency_key = $1',
    [key],
  );
  return rows[0] ? BigInt(rows[0].amount) : null;
}

/** Money into and out of an account (atomic units, both >= 0). */
export interface Flow {
  in: bigint;
  out: bigint;
}

/**
 * What moved into and out of the account by transfers of the given kinds made strictly after `since`
 * (a timestamptz in PostgreSQL's text form, or null for all time), per transfer kind. Kinds without a
 * transfer are present with zeros.
 */
export async function playerFlows(
  q: Querier,
  account: PlayerAccount,
  kinds: readonly string[],
  since: string | null,
): Promise<Record<string, Flow>> {
  const rows = await q.query<{ kind: string; credits: string; debits: string }>(
    `select t.kind,
            coalesce(sum(p.amount) filter (where p.amount > 0), 0)::text as credits,
            coalesce(-sum(p.amount) filter (where p.amount < 0), 0)::text as debits
       from ledger_accounts a
       join ledger_postings p on p.account_id = a.id
       join ledger_transfers t on t.id = p.transfer_id
      where a.owner_id = $1 and a.kind = $2 and a.currency = $3
        and t.kind = any($4::text[])
        and ($5::timestamptz is null or t.created_at > $5::timestamptz)
      group by t.kind`,
    [account.user, account.kind, account.currency, [...kinds], since],
  );
  const out: Record<string, Flow> = {};
  for (const kind of kinds) out[kind] = { in: 0n, out: 0n };
  for (const r of rows) out[r.kind] = { in: BigInt(r.credits), out: BigInt(r.debits) };
  return out;
}

/** What moved on a player's accounts of one kind, per currency and transfer kind, with the transfers' count. */
export interface CurrencyFlow extends Flow {
  currency: string;
  kind: string;
  count: number;
}

/**
 * {@link playerFlows} over every currency of the player's accounts of `accountKind`, for transfers
 * made at or after `since` (player protection's session: stakes, payouts and refunds).
 */
export async function playerFlowsSince(
  q: Querier,
  user: string,
  accountKind: PlayerKind,
  kinds: readonly string[],
  since: Date,
): Promise<CurrencyFlow[]> {
  const rows = await q.query<{ currency: string; kind: string; credits: string; debits: string; n: number }>(
    `select a.currency, t.kind,
            coalesce(sum(p.amount) filter (where p.amount > 0), 0)::text as credits,
            coalesce(-sum(p.amount) filter (where p.amount < 0), 0)::text as debits,
            count(*)::int as n
       from ledger_accounts a
       join ledger_postings p on p.account_id = a.id
       join ledger_transfers t on t.id = p.transfer_id
      where a.owner_id = $1 and a.kind = $2 and t.kind = any($3::text[]) and t.created_at >= $4::timestamptz
      group by a.currency, t.kind`,
    [user, accountKind, [...kinds], since],
  );
  return rows.map((r) => ({
    currency: r.currency,
    kind: r.kind,
    in: BigInt(r.credits),
    out: BigInt(r.debits),
    count: r.n,
  }));
}

/** A player's account as the back office shows it: kind, currency and balance (atomic units). */
export interface PlayerAccountBalance {
  kind: PlayerKind;
  currency: string;
  balance: bigint;
}

/** Every ledger account of the player (each kind and currency ever used), by currency then kind. */
export async function playerAccounts(q: Querier, user: string): Promise<PlayerAccountBalance[]> {
  const rows = await q.query<{ kind: PlayerKind; currency: string; balance: string }>(
    `select kind, currency, balance::text as balance from ledger_accounts
      where owner_id = $1 order by currency, kind`,
    [user],
  );
  return rows.map((r) => ({ kind: r.kind, currency: r.currency, balance: BigInt(r.balance) }));
}

/** One movement on a player's account: the transfer's id and kind, the account's kind, the signed amount. */
export interface PlayerMovement {
  transferId: string;
  kind: string;
  account: PlayerKind;
  currency: string;
  amount: bigint;
  createdAt: Date | string;
}

/** The latest `limit` movements on any of the player's accounts, newest first (each account's latest `limit` read by its index). */
export async function playerMovements(q: Querier, user: string, limit: number): Promise<PlayerMovement[]> {
  const rows = await q.query<{
    transfer_id: string;
    kind: string;
    account: PlayerKind;
    currency: string;
    amount: string;
    created_at: Date | string;
  }>(
    `select p.transfer_id::text as transfer_id, t.kind, a.kind as account, p.currency,
            p.amount::text as amount, p.created_at
       from ledger_accounts a
       cross join lateral (select * from ledger_postings lp where lp.account_id = a.id
                            order by lp.id desc limit $2) p
       join ledger_transfers t on t.id = p.transfer_id
      where a.owner_id = $1
      order by p.id desc
      limit $2`,
    [user, limit],
  );
  return rows.map((r) => ({
    transferId: r.transfer_id,
    kind: r.kind,
    account: r.account,
    currency: r.currency,
    amount: BigInt(r.amount),
    createdAt: r.created_at,
  }));
}
