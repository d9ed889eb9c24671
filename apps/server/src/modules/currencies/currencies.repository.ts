import type { Database } from '../../db/client.js';
import { CURRENCY_SEEDS } from './currencies.seed.js';

export interface CurrencyRow {
  id: string;
  name: string;
  icon: string;
  style: string;
  decimals: number;
  price_usd: string;
  price_eur: string;
  chains: { id: string; name: string }[];
}

export async function listEnabledCurrencies(database: Database): Promise<CurrencyRow[]> {
  return database.query<CurrencyRow>(
    `select c.id, c.name, c.icon, c.style, c.decimals, c.price_usd::text as price_usd, c.price_eur::text as price_eur,
            coalesce(
              (select json_agg(json_build_object('id', ch.chain_id, 'name', ch.name) order by ch.sort_order, ch.chain_id)
                 from currency_chains ch where ch.currency_id = c.id),
              '[]'::json) as chains
       from currencies c
      where c.enabled
      order by c.sort_order, c.id`,
  );
}

/** Idempotent: adds missing currencies and chains, never overwrites what the operator changed. */
export async function seedCurrencies(database: Database): Promise<void> {
  let order = 0;
  for (const c of CURRENCY_SEEDS) {
    order += 10;
    await database.query(
      `insert into currencies (id, name, icon, style, decimals, sort_order, price_usd, price_eur)
       values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (id) do nothing`,
      [c.id, c.name, c.id, c.style, c.decimals, order, c.priceUsd, c.priceEur],
    );
    let chainOrder = 0;
    for (const ch of c.chains) {
      chainOrder += 1;
      await database.query(
        `insert into currency_chains (currency_id, chain_id, name, sort_order) values ($1, $2, $3, $4)
         on conflict (currency_id, chain_id) do nothing`,
        [c.id, ch.id, ch.name, chainOrder],
      );
    }
  }
}

/** The decimals of the enabled currencies among `ids` (an unknown or disabled id is absent). */
export async function enabledDecimals(
  q: Pick<Database, 'query'>,
  ids: readonly string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await q.query<{ id: string; decimals: number }>(
    'select id, decimals from currencies where id = any($1::text[]) and enabled',
    [[...new Set(ids)]],
  );
  return new Map(rows.map((r) => [r.id, r.decimals]));
}

/** The decimals of each known currency of `ids`, enabled or not (amounts already held in it). */
export async function currencyDecimals(
  q: Pick<Database, 'query'>,
  ids: readonly string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await q.query<{ id: string; decimals: number }>(
    'select id, decimals from currencies where id = any($1::text[])',
    [[...new Set(ids)]],
  );
  return new Map(rows.map((r) => [r.id, r.decimals]));
}
