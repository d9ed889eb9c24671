import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { bech32, bech32m, createBase58check } from '@scure/base';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import pino from 'pino';
import { privateKeyToAddress, mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DepositMessages } from '@nebula/contracts';
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
import {
  depositServiceFor,
  DEV_DEPOSIT_TOKEN_FILE,
  type DepositService,
  DEV_DEPOSIT_XPUBS,
  depositsEnv,
} from '../src/modules/deposits/index.js';
import { checkLedger } from '../src/modules/ledger/index.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const root = HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC));
const b58 = createBase58check(sha256);
const hash160 = (b: Uint8Array) => ripemd160(sha256(b));
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The registry over the development keys, no database needed for addresses. */
const devRegistry = new ChainRegistry({
  database: undefined as never,
  config: { xpubs: { ...DEV_DEPOSIT_XPUBS }, chainMode: 'simulated', evmRpcUrls: {} },
});
const derive = (chain: string, i: number) => {
  const c = devRegistry.get(chain);
  if (!c) throw new Error(`no chain ${chain}`);
  return c.deriveAddress(i);
};
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

describe('deposits on the simulated chain (server)', () => {
  let t: TestServer;
  let service: DepositService;
  let alice: TestUser;
  let bob: TestUser;
  const auth = (u: TestUser) => ({ authorization: `Bearer ${u.token}` });
  const wallet = (u: TestUser | null, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/wallet/getDepositWallet',
      headers: u ? auth(u) : {},
      payload,
    });
  const balance = async (u: TestUser, currency: string) =>
    (await t.server.ledger.balances(u.id))[currency]?.real ?? 0n;
  const history = async (u: TestUser) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/wallet/history/deposits',
        headers: auth(u),
        payload: {},
      })
    ).json().deposits as {
      _id: string;
      txid: string;
      status: number;
      confirmations: number;
      sum: string;
      required_confirmations: number;
      currency: string;
      chain: string;
    }[];
  /** Moves a simulated transaction `blocks` deeper into the chain (confirmations + blocks). */
  const bury = (txid: string, blocks: number) =>
    t.server.database.query('update sim_chain_txs set block_number = block_number - $2 where txid = $1', [
      txid,
      blocks,
    ]);
  const depositOf = async (txid: string) =>
    (
      await t.server.database.query<{
        status: number;
        confirmations: number;
        amount: string;
        below_minimum: boolean;
      }>(
        'select status, confirmations, amount::text as amount, below_minimum from deposits where txid = $1',
        [txid],
      )
    )[0];

  beforeAll(async () => {
    t = await startTestServer({ DEPOSIT_CONFIRMATIONS: '{"btc":3,"ltc":2}' });
    service = depositServiceFor({
      config: t.config,
      database: t.server.database,
      ledger: t.server.ledger,
      log: pino({ level: 'silent' }),
    });
    alice = await createUser(t.server.database);
    bob = await createUser(t.server.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the leader job detects a deposit, follows its confirmations and credits it once', async () => {
    const carol = await createUser(t.server.database);
    const sent = await service.simulateDeposit({ user: carol.name, currency: 'ltc', amount: '0.5' });
    expect(sent.requiredConfirmations).toBe(2);
    const seen = new Set<number>();
    const deadline = Date.now() + 20_000;
    let last: Awaited<ReturnType<typeof history>>[number] | undefined;
    while (Date.now() < deadline) {
      last = (await history(carol))[0];
      if (last) seen.add(last.confirmations);
      if (last?.status === 1) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(last?.status).toBe(1);
    expect(last?.sum).toBe('0.5');
    expect(await balance(carol, 'ltc')).toBe(50_000_000n);
    expect([...seen].some((c) => c < 2)).toBe(true); // it was seen confirming before it was paid
    await new Promise((r) => setTimeout(r, 4_500)); // two more job runs
    expect(await balance(carol, 'ltc')).toBe(50_000_000n);
  });

  it('stops the leader job so the following steps run the job by hand', async () => {
    await t.server.jobs.stop();
    expect(t.server.jobs.isLeader()).toBe(false);
  });

  it('gives each player one stable address per chain, distinct between players', async () => {
    const a1 = (await wallet(alice, { currency: 'btc', chain: 'btc' })).json();
    const a2 = (await wallet(alice, { currency: 'btc', chain: 'btc', amount: '0.01' })).json();
    const b1 = (await wallet(bob, { currency: 'btc', chain: 'btc' })).json();
    expect(a1.wallet).toMatch(/^bc1q/);
    expect(a2.wallet).toBe(a1.wallet);
    expect(b1.wallet).not.toBe(a1.wallet);
    expect(a1).toMatchObject({
      currency: 'btc',
      chain: 'btc',
      minimum: '0.0001',
      confirmations: 3,
      uri: `bitcoin:${a1.wallet}`,
    });
    expect(a2.uri).toBe(`bitcoin:${a1.wallet}?amount=0.01`);
    // The same address for every token on an EVM chain, and on every EVM chain.
    const eth = (await wallet(alice, { currency: 'eth', chain: 'eth' })).json();
    const usdt = (await wallet(alice, { currency: 'usdt', chain: 'eth' })).json();
    const bsc = (await wallet(alice, { currency: 'usdt', chain: 'bsc' })).json();
    expect(eth.wallet).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(usdt.wallet).toBe(eth.wallet);
    expect(bsc.wallet).toBe(eth.wallet);
    expect(usdt.uri).toContain('/transfer?address=');
    // Public derivation at the player's index, stored once.
    const rows = await t.server.database.query<{ chain: string; address: string; derivation_index: string }>(
      'select chain, address, derivation_index::text as derivation_index from deposit_addresses where user_id = $1 order by chain',
      [alice.id],
    );
    expect(rows.map((r) => r.chain)).toEqual(['bsc', 'btc', 'eth']);
    for (const r of rows) expect(derive(r.chain, Number(r.derivation_index))).toBe(r.address);
  });

  it('answers the exact deposit address errors', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ currency: 'btc', chain: 'btc', amount: '0' }, DepositMessages.amountZero],
      [{ currency: 'btc', chain: 'btc', amount: '0.000' }, DepositMessages.amountZero],
      [{ currency: 'btc', chain: 'btc', amount: '-1' }, DepositMessages.amountZero],
      [{ currency: 'btc', chain: 'btc', amount: 'abc' }, DepositMessages.amountInvalid],
      [{ currency: 'btc', chain: 'btc', amount: '1e5' }, DepositMessages.amountInvalid],
      [{ currency: 'btc', chain: 'btc', amount: '0.000000001' }, DepositMessages.amountInvalid],
      [{ currency: 'btc', chain: 'btc', amount: '0.00005' }, DepositMessages.belowMinimum],
      [{ currency: 'nope', chain: 'btc' }, DepositMessages.unsupported],
      [{ currency: 'btc', chain: 'eth' }, DepositMessages.unsupported],
      [{ currency: 'sol', chain: 'sol' }, DepositMessages.unsupported],
      [{ currency: 'local_usd', chain: 'btc' }, DepositMessages.unsupported],
    ];
    for (const [payload, message] of cases) {
      const res = await wallet(alice, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json(), JSON.stringify(payload)).toEqual({ code: 'deposit_address', message });
    }
    await t.server.database.query("update currencies set enabled = false where id = 'doge'");
    try {
      const res = await wallet(alice, { currency: 'doge', chain: 'doge' });
      expect(res.json()).toEqual({ code: 'deposit_address', message: DepositMessages.paymentsUnavailable });
    } finally {
      await t.server.database.query("update currencies set enabled = true where id = 'doge'");
    }
    expect((await wallet(null, { currency: 'btc', chain: 'btc' })).statusCode).toBe(401);
  });

  it('a simulated deposit gains confirmations and is credited exactly once', async () => {
    const sent = await service.simulateDeposit({ user: alice.name, currency: 'btc', amount: '0.01' });
    const address = (await wallet(alice, { currency: 'btc', chain: 'btc' })).json().wallet;
    expect(sent.address).toBe(address);
    await service.runOnce();
    let d = await depositOf(sent.txid);
    expect(d?.status).toBe(0);
    expect(d?.confirmations).toBeLessThanOrEqual(1);
    const first = d!.confirmations;
    await bury(sent.txid, 1);
    await service.runOnce();
    d = await depositOf(sent.txid);
    expect(d?.confirmations).toBe(first + 1);
    expect(d?.status).toBe(0);
    expect(await balance(alice, 'btc')).toBe(0n);
    let h = (await history(alice))[0];
    expect(h).toMatchObject({
      txid: sent.txid,
      status: 0,
      sum: '0.01',
      required_confirmations: 3,
      currency: 'btc',
      chain: 'btc',
    });
    await bury(sent.txid, 3);
    await service.runOnce();
    expect((await depositOf(sent.txid))?.status).toBe(1);
    expect(await balance(alice, 'btc')).toBe(1_000_000n);
    h = (await history(alice))[0];
    expect(h).toMatchObject({ txid: sent.txid, status: 1 });
    // Replayed job runs, in parallel too, and replayed notifications never credit twice.
    await Promise.all([service.runOnce(), service.runOnce(), service.runOnce()]);
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/api/walletNotify/btc/${sent.txid}` });
      expect(res.json()).toEqual({ ok: true, found: true });
    }
    await service.runOnce();
    expect(await balance(alice, 'btc')).toBe(1_000_000n);
    const transfers = await t.server.database.query<{ n: number }>(
      'select count(*)::int as n from ledger_transfers where idempotency_key = $1',
      [`deposit:btc:${sent.txid}:0`],
    );
    expect(transfers[0]?.n).toBe(1);
  });

  it('a crash between the credit and the status update: the next run replays and marks it paid', async () => {
    const sent = await service.simulateDeposit({ user: bob.name, currency: 'btc', amount: '0.02' });
    await service.runOnce();
    await bury(sent.txid, 10);
    await service.runOnce();
    expect(await balance(bob, 'btc')).toBe(2_000_000n);
    // As if the process had died right after the ledger transfer committed.
    await t.server.database.query(
      'update deposits set status = 0, credited_transfer_id = null, credited_at = null where txid = $1',
      [sent.txid],
    );
    await service.runOnce();
    expect((await depositOf(sent.txid))?.status).toBe(1);
    expect(await balance(bob, 'btc')).toBe(2_000_000n);
  });

  it('walletNotify records a real transaction but never credits it; an unknown one is not found', async () => {
    const sent = await service.simulateDeposit({ user: bob.name, currency: 'doge', amount: '25' });
    await bury(sent.txid, 50); // far past the required confirmations
    const res = await t.app.inject({ method: 'GET', url: `/api/walletNotify/doge/${sent.txid}` });
    expect(res.json()).toEqual({ ok: true, found: true });
    const d = await depositOf(sent.txid);
    expect(d?.status).toBe(0);
    expect(d?.confirmations).toBeGreaterThanOrEqual(6);
    expect(await balance(bob, 'doge')).toBe(0n); // only the job credits
    await service.runOnce();
    expect(await balance(bob, 'doge')).toBe(2_500_000_000n);

    const before = (
      await t.server.database.query<{ n: number }>('select count(*)::int as n from deposits')
    )[0]?.n;
    for (const txid of [
      randomBytes(32).toString('hex'),
      `0x${randomBytes(32).toString('hex')}`,
      'not-a-txid',
    ]) {
      const r = await t.app.inject({ method: 'GET', url: `/api/walletNotify/btc/${txid}` });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ ok: true, found: false });
    }
    // The wrong currency finds nothing either: the lookup goes through that currency's chains only.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/walletNotify/eth/${sent.txid}` })).json().found,
    ).toBe(false);
    const after = (await t.server.database.query<{ n: number }>('select count(*)::int as n from deposits'))[0]
      ?.n;
    expect(after).toBe(before);
  });

  it('walletNotify is rate limited per IP (30 per minute)', async () => {
    const call = (ip: string) =>
      t.app.inject({ method: 'GET', url: `/api/walletNotify/btc/${'ab'.repeat(32)}`, remoteAddress: ip });
    for (let i = 0; i < 30; i++) expect((await call('10.9.8.7')).statusCode).toBe(200);
    const limited = await call('10.9.8.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect((await call('10.9.8.6')).statusCode).toBe(200);
  });

  it('converts chain units exactly, flooring what the ledger cannot hold (USDT has 6 decimals on chain)', async () => {
    const sent = await service.simulateDeposit({
      user: alice.name,
      currency: 'usdt',
      chain: 'eth',
      amount: '12.34567891',
    });
    expect(sent.amount).toBe('12.345678');
    const chainRow = await t.server.database.query<{ amount: string; chain_decimals: number }>(
      'select amount::text as amount, chain_decimals from sim_chain_txs where txid = $1',
      [sent.txid],
    );
    expect(chainRow[0]).toEqual({ amount: '12345678', chain_decimals: 6 });
    await service.runOnce();
    await bury(sent.txid, 20);
    await service.runOnce();
    expect(await balance(alice, 'usdt')).toBe(1_234_567_800n);
    const eth = await service.simulateDeposit({ user: alice.name, currency: 'eth', amount: '0.12345678' });
    await service.runOnce();
    await bury(eth.txid, 20);
    await service.runOnce();
    expect(await balance(alice, 'eth')).toBe(12_345_678n);
  });

  it('records a deposit below the minimum but never credits it', async () => {
    const sent = await service.simulateDeposit({ user: bob.name, currency: 'btc', amount: '0.00005' });
    await service.runOnce();
    await bury(sent.txid, 20);
    await service.runOnce();
    await service.runOnce();
    const d = await depositOf(sent.txid);
    expect(d).toMatchObject({ status: 0, below_minimum: true, amount: '5000' });
    expect(await balance(bob, 'btc')).toBe(2_000_000n);
  });

  it('keeps the ledger invariants', async () => {
    const check = await checkLedger(t.server.database);
    expect(check.problems).toEqual([]);
  });

  it('has no development deposit route outside development mode', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/dev/simulateDeposit', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});

describe('development deposits (NODE_ENV=development): endpoint and npm run dev:deposit', () => {
  let t: TestServer;
  let dataDir: string;
  let port: number;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nebula-devdep-'));
    t = await startTestServer({
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      DEMO_PASSWORD: 'demo-pass-1',
      HOST: '127.0.0.1',
      PORT: '0',
      DEPOSIT_CONFIRMATIONS: '{"btc":1}',
    });
    port = (await t.server.listen()).port;
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('writes a private token file and refuses calls without the token', async () => {
    const file = path.join(dataDir, DEV_DEPOSIT_TOKEN_FILE);
    const stat = await fs.stat(file);
    expect(stat.mode & 0o777).toBe(0o600);
    const payload = { user: 'player', currency: 'btc', amount: '0.01' };
    const none = await t.app.inject({ method: 'POST', url: '/api/dev/simulateDeposit', payload });
    expect(none.statusCode).toBe(403);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/dev/simulateDeposit',
      payload,
      headers: { 'x-dev-deposit-token': 'x'.repeat(43) },
    });
    expect(wrong.statusCode).toBe(403);
  });

  it('the script broadcasts a simulated deposit that the job then credits', async () => {
    const script = path.join(repoRoot, 'scripts/dev-deposit.mjs');
    const out = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        [
          script,
          '--user',
          'player',
          '--currency',
          'btc',
          '--amount',
          '0.015',
          '--url',
          `http://127.0.0.1:${port}`,
        ],
        {
          env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: '' },
          cwd: repoRoot,
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += String(d)));
      child.stderr.on('data', (d) => (stderr += String(d)));
      child.on('exit', (code) => resolve({ code, stdout, stderr }));
    });
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/0\.015 btc/);
    const player = (
      await t.server.database.query<{ id: string }>("select id::text as id from users where name = 'player'")
    )[0]!;
    const deadline = Date.now() + 15_000;
    let real = 0n;
    while (Date.now() < deadline) {
      real = (await t.server.ledger.balances(player.id)).btc?.real ?? 0n;
      if (real > 0n) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(real).toBe(1_500_000n);
  }, 40_000);
});
