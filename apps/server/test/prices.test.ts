import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  HttpPriceFeed,
  PRICE_REFRESH_JOB,
  StaticPriceFeed,
  priceFeedService,
  quoteToDecimal,
  resolvePrice,
  usdToAtomic,
} from '../src/modules/prices/index.js';
import { putSetting, startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * Price feed: the listed (static) prices, and a CoinGecko-compatible HTTP API (a fake one started here)
 * refreshed by a leader job into price_quotes; bad answers never replace good quotes. The operator's
 * price settings (`prices.overrides`, `prices.max_quote_age_seconds`) decide over both.
 */
type Mode = 'ok' | 'error' | 'garbage' | 'shape' | 'partial' | 'slow';
let mode: Mode = 'ok';
let btcUsd = 100_000.5;
const requests: URL[] = [];
const fake = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  requests.push(url);
  const send = (status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body);
  };
  if (url.pathname !== '/api/v3/simple/price') return send(404, '{"error":"not found"}');
  switch (mode) {
    case 'error':
      return send(500, '{"error":"boom"}');
    case 'garbage':
      return send(200, '<html>rate limited</html>');
    case 'shape':
      return send(200, '[1,2,3]');
    case 'slow':
      setTimeout(() => send(200, '{}'), 1_500);
      return;
    case 'partial':
      return send(
        200,
        JSON.stringify({
          bitcoin: { usd: 123, eur: 'lots' },
          ethereum: { usd: -1, eur: 2 },
          tether: { usd: 1.001, eur: 0.95 },
        }),
      );
    case 'ok':
      return send(
        200,
        JSON.stringify({
          bitcoin: { usd: btcUsd, eur: 92_000.25 },
          ethereum: { usd: 3_500, eur: 3_200 },
          litecoin: { usd: 80, eur: 74 },
          dogecoin: { usd: 0.00012345, eur: 0.0001 },
          solana: { usd: 150, eur: 140 },
          tron: { usd: 0.25, eur: 0.23 },
          binancecoin: { usd: 600, eur: 550 },
          tether: { usd: 1, eur: 0.93 },
          'usd-coin': { usd: 0.9999, eur: 0.93 },
        }),
      );
  }
});

