/**
 * The back office's payments reads of this module (issue G8 item 3; decision 0043): deposits and deposit
 * addresses, searched and paged newest first by id, and the chains with their confirmations and the
 * currencies with their minimum deposits. Reads only: the confirmations come from DEPOSIT_CONFIRMATIONS
 * (or the chain's default) and the minimums from DEPOSIT_MINIMUMS, neither an operator setting.
 */
import type {
  AdminChains,
  AdminDeposit,
  AdminDepositAddress,
  AdminDepositsQuery,
  DepositState,
} from '@nebula/contracts';
import { toDecimalString } from '@nebula/money';
import type { Database } from '../../db/client.js';
import { CHAIN_SPECS } from '../chains/index.js';
import { currencyDecimals } from '../currencies/index.js';
import { PLAYERS } from '../users/index.js';
import type { DepositService } from './deposits.service.js';

type Querier = Pick<Database, 'query'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (at: Date | string): string => new Date(at).toISOString();

/** The player id a search text names exactly, else null (the text is then matched as a name part, a hash or an address). */
const idOf = (text: string | undefined): string | null =>
  text && UUID.test(text) ? text.toLowerCase() : null;

function stateOf(status: number, belowMinimum: boolean): DepositState {
  if (status === 1) return 'credited';
  return belowMinimum ? 'below_minimum' : 'pending';
}

interface DepositListRow {
  id: string;
  user_id: string;
  name: string;
  currency: string;
  chain: string;
  address: string;
  txid: string;
  amount: string;
  confirmations: number;
  required_confirmations: number;
  below_minimum: boolean;
  status: number;
  created_at: Date;
  credited_at: Date | null;
}

