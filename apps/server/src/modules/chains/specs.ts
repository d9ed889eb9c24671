/**
 * The chains the platform knows: address family, BIP44 coin type, native coin and tokens.
 * Decimals here are the chain's own (wei has 18, ERC-20 USDT has 6); the ledger keeps every crypto
 * currency at 8 decimals, and deposits convert between the two exactly (see deposits.service.ts).
 */
export type ChainFamily = 'bitcoin' | 'evm' | 'tron' | 'solana';

export interface TokenSpec {
  /** Our currency id (usdt, usdc). */
  currency: string;
  /** Contract address on the chain (EIP-55 for EVM chains). */
  contract: string;
  /** The token's own decimals on this chain. */
  decimals: number;
}

export interface ChainSpec {
  id: string;
  family: ChainFamily;
  /** SLIP-44 coin type of the BIP44 path m/44'/coin'/0'/0/index. */
  coinType: number;
  nativeCurrency: string;
  nativeDecimals: number;
  /** EIP-155 chain id (payment URIs), EVM chains only. */
  evmChainId?: number;
  tokens: TokenSpec[];
  /** Confirmations before a deposit is credited, unless DEPOSIT_CONFIRMATIONS says otherwise. */
  defaultConfirmations: number;
}

export const CHAIN_SPECS: readonly ChainSpec[] = [
  {
    id: 'btc',
    family: 'bitcoin',
    coinType: 0,
    nativeCurrency: 'btc',
    nativeDecimals: 8,
    tokens: [],
    defaultConfirmations: 2,
  },
  {
    id: 'ltc',
    family: 'bitcoin',
    coinType: 2,
    nativeCurrency: 'ltc',
    nativeDecimals: 8,
    tokens: [],
    defaultConfirmations: 4,
  },
  {
    id: 'doge',
    family: 'bitcoin',
    coinType: 3,
    nativeCurrency: 'doge',
    nativeDecimals: 8,
    tokens: [],
    defaultConfirmations: 6,
  },
  {
    id: 'eth',
    family: 'evm',
    coinType: 60,
    nativeCurrency: 'eth',
    nativeDecimals: 18,
    evmChainId: 1,
    tokens: [
      { currency: 'usdt', contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6 },
      { currency: 'usdc', contract: '0xA0b86991c6218b36c1d19D4a2E9Eb0cE3606eB48', decimals: 6 },
    ],
    defaultConfirmations: 12,
  },
  {
    id: 'bsc',
    family: 'evm',
    // BNB Smart Chain wallets (MetaMask, Trust) use Ethereum's coin type: a player's BSC address is
    // the same as their Ethereum one, so a token sent on the wrong EVM chain still reaches them.
    coinType: 60,
    nativeCurrency: 'bnb',
    nativeDecimals: 18,
    evmChainId: 56,
    tokens: [
      { currency: 'usdt', contract: '0x55d398326f99059fF775485246999027B3197955', decimals: 18 },
      { currency: 'usdc', contract: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', decimals: 18 },
    ],
    defaultConfirmations: 15,
  },
  {
    id: 'trx',
    family: 'tron',
    coinType: 195,
    nativeCurrency: 'trx',
    nativeDecimals: 6,
    tokens: [{ currency: 'usdt', contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', decimals: 6 }],
    defaultConfirmations: 19,
  },
  {
    // Ed25519 (SLIP-10) has no public child derivation: addresses cannot come from an extended public
    // key, so Solana deposits answer "not supported by provider" until a custody provider is wired.
    id: 'sol',
    family: 'solana',
    coinType: 501,
    nativeCurrency: 'sol',
    nativeDecimals: 9,
    tokens: [],
    defaultConfirmations: 32,
  },
];

export function chainSpec(chain: string): ChainSpec | undefined {
  return CHAIN_SPECS.find((c) => c.id === chain);
}

/** The chain's own decimals for `currency` (native or token), or undefined when it does not carry it. */
export function chainDecimalsOf(spec: ChainSpec, currency: string): number | undefined {
  if (currency === spec.nativeCurrency) return spec.nativeDecimals;
  return spec.tokens.find((t) => t.currency === currency)?.decimals;
}
