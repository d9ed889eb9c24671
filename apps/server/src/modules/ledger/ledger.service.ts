/**
 * THE LEDGER — the only writer of balances.
 *
 * Invariants (checked by `checkLedger`, which the tests and the admin health page call):
 *  1. Every money movement is one transfer of a positive amount from one account to another of the
 *     same currency, recorded as two append-only postings: -amount on the debit account, +amount on
 *     the credit account. So, for every currency, all postings sum to zero.
 *  2. A player account's balance equals the sum of its postings, and is never negative (database
 *     CHECK). System accounts (house, chain, fees, promotions, demo_faucet) keep no running balance:
 *     theirs is the sum of their postings, so no row is touched by every bet.
 *  3. Each transfer carries a unique idempotency key: replaying a request (a retried call, a repeated
 *     deposit notification) returns the first result and moves nothing.
 *  4. A transfer is one database transaction: either the transfer row, both postings and the balance
 *     updates are all committed, or none is. A transfer touching at most one player account (bets,
 *     deposits, withdrawals: nearly all) is ONE statement ({@link TRANSFER_ONE_SQL}), which is its own
 *     transaction; one between two players is a transaction of several statements that locks their
 *     rows in ascending id order, so two transfers between the same players can never deadlock.
 *     A caller that must move money together with its own rows (a bet: wager, nonce, bet row, payout)
 *     runs the transfers inside its transaction through {@link Ledger.in}: they commit or roll back with
 *     it, the ledger still takes the player rows' locks itself (ascending id order, {@link ScopedLedger.lock}),
 *     and the balances are published by `published()` after the caller's commit. A caller settling
 *     many stakes in one transaction (group commit) locks the players' rows and reads their balances
 *     first ({@link ScopedLedger.lockBalances}, ascending id order), decides which debits they cover, and
 *     then makes all the transfers in ONE statement ({@link ScopedLedger.transferMany}); the CHECK still
 *     guards every balance.
 *  5. Amounts are bigint atomic units end to end (numeric(38,0) in the database), never floats.
 *  6. `BalanceModification` is published to the owner after commit, never before, with the balance
 *     the transfer's own update returned (no re-read).
 *
 * The statements are sent as named prepared statements (parsed and planned once per connection).
 */
import { Channels, balanceModificationEvent } from '@nebula/contracts';
import { amount as toAmount, toDecimalString } from '@nebula/money';
import type { Database, Session } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { Hub } from '../../realtime/index.js';
import {
  type AlsoWrites,
  BALANCE_SQL,
  LOCK_BALANCES_SQL,
  POSTINGS_SQL,
  TRANSFER_MANY_SQL,
  transferManySql,
  TRANSFER_ONE_SQL,
  TRANSFER_SQL,
} from './ledger.sql.js';
import { ScopedLedger } from './ledger.scoped.js';

export * from './ledger.types.js';
import {
  PLAYER_KINDS,
  InsufficientFundsError,
  type PlayerKind,
  type SystemKind,
  type AccountRef,
  type TransferRequest,
  type TransferResult,
  type AccountRow,
  type BalanceRow,
} from './ledger.types.js';

export { ScopedLedger } from './ledger.scoped.js';

// The statements (ledger.sql.ts); scripts/bench/bets-sql.ts imports them for its baselines.
export {
  type AlsoWrites,
  BALANCE_SQL,
  LOCK_BALANCES_SQL,
  POSTINGS_SQL,
  TRANSFER_MANY_SQL,
  TRANSFER_ONE_SQL,
  TRANSFER_SQL,
} from './ledger.sql.js';

