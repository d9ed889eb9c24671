/**
 * Price feeds: where the USD and EUR price of each currency comes from.
 *
 * - `StaticPriceFeed`: no feed configured. A currency's price is the operator's (`prices.overrides`),
 *   else the one it is listed with (the `currencies.price_usd` / `price_eur` columns, from the seed).
 * - `HttpPriceFeed`: a CoinGecko-compatible API (`GET {base}/simple/price?ids=...&vs_currencies=usd,eur`).
 *   A leader-only job calls `refresh()` every PRICE_REFRESH_MS and stores the quotes in `price_quotes`;
 *   readers on every node read that table. A slow, failing or malformed answer never throws out of the
 *   job's process and never overwrites a good quote with a bad one. The operator's price still wins;
 *   a currency without a quote, or whose quote is older than `prices.max_quote_age_seconds`, falls back
 *   to its listed price.
 *
 * Invariants:
 *  - Prices are display quotes and conversion rates held as decimal strings (numeric(30,12)); money
 *    converted with them goes through exact bigint math (`usdToAtomic`), never floats.
 *  - Which price applies is decided by {@link resolvePrice} alone, for the list and for one currency.
 *  - The operator's settings are read through the node's settings cache at every call, after the
 *    quote cache: a change applies on the node that made it at once, on the others within the
 *    settings' staleness bound (decision 0016).
 *
 * `price(currency)` (one currency: what every bet, withdrawal and demo top-up asks) is served from a
 * per-feed memory cache for {@link PRICE_CACHE_MS}: a listed price changed in the table, or a quote
 * another node's refresh job stored, is used by this node at most that much later. `refresh()` on this
 * node clears the cache at once. `prices()` (the currency list) always reads the database.
 */
import { mulRatio, parseAmount, type Amount, type Rounding } from '@nebula/money';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { SettingsStore } from '../../platform/settings/index.js';
import { loadOperatorPrices, type OperatorPrices } from './settings.js';

export interface PriceQuote {
  currency: string;
  /** Decimal strings, e.g. "97000.5". "0" when the currency has no price. */
  usd: string;
  eur: string;
  /** 'operator' (prices.overrides), 'static' (the listed price) or the feed's name. */
  source: string;
  updatedAt: Date | null;
}

export interface RefreshResult {
  ok: boolean;
  updated: string[];
  /** Currencies the feed gave no usable quote for (they keep their previous or static price). */
  skipped: string[];
  error?: string;
}

export interface PriceFeed {
  /** 'static' or 'coingecko'. */
  readonly name: string;
  /** What the admin shows as the price source. */
  readonly description: string;
  /** Current prices of every currency, keyed by currency id. */
  prices(): Promise<Map<string, PriceQuote>>;
  /** The current price of one currency (undefined for an unknown currency). */
  price(currency: string): Promise<PriceQuote | undefined>;
  /** Fetches fresh quotes (the leader job). The static feed has nothing to fetch. */
  refresh(signal?: AbortSignal): Promise<RefreshResult>;
}

/** How long `price(currency)` answers from memory (ms); see the module comment. */
export const PRICE_CACHE_MS = 1_000;

/**
 * One currency's quote, remembered for `ttlMs`. Concurrent misses share one query (the promise is
 * cached), and a failed query is not remembered.
 */
class QuoteCache {
  private readonly entries = new Map<string, { at: number; quote: Promise<StoredPrice | undefined> }>();
  constructor(private readonly ttlMs: number) {}

  get(currency: string, load: () => Promise<StoredPrice | undefined>): Promise<StoredPrice | undefined> {
    const now = Date.now();
    const hit = this.entries.get(currency);
    if (hit && now - hit.at < this.ttlMs) return hit.quote;
    const quote = load();
    this.entries.set(currency, { at: now, quote });
    quote.catch(() => {
      if (this.entries.get(currency)?.quote === quote) this.entries.delete(currency);
    });
    return quote;
  }

  clear(): void {
    this.entries.clear();
  }
}

interface PriceRow {
  id: string;
  price_usd: string;
  price_eur: string;
  q_usd: string | null;
  q_eur: string | null;
  q_source: string | null;
  q_updated_at: Date | string | null;
  q_age_s: number | string | null;
}

/** What the database holds for one currency: its listed price and the feed's latest quote, if any. */
export interface StoredPrice {
  currency: string;
  listed: { usd: string; eur: string };
  quote: { usd: string; eur: string; source: string; updatedAt: Date; ageSeconds: number } | null;
}

