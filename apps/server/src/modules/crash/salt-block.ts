/**
 * Crash salts from a public block (issue G4 item 2, decision 0008). When a hash chain is published, it
 * announces a block of a public chain that does not exist yet (the salt chain's head plus
 * `saltBlocksAhead`); the leader fixes the chain's salt only once that block exists with the announced
 * confirmations, and the salt is the block's hash (64 hex characters, without an 0x prefix). Until then the chain does not start. So the operator
 * cannot pick the salt to suit the chain (nor a chain to suit the salt): the chain was public before the
 * block was mined. Blocks are read through the chain adapters deposits use (`ChainRegistry.blocks`):
 * an EVM node over JSON-RPC, or the simulated chain in development and the embedded demo (the fairness
 * page says so).
 */
import type { CrashSaltBlock } from '@nebula/contracts';
import type { AppContext } from '../../platform/context.js';
import {
  type BlockSource,
  type ChainBlock,
  type ChainRegistry,
  type DetectionSource,
  chainSpec,
} from '../chains/index.js';
import { depositService, depositsEnv } from '../deposits/index.js';
import type { CrashOptions } from './config.js';

/**
 * The salt of a block: its hash as 64 lowercase hex characters, without the 0x prefix EVM explorers
 * print (the public crash algorithm, like Stake's with its bitcoin block, reads the block hash so).
 */
export function saltOfBlockHash(hash: string): string {
  return hash.toLowerCase().replace(/^0x/, '');
}

/** The block hash as explorers of `chain` print it, from a salt ({@link saltOfBlockHash} undone). */
export function blockHashOfSalt(chain: string, salt: string): string {
  return chainSpec(chain)?.family === 'evm' ? `0x${salt}` : salt;
}

/** What a chain announces at publication: the block whose hash will be its salt. */
export interface SaltAnnouncement {
  chain: string;
  source: DetectionSource;
  height: bigint;
  confirmations: number;
  /** The explorer URL template in force, or null. */
  explorer: string | null;
}

/** Where a chain's announced block is, as stored with the chain. */
export interface AnnouncedBlock {
  chain: string;
  source: DetectionSource;
  height: bigint;
  confirmations: number;
}

export interface SaltBlocksOptions {
  /** The chain new hash chains announce a block of. */
  chain: string;
  blocksAhead: number;
  /** Confirmations before the hash is taken; undefined: the chain's deposit confirmations (1 if simulated). */
  confirmations?: number | undefined;
  /** Block explorer URL templates per chain id ({height}, {hash}). */
  explorerUrls?: Record<string, string>;
  /** Deposit confirmations per chain (DEPOSIT_CONFIRMATIONS), for the default above. */
  depositConfirmations?: Record<string, number>;
}

/** Reads announced blocks and makes announcements, for the chain store and the round loop. */
export class SaltBlocks {
  readonly #sources: (chain: string) => BlockSource | undefined;
  readonly #opts: SaltBlocksOptions;