const isSystem = (ref: AccountRef): ref is { system: SystemKind } => 'system' in ref;
type Querier = Pick<Session, 'query'>;
const validate = (req: TransferRequest): void => {
  if (req.amount <= 0n) throw AppError.badRequest('The amount must be positive.', 'invalid_amount');
  if (req.key.length === 0 || req.key.length > 200)
    throw AppError.badRequest('Invalid idempotency key.', 'invalid_key');
};
const asAppError = (err: unknown): AppError => {
  if (err instanceof AppError) return err;
  throw err;
};
const sqlState = (err: unknown): string | undefined =>
  (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;

export class Ledger {
  private readonly accountIds = new Map<string, AccountRow>();
  private decimalsOf = new Map<string, number>();

  constructor(
    private readonly database: Database,
    private readonly hub?: Hub,
  ) {}

  private async decimals(currency: string, q: Querier = this.database): Promise<number> {
    let d = this.decimalsOf.get(currency);
    if (d === undefined) {
      const rows = await q.query<{ decimals: number }>('select decimals from currencies where id = $1', [
        currency,
      ]);
      if (!rows[0]) throw AppError.badRequest(`Unknown currency ${currency}.`, 'unknown_currency');
      d = rows[0].decimals;
      this.decimalsOf.set(currency, d);
    }
    return d;
  }

  /**
   * The account's id, created on first use. Ids never change, so they are cached: by the ledger when
   * read outside a transaction, in `local` (merged after the commit) when read inside one, since a row
   * created by a transaction that rolls back never existed.
   */
  async accountId(
    ref: AccountRef,
    currency: string,
    q: Querier = this.database,
    local?: Map<string, AccountRow>,
  ): Promise<AccountRow> {
    const cacheKey = isSystem(ref) ? `s:${ref.system}:${currency}` : `p:${ref.kind}:${ref.user}:${currency}`;
    const hit = this.accountIds.get(cacheKey) ?? local?.get(cacheKey);
    if (hit) return hit;
    await this.decimals(currency, q);
    const owner = isSystem(ref) ? null : ref.user;
    const kind = isSystem(ref) ? ref.system : ref.kind;
    const conflict = owner
      ? '(kind, owner_id, currency) where owner_id is not null'
      : '(kind, currency) where owner_id is null';
    await q.query(
      `insert into ledger_accounts (kind, owner_id, currency, is_system) values ($1, $2, $3, $4)
       on conflict ${conflict} do nothing`,
      [kind, owner, currency, owner === null],
    );
    const rows = await q.query<AccountRow>(
      `select id::text as id, is_system from ledger_accounts
        where kind = $1 and currency = $2 and owner_id is not distinct from $3::uuid`,
      [kind, currency, owner],
    );
    const row = rows[0];
    if (!row) throw new Error('ledger account vanished');
    (local && q !== this.database ? local : this.accountIds).set(cacheKey, row);
    return row;
  }

  /**
   * The ledger inside the caller's transaction `tx` (see invariant 4): its transfers commit or roll
   * back with `tx`. Call `published()` after the commit to send BalanceModification.
   */
  in(tx: Session): ScopedLedger {
    return new ScopedLedger(this, tx);
  }

  /**
   * Runs `fn` in one database transaction with the ledger inside it, then publishes the balances its
   * transfers left (after the commit; nothing when it rolled back).
   */
  async transaction<T>(fn: (ledger: ScopedLedger, tx: Session) => Promise<T>): Promise<T> {
    let scoped: ScopedLedger | undefined;
    const result = await this.database.transaction((tx) => {
      scoped = this.in(tx);
      return fn(scoped, tx);
    });
    await scoped?.published();
    return result;
  }

  /** @internal ScopedLedger's transfer: {@link transfer}'s statements on the caller's session. */
  async transferOn(
    tx: Session,
    req: TransferRequest,
    local: Map<string, AccountRow>,
    locked: ReadonlySet<string>,
  ): Promise<{ result: TransferResult; balances: BalanceRow[] }> {
    validate(req);
    const debit = await this.accountId(req.from, req.currency, tx, local);
    const credit = await this.accountId(req.to, req.currency, tx, local);
    return this.apply(tx, req, debit, credit, locked);
  }

  /**
   * The statements of one transfer on `q`: ONE statement when at most one player account is touched
   * ({@link TRANSFER_ONE_SQL}); for two players (then `q` must be a transaction) the transfer row, the
   * balance updates in ascending id order (unless the caller already locked both rows) and the postings.
   * Returns the result and the balance rows to publish after the commit.
   */
  private async apply(
    q: Querier,
    req: TransferRequest,
    debit: AccountRow,
    credit: AccountRow,
    locked: ReadonlySet<string> = new Set(),
  ): Promise<{ result: TransferResult; balances: BalanceRow[] }> {
    if (debit.id === credit.id)
      throw AppError.badRequest('Cannot transfer to the same account.', 'same_account');
    const amount = req.amount.toString();
    const metadata = JSON.stringify(req.metadata ?? {});
    const players = [debit, credit].filter((a) => !a.is_system);
    if (players.length > 1 && !players.every((p) => locked.has(p.id)))
      players.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    try {
      if (players.length <= 1) {
        const player = players[0];
        const delta = player === undefined ? null : player === debit ? `-${amount}` : amount;
        const row = (
          await q.query<{ id: string } & (BalanceRow | { [K in keyof BalanceRow]: null })>(
            TRANSFER_ONE_SQL,
            [
              req.key,
              req.kind,
              req.currency,
              amount,
              debit.id,
              credit.id,
              metadata,
              player?.id ?? null,
              delta,
            ],
            'ledger.transfer_one',
          )
        )[0];
        if (!row) return { result: await this.replay(q, req, debit.id, credit.id), balances: [] };
        return {
          result: { transferId: row.id, replayed: false },
          balances: row.owner_id === null ? [] : [row],
        };
      }
      const inserted = await q.query<{ id: string }>(
        TRANSFER_SQL,
        [req.key, req.kind, req.currency, amount, debit.id, credit.id, metadata],
        'ledger.transfer',
      );
      const id = inserted[0]?.id;
      if (!id) return { result: await this.replay(q, req, debit.id, credit.id), balances: [] };
      const rows: BalanceRow[] = [];
      for (const acc of players) {
        const delta = acc.id === debit.id ? `-${amount}` : amount;
        const row = (await q.query<BalanceRow>(BALANCE_SQL, [acc.id, delta], 'ledger.balance'))[0];
        if (row) rows.push(row);
      }
      await q.query(POSTINGS_SQL, [id, debit.id, credit.id, req.currency, amount], 'ledger.postings');
      return { result: { transferId: id, replayed: false }, balances: rows };
    } catch (err) {
      if (sqlState(err) === '23514') throw new InsufficientFundsError();
      throw err;
    }
  }

  /** @internal ScopedLedger's lock: the player rows of `refs`, in ascending id order. */
  async lockOn(
    tx: Session,
    refs: readonly AccountRef[],
    currency: string,
    local: Map<string, AccountRow>,
  ): Promise<string[]> {
    const ids: bigint[] = [];
    for (const ref of refs) {
      const row = await this.accountId(ref, currency, tx, local);
      if (!row.is_system) ids.push(BigInt(row.id));
    }
    const sorted = [...new Set(ids)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map(String);
    await tx.query('select id from ledger_accounts where id = any($1::bigint[]) order by id for update', [
      sorted,
    ]);
    return sorted;
  }

  /** @internal After a scoped transaction's commit: its account ids into the cache, its balances out. */
  async afterCommit(
    local: Map<string, AccountRow>,
    balances: readonly (BalanceRow & { currency: string })[],
  ) {
    for (const [key, row] of local) this.accountIds.set(key, row);
    // The last row of each account is its balance after the whole transaction.
    const last = new Map<string, BalanceRow & { currency: string }>();
    for (const row of balances) last.set(`${row.owner_id}:${row.currency}`, row);
    for (const row of last.values()) await this.publishRow(row, row.currency);
  }

  /**
   * Moves `amount` from one account to another, once per key. Throws InsufficientFundsError when a
   * player account would go below zero (nothing is written then).
   */
  async transfer(req: TransferRequest): Promise<TransferResult> {
    validate(req);
    const [debit, credit] = await Promise.all([
      this.accountId(req.from, req.currency),
      this.accountId(req.to, req.currency),
    ]);
    const twoPlayers = !debit.is_system && !credit.is_system;
    const { result, balances } = twoPlayers
      ? await this.database.transaction((tx) => this.apply(tx, req, debit, credit))
      : await this.apply(this.database, req, debit, credit);
    // After the commit: each player's balances as its own update left them (no re-read).
    if (!result.replayed) for (const row of balances) await this.publishRow(row, req.currency);
    return result;
  }

  /**
   * Many transfers at once, each touching at most one player account, in one statement
   * ({@link TRANSFER_MANY_SQL}): for a burst of payouts, one round trip instead of one per transfer.
   * The same rules as {@link transfer} hold for each (a used key replays or conflicts; nothing goes
   * below zero). Returns, in order, each transfer's result or its error. When the statement fails (a
   * balance would go negative) the transfers are made one by one, so only the ones at fault fail.
   */
  async transferMany(reqs: readonly TransferRequest[]): Promise<(TransferResult | AppError)[]> {
    const out: (TransferResult | AppError | undefined)[] = new Array(reqs.length);
    const rows: { i: number; req: TransferRequest; debit: AccountRow; credit: AccountRow }[] = [];
    const firstOf = new Map<string, number>();
    for (const [i, req] of reqs.entries()) {
      try {
        validate(req);
        const [debit, credit] = await Promise.all([
          this.accountId(req.from, req.currency),
          this.accountId(req.to, req.currency),
        ]);
        if (debit.id === credit.id)
          throw AppError.badRequest('Cannot transfer to the same account.', 'same_account');
        if (!debit.is_system && !credit.is_system) {
          out[i] = await this.transfer(req).catch((err: unknown) => asAppError(err));
          continue;
        }
        if (firstOf.has(req.key)) continue; // A repeated key: replayed after the first is written.
        firstOf.set(req.key, i);
        rows.push({ i, req, debit, credit });
      } catch (err) {
        out[i] = asAppError(err);
      }
    }
    if (rows.length) {
      try {
        const result = await this.many(this.database, rows);
        for (const r of rows) {
          const id = result.inserted.get(r.req.key);
          out[r.i] = id
            ? { transferId: id, replayed: false }
            : await this.replay(this.database, r.req, r.debit.id, r.credit.id).catch(asAppError);
        }
        for (const row of result.balances) await this.publishRow(row, row.currency);
      } catch (err) {
        if (sqlState(err) !== '23514') throw err;
        for (const r of rows) out[r.i] = await this.transfer(r.req).catch(asAppError);
      }
    }
    // Repeated keys within the batch: replays of the first.
    for (const [i, req] of reqs.entries())
      if (out[i] === undefined) out[i] = await this.transfer(req).catch(asAppError);
    return out as (TransferResult | AppError)[];
  }

  /**
   * {@link TRANSFER_MANY_SQL} on `q` for transfers touching at most one player account each (distinct
   * keys): the ids of the transfers it inserted by key, and the player accounts it updated.
   */
  private async many(
    q: Querier,
    rows: readonly { req: TransferRequest; debit: AccountRow; credit: AccountRow }[],
    also?: AlsoWrites,
  ): Promise<{
    inserted: Map<string, string>;
    balances: (BalanceRow & { currency: string })[];
    also: Record<string, unknown>;
  }> {
    const col = <T>(f: (r: (typeof rows)[number]) => T) => rows.map(f);
    const player = (r: (typeof rows)[number]) =>
      !r.debit.is_system ? r.debit.id : !r.credit.is_system ? r.credit.id : null;
    const delta = (r: (typeof rows)[number]) =>
      !r.debit.is_system ? `-${r.req.amount}` : !r.credit.is_system ? r.req.amount.toString() : null;
    const result = (
      await q.query<{
        transfers: { key: string; id: string }[];
        balances: (BalanceRow & { currency: string })[];
      }>(
        also ? transferManySql(also) : TRANSFER_MANY_SQL,
        [
          col((r) => r.req.key),
          col((r) => r.req.kind),
          col((r) => r.req.currency),
          col((r) => r.req.amount.toString()),
          col((r) => r.debit.id),
          col((r) => r.credit.id),
          col((r) => JSON.stringify(r.req.metadata ?? {})),
          col(player),
          col(delta),
          ...(also?.params ?? []),
        ],
        also ? also.name : 'ledger.transfer_many',
      )
    )[0];
    const { transfers, balances, ...rest } = result ?? { transfers: [], balances: [] };
    return {
      inserted: new Map(transfers.map((t) => [t.key, t.id])),
      balances,
      also: rest,
    };
  }

  /**
   * @internal ScopedLedger's lockBalances: locks the player accounts, reads their balances, and starts
   * the caller's `then` right after sending the lock statement (the database runs them in order).
   */
  async lockBalancesOn<T>(
    tx: Session,
    accounts: readonly { ref: AccountRef; currency: string }[],
    local: Map<string, AccountRow>,
    then?: () => Promise<T>,
  ): Promise<{ held: { id: string; balance: bigint }[]; then: T | undefined }> {
    const ids: string[] = [];
    for (const a of accounts) {
      if (isSystem(a.ref)) throw new Error('lockBalances takes player accounts only');
      ids.push((await this.accountId(a.ref, a.currency, tx, local)).id);
    }
    const sorted = [...new Set(ids)].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
    const locked = tx.query<{ id: string; balance: string }>(
      LOCK_BALANCES_SQL,
      [sorted],
      'ledger.lock_balances',
    );
    // Both answers are awaited before either failure is thrown (none is left unawaited).
    const [rows, after] = await Promise.allSettled([locked, then?.()]);
    if (rows.status === 'rejected') throw rows.reason;
    if (after.status === 'rejected') throw after.reason;
    const balance = new Map(rows.value.map((r) => [r.id, BigInt(r.balance)]));
    return { held: ids.map((id) => ({ id, balance: balance.get(id) ?? 0n })), then: after.value };
  }

  /**
   * @internal ScopedLedger's transferMany: {@link TRANSFER_MANY_SQL} on the caller's session. All or
   * nothing: a debit the balance does not cover throws InsufficientFundsError (the caller's transaction
   * must roll back), and so does nothing else; a key used before answers as {@link transfer} does.
   */
  async transferManyOn(
    tx: Session,
    reqs: readonly TransferRequest[],
    local: Map<string, AccountRow>,
    also?: AlsoWrites,
  ): Promise<{
    results: TransferResult[];
    balances: (BalanceRow & { currency: string })[];
    also: Record<string, unknown>;
  }> {
    const rows: { req: TransferRequest; debit: AccountRow; credit: AccountRow }[] = [];
    const keys = new Set<string>();
    for (const req of reqs) {
      validate(req);
      if (keys.has(req.key)) throw AppError.badRequest('A key appears twice in one batch.', 'invalid_key');
      keys.add(req.key);
      const debit = await this.accountId(req.from, req.currency, tx, local);
      const credit = await this.accountId(req.to, req.currency, tx, local);
      if (debit.id === credit.id)
        throw AppError.badRequest('Cannot transfer to the same account.', 'same_account');
      if (!debit.is_system && !credit.is_system)
        throw new Error('transferMany takes transfers touching at most one player account');
      rows.push({ req, debit, credit });
    }
    if (rows.length === 0) {
      if (also) throw new Error('writes joined to no transfer');
      return { results: [], balances: [], also: {} };
    }
    let result: Awaited<ReturnType<Ledger['many']>>;
    try {
      result = await this.many(tx, rows, also);
    } catch (err) {
      if (sqlState(err) === '23514') throw new InsufficientFundsError();
      throw err;
    }
    const results: TransferResult[] = [];
    for (const r of rows) {
      const id = result.inserted.get(r.req.key);
      results.push(
        id ? { transferId: id, replayed: false } : await this.replay(tx, r.req, r.debit.id, r.credit.id),
      );
    }
    // One statement updated each account once; an owner's sibling accounts of a currency updated by the
    // same statement show each other's old balance in `others`: the new one is in their own rows.
    const own = new Map(result.balances.map((b) => [`${b.owner_id}:${b.currency}:${b.kind}`, b.balance]));
    const balances = result.balances.map((b) => {
      const others = { ...b.others };
      for (const kind of PLAYER_KINDS) {
        const fresh = own.get(`${b.owner_id}:${b.currency}:${kind}`);
        if (kind !== b.kind && fresh !== undefined && kind in others) others[kind] = fresh;
      }
      return { ...b, others };
    });
    return { results, balances, also: result.also };
  }

  /** Publishes BalanceModification from a row of {@link BALANCE_SQL} (best effort). */
  async publishRow(row: BalanceRow, currency: string): Promise<void> {
    if (!this.hub) return;
    try {
      const decimals = await this.decimals(currency);
      const of = (kind: PlayerKind) => (row.kind === kind ? row.balance : (row.others?.[kind] ?? '0'));
      this.hub.publish(Channels.user(row.owner_id), balanceModificationEvent, {
        currency,
        balance: toDecimalString(toAmount(BigInt(of('real'))), decimals),
        demo_balance: toDecimalString(toAmount(BigInt(of('demo'))), decimals),
        bonus: toDecimalString(toAmount(BigInt(of('bonus'))), decimals),
        delay: 0,
      });
    } catch {
      // A missed event is repaired by the client's next balance fetch; the money itself is committed.
    }
  }

  async replay(
    tx: Pick<Session, 'query'>,
    req: TransferRequest,
    debit: string,
    credit: string,
  ): Promise<TransferResult> {
    const rows = await tx.query<{
      id: string;
      amount: string;
      currency: string;
      debit_account: string;
      credit_account: string;
    }>(
      `select id::text as id, amount::text as amount, currency, debit_account::text as debit_account,
              credit_account::text as credit_account from ledger_transfers where idempotency_key = $1`,
      [req.key],
    );
    const first = rows[0];
    if (!first) throw new Error('idempotency conflict without a row');
    if (
      first.amount !== req.amount.toString() ||
      first.currency !== req.currency ||
      first.debit_account !== debit ||
      first.credit_account !== credit
    ) {
      throw new AppError(
        409,
        'idempotency_conflict',
        'This request was already made with different details.',
      );
    }
    return { transferId: first.id, replayed: true };
  }

  /** The player's balances (atomic units) per currency and kind. */
  async balances(userId: string): Promise<Record<string, Record<PlayerKind, bigint>>> {
    const rows = await this.database.query<{ currency: string; kind: PlayerKind; balance: string }>(
      'select currency, kind, balance::text as balance from ledger_accounts where owner_id = $1',
      [userId],
    );
    const out: Record<string, Record<PlayerKind, bigint>> = {};
    for (const r of rows) {
      const entry = (out[r.currency] ??= { real: 0n, demo: 0n, bonus: 0n, rakeback: 0n, held: 0n });
      entry[r.kind] = BigInt(r.balance);
    }
    return out;
  }

  /** Publishes the player's current balances of one currency (after a commit). */
  async publishBalance(userId: string, currency: string, delay = 0): Promise<void> {
    if (!this.hub) return;
    try {
      const [all, decimals] = await Promise.all([this.balances(userId), this.decimals(currency)]);
      const b = all[currency] ?? { real: 0n, demo: 0n, bonus: 0n, rakeback: 0n, held: 0n };
      this.hub.publish(Channels.user(userId), balanceModificationEvent, {
        currency,
        balance: toDecimalString(toAmount(b.real), decimals),
        demo_balance: toDecimalString(toAmount(b.demo), decimals),
        bonus: toDecimalString(toAmount(b.bonus), decimals),
        delay,
      });
    } catch {
      // A missed event is repaired by the client's next balance fetch; the money itself is committed.
    }
  }
}