/** POST /api/admin/deposits: newest first; `next` is the last id when there is an older page. */
export async function listDeposits(
  q: Querier,
  query: AdminDepositsQuery,
): Promise<{ deposits: AdminDeposit[]; next: string | null }> {
  const text = query.search?.trim() || null;
  const rows = await q.query<DepositListRow>(
    `select d.id::text as id, d.user_id::text as user_id, u.name, d.currency, d.chain, d.address, d.txid,
            d.amount::text as amount, d.confirmations, d.required_confirmations, d.below_minimum, d.status,
            d.created_at, d.credited_at
       from deposits d
       join ${PLAYERS} u on u.id = d.user_id
      where ($1::text is null
             or d.user_id = $2::uuid
             or lower(d.txid) = lower($1) or lower(d.txid) = '0x' || lower($1)
             or lower(d.address) = lower($1)
             or position(lower($1) in lower(u.name)) > 0)
        and ($3::text is null or d.currency = $3)
        and ($4::text is null or d.chain = $4)
        and ($5::text is null
             or ($5 = 'credited' and d.status = 1)
             or ($5 = 'pending' and d.status = 0 and not d.below_minimum)
             or ($5 = 'below_minimum' and d.status = 0 and d.below_minimum))
        and ($6::bigint is null or d.id < $6::bigint)
      order by d.id desc
      limit $7`,
    [
      text,
      idOf(text ?? undefined),
      query.currency ?? null,
      query.chain ?? null,
      query.status ?? null,
      query.before ?? null,
      query.limit + 1,
    ],
    'deposits.admin_list',
  );
  const page = rows.slice(0, query.limit);
  const decimals = await currencyDecimals(
    q,
    page.map((r) => r.currency),
  );
  return {
    deposits: page.map((r) => ({
      _id: r.id,
      player: { _id: r.user_id, name: r.name },
      currency: r.currency,
      chain: r.chain,
      address: r.address,
      txid: r.txid,
      amount: toDecimalString(BigInt(r.amount), decimals.get(r.currency) ?? 8),
      confirmations: r.confirmations,
      requiredConfirmations: r.required_confirmations,
      status: stateOf(r.status, r.below_minimum),
      created_at: iso(r.created_at),
      credited_at: r.credited_at === null ? null : iso(r.credited_at),
    })),
    next: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/** POST /api/admin/deposits/addresses: newest first, by part of an address or a player's name, or the id. */
export async function listDepositAddresses(
  q: Querier,
  query: {
    search?: string | undefined;
    chain?: string | undefined;
    limit: number;
    before?: string | undefined;
  },
): Promise<{ addresses: AdminDepositAddress[]; next: string | null }> {
  const text = query.search?.trim() || null;
  const rows = await q.query<{
    id: string;
    user_id: string;
    name: string;
    chain: string;
    address: string;
    derivation_index: string;
    created_at: Date;
  }>(
    `select a.id::text as id, a.user_id::text as user_id, u.name, a.chain, a.address,
            a.derivation_index::text as derivation_index, a.created_at
       from deposit_addresses a
       join ${PLAYERS} u on u.id = a.user_id
      where ($1::text is null
             or a.user_id = $2::uuid
             or position(lower($1) in lower(a.address)) > 0
             or position(lower($1) in lower(u.name)) > 0)
        and ($3::text is null or a.chain = $3)
        and ($4::bigint is null or a.id < $4::bigint)
      order by a.id desc
      limit $5`,
    [text, idOf(text ?? undefined), query.chain ?? null, query.before ?? null, query.limit + 1],
    'deposits.admin_addresses',
  );
  const page = rows.slice(0, query.limit);
  return {
    addresses: page.map((r) => ({
      _id: r.id,
      player: { _id: r.user_id, name: r.name },
      chain: r.chain,
      address: r.address,
      derivationIndex: r.derivation_index,
      created_at: iso(r.created_at),
    })),
    next: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/** How long a chain's height may take before the screen shows none (a slow RPC node must not hold the page). */
const HEIGHT_TIMEOUT_MS = 3_000;

async function heightOf(read: (() => Promise<bigint>) | undefined): Promise<string | null> {
  if (!read) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), HEIGHT_TIMEOUT_MS);
    });
    const height = await Promise.race([read(), timeout]);
    return height === null ? null : height.toString();
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** POST /api/admin/chains: every known chain and currency as this server takes deposits on them. */
export async function chainOverview(
  q: Querier,
  service: Pick<DepositService, 'registry' | 'requiredConfirmations' | 'minimumOf'> & {
    confirmationsOverride(chain: string): number | undefined;
  },
): Promise<AdminChains> {
  const [currencies, links, pending] = await Promise.all([
    q.query<{ id: string; name: string; icon: string; style: string; enabled: boolean; decimals: number }>(
      'select id, name, icon, style, enabled, decimals from currencies order by sort_order, id',
    ),
    q.query<{ currency_id: string; chain_id: string; name: string }>(
      'select currency_id, chain_id, name from currency_chains order by sort_order, chain_id',
    ),
    q.query<{ chain: string; n: number }>(
      'select chain, count(*)::int as n from deposits where status = 0 and not below_minimum group by chain',
    ),
  ]);
  const pendingOf = new Map(pending.map((r) => [r.chain, r.n]));
  const chains = await Promise.all(
    CHAIN_SPECS.map(async (spec) => {
      const adapter = service.registry.get(spec.id);
      const blocks = service.registry.blocks(spec.id);
      const override = service.confirmationsOverride(spec.id);
      return {
        id: spec.id,
        family: spec.family,
        nativeCurrency: spec.nativeCurrency,
        deposits: adapter !== undefined,
        source: blocks?.source ?? null,
        requiredConfirmations: adapter
          ? service.requiredConfirmations(adapter)
          : (override ?? spec.defaultConfirmations),
        confirmationsFrom: override === undefined ? ('default' as const) : ('env' as const),
        height: await heightOf(blocks ? () => blocks.currentHeight() : undefined),
        pending: pendingOf.get(spec.id) ?? 0,
      };
    }),
  );
  return {
    chains,
    currencies: currencies.map((c) => ({
      id: c.id,
      name: c.name,
      icon: c.icon,
      style: c.style,
      enabled: c.enabled,
      decimals: c.decimals,
      minimumDeposit: toDecimalString(service.minimumOf(c.id, c.decimals), c.decimals),
      chains: links.filter((l) => l.currency_id === c.id).map((l) => ({ id: l.chain_id, name: l.name })),
    })),
  };
}