  /**
   * @param sources the block source of a chain id (a {@link ChainRegistry}'s `blocks`)
   * @throws Error when the configured salt chain has no block source
   */
  constructor(
    sources: ChainRegistry | ((chain: string) => BlockSource | undefined),
    opts: SaltBlocksOptions,
  ) {
    this.#sources = typeof sources === 'function' ? sources : (chain) => sources.blocks(chain);
    this.#opts = opts;
    if (!this.#sources(opts.chain))
      throw new Error(
        `CRASH_SALT_CHAIN: the chain '${opts.chain}' has no block source. Set its node's URL in EVM_RPC_URL ` +
          `(e.g. {"${opts.chain}": "https://..."}), or pick a chain that has one` +
          ' (the simulated chain is for development only: DEPOSIT_CHAIN_MODE=simulated).',
      );
  }

  /** The chain new hash chains announce a block of, and where it is read from. */
  get source(): BlockSource {
    return this.#sources(this.#opts.chain) as BlockSource;
  }

  /** Confirmations the announced block needs on `source`. */
  confirmationsFor(source: BlockSource): number {
    if (this.#opts.confirmations !== undefined) return this.#opts.confirmations;
    if (source.source === 'simulated') return 1; // The simulated chain has no re-orgs.
    return this.#opts.depositConfirmations?.[source.id] ?? chainSpec(source.id)?.defaultConfirmations ?? 1;
  }

  /** A block `blocksAhead` past the salt chain's head now: one that does not exist yet. */
  async announce(): Promise<SaltAnnouncement> {
    const source = this.source;
    const head = await source.currentHeight();
    return {
      chain: source.id,
      source: source.source,
      height: head + BigInt(this.#opts.blocksAhead),
      confirmations: this.confirmationsFor(source),
      explorer: this.#opts.explorerUrls?.[source.id] ?? null,
    };
  }

  /**
   * The announced block once it exists with its confirmations, else null (also when its chain has no
   * source of the announced kind any more: the chain then waits; nothing else may salt it).
   */
  async settled(block: AnnouncedBlock): Promise<ChainBlock | null> {
    const source = this.#sources(block.chain);
    if (!source || source.source !== block.source) return null;
    const head = await source.currentHeight();
    if (head < block.height + BigInt(block.confirmations - 1)) return null;
    return source.blockAt(block.height);
  }
}

/**
 * Salt blocks over a server's deposit chain registry (same RPC clients) with the CRASH_SALT_* options.
 * The server's own are the crash module's service (`crashSaltBlocks.of(ctx)`).
 */
export function createSaltBlocks(
  ctx: Pick<AppContext, 'config' | 'services'>,
  opts: Pick<CrashOptions, 'saltChain' | 'saltBlocksAhead' | 'saltConfirmations' | 'saltExplorerUrls'>,
): SaltBlocks {
  return new SaltBlocks(depositService.of(ctx).registry, {
    chain: opts.saltChain,
    blocksAhead: opts.saltBlocksAhead,
    confirmations: opts.saltConfirmations,
    explorerUrls: opts.saltExplorerUrls,
    depositConfirmations: depositsEnv.of(ctx.config).confirmations,
  });
}

/** The salt columns of `crash_chains` ({@link SALT_COLUMNS}). */
export interface SaltRow {
  salt: string | null;
  salt_chain: string | null;
  salt_source: DetectionSource | null;
  salt_height: string | null;
  salt_confirmations: number | null;
  salt_explorer: string | null;
  salt_announced_at: Date | null;
  salt_block_at: Date | null;
}

export const SALT_COLUMNS = `salt, salt_chain, salt_source, salt_height::text as salt_height, salt_confirmations,
  salt_explorer, salt_announced_at, salt_block_at`;

/** The explorer link of a block: the template with its height and hash (null while a needed value is unknown). */
export function explorerUrlOf(template: string | null, height: string, hash: string | null): string | null {
  if (!template) return null;
  if (template.includes('{hash}') && !hash) return null;
  return template.replaceAll('{height}', height).replaceAll('{hash}', hash ?? '');
}

/** The announced block of a chain as the fairness page shows it; null for a chain without one. */
export function saltBlockView(row: SaltRow): CrashSaltBlock | null {
  if (
    row.salt_chain === null ||
    row.salt_source === null ||
    row.salt_height === null ||
    row.salt_confirmations === null ||
    row.salt_announced_at === null
  )
    return null;
  const hash = row.salt_block_at && row.salt ? blockHashOfSalt(row.salt_chain, row.salt) : null;
  return {
    chain: row.salt_chain,
    source: row.salt_source,
    height: Number(row.salt_height),
    confirmations: row.salt_confirmations,
    announcedAt: row.salt_announced_at.toISOString(),
    hash,
    minedAt: row.salt_block_at?.toISOString() ?? null,
    explorerUrl: explorerUrlOf(row.salt_explorer, row.salt_height, hash),
  };
}
