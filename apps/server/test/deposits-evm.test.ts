/**
 * EVM deposits against a real local EVM node (hardhat, started here). Native ETH goes through the
 * server's own leader job; ERC-20 uses a tiny contract written in raw EVM bytecode (no Solidity
 * compiler is available offline) that emits a standard `Transfer(from, to, value)` log for
 * `transfer(to, value)`: exactly what the adapter reads from a real token (it keeps no balances).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeFunctionData,
  http,
  parseEther,
  parseAbi,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainRegistry, TRANSFER_TOPIC } from '../src/modules/chains/index.js';
import { DepositService, depositsEnv } from '../src/modules/deposits/index.js';
import { checkLedger } from '../src/modules/ledger/index.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const HARDHAT_CONFIG = path.join(repoRoot, 'apps/server/test/fixtures/hardhat/hardhat.config.cjs');
// Hardhat's first funded development account (public test key).
const FUNDED_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

/** Runtime: LOG3(Transfer, caller, calldata[4:36]) with data calldata[36:68]; returns true. */
function logTokenInitCode(): Hex {
  const runtime =
    '602435' + // CALLDATALOAD(36): value
    '600052' + // MSTORE(0, value)
    '600435' + // CALLDATALOAD(4): to (topic 2)
    '33' + // CALLER (topic 1)
    `7f${TRANSFER_TOPIC.slice(2)}` + // PUSH32 Transfer topic (topic 0)
    '6020' + // size 32
    '6000' + // offset 0
    'a3' + // LOG3
    '6001600052' + // MSTORE(0, 1)
    '60206000f3'; // RETURN(0, 32)
  const len = runtime.length / 2;
  // PUSH1 len, DUP1, PUSH1 offset, PUSH1 0, CODECOPY, PUSH1 0, RETURN  (11 bytes)
  const init = `60${len.toString(16).padStart(2, '0')}80600b6000396000f3`;
  return `0x${init}${runtime}`;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

let node: ChildProcess | undefined;
let rpcUrl = '';
let unavailable: string | undefined;
let t: TestServer | undefined;

beforeAll(async () => {
  const port = await freePort();
  rpcUrl = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [
      path.join(repoRoot, 'node_modules/hardhat/internal/cli/bootstrap.js'),
      '--config',
      HARDHAT_CONFIG,
      'node',
      '--hostname',
      '127.0.0.1',
      '--port',
      String(port),
    ],
    { cwd: path.dirname(HARDHAT_CONFIG), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  node = child;
  let output = '';
  unavailable = await new Promise<string | undefined>((resolve) => {
    const timer = setTimeout(() => resolve('the hardhat node did not start within 30 s'), 30_000);
    const onData = (d: Buffer) => {
      output += String(d);
      if (output.includes('Started HTTP and WebSocket JSON-RPC server')) {
        clearTimeout(timer);
        resolve(undefined);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(`the hardhat node exited (${code}): ${output.slice(-500)}`);
    });
  });
  if (unavailable) return;
  t = await startTestServer({ EVM_RPC_URL: rpcUrl, DEPOSIT_CONFIRMATIONS: '{"eth":3}' });
}, 90_000);

afterAll(async () => {
  await t?.close();
  if (node && node.exitCode === null) {
    const exited = new Promise((r) => node?.once('exit', r));
    node.kill('SIGTERM');
    await exited;
  }
});

const account = privateKeyToAccount(FUNDED_KEY);
const wallet = () => createWalletClient({ account, chain: hardhat, transport: http(rpcUrl) });
const publicClient = () => createPublicClient({ chain: hardhat, transport: http(rpcUrl) });
const testClient = () => createTestClient({ mode: 'hardhat', chain: hardhat, transport: http(rpcUrl) });

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  let v = await read();
  while (!ok(v) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 200));
    v = await read();
  }
  return v;
}

