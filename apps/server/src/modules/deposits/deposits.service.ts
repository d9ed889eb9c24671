/**
 * Deposits: stable addresses, detection, crediting.
 *
 * Rules:
 *  1. Money moves only through the ledger, only from the job, and only when the chain itself (through
 *     the adapter, re-read on every run) shows the transfer with enough confirmations. A caller of
 *     walletNotify can make the server LOOK at a transaction, never credit it.
 *  2. Exactly once: the ledger transfer key is `deposit:{chain}:{txid}:{index}`. The credit and the
 *     status update (0 -> 1) are two steps; if the process dies between them, the next run's transfer
 *     replays (moves nothing) and then marks the deposit paid.
 *  3. Amounts: the chain's units are converted to the ledger's decimals exactly, rounding DOWN (a
 *     fraction the ledger cannot hold is never credited). A deposit below the currency's minimum is
 *     recorded but not credited.
 *  4. Re-orgs: a deposit whose transfer disappears (dropped, re-orged out, reverted) falls back to 0
 *     confirmations and is not credited unless it comes back.
 */
import {
  amount as toAmount,
  convertDecimals,
  parseAmount,
  toDecimalString,
  parseWireAmount,
  isMoneyError,
} from '@nebula/money';
import { DepositMessages } from '@nebula/contracts';
import type { Logger } from 'pino';
import type { Database, Session } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { type Ledger, transferAmount } from '../ledger/index.js';
import {
  chainDecimalsOf,
  paymentUri,
  type ChainRegistry,
  type ChainTransfer,
  type RegisteredChain,
} from '../chains/index.js';
import {
  depositHistory,
  getCursor,
  getOrCreateAddress,
  listAddresses,
  markCredited,
  pendingDeposits,
  setConfirmations,
  setCursor,
  takeNotifyBudget,
  upsertDeposit,
  type DepositRow,
} from './deposits.repository.js';
import { findUserByName } from '../users/index.js';

/** Smallest deposit credited, per currency, in the currency's unit. */
export const DEPOSIT_MINIMUMS: Readonly<Record<string, string>> = {
  btc: '0.0001',
  eth: '0.001',
  ltc: '0.01',
  doge: '10',
  bnb: '0.005',
  trx: '10',
  sol: '0.05',
  usdt: '1',
  usdc: '1',
};

export const NOTIFY_LIMIT = { max: 30, windowSeconds: 60 } as const;

export const addressError = (message: string): AppError => new AppError(422, 'deposit_address', message);

interface CurrencyInfo {
  id: string;
  decimals: number;
  enabled: boolean;
}

interface Owner {
  userId: string;
  address: string;
}

export interface DepositServiceDeps {
  database: Database;
  /**
   * Player protection's deposit limit (protection `depositHook`): called before the crediting
   * transaction (it reads the price), it answers the split to run inside it:
   * how much is credited and how much held; null when the player has no deposit limit.
   */
  protection?: (
    currency: string,
  ) => Promise<
    (tx: Session, userId: string, amount: bigint) => Promise<{ credited: bigint; held: bigint } | null>
  >;
  ledger: Ledger;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  registry: ChainRegistry;
  /** Confirmations per chain id overriding the chains' defaults. */
  confirmations?: Record<string, number>;
}

export class DepositService {
  readonly registry: ChainRegistry;
  readonly #db: Database;
  readonly #ledger: Ledger;
  readonly #log: DepositServiceDeps['log'];
  readonly #confirmations: Record<string, number>;
  readonly #protection: DepositServiceDeps['protection'];

  constructor(deps: DepositServiceDeps) {
    this.registry = deps.registry;
    this.#db = deps.database;
    this.#ledger = deps.ledger;
    this.#log = deps.log;
    this.#confirmations = deps.confirmations ?? {};
    this.#protection = deps.protection;
  }

  requiredConfirmations(chain: RegisteredChain): number {
    return this.#confirmations[chain.id] ?? chain.spec.defaultConfirmations;
  }

  /** The confirmations DEPOSIT_CONFIRMATIONS sets for `chain`, or undefined (the chain's default applies). */
  confirmationsOverride(chain: string): number | undefined {
    return this.#confirmations[chain];
  }

  minimumOf(currency: string, decimals: number): bigint {
    const text = DEPOSIT_MINIMUMS[currency];
    return text ? parseAmount(text, decimals) : 1n;
  }

