/**
 * The back office's payments (issue G8 item 3; decision 0043): deposits searched by player, transaction
 * hash and address, filtered by currency, chain and state, paged without a gap or a repeat; held deposits
 * (read-only); deposit addresses; chains with their confirmations and the currencies' minimums. Bad input
 * is a 4xx, and only staff holding `wallet` (or `*`) read any of it.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from './helpers/factories.js';
import { fund } from './helpers/players.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let t: TestServer;
let admin: TestUser;
let walletStaff: TestUser;

beforeAll(async () => {
  t = await startTestServer({ DEPOSIT_CONFIRMATIONS: '{"btc":3}' });
  admin = await createUser(t.server.database, { roles: ['*'] });
  await t.server.database.query(
    `insert into roles (id, name, permissions) values ('payments_test', 'Payments', $1::jsonb)`,
    [JSON.stringify([{ id: 'wallet', permissions: { active: true } }])],
  );
  walletStaff = await createUser(t.server.database, { roles: ['payments_test'] });
});
afterAll(async () => {
  await t?.close();
});

function post(url: string, payload: unknown, token?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

async function ok<T>(url: string, body: Record<string, unknown>, token = admin.token): Promise<T> {
  const res = await post(url, body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

interface Deposit {
  _id: string;
  player: { _id: string; name: string };
  currency: string;
  chain: string;
  address: string;
  txid: string;
  amount: string;
  confirmations: number;
  requiredConfirmations: number;
  status: string;
  credited_at: string | null;
}
type DepositPage = { deposits: Deposit[]; next: string | null };

const hex = (bytes = 32) => randomBytes(bytes).toString('hex');

/** Records a deposit row as the deposit job would (a credited one with its ledger credit). */
async function deposit(
  userId: string,
  d: {
    currency?: string;
    chain?: string;
    address?: string;
    amount?: bigint;
    confirmations?: number;
    required?: number;
    status?: 0 | 1;
    belowMinimum?: boolean;
  } = {},
): Promise<{ id: string; txid: string; address: string }> {
  const txid = hex();
  const address = d.address ?? `bc1q${hex(10)}`;
  const amount = d.amount ?? 150_000_000n;
  // A credited deposit has its ledger transfer (the table's check).
  const transfer =
    d.status === 1
      ? await fund(t.server, userId, amount, { currency: d.currency ?? 'btc', kind: 'deposit' })
      : null;
  const rows = await t.server.database.query<{ id: string }>(
    `insert into deposits (user_id, currency, chain, address, txid, output_index, amount, chain_amount,
       chain_decimals, confirmations, required_confirmations, below_minimum, status, credited_at,
       credited_transfer_id)
     values ($1, $2, $3, $4, $5, 0, $6::numeric, $6::numeric, 8, $7::int, $8::int, $9::boolean, $10::int,
             case when $10::int = 1 then now() else null end, $11::bigint)
     returning id::text as id`,
    [
      userId,
      d.currency ?? 'btc',
      d.chain ?? 'btc',
      address,
      txid,
      amount.toString(),
      d.confirmations ?? 0,
      d.required ?? 2,
      d.belowMinimum ?? false,
      d.status ?? 0,
      transfer,
    ],
  );
  return { id: rows[0]!.id, txid, address };
}

