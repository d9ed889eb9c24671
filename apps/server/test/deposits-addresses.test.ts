// Deposit addresses, configuration, address validation, log parsing and payment URIs: no server.
// The deposits on the simulated chain (server) are in deposits.test.ts.
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { bech32, bech32m, createBase58check } from '@scure/base';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { privateKeyToAddress, mnemonicToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/platform/config.js';
import {
  CHAIN_SPECS,
  ChainRegistry,
  parseExtendedPublicKey,
  parseTransferLog,
  paymentUri,
  TRANSFER_TOPIC,
  validateAddress,
  chainSpec,
} from '../src/modules/chains/index.js';
import { DEV_DEPOSIT_XPUBS, depositsEnv } from '../src/modules/deposits/index.js';
import { derive, devRegistry } from './helpers/dev-chains.js';

const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const root = HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC));
const b58 = createBase58check(sha256);
const hash160 = (b: Uint8Array) => ripemd160(sha256(b));

/** Private derivation along the full path (what the operator's wallet does), for comparison. */
const privateChild = (coin: number, i: number) => root.derive(`m/44'/${coin}'/0'/0/${i}`);

describe('address derivation (public, from the account xpub) matches private derivation of the mnemonic', () => {
  it("the development keys are the account xpubs m/44'/coin'/0' of the test mnemonic", () => {
    for (const spec of CHAIN_SPECS.filter((s) => s.family !== 'solana')) {
      expect(DEV_DEPOSIT_XPUBS[spec.id], spec.id).toBe(
        root.derive(`m/44'/${spec.coinType}'/0'`).publicExtendedKey,
      );
    }
  });

  it('btc: P2WPKH bech32 (bc1q...)', () => {
    for (let i = 0; i < 5; i++) {
      const expected = bech32.encode('bc', [0, ...bech32.toWords(hash160(privateChild(0, i).publicKey!))]);
      expect(derive('btc', i)).toBe(expected);
      expect(expected).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    }
  });

  it('ltc: ltc1 bech32; doge: base58 P2PKH (D...)', () => {
    for (let i = 0; i < 3; i++) {
      expect(derive('ltc', i)).toBe(
        bech32.encode('ltc', [0, ...bech32.toWords(hash160(privateChild(2, i).publicKey!))]),
      );
      expect(derive('doge', i)).toBe(
        b58.encode(Uint8Array.from([0x1e, ...hash160(privateChild(3, i).publicKey!)])),
      );
      expect(derive('doge', i)).toMatch(/^D/);
    }
  });

  it("eth/bsc: EIP-55, equal to viem's own mnemonic accounts and the published vector", () => {
    // Published first address of this mnemonic at m/44'/60'/0'/0/0.
    expect(derive('eth', 0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    for (let i = 0; i < 5; i++) {
      const viaViem = mnemonicToAccount(MNEMONIC, { addressIndex: i }).address;
      const viaKey = privateKeyToAddress(`0x${Buffer.from(privateChild(60, i).privateKey!).toString('hex')}`);
      expect(derive('eth', i)).toBe(viaViem);
      expect(derive('eth', i)).toBe(viaKey);
      expect(derive('bsc', i)).toBe(viaViem);
    }
  });

  it('trx: base58check 0x41 + keccak address (T...)', () => {
    for (let i = 0; i < 3; i++) {
      const evm = privateKeyToAddress(`0x${Buffer.from(privateChild(195, i).privateKey!).toString('hex')}`);
      const expected = b58.encode(Uint8Array.from([0x41, ...Buffer.from(evm.slice(2), 'hex')]));
      expect(derive('trx', i)).toBe(expected);
      expect(validateAddress('trx', expected)).toBe(true);
    }
  });

  it('refuses an extended PRIVATE key and junk', () => {
    expect(() => parseExtendedPublicKey(root.derive("m/44'/0'/0'").privateExtendedKey)).toThrow(/PRIVATE/);
    expect(() => parseExtendedPublicKey('xpub-not-a-key')).toThrow();
    expect(
      () =>
        new ChainRegistry({
          database: undefined as never,
          config: {
            xpubs: { btc: root.derive("m/44'/0'/0'").privateExtendedKey },
            chainMode: 'simulated',
            evmRpcUrls: {},
          },
        }),
    ).toThrow(/DEPOSIT_XPUB for btc: .*PRIVATE/);
  });

  it('Solana has no adapter (ed25519 has no public derivation)', () => {
    expect(devRegistry.get('sol')).toBeUndefined();
  });
});

describe('deposit configuration', () => {
  const prod = {
    NODE_ENV: 'production',
    SECRET_KEY: 'x'.repeat(40),
    DATABASE_URL: 'postgres://db/nebula',
    PUBLIC_URL: 'https://casino.example',
  };
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (err) {
      return (err as ConfigError).problems;
    }
  };
  it('development gets the test keys and the simulated chain; production neither', () => {
    const dev = loadConfig({});
    expect(depositsEnv.of(dev).xpubs).toEqual(DEV_DEPOSIT_XPUBS);
    expect(depositsEnv.of(dev).chainMode).toBe('simulated');
    const p = loadConfig(prod);
    expect(depositsEnv.of(p)).toEqual({ xpubs: {}, chainMode: 'evm', evmRpcUrls: {}, confirmations: {} });
    expect(problems({ ...prod, DEPOSIT_XPUB: JSON.stringify({ btc: DEV_DEPOSIT_XPUBS.btc }) })).toEqual([
      'DEPOSIT_XPUB: the development keys (public test mnemonic) are refused in production',
    ]);
    expect(problems({ ...prod, DEPOSIT_CHAIN_MODE: 'simulated' })).toEqual([
      'DEPOSIT_CHAIN_MODE: the simulated chain is not allowed in production',
    ]);
    const own = root.derive("m/44'/60'/7'").publicExtendedKey;
    expect(depositsEnv.of(loadConfig({ ...prod, DEPOSIT_XPUB: JSON.stringify({ eth: own }) })).xpubs).toEqual(
      {
        eth: own,
      },
    );
  });
  it('parses RPC URLs and confirmations, and names every bad value', () => {
    expect(depositsEnv.of(loadConfig({ EVM_RPC_URL: 'http://127.0.0.1:8545' })).evmRpcUrls).toEqual({
      eth: 'http://127.0.0.1:8545',
    });
    const c = loadConfig({
      EVM_RPC_URL: '{"eth":"https://eth.example","bsc":"wss://bsc.example"}',
      DEPOSIT_CONFIRMATIONS: '{"btc":1,"eth":30}',
    });
    expect(depositsEnv.of(c).evmRpcUrls).toEqual({ eth: 'https://eth.example', bsc: 'wss://bsc.example' });
    expect(depositsEnv.of(c).confirmations).toEqual({ btc: 1, eth: 30 });
    expect(
      problems({ DEPOSIT_XPUB: '[1]', EVM_RPC_URL: '{"eth":"ftp://x"}', DEPOSIT_CONFIRMATIONS: '{"btc":0}' }),
    ).toEqual([
      'DEPOSIT_XPUB: must be a JSON object keyed by chain id',
      'EVM_RPC_URL.eth: must be an http(s):// or ws(s):// URL',
      'DEPOSIT_CONFIRMATIONS.btc: must be an integer from 1 to 10000',
    ]);
    // An unknown chain id is refused when the server builds its chains.
    expect(
      () =>
        new ChainRegistry({
          database: undefined as never,
          config: { xpubs: { btcc: DEV_DEPOSIT_XPUBS.btc! }, chainMode: 'simulated', evmRpcUrls: {} },
        }),
    ).toThrow(/unknown chain 'btcc'/);
  });
});

describe('address validation (exported for withdrawals)', () => {
  it('bitcoin-like chains', () => {
    const taproot = bech32m.encode('bc', [1, ...bech32m.toWords(new Uint8Array(32).fill(7))]);
    const wrongV0 = bech32m.encode('bc', [0, ...bech32m.toWords(new Uint8Array(20).fill(7))]);
    const good = derive('btc', 0);
    expect(validateAddress('btc', good)).toBe(true);
    expect(validateAddress('btc', good.toUpperCase())).toBe(true);
    expect(validateAddress('btc', good.slice(0, 10) + good.slice(10).toUpperCase())).toBe(false); // mixed case
    expect(validateAddress('btc', good.slice(0, -1) + (good.endsWith('q') ? 'p' : 'q'))).toBe(false); // checksum
    expect(validateAddress('btc', taproot)).toBe(true);
    expect(validateAddress('btc', wrongV0)).toBe(false); // v0 must be bech32, not bech32m
    expect(validateAddress('btc', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(true); // P2PKH
    expect(validateAddress('btc', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe(true); // P2SH
    expect(validateAddress('btc', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb')).toBe(false);
    expect(validateAddress('btc', derive('ltc', 0))).toBe(false);
    expect(validateAddress('ltc', derive('ltc', 0))).toBe(true);
    expect(validateAddress('doge', derive('doge', 0))).toBe(true);
    expect(validateAddress('doge', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(false);
    expect(validateAddress('btc', 'abcd')).toBe(false);
    expect(validateAddress('nope', good)).toBe(false);
  });

  it('EVM: lowercase or a correct EIP-55 checksum', () => {
    const a = derive('eth', 1);
    expect(validateAddress('eth', a)).toBe(true);
    expect(validateAddress('bsc', a.toLowerCase())).toBe(true);
    const flipped = a.replace(/[a-f]/, (c) => c.toUpperCase());
    expect(validateAddress('eth', flipped)).toBe(false);
    expect(validateAddress('eth', a.slice(0, -1))).toBe(false);
    expect(validateAddress('eth', a.slice(2))).toBe(false);
  });
});

describe('EVM Transfer log parsing (a recorded USDT mainnet-shaped log)', () => {
  const usdt = chainSpec('eth')!.tokens.find((t) => t.currency === 'usdt')!;
  const to = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
  const log = {
    address: '0xdac17f958d2ee523a2206206994597c13d831ec7',
    topics: [
      TRANSFER_TOPIC,
      '0x00000000000000000000000028c6c06298d514db089934071355e5743bf21d60',
      `0x000000000000000000000000${to.slice(2).toLowerCase()}`,
    ],
    data: '0x00000000000000000000000000000000000000000000000000000000075bcd15',
  };
  it('decodes to, amount and token', () => {
    const t = parseTransferLog(log, [usdt]);
    expect(t).toEqual({ to, amount: 123456789n, token: usdt });
  });
  it('ignores other contracts, ERC-721 transfers, other events and malformed data', () => {
    expect(
      parseTransferLog({ ...log, address: '0x0000000000000000000000000000000000000001' }, [usdt]),
    ).toBeNull();
    expect(parseTransferLog({ ...log, topics: [...log.topics, log.topics[1]!] }, [usdt])).toBeNull();
    expect(
      parseTransferLog({ ...log, topics: ['0x' + '1'.repeat(64), ...log.topics.slice(1)] }, [usdt]),
    ).toBeNull();
    expect(parseTransferLog({ ...log, data: '0x' }, [usdt])).toBeNull();
    expect(parseTransferLog({ ...log, data: '0x' + '0'.repeat(64) }, [usdt])).toBeNull();
  });
});

describe('payment URIs', () => {
  it('BIP21 and EIP-681', () => {
    const btc = chainSpec('btc')!;
    const eth = chainSpec('eth')!;
    expect(paymentUri(btc, 'bc1qx', 'btc', { atomic: 1_000_000n, decimals: 8 })).toBe(
      'bitcoin:bc1qx?amount=0.01',
    );
    expect(paymentUri(eth, '0xabc', 'eth')).toBe('ethereum:0xabc@1');
    expect(paymentUri(eth, '0xabc', 'eth', { atomic: 150_000_000n, decimals: 8 })).toBe(
      'ethereum:0xabc@1?value=1500000000000000000',
    );
    // 1.23456789 USDT at 6 decimals on chain rounds UP: the player never pays less than asked.
    expect(paymentUri(eth, '0xabc', 'usdt', { atomic: 123_456_789n, decimals: 8 })).toBe(
      'ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=0xabc&uint256=1234568',
    );
  });
});