describe('EVM deposits on a local hardhat node', () => {
  const server = () => {
    if (!t) throw new Error('no server');
    return t;
  };
  const addressOf = async (u: TestUser, currency = 'eth'): Promise<`0x${string}`> => {
    const res = await server().app.inject({
      method: 'POST',
      url: '/api/wallet/getDepositWallet',
      headers: { authorization: `Bearer ${u.token}` },
      payload: { currency, chain: 'eth' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().wallet;
  };
  const balance = async (u: TestUser, currency: string) =>
    (await server().server.ledger.balances(u.id))[currency]?.real ?? 0n;
  const depositOf = async (txid: string) =>
    (
      await server().server.database.query<{
        status: number;
        confirmations: number;
        output_index: number;
        amount: string;
      }>('select status, confirmations, output_index, amount::text as amount from deposits where txid = $1', [
        txid.toLowerCase(),
      ])
    )[0];

  it('native ETH: the leader job records it, waits for 3 confirmations and credits once (floored to 8 decimals)', async (ctx) => {
    if (unavailable) ctx.skip(`EVM node unavailable: ${unavailable}`);
    const u = await createUser(server().server.database);
    const to = await addressOf(u);
    const hash = await wallet().sendTransaction({ to, value: parseEther('0.123456789123456789') });
    await publicClient().waitForTransactionReceipt({ hash });
    const seen = await until(
      () => depositOf(hash),
      (d) => d !== undefined,
    );
    expect(seen).toMatchObject({ status: 0, output_index: -1, amount: '12345678' });
    expect(seen!.confirmations).toBeLessThan(3);
    expect(await balance(u, 'eth')).toBe(0n);
    await testClient().mine({ blocks: 2 });
    const paid = await until(
      () => depositOf(hash),
      (d) => d?.status === 1,
    );
    expect(paid?.status).toBe(1);
    expect(await balance(u, 'eth')).toBe(12_345_678n);
    await testClient().mine({ blocks: 3 });
    await new Promise((r) => setTimeout(r, 4_500)); // two more job runs
    expect(await balance(u, 'eth')).toBe(12_345_678n);
  }, 60_000);

  describe('with the job run by hand', () => {
    let service: DepositService;
    let token: `0x${string}`;

    it('stops the leader job and deploys the log-emitting token', async (ctx) => {
      if (unavailable) ctx.skip(`EVM node unavailable: ${unavailable}`);
      await server().server.jobs.stop();
      const hash = await wallet().sendTransaction({ data: logTokenInitCode() });
      const receipt = await publicClient().waitForTransactionReceipt({ hash });
      token = receipt.contractAddress!;
      expect(token).toMatch(/^0x/);
      service = new DepositService({
        database: server().server.database,
        ledger: server().server.ledger,
        log: pino({ level: 'silent' }),
        registry: new ChainRegistry({
          database: server().server.database,
          config: depositsEnv.of(server().config),
          evm: { eth: { tokens: [{ currency: 'usdt', contract: token, decimals: 6 }] } },
        }),
        confirmations: { eth: 3 },
      });
    });

    it('ERC-20: a Transfer log of a configured contract to our address is credited after 3 confirmations, 6 -> 8 decimals', async (ctx) => {
      if (unavailable) ctx.skip(`EVM node unavailable: ${unavailable}`);
      const u = await createUser(server().server.database);
      const to = await addressOf(u, 'usdt');
      const abi = parseAbi(['function transfer(address to, uint256 value) returns (bool)']);
      const mine = await wallet().sendTransaction({
        to: token,
        data: encodeFunctionData({ abi, functionName: 'transfer', args: [to, 1_234_567n] }),
      });
      const other = await wallet().sendTransaction({
        to: token,
        data: encodeFunctionData({
          abi,
          functionName: 'transfer',
          args: ['0x000000000000000000000000000000000000dEaD', 5_000_000n],
        }),
      });
      await publicClient().waitForTransactionReceipt({ hash: other });
      await service.runOnce();
      expect(await depositOf(mine)).toMatchObject({ status: 0, output_index: 0, amount: '123456700' });
      expect(await depositOf(other)).toBeUndefined();
      expect(await balance(u, 'usdt')).toBe(0n);
      await testClient().mine({ blocks: 2 });
      await service.runOnce();
      await service.runOnce();
      expect((await depositOf(mine))?.status).toBe(1);
      expect(await balance(u, 'usdt')).toBe(123_456_700n);
    }, 60_000);

    it('walletNotify records an EVM transaction through the node but never credits it', async (ctx) => {
      if (unavailable) ctx.skip(`EVM node unavailable: ${unavailable}`);
      const u = await createUser(server().server.database);
      const to = await addressOf(u);
      const hash = await wallet().sendTransaction({ to, value: parseEther('1') });
      await publicClient().waitForTransactionReceipt({ hash });
      await testClient().mine({ blocks: 5 });
      const res = await server().app.inject({ method: 'GET', url: `/api/walletNotify/eth/${hash}` });
      expect(res.json()).toEqual({ ok: true, found: true });
      expect(await depositOf(hash)).toMatchObject({ status: 0 });
      expect(await balance(u, 'eth')).toBe(0n);
      await service.runOnce();
      expect(await balance(u, 'eth')).toBe(100_000_000n);
    }, 60_000);

    it('a re-org that drops the transaction drops its confirmations: nothing is credited', async (ctx) => {
      if (unavailable) ctx.skip(`EVM node unavailable: ${unavailable}`);
      const u = await createUser(server().server.database);
      const to = await addressOf(u);
      const snapshot = await testClient().snapshot();
      const hash = await wallet().sendTransaction({ to, value: parseEther('2') });
      await publicClient().waitForTransactionReceipt({ hash });
      await service.runOnce();
      expect(await depositOf(hash)).toMatchObject({ status: 0 });
      await testClient().revert({ id: snapshot });
      await testClient().mine({ blocks: 5 });
      await service.runOnce();
      expect(await depositOf(hash)).toMatchObject({ status: 0, confirmations: 0 });
      expect(await balance(u, 'eth')).toBe(0n);
      const check = await checkLedger(server().server.database);
      expect(check.problems).toEqual([]);
    }, 60_000);
  });
});