describe('POST /api/admin/deposits', () => {
  it('lists deposits newest first with the player, amount, confirmations and state', async () => {
    const p = await createUser(t.server.database, { name: `dep${hex(4)}` });
    const first = await deposit(p.id, { confirmations: 2, required: 2, status: 1 });
    // On a chain without deposits here (sol): the deposit job, which re-reads pending deposits from
    // their chain, leaves its confirmations as recorded.
    const second = await deposit(p.id, {
      currency: 'usdt',
      chain: 'sol',
      address: `So1${hex(16)}`,
      amount: 2_500_000_000n,
      confirmations: 5,
      required: 19,
    });
    const page = await ok<DepositPage>('/api/admin/deposits', { search: p.name });
    expect(page.deposits.map((d) => d._id)).toEqual([second.id, first.id]);
    expect(page.next).toBeNull();
    expect(page.deposits[0]).toMatchObject({
      player: { _id: p.id, name: p.name },
      currency: 'usdt',
      chain: 'sol',
      address: second.address,
      txid: second.txid,
      amount: '25',
      confirmations: 5,
      requiredConfirmations: 19,
      status: 'pending',
      credited_at: null,
    });
    expect(page.deposits[1]).toMatchObject({ amount: '1.5', status: 'credited', confirmations: 2 });
    expect(page.deposits[1]?.credited_at).not.toBeNull();
  });

  it('finds a deposit by part of the name, the player id, the hash and the address (any case)', async () => {
    const p = await createUser(t.server.database, { name: `Finder${hex(4)}` });
    const other = await createUser(t.server.database);
    const mine = await deposit(p.id);
    await deposit(other.id);
    const ids = async (search: string) =>
      (await ok<DepositPage>('/api/admin/deposits', { search })).deposits.map((d) => d._id);
    expect(await ids(p.name.slice(2).toUpperCase())).toEqual([mine.id]);
    expect(await ids(p.id.toUpperCase())).toEqual([mine.id]);
    expect(await ids(mine.txid.toUpperCase())).toEqual([mine.id]);
    expect(await ids(mine.address.toUpperCase())).toEqual([mine.id]);
    // Only whole hashes and addresses match: a part of one finds nothing.
    expect(await ids(mine.txid.slice(0, 20))).toEqual([]);
    // LIKE's wildcards mean nothing.
    expect(await ids('%')).toEqual([]);
  });

  it('filters by currency, chain and state', async () => {
    const p = await createUser(t.server.database, { name: `filt${hex(4)}` });
    const pending = await deposit(p.id, { currency: 'eth', chain: 'eth', address: `0x${hex(20)}` });
    const credited = await deposit(p.id, { status: 1, confirmations: 2 });
    const small = await deposit(p.id, { belowMinimum: true, amount: 10n });
    const usdtBsc = await deposit(p.id, { currency: 'usdt', chain: 'bsc', address: `0x${hex(20)}` });
    const ids = async (filter: Record<string, string>) =>
      (await ok<DepositPage>('/api/admin/deposits', { search: p.name, ...filter })).deposits.map(
        (d) => d._id,
      );
    expect(await ids({ status: 'credited' })).toEqual([credited.id]);
    expect(await ids({ status: 'below_minimum' })).toEqual([small.id]);
    expect(await ids({ status: 'pending' })).toEqual([usdtBsc.id, pending.id]);
    expect(await ids({ currency: 'btc' })).toEqual([small.id, credited.id]);
    expect(await ids({ chain: 'bsc' })).toEqual([usdtBsc.id]);
    expect(await ids({ currency: 'usdt', chain: 'eth' })).toEqual([]);
  });

  it('pages newest first without a gap or a repeat', async () => {
    const p = await createUser(t.server.database, { name: `page${hex(4)}` });
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await deposit(p.id)).id);
    const seen: string[] = [];
    let page = await ok<DepositPage>('/api/admin/deposits', { search: p.name, limit: 2 });
    let pages = 1;
    for (;;) {
      expect(page.deposits.length).toBeLessThanOrEqual(2);
      seen.push(...page.deposits.map((d) => d._id));
      if (!page.next) break;
      page = await ok<DepositPage>('/api/admin/deposits', { search: p.name, limit: 2, before: page.next });
      pages++;
    }
    expect(seen).toEqual([...made].reverse());
    expect(pages).toBe(3);
  });

  it('refuses bad input with a 4xx and its code', async () => {
    for (const body of [
      { limit: 0 },
      { limit: 51 },
      { limit: 1.5 },
      { before: 'abc' },
      { before: '-1' },
      { status: 'paid' },
      { currency: 'BTC!' },
      { chain: 'x'.repeat(40) },
      { search: 'x'.repeat(121) },
      { search: 42 },
      { unknown: true },
    ]) {
      const res = await post('/api/admin/deposits', body, admin.token);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });
});

describe('permissions', () => {
  const paths = [
    '/api/admin/deposits',
    '/api/admin/deposits/held',
    '/api/admin/deposits/addresses',
    '/api/admin/chains',
  ];

  it('lets staff holding `wallet` or `*` read, and refuses everyone else', async () => {
    const player = await createUser(t.server.database);
    const finance = await createUser(t.server.database, { roles: ['finance'] });
    const moderator = await createUser(t.server.database, { roles: ['chat_moderator'] });
    for (const path of paths) {
      expect((await post(path, {})).statusCode, path).toBe(401);
      for (const who of [player, finance, moderator]) {
        const res = await post(path, {}, who.token);
        expect(res.statusCode, path).toBe(403);
        expect(res.json()).toMatchObject({ message: expect.any(String) });
      }
      expect((await post(path, {}, walletStaff.token)).statusCode, path).toBe(200);
      expect((await post(path, {}, admin.token)).statusCode, path).toBe(200);
    }
  });
});