  async #currency(id: string): Promise<CurrencyInfo | undefined> {
    const rows = await this.#db.query<CurrencyInfo>(
      'select id, decimals, enabled from currencies where id = $1',
      [id],
    );
    return rows[0];
  }

  async #chainsOf(currency: string): Promise<string[]> {
    const rows = await this.#db.query<{ chain_id: string }>(
      'select chain_id from currency_chains where currency_id = $1 order by sort_order, chain_id',
      [currency],
    );
    return rows.map((r) => r.chain_id);
  }

  /** POST /api/wallet/getDepositWallet: the player's stable address for a currency on a chain. */
  async depositWallet(
    userId: string,
    input: { currency: string; chain: string; amount?: string | undefined },
  ): Promise<{
    wallet: string;
    currency: string;
    chain: string;
    minimum: string;
    confirmations: number;
    uri: string;
  }> {
    const cur = await this.#currency(input.currency);
    if (!cur) throw addressError(DepositMessages.unsupported);
    if (!cur.enabled) throw addressError(DepositMessages.paymentsUnavailable);
    let requested: bigint | undefined;
    if (input.amount !== undefined && input.amount.trim() !== '') {
      const parsed = parseWireAmount(input.amount, cur.decimals);
      if (!parsed.ok) {
        throw addressError(
          // The spec's message for a negative amount; the canonical format has no sign at all.
          /^-\d*(\.\d+)?$/.test(input.amount.trim())
            ? DepositMessages.amountZero
            : DepositMessages.amountInvalid,
        );
      }
      if (parsed.value === 0n) throw addressError(DepositMessages.amountZero);
      requested = parsed.value;
    }
    const chain = this.registry.get(input.chain);
    const chains = await this.#chainsOf(cur.id);
    if (!chain || !chains.includes(input.chain) || chainDecimalsOf(chain.spec, cur.id) === undefined) {
      throw addressError(DepositMessages.unsupported);
    }
    const minimum = this.minimumOf(cur.id, cur.decimals);
    if (requested !== undefined && requested < minimum) throw addressError(DepositMessages.belowMinimum);
    let wallet: string;
    try {
      wallet = await getOrCreateAddress(this.#db, userId, chain.id, (i) => chain.deriveAddress(i));
    } catch (err) {
      this.#log.error({ err, chain: chain.id }, 'deposit address derivation failed');
      throw addressError(DepositMessages.failed);
    }
    return {
      wallet,
      currency: cur.id,
      chain: chain.id,
      minimum: toDecimalString(minimum, cur.decimals),
      confirmations: this.requiredConfirmations(chain),
      uri: paymentUri(
        chain.spec,
        wallet,
        cur.id,
        requested === undefined ? undefined : { atomic: requested, decimals: cur.decimals },
      ),
    };
  }

  /**
   * GET /api/walletNotify/{currency}/{txid}: looks the transaction up through the adapters of the
   * currency's chains and records transfers to our addresses. Never credits (the job does, from the
   * chain's own data). Rate limited per IP across all nodes.
   */
  async notify(currency: string, txid: string, ip: string): Promise<{ ok: true; found: boolean }> {
    if (!(await takeNotifyBudget(this.#db, ip, NOTIFY_LIMIT.max, NOTIFY_LIMIT.windowSeconds))) {
      throw new AppError(429, 'rate_limited', 'Too many requests. Try again in a minute.');
    }
    if (!/^(0x)?[0-9a-fA-F]{64}$/.test(txid) || !/^[a-z0-9_]{1,32}$/.test(currency)) {
      return { ok: true, found: false };
    }
    let found = false;
    for (const chainId of await this.#chainsOf(currency)) {
      const chain = this.registry.get(chainId);
      if (!chain) continue;
      let transfers: ChainTransfer[];
      try {
        transfers = await chain.getTransaction(txid);
      } catch (err) {
        this.#log.warn({ err, chain: chainId, txid }, 'walletNotify: chain lookup failed');
        continue;
      }
      if (transfers.length === 0) continue;
      const owners = await this.#ownersOf(chain, transfers);
      if ((await this.#record(chain, transfers, owners)) > 0) found = true;
    }
    return { ok: true, found };
  }

  async #ownersOf(chain: RegisteredChain, transfers: ChainTransfer[]): Promise<Map<string, Owner>> {
    const wanted = [...new Set(transfers.map((t) => chain.normalizeAddress(t.to).toLowerCase()))];
    const rows = await this.#db.query<{ user_id: string; address: string }>(
      `select user_id::text as user_id, address from deposit_addresses
        where chain = $1 and lower(address) = any($2::text[])`,
      [chain.id, wanted],
    );
    return new Map(
      rows.map((r) => [chain.normalizeAddress(r.address), { userId: r.user_id, address: r.address }]),
    );
  }

  /** Records the transfers that pay one of our addresses; returns how many did. */
  async #record(
    chain: RegisteredChain,
    transfers: ChainTransfer[],
    owners: Map<string, Owner>,
  ): Promise<number> {
    let recorded = 0;
    for (const t of transfers) {
      const owner = owners.get(chain.normalizeAddress(t.to));
      if (!owner) continue;
      const cur = await this.#currency(t.currency);
      if (!cur) continue;
      let credit: bigint;
      try {
        credit = convertDecimals(toAmount(t.amount), t.chainDecimals, cur.decimals, 'floor');
      } catch (err) {
        if (!isMoneyError(err)) throw err;
        this.#log.warn(
          { chain: chain.id, txid: t.txid, amount: t.amount.toString() },
          'deposit amount out of range',
        );
        continue;
      }
      if (credit <= 0n) {
        this.#log.warn(
          { chain: chain.id, txid: t.txid },
          'deposit below one atomic unit of the ledger: ignored',
        );
        continue;
      }
      await upsertDeposit(this.#db, {
        userId: owner.userId,
        currency: cur.id,
        chain: chain.id,
        address: owner.address,
        txid: t.txid,
        index: t.index,
        amount: credit,
        chainAmount: t.amount,
        chainDecimals: t.chainDecimals,
        confirmations: t.confirmations,
        requiredConfirmations: this.requiredConfirmations(chain),
        blockNumber: t.blockNumber,
        belowMinimum: credit < this.minimumOf(cur.id, cur.decimals),
      });
      recorded++;
    }
    return recorded;
  }

  /** One pass of the leader job: scan every chain for new transfers, then follow and credit. */
  async runOnce(signal?: AbortSignal): Promise<{ credited: number }> {
    for (const chain of this.registry.list()) {
      if (signal?.aborted) return { credited: 0 };
      try {
        await this.scanChain(chain);
      } catch (err) {
        this.#log.warn({ err, chain: chain.id }, 'deposit scan failed');
      }
    }
    return this.followPending(signal);
  }

  async scanChain(chain: RegisteredChain): Promise<void> {
    const rows = await listAddresses(this.#db, chain.id);
    if (rows.length === 0) return;
    const owners = new Map(
      rows.map((r) => [chain.normalizeAddress(r.address), { userId: r.user_id, address: r.address }]),
    );
    const cursor = await getCursor(this.#db, chain.id);
    const result = await chain.findTransfersTo(
      rows.map((r) => r.address),
      cursor,
    );
    await this.#record(chain, result.transfers, owners);
    if (result.nextBlock !== cursor) await setCursor(this.#db, chain.id, result.nextBlock);
  }

  /** Re-reads every uncredited deposit from its chain; credits those with enough confirmations. */
  async followPending(signal?: AbortSignal): Promise<{ credited: number }> {
    let credited = 0;
    const seen = new Map<string, ChainTransfer[]>();
    for (const row of await pendingDeposits(this.#db)) {
      if (signal?.aborted) break;
      const chain = this.registry.get(row.chain);
      if (!chain) continue;
      const key = `${row.chain}:${row.txid}`;
      let transfers = seen.get(key);
      if (!transfers) {
        try {
          transfers = await chain.getTransaction(row.txid);
        } catch (err) {
          this.#log.warn({ err, chain: row.chain, txid: row.txid }, 'deposit re-check failed');
          continue;
        }
        seen.set(key, transfers);
      }
      const match = transfers.find(
        (t) =>
          t.index === row.output_index &&
          t.currency === row.currency &&
          t.amount.toString() === row.chain_amount &&
          chain.normalizeAddress(t.to) === chain.normalizeAddress(row.address),
      );
      const confirmations = match?.confirmations ?? 0;
      if (confirmations !== row.confirmations) await setConfirmations(this.#db, row.id, confirmations);
      if (match && confirmations >= row.required_confirmations) {
        await this.credit(row, confirmations);
        credited++;
      }
    }
    return { credited };
  }

  /**
   * Credits a deposit once (ledger key per chain output) and marks it paid. Safe to repeat. A player
   * with a deposit limit (player protection) gets what exceeds it on their held balance instead (key
   * `...:held`), in the same transaction as the split is counted: a repeat finds either transfer and
   * moves nothing.
   */
  async credit(row: DepositRow, confirmations: number): Promise<void> {
    const key = `deposit:${row.chain}:${row.txid}:${row.output_index}`;
    const metadata = {
      depositId: row.id,
      chain: row.chain,
      txid: row.txid,
      outputIndex: row.output_index,
      address: row.address,
    };
    const total = BigInt(row.amount);
    const splitOf = await this.#protection?.(row.currency);
    const result = await this.#ledger.transaction(async (ledger, tx) => {
      // A repeat replays what the first run transferred (a split is decided once).
      const before = {
        credited: await transferAmount(tx, key),
        held: await transferAmount(tx, `${key}:held`),
      };
      const split =
        before.credited !== null || before.held !== null
          ? { credited: before.credited ?? 0n, held: before.held ?? 0n }
          : ((await splitOf?.(tx, row.user_id, total)) ?? {
              credited: total,
              held: 0n,
            });
      const first =
        split.credited > 0n
          ? await ledger.transfer({
              key,
              kind: 'deposit',
              currency: row.currency,
              amount: split.credited,
              from: { system: 'chain' },
              to: { user: row.user_id, kind: 'real' },
              metadata,
            })
          : null;
      const held =
        split.held > 0n
          ? await ledger.transfer({
              key: `${key}:held`,
              kind: 'deposit_held',
              currency: row.currency,
              amount: split.held,
              from: { system: 'chain' },
              to: { user: row.user_id, kind: 'held' },
              metadata,
            })
          : null;
      return first ?? held!;
    });
    await markCredited(this.#db, row.id, result.transferId, confirmations);
    if (!result.replayed) {
      this.#log.info(
        { depositId: row.id, chain: row.chain, txid: row.txid, currency: row.currency, amount: row.amount },
        'deposit credited',
      );
    }
  }

  /** POST /api/wallet/history/deposits: newest first. */
  async history(userId: string): Promise<
    {
      _id: string;
      currency: string;
      chain: string;
      sum: string;
      txid: string;
      created_at: string;
      confirmations: number;
      required_confirmations: number;
      aggregator: boolean;
      status: 0 | 1;
    }[]
  > {
    const [rows, currencies] = await Promise.all([
      depositHistory(this.#db, userId),
      this.#db.query<{ id: string; decimals: number }>('select id, decimals from currencies'),
    ]);
    const decimals = new Map(currencies.map((c) => [c.id, c.decimals]));
    return rows.map((r) => ({
      _id: r.id,
      currency: r.currency,
      chain: r.chain,
      sum: toDecimalString(toAmount(BigInt(r.amount)), decimals.get(r.currency) ?? 8),
      txid: r.txid,
      created_at: new Date(r.created_at).toISOString(),
      confirmations: r.confirmations,
      required_confirmations: r.required_confirmations,
      aggregator: false,
      status: r.status === 1 ? 1 : 0,
    }));
  }

  /**
   * Development only: broadcasts a transfer on the simulated chain to the player's deposit address.
   * It then travels the normal pipeline (detection, confirmations, credit by the job).
   */
  async simulateDeposit(input: {
    user: string;
    currency: string;
    chain?: string | undefined;
    amount: string;
  }): Promise<{
    ok: true;
    txid: string;
    user: string;
    currency: string;
    chain: string;
    address: string;
    amount: string;
    requiredConfirmations: number;
  }> {
    const user = await findUserByName(this.#db, input.user);
    if (!user) throw AppError.notFound(`No user named '${input.user}'.`);
    const cur = await this.#currency(input.currency);
    if (!cur) throw AppError.badRequest(`Unknown currency '${input.currency}'.`, 'unknown_currency');
    const chains = await this.#chainsOf(cur.id);
    const chainId = input.chain ?? chains[0];
    if (!chainId || !chains.includes(chainId)) {
      throw AppError.badRequest(
        `${cur.id} is not offered on chain '${input.chain ?? ''}' (chains: ${chains.join(', ') || 'none'}).`,
        'unsupported_chain',
      );
    }
    const chain = this.registry.get(chainId);
    const chainDecimals = chain ? chainDecimalsOf(chain.spec, cur.id) : undefined;
    if (!chain || chainDecimals === undefined) {
      throw AppError.badRequest(`Deposits are not available on chain '${chainId}'.`, 'unsupported_chain');
    }
    if (!chain.simulated) {
      throw AppError.conflict(
        `Chain '${chainId}' is read from a real node (EVM_RPC_URL): send a real transaction instead.`,
        'real_chain',
      );
    }
    const parsed = parseWireAmount(input.amount, cur.decimals);
    if (!parsed.ok || parsed.value <= 0n) throw AppError.badRequest('Invalid amount.', 'invalid_amount');
    const chainAmount = convertDecimals(parsed.value, cur.decimals, chainDecimals, 'floor');
    if (chainAmount <= 0n)
      throw AppError.badRequest('The amount is too small for this chain.', 'invalid_amount');
    const credited = convertDecimals(toAmount(chainAmount), chainDecimals, cur.decimals, 'floor');
    const address = await getOrCreateAddress(this.#db, user.id, chain.id, (i) => chain.deriveAddress(i));
    const { txid } = await chain.simulated.broadcast({
      to: address,
      currency: cur.id,
      amount: chainAmount,
      chainDecimals,
    });
    return {
      ok: true,
      txid,
      user: user.name,
      currency: cur.id,
      chain: chain.id,
      address,
      amount: toDecimalString(credited, cur.decimals),
      requiredConfirmations: this.requiredConfirmations(chain),
    };
  }
}
