/**
 * Chains module: chain adapters for deposits (and address checks for withdrawals), and block reading
 * (`ChainRegistry.blocks`: crash fixes each hash chain's salt from a block announced in advance).
 * Addresses come from the operator's account-level extended public keys by public derivation only.
 * Detection: EVM chains over JSON-RPC when an RPC URL is configured; every other chain (and every
 * chain in the embedded demo) on the simulated chain kept in the database.
 */
export { CHAIN_SPECS, chainSpec, chainDecimalsOf, type ChainSpec, type TokenSpec } from './specs.js';
export { validateAddress, normalizeAddress, deriveChainAddress, paymentUri } from './addresses.js';
export { parseExtendedPublicKey, ExtendedKeyError, MAX_CHILD_INDEX } from './hd.js';
export { EvmSource, parseTransferLog, TRANSFER_TOPIC, type EvmSourceOptions, type RawLog } from './evm.js';
export { SimulatedSource, SIM_BLOCK_MS } from './simulated.js';
export {
  ChainRegistry,
  type ChainsConfig,
  type ChainRegistryOptions,
  type RegisteredChain,
} from './registry.js';
export type {
  BlockSource,
  ChainAdapter,
  ChainBlock,
  ChainTransfer,
  ScanResult,
  DetectionSource,
} from './types.js';