let t: TestServer;
let base: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/api/v3`;
  t = await startTestServer({
    PRICE_FEED_URL: `${base}?x_cg_demo_api_key=test-key`,
    PRICE_REFRESH_MS: '1000',
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => fake.close(() => resolve()));
});
beforeEach(() => {
  mode = 'ok';
  requests.length = 0;
});

const currencies = async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/data/currencies', payload: {} });
  expect(res.statusCode).toBe(200);
  return res.json() as Record<string, { price: number; priceEur: number }>;
};
const feed = () => priceFeedService.of(t.server);

describe('price feed', () => {
  it('serves the configured static prices until the feed has quoted', async () => {
    expect(feed().name).toBe('coingecko');
    const list = await currencies();
    expect(list.btc).toMatchObject({ price: 97_000, priceEur: 89_500 });
    const stat = new StaticPriceFeed(t.server.database, t.server.settings);
    expect(stat.description).toMatch(/^static prices/);
    expect((await stat.price('btc'))?.source).toBe('static');
  });

  it('refreshes from the CoinGecko-compatible API and the currency list shows it', async () => {
    const result = await feed().refresh();
    expect(result.ok).toBe(true);
    expect(result.updated).toContain('btc');
    expect(result.skipped).toEqual([]);
    const url = requests[0] as URL;
    expect(url.pathname).toBe('/api/v3/simple/price');
    expect(url.searchParams.get('vs_currencies')).toBe('usd,eur');
    expect(url.searchParams.get('x_cg_demo_api_key')).toBe('test-key');
    expect(url.searchParams.get('ids')?.split(',').sort()).toEqual(
      [
        'binancecoin',
        'bitcoin',
        'dogecoin',
        'ethereum',
        'litecoin',
        'solana',
        'tether',
        'tron',
        'usd-coin',
      ].sort(),
    );
    const list = await currencies();
    expect(list.btc).toMatchObject({ price: 100_000.5, priceEur: 92_000.25 });
    expect(list.doge?.price).toBe(0.00012345);
    // No CoinGecko id: keeps its static price.
    expect(list.local_usd).toMatchObject({ price: 1 });
    const q = await feed().price('btc');
    expect(q).toMatchObject({ usd: '100000.5', eur: '92000.25', source: 'coingecko' });
    expect(q?.updatedAt).toBeInstanceOf(Date);
    // The configured static prices are untouched.
    expect(await new StaticPriceFeed(t.server.database, t.server.settings).price('btc')).toMatchObject({
      usd: '97000',
    });
  });

  it.each(['error', 'garbage', 'shape'] as const)(
    'a %s answer changes nothing and does not throw',
    async (m) => {
      await feed().refresh();
      mode = m;
      const result = await feed().refresh();
      expect(result.ok).toBe(false);
      expect(result.error).toMatch(/price feed request failed/);
      expect((await currencies()).btc?.price).toBe(100_000.5);
    },
  );

  it('skips currencies with unusable quotes and keeps their previous price', async () => {
    await feed().refresh();
    mode = 'partial';
    const result = await feed().refresh();
    expect(result.ok).toBe(true);
    expect(result.updated).toEqual(['usdt']);
    expect(result.skipped).toEqual(expect.arrayContaining(['btc', 'eth', 'sol']));
    const list = await currencies();
    expect(list.btc?.price).toBe(100_000.5);
    // The leader's refresh job (every second here) may land a refresh it began before the switch; the
    // next one agrees again.
    await expect
      .poll(async () => (await currencies()).usdt, { timeout: 5_000 })
      .toMatchObject({ price: 1.001, priceEur: 0.95 });
  });

  it('times out a slow feed', async () => {
    mode = 'slow';
    const slow = new HttpPriceFeed({
      database: t.server.database,
      settings: t.server.settings,
      baseUrl: base,
      timeoutMs: 200,
    });
    const started = Date.now();
    const result = await slow.refresh();
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/timed out after 200 ms/);
    expect(Date.now() - started).toBeLessThan(1_400);
  });

  it('a leader job refreshes every PRICE_REFRESH_MS', async () => {
    btcUsd = 101_234;
    // The server registers the refresh job at start (core jobs) because PRICE_FEED_URL is set.
    const deadline = Date.now() + 15_000;
    while ((await currencies()).btc?.price !== 101_234) {
      if (Date.now() > deadline) throw new Error('the price job did not run');
      await new Promise((r) => setTimeout(r, 100));
    }
    const runs = await t.server.database.query<{ name: string }>(
      'select name from job_runs where name = $1',
      [PRICE_REFRESH_JOB],
    );
    expect(runs).toHaveLength(1);
  });
});

describe("the operator's price settings", () => {
  const overrides = { btc: { usd: '50000', eur: '46000.5' } };

  it('an operator price wins over the feed in the currency list, one-currency reads and USD conversion', async () => {
    await feed().refresh();
    expect((await currencies()).btc?.price).not.toBe(50_000);
    await putSetting(t, 'prices.overrides', overrides);
    try {
      expect((await currencies()).btc).toMatchObject({ price: 50_000, priceEur: 46_000.5 });
      // The other currencies keep the feed's quotes.
      expect((await currencies()).eth?.price).toBe(3_500);
      const q = await feed().price('btc');
      expect(q).toMatchObject({ usd: '50000', eur: '46000.5', source: 'operator' });
      // 1000 USD is 0.02 BTC at the operator's price (what withdrawal limits and demo top-ups convert).
      expect(usdToAtomic('1000', q!.usd, 8, 'floor')).toBe(2_000_000n);
      // Without a feed too.
      const stat = new StaticPriceFeed(t.server.database, t.server.settings);
      expect(await stat.price('btc')).toMatchObject({ usd: '50000', source: 'operator' });
    } finally {
      await putSetting(t, 'prices.overrides', {});
    }
    expect((await feed().price('btc'))?.source).toBe('coingecko');
  });

  it('a quote older than prices.max_quote_age_seconds is not used: the listed price applies', async () => {
    await feed().refresh();
    // From now on the feed has no usable ETH quote, so the leader's refresh job leaves its row alone.
    mode = 'partial';
    await feed().refresh();
    await t.server.database.query(
      "update price_quotes set updated_at = now() - interval '2 hours' where currency_id = 'eth'",
    );
    try {
      await putSetting(t, 'prices.max_quote_age_seconds', 3_600);
      const list = await feed().prices();
      expect(list.get('eth')).toMatchObject({ usd: '3400', source: 'static', updatedAt: null });
      expect(list.get('btc')?.source).toBe('coingecko');
      await putSetting(t, 'prices.max_quote_age_seconds', 0);
      expect((await feed().prices()).get('eth')).toMatchObject({ usd: '3500', source: 'coingecko' });
    } finally {
      await putSetting(t, 'prices.max_quote_age_seconds', 0);
      mode = 'ok';
      await feed().refresh();
    }
  });

  it('refuses a negative, zero or malformed price and a negative age (422 invalid_setting), writing nothing', async () => {
    for (const [key, value] of [
      ['prices.overrides', { btc: { usd: '-1', eur: '1' } }],
      ['prices.overrides', { btc: { usd: '0', eur: '1' } }],
      ['prices.overrides', { btc: { usd: '0.000', eur: '1' } }],
      ['prices.overrides', { btc: { usd: 97000, eur: '1' } }],
      ['prices.overrides', { btc: { usd: '1e5', eur: '1' } }],
      ['prices.overrides', { btc: { usd: '1' } }],
      ['prices.overrides', { 'B TC': { usd: '1', eur: '1' } }],
      ['prices.max_quote_age_seconds', -1],
      ['prices.max_quote_age_seconds', 1.5],
    ] as const)
      await expect(putSetting(t, key, value), JSON.stringify(value)).rejects.toMatchObject({
        status: 422,
        code: 'invalid_setting',
      });
    const stored = await t.server.database.query(
      "select key from settings where key like 'prices.%' and value::text like '%-1%'",
    );
    expect(stored).toEqual([]);
  });

  it('resolves operator price, then a recent enough quote, then the listed price', () => {
    const stored = {
      currency: 'btc',
      listed: { usd: '97000', eur: '89500' },
      quote: { usd: '100000', eur: '92000', source: 'coingecko', updatedAt: new Date(0), ageSeconds: 120 },
    };
    const none = { overrides: {}, maxQuoteAgeSeconds: 0 };
    expect(resolvePrice(stored, true, none)).toMatchObject({ usd: '100000', source: 'coingecko' });
    expect(resolvePrice(stored, false, none)).toMatchObject({ usd: '97000', source: 'static' });
    expect(resolvePrice(stored, true, { overrides: {}, maxQuoteAgeSeconds: 120 }).source).toBe('coingecko');
    expect(resolvePrice(stored, true, { overrides: {}, maxQuoteAgeSeconds: 119 }).source).toBe('static');
    const pinned = { overrides: { btc: { usd: '1.500', eur: '1.4' } }, maxQuoteAgeSeconds: 0 };
    expect(resolvePrice(stored, true, pinned)).toMatchObject({ usd: '1.5', eur: '1.4', source: 'operator' });
    expect(resolvePrice({ ...stored, quote: null }, true, none).source).toBe('static');
  });
});

describe('price conversion', () => {
  it('converts USD to atomic units exactly', () => {
    expect(usdToAtomic('1000', '97000', 8, 'floor')).toBe(1_030_927n);
    expect(usdToAtomic('10', '97000', 8, 'ceil')).toBe(10_310n);
    expect(usdToAtomic('1000', '1', 2, 'floor')).toBe(100_000n);
    expect(usdToAtomic('1000', '0.000000000001', 8, 'floor')).toBe(10n ** 23n);
    expect(usdToAtomic('1000', '0', 8, 'floor')).toBeNull();
  });

  it('accepts only usable JSON prices', () => {
    expect(quoteToDecimal(97000.5)).toBe('97000.5');
    expect(quoteToDecimal(1e-7)).toBe('0.0000001');
    expect(quoteToDecimal(1e-13)).toBeNull();
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, '1', null, undefined, 1e16])
      expect(quoteToDecimal(bad)).toBeNull();
  });
});