describe('POST /api/admin/deposits/held', () => {
  it('lists held deposits next release first with the held balance, read-only, paged', async () => {
    const mark = `held${hex(4)}`;
    const a = await createUser(t.server.database, { name: `${mark}_a` });
    const b = await createUser(t.server.database, { name: `${mark}_b` });
    const hold = async (userId: string, currency: string, amount: bigint, hours: number) => {
      await t.server.ledger.transfer({
        key: `test-held:${userId}:${currency}`,
        kind: 'deposit_held',
        currency,
        amount,
        from: { system: 'chain' },
        to: { user: userId, kind: 'held' },
      });
      await t.server.database.query(
        `insert into protection_holds (user_id, currency, release_at)
         values ($1, $2, now() + make_interval(hours => $3::int))`,
        [userId, currency, hours],
      );
    };
    await hold(a.id, 'usdt', 1_250_000_000n, 5);
    await hold(b.id, 'btc', 3_000_000n, 2);
    await hold(a.id, 'eth', 100_000_000n, 30);

    type Held = {
      held: { player: { _id: string; name: string }; currency: string; amount: string; releasesAt: string }[];
      next: string | null;
      staffRelease: boolean;
    };
    const all = await ok<Held>('/api/admin/deposits/held', { search: mark });
    expect(all.staffRelease).toBe(false);
    expect(all.held.map((h) => [h.player.name, h.currency, h.amount])).toEqual([
      [`${mark}_b`, 'btc', '0.03'],
      [`${mark}_a`, 'usdt', '12.5'],
      [`${mark}_a`, 'eth', '1'],
    ]);
    expect(Date.parse(all.held[0]!.releasesAt)).toBeGreaterThan(Date.now());
    expect((await ok<Held>('/api/admin/deposits/held', { search: a.id, currency: 'eth' })).held).toHaveLength(
      1,
    );

    const seen: string[] = [];
    let page = await ok<Held>('/api/admin/deposits/held', { search: mark, limit: 2 });
    for (;;) {
      seen.push(...page.held.map((h) => h.currency));
      if (!page.next) break;
      page = await ok<Held>('/api/admin/deposits/held', { search: mark, limit: 2, after: page.next });
    }
    expect(seen).toEqual(['btc', 'usdt', 'eth']);
    const bad = await post('/api/admin/deposits/held', { after: 'not-a-cursor' }, admin.token);
    expect(bad.statusCode).toBe(422);
  });
});

describe('POST /api/admin/deposits/addresses', () => {
  it('finds addresses by part of the address or the player, filters by chain, pages', async () => {
    const p = await createUser(t.server.database, { name: `addr${hex(4)}` });
    await t.server.database.query('insert into deposit_derivation_indexes (user_id) values ($1)', [p.id]);
    const mine = `bc1q${hex(12)}`;
    const index = Math.floor(Math.random() * 1e9);
    for (const [chain, address] of [
      ['btc', mine],
      ['eth', `0x${hex(20)}`],
      ['ltc', `ltc1q${hex(12)}`],
    ] as const) {
      await t.server.database.query(
        'insert into deposit_addresses (user_id, chain, address, derivation_index) values ($1, $2, $3, $4)',
        [p.id, chain, address, index],
      );
    }
    type Page = {
      addresses: { player: { _id: string }; chain: string; address: string; derivationIndex: string }[];
      next: string | null;
    };
    const byAddress = await ok<Page>('/api/admin/deposits/addresses', {
      search: mine.slice(4, 20).toUpperCase(),
    });
    expect(byAddress.addresses).toEqual([
      expect.objectContaining({
        player: expect.objectContaining({ _id: p.id }),
        chain: 'btc',
        address: mine,
      }),
    ]);
    expect(byAddress.addresses[0]?.derivationIndex).toBe(String(index));
    expect(
      (await ok<Page>('/api/admin/deposits/addresses', { search: p.name })).addresses.map((a) => a.chain),
    ).toEqual(['ltc', 'eth', 'btc']);
    expect(
      (await ok<Page>('/api/admin/deposits/addresses', { search: p.id, chain: 'eth' })).addresses,
    ).toHaveLength(1);
    const first = await ok<Page>('/api/admin/deposits/addresses', { search: p.name, limit: 2 });
    expect(first.next).not.toBeNull();
    const second = await ok<Page>('/api/admin/deposits/addresses', {
      search: p.name,
      limit: 2,
      before: first.next,
    });
    expect([...first.addresses, ...second.addresses].map((a) => a.chain)).toEqual(['ltc', 'eth', 'btc']);
    expect(second.next).toBeNull();
  });
});

