// Deposits on the simulated chain through the server, and the development deposit endpoint.
// Addresses, configuration and parsing (no server) are in deposits-addresses.test.ts.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DepositMessages } from '@nebula/contracts';
import {
  depositService,
  DEV_DEPOSIT_TOKEN_FILE,
  type DepositService,
} from '../src/modules/deposits/index.js';
import { checkLedger } from '../src/modules/ledger/index.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { derive } from './helpers/dev-chains.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

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
    // The server's own deposit service (the one its leader job runs).
    service = depositService.of(t.server);
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
