import type { HDKey } from '@scure/bip32';
import type { Database } from '../../db/client.js';
import { deriveChainAddress, normalizeAddress, validateAddress } from './addresses.js';
import { EvmSource, type EvmSourceOptions } from './evm.js';
import { ExtendedKeyError, parseExtendedPublicKey } from './hd.js';
import { SimulatedSource } from './simulated.js';
import { CHAIN_SPECS, chainSpec, type ChainSpec } from './specs.js';
import type { BlockSource, ChainAdapter, ChainTransfer, DetectionSource, ScanResult } from './types.js';

export interface ChainsConfig {
  /** Account-level extended public key per chain id. */
  xpubs: Record<string, string>;
  /** 'simulated': chains without an RPC URL use the simulated chain; 'evm': they have no deposits. */
  chainMode: 'simulated' | 'evm';
  /** JSON-RPC URL per EVM chain id. */
  evmRpcUrls: Record<string, string>;
}

export interface ChainRegistryOptions {
  database: Database;
  config: ChainsConfig;
  /** Per-chain overrides of the EVM source (tests: token contracts, scan sizes). */
  evm?: Record<string, Partial<EvmSourceOptions>>;
  simBlockMs?: number;
}

/** A chain adapter with its concrete source, for the development deposit command and tests. */
export interface RegisteredChain extends ChainAdapter {
  readonly spec: ChainSpec;
  readonly simulated: SimulatedSource | null;
  readonly evm: EvmSource | null;
}

function makeAdapter(spec: ChainSpec, account: HDKey, source: SimulatedSource | EvmSource): RegisteredChain {
  const kind: DetectionSource = source instanceof EvmSource ? 'evm' : 'simulated';
  return {
    id: spec.id,
    spec,
    source: kind,
    simulated: source instanceof SimulatedSource ? source : null,
    evm: source instanceof EvmSource ? source : null,
    deriveAddress: (index: number) => deriveChainAddress(spec, account, index),
    validateAddress: (address: string) => validateAddress(spec.id, address),
    normalizeAddress: (address: string) => normalizeAddress(spec.id, address),
    findTransfersTo: (addresses: readonly string[], sinceBlock?: bigint): Promise<ScanResult> =>
      source.findTransfersTo(addresses, sinceBlock),
    getTransaction: (txid: string): Promise<ChainTransfer[]> => source.getTransaction(txid),
    currentHeight: () => source.currentHeight(),
    blockAt: (height: bigint) => source.blockAt(height),
  };
}

function blockSourceOf(spec: ChainSpec, source: SimulatedSource | EvmSource): BlockSource {
  return {
    id: spec.id,
    source: source instanceof EvmSource ? 'evm' : 'simulated',
    currentHeight: () => source.currentHeight(),
    blockAt: (height: bigint) => source.blockAt(height),
  };
}

/**
 * The chains this server can take deposits on: those with an extended public key AND a detection
 * source (an EVM RPC URL, or the simulated chain when DEPOSIT_CHAIN_MODE=simulated). Bitcoin-like
 * and Tron chains have no real node adapter yet: they are detected only on the simulated chain.
 */
export class ChainRegistry {
  readonly #chains = new Map<string, RegisteredChain>();
  readonly #blocks = new Map<string, BlockSource>();

  constructor(opts: ChainRegistryOptions) {
    for (const chain of [...Object.keys(opts.config.xpubs), ...Object.keys(opts.config.evmRpcUrls)]) {
      if (!chainSpec(chain)) throw new Error(`deposit configuration names an unknown chain '${chain}'`);
    }
    for (const spec of CHAIN_SPECS) {
      if (spec.family === 'solana') continue;
      const xpub = opts.config.xpubs[spec.id];
      let account: HDKey | null = null;
      if (xpub) {
        try {
          account = parseExtendedPublicKey(xpub);
        } catch (err) {
          throw new ExtendedKeyError(`DEPOSIT_XPUB for ${spec.id}: ${(err as Error).message}`);
        }
      }
      const rpcUrl = opts.config.evmRpcUrls[spec.id];
      let source: SimulatedSource | EvmSource | null = null;
      if (spec.family === 'evm' && rpcUrl) source = new EvmSource(spec, { rpcUrl, ...opts.evm?.[spec.id] });
      else if (opts.config.chainMode === 'simulated')
        source = new SimulatedSource(spec, opts.database, opts.simBlockMs);
      if (!source) continue;
      if (account) {
        const adapter = makeAdapter(spec, account, source);
        this.#chains.set(spec.id, adapter);
        this.#blocks.set(spec.id, adapter);
      } else {
        this.#blocks.set(spec.id, blockSourceOf(spec, source));
      }
    }
  }

  get(chain: string): RegisteredChain | undefined {
    return this.#chains.get(chain);
  }

  list(): RegisteredChain[] {
    return [...this.#chains.values()];
  }

  /**
   * The blocks of `chain` through the same source its deposits use (its RPC node, else the simulated
   * chain), whether or not the chain takes deposits (an extended public key is not needed to read
   * blocks); undefined when the chain has no source.
   */
  blocks(chain: string): BlockSource | undefined {
    return this.#blocks.get(chain);
  }
}