async function loadStored(database: Database, currency?: string): Promise<Map<string, StoredPrice>> {
  // Named: one currency's price is read on the bet path (on a cache miss).
  const rows = await database.query<PriceRow>(
    `select c.id, c.price_usd::text as price_usd, c.price_eur::text as price_eur,
            q.price_usd::text as q_usd, q.price_eur::text as q_eur, q.source as q_source, q.updated_at as q_updated_at,
            extract(epoch from (now() - q.updated_at))::float8 as q_age_s
       from currencies c left join price_quotes q on q.currency_id = c.id
      where $1::text is null or c.id = $1::text`,
    [currency ?? null],
    'prices.load',
  );
  const out = new Map<string, StoredPrice>();
  for (const r of rows)
    out.set(r.id, {
      currency: r.id,
      listed: { usd: trimDecimal(r.price_usd), eur: trimDecimal(r.price_eur) },
      quote:
        r.q_usd !== null && r.q_eur !== null && r.q_updated_at !== null
          ? {
              usd: trimDecimal(r.q_usd),
              eur: trimDecimal(r.q_eur),
              source: r.q_source ?? 'feed',
              updatedAt: new Date(r.q_updated_at),
              ageSeconds: Number(r.q_age_s ?? 0),
            }
          : null,
    });
  return out;
}

/**
 * The price in force of one currency: the operator's, else the feed's quote when `useQuotes` and it is
 * young enough, else the listed one. Pure.
 */
export function resolvePrice(stored: StoredPrice, useQuotes: boolean, operator: OperatorPrices): PriceQuote {
  const pinned = operator.overrides[stored.currency];
  if (pinned)
    return {
      currency: stored.currency,
      usd: trimDecimal(pinned.usd),
      eur: trimDecimal(pinned.eur),
      source: 'operator',
      updatedAt: null,
    };
  const q = stored.quote;
  const maxAge = operator.maxQuoteAgeSeconds;
  if (useQuotes && q && (maxAge === 0 || q.ageSeconds <= maxAge))
    return { currency: stored.currency, usd: q.usd, eur: q.eur, source: q.source, updatedAt: q.updatedAt };
  return { currency: stored.currency, ...stored.listed, source: 'static', updatedAt: null };
}

async function loadPrices(
  database: Database,
  settings: Pick<SettingsStore, 'get'>,
  useQuotes: boolean,
): Promise<Map<string, PriceQuote>> {
  const [stored, operator] = await Promise.all([loadStored(database), loadOperatorPrices(settings)]);
  return new Map([...stored].map(([id, s]) => [id, resolvePrice(s, useQuotes, operator)]));
}

/** One currency's price: its stored prices from `cache`, the operator's settings from the settings cache. */
async function loadPrice(
  database: Database,
  settings: Pick<SettingsStore, 'get'>,
  cache: QuoteCache,
  useQuotes: boolean,
  currency: string,
): Promise<PriceQuote | undefined> {
  const [stored, operator] = await Promise.all([
    cache.get(currency, async () => (await loadStored(database, currency)).get(currency)),
    loadOperatorPrices(settings),
  ]);
  return stored && resolvePrice(stored, useQuotes, operator);
}

/** "97000.000000000000" -> "97000", "0.320000000000" -> "0.32". */
export function trimDecimal(text: string): string {
  if (!text.includes('.')) return text;
  const t = text.replace(/0+$/, '').replace(/\.$/, '');
  return t === '' ? '0' : t;
}

export class StaticPriceFeed implements PriceFeed {
  readonly name = 'static';
  readonly description = "static prices (the operator's, else the listed ones)";
  private readonly cache: QuoteCache;
  constructor(
    private readonly database: Database,
    private readonly settings: Pick<SettingsStore, 'get'>,
    cacheMs = PRICE_CACHE_MS,
  ) {
    this.cache = new QuoteCache(cacheMs);
  }
  prices(): Promise<Map<string, PriceQuote>> {
    return loadPrices(this.database, this.settings, false);
  }
  price(currency: string): Promise<PriceQuote | undefined> {
    return loadPrice(this.database, this.settings, this.cache, false, currency);
  }
  refresh(): Promise<RefreshResult> {
    this.cache.clear();
    return Promise.resolve({ ok: true, updated: [], skipped: [] });
  }
}

/** CoinGecko ids of our currencies. A currency without one keeps its static price (e.g. local_usd). */
export const COINGECKO_IDS: Readonly<Record<string, string>> = {
  btc: 'bitcoin',
  eth: 'ethereum',
  ltc: 'litecoin',
  doge: 'dogecoin',
  sol: 'solana',
  trx: 'tron',
  bnb: 'binancecoin',
  usdt: 'tether',
  usdc: 'usd-coin',
};

const MAX_RESPONSE_BYTES = 1024 * 1024;
const responseSchema = z.record(z.string(), z.record(z.string(), z.unknown()));

/**
 * A JSON price (a float, as the API sends it) to a decimal string that fits numeric(30,12), or null
 * when it is not a usable positive price.
 */
export function quoteToDecimal(n: unknown): string | null {
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0 || n >= 1e15) return null;
  const text = trimDecimal(n.toFixed(12));
  return text === '0' ? null : text;
}

