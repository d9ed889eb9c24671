/**
 * The deposits' environment keys (decision 0013): DEPOSIT_XPUB, DEPOSIT_CHAIN_MODE, EVM_RPC_URL and
 * DEPOSIT_CONFIRMATIONS. Production refuses the development keys and the simulated chain.
 */
import { z } from 'zod';
import { defineEnv, jsonObject } from '../../platform/env.js';

/**
 * Development deposit keys: the account-level extended public keys m/44'/coin'/0' of the PUBLIC test
 * mnemonic "abandon abandon ... about". Anyone can spend from them, so production refuses them.
 */
export const DEV_DEPOSIT_XPUBS: Readonly<Record<string, string>> = {
  btc: 'xpub6BosfCnifzxcFwrSzQiqu2DBVTshkCXacvNsWGYJVVhhawA7d4R5WSWGFNbi8Aw6ZRc1brxMyWMzG3DSSSSoekkudhUd9yLb6qx39T9nMdj',
  ltc: 'xpub6BnJJjq783EdyBeQPA9P9ao9DTS3fUqyKG5NJDcrCiwwxEkesGoHN94LZRGE7rz1jgcvmmp8j55BNx573KFq1WBwKiemzkdfNKffKx6Mvku',
  doge: 'xpub6Bxse8AT19u9HExKtP1EAudLi9CpLxPpxDvanL2fFtM7UFE2Q7TTWRg4bnMnmT4KcyN6GQkSgZmPWDtyUywSii3MDpMNfXSTuzH7gvZywLU',
  eth: 'xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt',
  bsc: 'xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt',
  trx: 'xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd',
};

export interface DepositsConfig {
  /** Account-level extended public keys per chain id. */
  xpubs: Record<string, string>;
  chainMode: 'simulated' | 'evm';
  /** EVM JSON-RPC URLs per chain id. */
  evmRpcUrls: Record<string, string>;
  /** Confirmations per chain id (unset: the chain's default). */
  confirmations: Record<string, number>;
}

export const depositsEnv = defineEnv(
  {
    DEPOSIT_XPUB: z.string().max(4_000).optional(),
    DEPOSIT_CHAIN_MODE: z.enum(['simulated', 'evm']).optional(),
    EVM_RPC_URL: z.string().max(4_000).optional(),
    DEPOSIT_CONFIRMATIONS: z.string().max(1_000).optional(),
  },
  (e, { isProduction }, problems): DepositsConfig => {
    const xpubs: Record<string, string> = {};
    if (e.DEPOSIT_XPUB === undefined) {
      if (!isProduction) Object.assign(xpubs, DEV_DEPOSIT_XPUBS);
    } else {
      for (const [chain, v] of Object.entries(jsonObject('DEPOSIT_XPUB', e.DEPOSIT_XPUB, problems))) {
        if (typeof v === 'string' && /^[1-9A-HJ-NP-Za-km-z]{100,120}$/.test(v)) xpubs[chain] = v;
        else problems.push(`DEPOSIT_XPUB.${chain}: must be an extended public key (xpub...)`);
      }
    }
    const devKeys = new Set(Object.values(DEV_DEPOSIT_XPUBS));
    if (isProduction && Object.values(xpubs).some((x) => devKeys.has(x)))
      problems.push('DEPOSIT_XPUB: the development keys (public test mnemonic) are refused in production');
    const chainMode = e.DEPOSIT_CHAIN_MODE ?? (isProduction ? 'evm' : 'simulated');
    if (isProduction && chainMode === 'simulated')
      problems.push('DEPOSIT_CHAIN_MODE: the simulated chain is not allowed in production');
    const evmRpcUrls: Record<string, string> = {};
    if (e.EVM_RPC_URL !== undefined) {
      const raw = e.EVM_RPC_URL.trim().startsWith('{')
        ? jsonObject('EVM_RPC_URL', e.EVM_RPC_URL, problems)
        : { eth: e.EVM_RPC_URL.trim() };
      for (const [chain, v] of Object.entries(raw)) {
        if (typeof v === 'string' && /^(https?|wss?):\/\/\S+$/.test(v)) evmRpcUrls[chain] = v;
        else problems.push(`EVM_RPC_URL.${chain}: must be an http(s):// or ws(s):// URL`);
      }
    }
    const confirmations: Record<string, number> = {};
    if (e.DEPOSIT_CONFIRMATIONS !== undefined) {
      const raw = jsonObject('DEPOSIT_CONFIRMATIONS', e.DEPOSIT_CONFIRMATIONS, problems);
      for (const [chain, v] of Object.entries(raw)) {
        if (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 10_000) confirmations[chain] = v;
        else problems.push(`DEPOSIT_CONFIRMATIONS.${chain}: must be an integer from 1 to 10000`);
      }
    }
    return { xpubs, chainMode, evmRpcUrls, confirmations };
  },
);
