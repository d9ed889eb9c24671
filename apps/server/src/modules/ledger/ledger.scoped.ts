/**
 * The ledger inside a caller's transaction: {@link Ledger.in} and {@link Ledger.transaction} hand it
 * out. The invariants are the ledger's (ledger.service.ts, invariant 4 for this part).
 */
import type { Session } from '../../db/client.js';
import type {
  AlsoWrites,
  AccountRef,
  AccountRow,
  BalanceRow,
  Ledger,
  TransferRequest,
  TransferResult,
} from './ledger.service.js';

/**
 * The ledger inside a caller's transaction ({@link Ledger.in}). Its transfers are {@link Ledger.transfer}'s
 * statements on the caller's session: they commit or roll back with it (a refused debit throws
 * InsufficientFundsError, and the caller's transaction rolls back). Several players' rows are locked
 * with {@link lock} first, in ascending id order, so two transactions never deadlock on them.
 */
export class ScopedLedger {
  private readonly local = new Map<string, AccountRow>();
  private readonly balances: (BalanceRow & { currency: string })[] = [];
  private readonly locked = new Set<string>();

  constructor(
    private readonly ledger: Ledger,
    private readonly tx: Session,
  ) {}

  /** The caller's transaction this ledger runs in (for the caller's own rows in it). */
  get session(): Session {
    return this.tx;
  }

  async transfer(req: TransferRequest): Promise<TransferResult> {
    const { result, balances } = await this.ledger.transferOn(this.tx, req, this.local, this.locked);
    for (const row of balances) this.balances.push({ ...row, currency: req.currency });
    return result;
  }

  /**
   * Many transfers in ONE statement, each touching at most one player account (keys distinct): all
   * are made or none (a debit a balance does not cover throws InsufficientFundsError, and the caller's
   * transaction must roll back). Results in the order of `reqs`.
   */
  async transferMany(reqs: readonly TransferRequest[]): Promise<TransferResult[]> {
    return (await this.transferManyWith(reqs)).results;
  }

  /**
   * {@link transferMany} with the caller's own writes in the same statement (`also`, see
   * `transferManySql`): the results and the columns `also` added.
   */
  async transferManyWith(
    reqs: readonly TransferRequest[],
    also?: AlsoWrites,
  ): Promise<{ results: TransferResult[]; also: Record<string, unknown> }> {
    const out = await this.ledger.transferManyOn(this.tx, reqs, this.local, also);
    this.balances.push(...out.balances);
    return { results: out.results, also: out.also };
  }

  /**
   * Locks the player accounts (created when missing) in ascending id order until the transaction ends
   * and reads their balances: the caller can then decide which debits they cover before it makes them.
   * Answers in the order of `accounts`, each with the account's id (equal ids: the same account).
   * `then` takes the caller's own locks after the accounts': it starts right after the accounts' lock
   * statement is sent, without waiting for its answer (one round trip for both on a pipelined
   * transaction), and the database runs the two in that order, so the accounts are always locked first.
   */
  async lockBalances<T = undefined>(
    accounts: readonly { ref: AccountRef; currency: string }[],
    then?: () => Promise<T>,
  ): Promise<{ held: { id: string; balance: bigint }[]; then: T | undefined }> {
    const out = await this.ledger.lockBalancesOn(this.tx, accounts, this.local, then);
    for (const h of out.held) this.locked.add(h.id);
    return out;
  }

  /** Locks the player accounts of `refs` (created when missing) in ascending id order. */
  async lock(refs: readonly AccountRef[], currency: string): Promise<void> {
    for (const id of await this.ledger.lockOn(this.tx, refs, currency, this.local)) this.locked.add(id);
  }

  /** After the caller's commit: publishes the balances the transfers left (best effort). */
  async published(): Promise<void> {
    const rows = this.balances.splice(0);
    await this.ledger.afterCommit(this.local, rows);
  }
}
