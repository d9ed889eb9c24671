/**
 * EVM detection over JSON-RPC (viem public client): native transfers by scanning each block's
 * transactions for our addresses, ERC-20 deposits from the `Transfer` logs of the configured token
 * contracts only (a look-alike contract cannot fake a deposit). Every candidate is then read back
 * through its receipt: a reverted transaction moves nothing and yields no transfer.
 *
 * Not seen: value sent to us by a contract's internal call (it leaves no transaction `to` us and no
 * log); such a deposit needs a trace-capable node and is out of scope here.
 */
import { createPublicClient, getAddress, http, numberToHex, type PublicClient } from 'viem';
import type { ChainSpec, TokenSpec } from './specs.js';
import type { ChainBlock, ChainTransfer, ScanResult } from './types.js';

/** keccak256("Transfer(address,address,uint256)") */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

export interface RawLog {
  address: string;
  topics: readonly string[];
  data: string;
}

/** Decodes an ERC-20 `Transfer` log of a configured token, or null for anything else. */
export function parseTransferLog(
  log: RawLog,
  tokens: readonly TokenSpec[],
): { to: string; amount: bigint; token: TokenSpec } | null {
  const token = tokens.find((t) => t.contract.toLowerCase() === log.address.toLowerCase());
  if (!token) return null;
  // ERC-20 indexes from and to (3 topics); ERC-721 also indexes the token id (4 topics).
  if (log.topics.length !== 3 || log.topics[0]?.toLowerCase() !== TRANSFER_TOPIC) return null;
  const toTopic = log.topics[2] ?? '';
  if (!/^0x0{24}[0-9a-fA-F]{40}$/.test(toTopic)) return null;
  if (!/^0x[0-9a-fA-F]{64}$/.test(log.data)) return null;
  const amount = BigInt(log.data);
  if (amount <= 0n) return null;
  return { to: getAddress(`0x${toTopic.slice(26)}`), amount, token };
}

export interface EvmSourceOptions {
  rpcUrl: string;
  /** Token contracts to watch; defaults to the chain's configured tokens. */
  tokens?: readonly TokenSpec[];
  /** Most blocks read per scan. Default 50. */
  maxBlocksPerScan?: number;
  /** Blocks re-read before the cursor after a new block (re-org safety). Default 6. */
  reorgOverlap?: number;
  /** Blocks looked back on the very first scan. Default 100. */
  initialLookback?: number;
}

const TXID = /^0x[0-9a-fA-F]{64}$/;

export class EvmSource {
  readonly client: PublicClient;
  readonly tokens: readonly TokenSpec[];
  readonly #maxBlocks: bigint;
  readonly #overlap: bigint;
  readonly #lookback: bigint;

  constructor(
    private readonly spec: ChainSpec,
    opts: EvmSourceOptions,
  ) {
    this.client = createPublicClient({
      transport: http(opts.rpcUrl, { timeout: 10_000, retryCount: 1 }),
      cacheTime: 0,
    });
    this.tokens = opts.tokens ?? spec.tokens;
    this.#maxBlocks = BigInt(opts.maxBlocksPerScan ?? 50);
    this.#overlap = BigInt(opts.reorgOverlap ?? 6);
    this.#lookback = BigInt(opts.initialLookback ?? 100);
  }

  currentHeight(): Promise<bigint> {
    return this.client.getBlockNumber({ cacheTime: 0 });
  }

  /** Block `height` as the node has it now (null while the chain has not reached it). */
  async blockAt(height: bigint): Promise<ChainBlock | null> {
    const block = await this.client.getBlock({ blockNumber: height }).catch((err: unknown) => {
      if ((err as Error).name === 'BlockNotFoundError') return null;
      throw err;
    });
    // A block without a hash is a pending one: not mined yet.
    if (!block?.hash) return null;
    return { height, hash: block.hash.toLowerCase(), time: new Date(Number(block.timestamp) * 1000) };
  }

  async findTransfersTo(addresses: readonly string[], sinceBlock?: bigint): Promise<ScanResult> {
    const head = await this.currentHeight();
    const next = sinceBlock ?? (head > this.#lookback ? head - this.#lookback : 0n);
    if (next > head || addresses.length === 0) return { transfers: [], nextBlock: next };
    const from = next > this.#overlap ? next - this.#overlap : 0n;
    const to = head - from + 1n > this.#maxBlocks ? from + this.#maxBlocks - 1n : head;
    const ours = new Set(addresses.map((a) => a.toLowerCase()));
    const txids = new Set<string>();
    for (let b = from; b <= to; b++) {
      const block = await this.client.getBlock({ blockNumber: b, includeTransactions: true });
      for (const tx of block.transactions) {
        if (tx.to && tx.value > 0n && ours.has(tx.to.toLowerCase())) txids.add(tx.hash.toLowerCase());
      }
    }
    if (this.tokens.length) {
      const logs = (await this.client.request({
        method: 'eth_getLogs',
        params: [
          {
            address: this.tokens.map((t) => t.contract as `0x${string}`),
            fromBlock: numberToHex(from),
            toBlock: numberToHex(to),
            topics: [TRANSFER_TOPIC],
          },
        ],
      })) as (RawLog & { transactionHash: string })[];
      for (const log of logs) {
        const t = parseTransferLog(log, this.tokens);
        if (t && ours.has(t.to.toLowerCase())) txids.add(log.transactionHash.toLowerCase());
      }
    }
    const transfers: ChainTransfer[] = [];
    for (const txid of txids) {
      for (const t of await this.getTransaction(txid, head)) {
        if (ours.has(t.to.toLowerCase())) transfers.push(t);
      }
    }
    return { transfers, nextBlock: to + 1n };
  }

  async getTransaction(txid: string, knownHead?: bigint): Promise<ChainTransfer[]> {
    if (!TXID.test(txid)) return [];
    const hash = txid.toLowerCase() as `0x${string}`;
    const tx = await this.client.getTransaction({ hash }).catch((err: unknown) => {
      if ((err as Error).name === 'TransactionNotFoundError') return null;
      throw err;
    });
    if (!tx) return [];
    const receipt = tx.blockNumber
      ? await this.client.getTransactionReceipt({ hash }).catch((err: unknown) => {
          if ((err as Error).name === 'TransactionReceiptNotFoundError') return null;
          throw err;
        })
      : null;
    const native = (blockNumber: bigint | null, confirmations: number): ChainTransfer[] =>
      tx.to && tx.value > 0n
        ? [
            {
              chain: this.spec.id,
              txid: hash,
              index: -1,
              to: getAddress(tx.to),
              currency: this.spec.nativeCurrency,
              token: null,
              amount: tx.value,
              chainDecimals: this.spec.nativeDecimals,
              blockNumber,
              confirmations,
            },
          ]
        : [];
    if (!receipt) return native(null, 0); // in the mempool: logs are unknown until it is mined
    if (receipt.status !== 'success') return [];
    const head = knownHead ?? (await this.currentHeight());
    const confirmations = head >= receipt.blockNumber ? Number(head - receipt.blockNumber + 1n) : 0;
    const out = native(receipt.blockNumber, confirmations);
    receipt.logs.forEach((log, position) => {
      const t = parseTransferLog(log, this.tokens);
      if (!t) return;
      out.push({
        chain: this.spec.id,
        txid: hash,
        index: position,
        to: t.to,
        currency: t.token.currency,
        token: getAddress(t.token.contract),
        amount: t.amount,
        chainDecimals: t.token.decimals,
        blockNumber: receipt.blockNumber,
        confirmations,
      });
    });
    return out;
  }
}