describe('POST /api/admin/chains', () => {
  it('shows each chain with its source and confirmations, and each currency with its minimum', async () => {
    const p = await createUser(t.server.database);
    await deposit(p.id, { currency: 'ltc', chain: 'ltc', address: `ltc1q${hex(12)}` });
    const answer = await ok<{
      chains: {
        id: string;
        deposits: boolean;
        source: string | null;
        requiredConfirmations: number;
        confirmationsFrom: string;
        height: string | null;
        pending: number;
      }[];
      currencies: { id: string; enabled: boolean; minimumDeposit: string; chains: { id: string }[] }[];
    }>('/api/admin/chains', {});
    const chain = (id: string) => answer.chains.find((c) => c.id === id);
    expect(chain('btc')).toMatchObject({
      deposits: true,
      source: 'simulated',
      requiredConfirmations: 3,
      confirmationsFrom: 'env',
    });
    expect(chain('eth')).toMatchObject({
      deposits: true,
      requiredConfirmations: 12,
      confirmationsFrom: 'default',
    });
    expect(chain('eth')?.height).toMatch(/^\d+$/);
    // Solana addresses cannot be derived from an extended public key: no deposits.
    expect(chain('sol')).toMatchObject({ deposits: false, source: null, height: null });
    expect(chain('ltc')?.pending).toBeGreaterThanOrEqual(1);
    const currency = (id: string) => answer.currencies.find((c) => c.id === id);
    expect(currency('btc')).toMatchObject({
      enabled: true,
      minimumDeposit: '0.0001',
      icon: 'btc',
      style: '#f7931a',
    });
    expect(currency('usdt')?.chains.map((c) => c.id)).toEqual(['eth', 'trx', 'bsc', 'sol']);
    expect((await post('/api/admin/chains', { extra: 1 }, admin.token)).statusCode).toBe(422);
  });
});

describe('POST /api/admin/currencies/update', () => {
  const dice = (token: string) =>
    post(
      '/api/whisper',
      {
        event: 'Play',
        data: {
          api_id: 'dice',
          bet: '1',
          demo: false,
          currency: 'doge',
          data: { target: 5000, condition: 'over' },
        },
      },
      token,
    );
  const playerCurrencies = async () =>
    Object.keys((await post('/api/data/currencies', {})).json() as Record<string, unknown>);
  const chainsCurrency = async (id: string) =>
    (await ok<{ currencies: { id: string; enabled: boolean }[] }>('/api/admin/chains', {})).currencies.find(
      (c) => c.id === id,
    );

  it('switches a currency off and on, audited; the player list and bets follow', async () => {
    const u = await createUser(t.server.database);
    await fund(t.server, u.id, 100n * 100_000_000n, { currency: 'doge' });
    expect(await playerCurrencies()).toContain('doge');

    const off = await ok<{ currency: { id: string; enabled: boolean } }>(
      '/api/admin/currencies/update',
      { currency: 'doge', enabled: false },
      walletStaff.token,
    );
    expect(off).toEqual({ currency: { id: 'doge', enabled: false } });
    const [audit] = await t.server.database.query<{ actor_id: string; before: unknown; after: unknown }>(
      `select actor_id::text, before, after from staff_audit_log
        where action = 'currencies.update' and target_id = 'doge' order by id desc limit 1`,
    );
    expect(audit).toEqual({ actor_id: walletStaff.id, before: { enabled: true }, after: { enabled: false } });
    expect(await playerCurrencies()).not.toContain('doge');
    expect((await chainsCurrency('doge'))?.enabled).toBe(false);
    const refused = await dice(u.token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'unknown_currency' });

    await ok('/api/admin/currencies/update', { currency: 'doge', enabled: true });
    expect(await playerCurrencies()).toContain('doge');
    expect((await chainsCurrency('doge'))?.enabled).toBe(true);
    expect((await dice(u.token)).statusCode).toBe(200);
  });

  it('refuses an unknown currency, bad input and staff without wallet', async () => {
    const unknown = await post(
      '/api/admin/currencies/update',
      { currency: 'xyz', enabled: false },
      admin.token,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'unknown_currency' });
    expect((await post('/api/admin/currencies/update', { currency: 'btc' }, admin.token)).statusCode).toBe(
      422,
    );
    const finance = await createUser(t.server.database, { roles: ['finance'] });
    expect(
      (await post('/api/admin/currencies/update', { currency: 'btc', enabled: false }, finance.token))
        .statusCode,
    ).toBe(403);
    const player = await createUser(t.server.database);
    expect(
      (await post('/api/admin/currencies/update', { currency: 'btc', enabled: false }, player.token))
        .statusCode,
    ).toBe(403);
    expect((await chainsCurrency('btc'))?.enabled).toBe(true);
  });
});