export interface HttpPriceFeedOptions {
  database: Database;
  /** The node's settings (the operator's prices and the quotes' age limit). */
  settings: Pick<SettingsStore, 'get'>;
  /** Base URL, e.g. https://api.coingecko.com/api/v3 (query parameters such as an API key are kept). */
  baseUrl: string;
  timeoutMs?: number;
  ids?: Readonly<Record<string, string>>;
  fetch?: typeof fetch;
  /** How long `price(currency)` answers from memory (default {@link PRICE_CACHE_MS}). */
  cacheMs?: number;
}

export class HttpPriceFeed implements PriceFeed {
  readonly name = 'coingecko';
  readonly description: string;
  private readonly database: Database;
  private readonly settings: Pick<SettingsStore, 'get'>;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly ids: Readonly<Record<string, string>>;
  private readonly fetchImpl: typeof fetch;
  private readonly cache: QuoteCache;

  constructor(opts: HttpPriceFeedOptions) {
    this.cache = new QuoteCache(opts.cacheMs ?? PRICE_CACHE_MS);
    this.database = opts.database;
    this.settings = opts.settings;
    this.baseUrl = opts.baseUrl;
    this.timeoutMs = opts.timeoutMs ?? 5_000;
    this.ids = opts.ids ?? COINGECKO_IDS;
    this.fetchImpl = opts.fetch ?? fetch;
    const u = new URL(opts.baseUrl);
    this.description = `CoinGecko-compatible price feed at ${u.origin}${u.pathname} (the operator's prices first; the listed ones where it has no recent quote)`;
  }

  prices(): Promise<Map<string, PriceQuote>> {
    return loadPrices(this.database, this.settings, true);
  }
  price(currency: string): Promise<PriceQuote | undefined> {
    return loadPrice(this.database, this.settings, this.cache, true, currency);
  }

  /** The request URL for these CoinGecko ids. */
  url(ids: string[]): string {
    const u = new URL(this.baseUrl);
    u.pathname = `${u.pathname.replace(/\/$/, '')}/simple/price`;
    u.searchParams.set('ids', ids.join(','));
    u.searchParams.set('vs_currencies', 'usd,eur');
    return u.toString();
  }

  async refresh(signal?: AbortSignal): Promise<RefreshResult> {
    const rows = await this.database.query<{ id: string }>('select id from currencies order by id');
    const mapped = rows.filter((r) => this.ids[r.id] !== undefined).map((r) => r.id);
    if (mapped.length === 0) return { ok: true, updated: [], skipped: [] };
    const ids = [...new Set(mapped.map((c) => this.ids[c] as string))];
    let body: z.infer<typeof responseSchema>;
    try {
      const timeout = AbortSignal.timeout(this.timeoutMs);
      const res = await this.fetchImpl(this.url(ids), {
        headers: { accept: 'application/json' },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const text = await res.text();
      if (text.length > MAX_RESPONSE_BYTES) throw new Error('response too large');
      const parsed = responseSchema.safeParse(JSON.parse(text));
      if (!parsed.success) throw new Error('unexpected response shape');
      body = parsed.data;
    } catch (err) {
      const e = err as Error;
      const reason = e.name === 'TimeoutError' ? `timed out after ${this.timeoutMs} ms` : e.message;
      return { ok: false, updated: [], skipped: mapped, error: `price feed request failed: ${reason}` };
    }
    const updated: string[] = [];
    const skipped: string[] = [];
    for (const currency of mapped) {
      const quote = body[this.ids[currency] as string];
      const usd = quoteToDecimal(quote?.usd);
      const eur = quoteToDecimal(quote?.eur);
      if (!usd || !eur) {
        skipped.push(currency);
        continue;
      }
      await this.database.query(
        `insert into price_quotes (currency_id, price_usd, price_eur, source, updated_at)
         values ($1, $2::numeric, $3::numeric, $4, now())
         on conflict (currency_id) do update
           set price_usd = excluded.price_usd, price_eur = excluded.price_eur,
               source = excluded.source, updated_at = excluded.updated_at`,
        [currency, usd, eur, this.name],
      );
      updated.push(currency);
    }
    if (updated.length) this.cache.clear();
    return { ok: true, updated, skipped };
  }
}

const PRICE_DECIMALS = 12;

/**
 * Converts a USD value (decimal string, e.g. "1000") into atomic units of a currency at `priceUsd`
 * (decimal string): usd / price * 10^decimals, exactly, rounded as asked. Null when there is no price.
 */
export function usdToAtomic(
  usd: string,
  priceUsd: string,
  decimals: number,
  rounding: Rounding,
): Amount | null {
  const price = parseAmount(priceUsd, PRICE_DECIMALS);
  if (price === 0n) return null;
  const value = parseAmount(usd, PRICE_DECIMALS);
  return mulRatio(value, 10n ** BigInt(decimals), price, rounding);
}
