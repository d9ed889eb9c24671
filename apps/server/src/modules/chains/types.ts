/** One incoming value transfer found on a chain. Amounts are in the CHAIN's units (wei, satoshi, 6-decimal USDT). */
export interface ChainTransfer {
  chain: string;
  /** Normalized transaction id (lowercase hex). */
  txid: string;
  /**
   * Which transfer of the transaction: the output index (vout) on UTXO chains, the position of the
   * `Transfer` log among the transaction's own logs for ERC-20 (stable across re-orgs, unlike the
   * block-level log index), and -1 for the native value of an EVM transaction.
   */
  index: number;
  /** Receiving address in the chain's canonical form. */
  to: string;
  /** Our currency id (eth, usdt...). */
  currency: string;
  /** Token contract, or null for the native coin. */
  token: string | null;
  amount: bigint;
  /** Decimals of `amount` (the chain's own for this asset). */
  chainDecimals: number;
  /** Block it was mined in; null while in the mempool. */
  blockNumber: bigint | null;
  /** 0 while unconfirmed; 1 when just mined. */
  confirmations: number;
}

export interface ScanResult {
  transfers: ChainTransfer[];
  /** The first block the next scan should start from. */
  nextBlock: bigint;
}

export type DetectionSource = 'simulated' | 'evm';

/** A block as the chain's node (or the simulated chain) reports it. */
export interface ChainBlock {
  height: bigint;
  /** The block hash as the chain's explorers print it (EVM: 0x + 64 lowercase hex). */
  hash: string;
  /** The block's own timestamp (EVM: the header's, to the second; simulated: its slot's start). */
  time: Date;
}

/**
 * Reading a chain's blocks: its height and a block by height. Deposits use the height for
 * confirmations; crash fixes each hash chain's salt from the hash of a block announced in advance.
 */
export interface BlockSource {
  /** Chain id (eth, bsc, btc...). */
  readonly id: string;
  /** Where blocks are read from: an EVM JSON-RPC node, or the simulated chain (database). */
  readonly source: DetectionSource;
  currentHeight(): Promise<bigint>;
  /** The block at `height`, or null while the chain has not reached it. */
  blockAt(height: bigint): Promise<ChainBlock | null>;
}

/**
 * A chain as the deposit pipeline sees it: addresses (derived from the operator's account-level
 * extended public key, public derivation only) and detection (finding transfers, confirmations).
 */
export interface ChainAdapter extends BlockSource {
  /** Receive address m/44'/coin'/0'/0/index, canonical form (EIP-55, lowercase bech32...). */
  deriveAddress(index: number): string;
  validateAddress(address: string): boolean;
  /** Comparison form (lowercase for case-insensitive formats). */
  normalizeAddress(address: string): string;
  /**
   * Transfers to any of `addresses` in blocks from `sinceBlock` (a bounded range per call) plus,
   * where the source sees it, the mempool. Without `sinceBlock` the source picks a recent start.
   */
  findTransfersTo(addresses: readonly string[], sinceBlock?: bigint): Promise<ScanResult>;
  /** Every value transfer of one transaction as the chain sees it now ([] if unknown, failed or dropped). */
  getTransaction(txid: string): Promise<ChainTransfer[]>;
}
