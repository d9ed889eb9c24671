/**
 * Address formats per chain, pure functions (no configuration, no I/O):
 * - bitcoin-like: native segwit P2WPKH bech32 for btc (bc1...) and ltc (ltc1...), base58check P2PKH
 *   for doge (D...). Validation also accepts the chain's other standard mainnet formats (P2PKH, P2SH,
 *   P2WSH, taproot) because a withdrawal may go to any of them.
 * - EVM: EIP-55 checksummed 0x addresses (a mixed-case address must carry a valid checksum).
 * - Tron: base58check of 0x41 || keccak256(pubkey)[12..].
 */
import { bech32, bech32m } from '@scure/base';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { convertDecimals, toDecimalString, amount as toAmount } from '@nebula/money';
import { getAddress, isAddress } from 'viem';
import type { HDKey } from '@scure/bip32';
import { base58check, decompressPublicKey, receivePublicKey } from './hd.js';
import { chainSpec, type ChainSpec } from './specs.js';

interface BitcoinParams {
  /** bech32 human-readable part; absent for chains without segwit. */
  hrp?: string;
  p2pkh: number[];
  p2sh: number[];
  derive: 'p2wpkh' | 'p2pkh';
  uriScheme: string;
}

const BITCOIN_PARAMS: Record<string, BitcoinParams> = {
  btc: { hrp: 'bc', p2pkh: [0x00], p2sh: [0x05], derive: 'p2wpkh', uriScheme: 'bitcoin' },
  ltc: { hrp: 'ltc', p2pkh: [0x30], p2sh: [0x32, 0x05], derive: 'p2wpkh', uriScheme: 'litecoin' },
  doge: { p2pkh: [0x1e], p2sh: [0x16], derive: 'p2pkh', uriScheme: 'dogecoin' },
};

const hash160 = (data: Uint8Array): Uint8Array => ripemd160(sha256(data));
const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

/** keccak256 of the uncompressed key without its 0x04 prefix, last 20 bytes (EVM and Tron). */
function keccakAddressBytes(compressed: Uint8Array): Uint8Array {
  return keccak_256(decompressPublicKey(compressed).subarray(1)).subarray(12);
}

function bitcoinParams(chain: string): BitcoinParams {
  const p = BITCOIN_PARAMS[chain];
  if (!p) throw new Error(`no bitcoin-like parameters for chain ${chain}`);
  return p;
}

function isValidSegwit(address: string, hrp: string): boolean {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false;
  const lower = address.toLowerCase();
  if (!lower.startsWith(`${hrp}1`)) return false;
  const v0 = bech32.decodeUnsafe(lower);
  const decoded = v0 ?? bech32m.decodeUnsafe(lower);
  if (!decoded || decoded.prefix !== hrp || decoded.words.length === 0) return false;
  const version = decoded.words[0]!;
  const program = bech32.fromWordsUnsafe(decoded.words.slice(1));
  if (!program) return false;
  if (version === 0) return v0 !== undefined && (program.length === 20 || program.length === 32);
  if (version > 16) return false;
  return v0 === undefined && program.length >= 2 && program.length <= 40;
}

function isValidBase58(address: string, versions: number[]): boolean {
  try {
    const raw = base58check.decode(address);
    return raw.length === 21 && versions.includes(raw[0]!);
  } catch {
    return false;
  }
}

/** The address at m/.../0/index under the chain's account-level extended public key. */
export function deriveChainAddress(spec: ChainSpec, account: HDKey, index: number): string {
  const pub = receivePublicKey(account, index);
  switch (spec.family) {
    case 'bitcoin': {
      const p = bitcoinParams(spec.id);
      if (p.derive === 'p2wpkh' && p.hrp) return bech32.encode(p.hrp, [0, ...bech32.toWords(hash160(pub))]);
      return base58check.encode(Uint8Array.from([p.p2pkh[0]!, ...hash160(pub)]));
    }
    case 'evm':
      return getAddress(`0x${hex(keccakAddressBytes(pub))}`);
    case 'tron':
      return base58check.encode(Uint8Array.from([0x41, ...keccakAddressBytes(pub)]));
    case 'solana':
      throw new Error('Solana addresses cannot be derived from an extended public key');
  }
}

/**
 * True when `address` is a valid mainnet address of `chain` (false for unknown chains). Used for
 * deposit addresses and by withdrawals to check a player's destination.
 */
export function validateAddress(chain: string, address: string): boolean {
  const spec = chainSpec(chain);
  if (!spec || typeof address !== 'string' || address.length > 128) return false;
  switch (spec.family) {
    case 'bitcoin': {
      const p = bitcoinParams(spec.id);
      if (p.hrp && isValidSegwit(address, p.hrp)) return true;
      return isValidBase58(address, [...p.p2pkh, ...p.p2sh]);
    }
    case 'evm':
      return /^0x[0-9a-fA-F]{40}$/.test(address) && isAddress(address, { strict: true });
    case 'tron':
      return /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address) && isValidBase58(address, [0x41]);
    case 'solana':
      // base58 of a 32-byte ed25519 key: 32 to 44 characters of the base58 alphabet.
      return /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address);
  }
}

/** The form addresses are compared in: lowercase where the format is case-insensitive. */
export function normalizeAddress(chain: string, address: string): string {
  const spec = chainSpec(chain);
  if (spec?.family === 'evm') return address.toLowerCase();
  if (spec?.family === 'bitcoin' && /^[a-z]+1/i.test(address)) return address.toLowerCase();
  return address;
}

/**
 * Payment URI for the QR code: BIP21 for bitcoin-like chains, EIP-681 for EVM chains (native value
 * in wei; tokens as a `transfer` call on the contract), the bare address elsewhere. `amount` is in
 * the ledger's atomic units of `currency`; token amounts are rounded up so the player never pays
 * less than asked.
 */
export function paymentUri(
  spec: ChainSpec,
  address: string,
  currency: string,
  amount?: { atomic: bigint; decimals: number },
): string {
  switch (spec.family) {
    case 'bitcoin': {
      const scheme = bitcoinParams(spec.id).uriScheme;
      const q = amount ? `?amount=${toDecimalString(amount.atomic, amount.decimals)}` : '';
      return `${scheme}:${address}${q}`;
    }
    case 'evm': {
      const chainId = spec.evmChainId ?? 1;
      const token = spec.tokens.find((t) => t.currency === currency);
      if (!token) {
        const q = amount
          ? `?value=${convertDecimals(toAmount(amount.atomic), amount.decimals, spec.nativeDecimals, 'ceil').toString()}`
          : '';
        return `ethereum:${address}@${chainId}${q}`;
      }
      const units = amount
        ? `&uint256=${convertDecimals(toAmount(amount.atomic), amount.decimals, token.decimals, 'ceil').toString()}`
        : '';
      return `ethereum:${token.contract}@${chainId}/transfer?address=${address}${units}`;
    }
    default:
      return address;
  }
}
