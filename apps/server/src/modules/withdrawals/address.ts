/**
 * Withdrawal address check: the chain adapters' `validateAddress` (modules/chains: bech32/bech32m
 * segwit and base58check for btc/ltc/doge, EIP-55 for EVM chains, base58check 0x41 for Tron, base58
 * for Solana; mainnet formats only; false for a chain it does not know).
 */
import { validateAddress } from '../chains/index.js';

/** True when `address` is well-formed for `chain` (format and checksum; not whether it exists). */
export function isValidAddress(chain: string, address: string): boolean {
  return validateAddress(chain, address);
}
