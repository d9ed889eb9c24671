/**
 * The currencies the spec names, with their chains and configured static prices (used until a
 * price feed is configured). Crypto has 8 decimals; fiat-like `local_` currencies 2.
 */
export interface CurrencySeed {
  id: string;
  name: string;
  style: string;
  decimals: number;
  priceUsd: string;
  priceEur: string;
  chains: { id: string; name: string }[];
}

export const CURRENCY_SEEDS: CurrencySeed[] = [
  {
    id: 'btc',
    name: 'Bitcoin',
    style: '#f7931a',
    decimals: 8,
    priceUsd: '97000',
    priceEur: '89500',
    chains: [{ id: 'btc', name: 'Bitcoin' }],
  },
  {
    id: 'eth',
    name: 'Ethereum',
    style: '#627eea',
    decimals: 8,
    priceUsd: '3400',
    priceEur: '3140',
    chains: [{ id: 'eth', name: 'Ethereum (ERC20)' }],
  },
  {
    id: 'ltc',
    name: 'Litecoin',
    style: '#345d9d',
    decimals: 8,
    priceUsd: '95',
    priceEur: '88',
    chains: [{ id: 'ltc', name: 'Litecoin' }],
  },
  {
    id: 'doge',
    name: 'Dogecoin',
    style: '#c2a633',
    decimals: 8,
    priceUsd: '0.32',
    priceEur: '0.295',
    chains: [{ id: 'doge', name: 'Dogecoin' }],
  },
  {
    id: 'sol',
    name: 'Solana',
    style: '#9945ff',
    decimals: 8,
    priceUsd: '185',
    priceEur: '171',
    chains: [{ id: 'sol', name: 'Solana' }],
  },
  {
    id: 'trx',
    name: 'Tron',
    style: '#ef0027',
    decimals: 8,
    priceUsd: '0.24',
    priceEur: '0.22',
    chains: [{ id: 'trx', name: 'Tron (TRC20)' }],
  },
  {
    id: 'bnb',
    name: 'BNB',
    style: '#f3ba2f',
    decimals: 8,
    priceUsd: '650',
    priceEur: '600',
    chains: [{ id: 'bsc', name: 'BNB Smart Chain (BEP20)' }],
  },
  {
    id: 'usdt',
    name: 'Tether',
    style: '#26a17b',
    decimals: 8,
    priceUsd: '1',
    priceEur: '0.923',
    chains: [
      { id: 'eth', name: 'Ethereum (ERC20)' },
      { id: 'trx', name: 'Tron (TRC20)' },
      { id: 'bsc', name: 'BNB Smart Chain (BEP20)' },
      { id: 'sol', name: 'Solana (SPL)' },
    ],
  },
  {
    id: 'usdc',
    name: 'USD Coin',
    style: '#2775ca',
    decimals: 8,
    priceUsd: '1',
    priceEur: '0.923',
    chains: [
      { id: 'eth', name: 'Ethereum (ERC20)' },
      { id: 'bsc', name: 'BNB Smart Chain (BEP20)' },
      { id: 'sol', name: 'Solana (SPL)' },
    ],
  },
  {
    id: 'local_usd',
    name: 'Casino Dollar',
    style: '#3fbf7f',
    decimals: 2,
    priceUsd: '1',
    priceEur: '0.923',
    chains: [],
  },
];
