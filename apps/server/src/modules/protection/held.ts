/**
 * Held deposits (decision 0025): what a deposit brings beyond the deposit limit's headroom is credited
 * to the player's `held` ledger account instead of the real one; `protection_holds` says when the next
 * release runs. This file reads them for the record and for the back office's payments.
 */
import type { AdminHeldDeposit, Protection } from '@nebula/contracts';
import { toDecimalString } from '@nebula/money';
import type { Session } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { currencyDecimals, enabledDecimals } from '../currencies/index.js';
import { playerBalance } from '../ledger/index.js';
import { PLAYERS } from '../users/index.js';

type Querier = Pick<Session, 'query'>;

/** The player's held balances with the time of their next release. */
export async function heldOf(
  ctx: Pick<AppContext, 'ledger'>,
  q: Querier,
  userId: string,
): Promise<Protection['held']> {
  const [holds, balances] = await Promise.all([
    q.query<{ currency: string; release_at: Date }>(
      'select currency, release_at from protection_holds where user_id = $1::uuid',
      [userId],
    ),
    ctx.ledger.balances(userId),
  ]);
  const held = Object.entries(balances).filter(([, b]) => b.held > 0n);
  if (held.length === 0) return [];
  const decimals = await enabledDecimals(
    q,
    held.map(([c]) => c),
  );
  const release = new Map(holds.map((h) => [h.currency, new Date(h.release_at).toISOString()]));
  return held
    .map(([currency, b]) => ({
      currency,
      amount: toDecimalString(b.held, decimals.get(currency) ?? 0),
      releasesAt: release.get(currency) ?? new Date().toISOString(),
    }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
}

/** A hold's place in the staff list: release time (ms), player, currency. */
/**
 * The cursor keeps milliseconds (a JavaScript Date) while PostgreSQL keeps microseconds: the query
 * orders and compares on the release time cut to milliseconds, or the row a page ended on would be
 * after its own cursor and come again.
 */
const holdCursor = (h: { release_at: Date; user_id: string; currency: string }) =>
  `${new Date(h.release_at).getTime()}:${h.user_id}:${h.currency}`;

/**
 * POST /api/admin/deposits/held (issue G8 item 3): every player's held deposits, next release first,
 * by part of the player's name or their id, and currency. Read-only: held money is released only by
 * the `protection.release-held` job, as the player's own deposit limit allows (decision 0025); staff
 * releasing it would bypass the limit the player set.
 */
export async function heldDeposits(
  q: Querier,
  query: {
    search?: string | undefined;
    currency?: string | undefined;
    limit: number;
    after?: string | undefined;
  },
): Promise<{ held: AdminHeldDeposit[]; next: string | null; staffRelease: false }> {
  const text = query.search?.trim() || null;
  const id = text && /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i.test(text) ? text.toLowerCase() : null;
  const [afterMs, afterUser, afterCurrency] = query.after?.split(':') ?? [];
  const rows = await q.query<{ user_id: string; name: string; currency: string; release_at: Date }>(
    `select h.user_id::text as user_id, u.name, h.currency, h.release_at
       from protection_holds h
       join ${PLAYERS} u on u.id = h.user_id
      where ($1::text is null or h.user_id = $2::uuid or position(lower($1) in lower(u.name)) > 0)
        and ($3::text is null or h.currency = $3)
        and ($4::timestamptz is null
             or (date_trunc('milliseconds', h.release_at), h.user_id, h.currency) > ($4::timestamptz, $5::uuid, $6::text))
      order by date_trunc('milliseconds', h.release_at), h.user_id, h.currency
      limit $7`,
    [
      text,
      id,
      query.currency ?? null,
      afterMs === undefined ? null : new Date(Number(afterMs)),
      afterUser ?? null,
      afterCurrency ?? null,
      query.limit + 1,
    ],
  );
  const page = rows.slice(0, query.limit);
  const decimals = await currencyDecimals(
    q,
    page.map((r) => r.currency),
  );
  const amounts = await Promise.all(
    page.map((r) => playerBalance(q, { user: r.user_id, kind: 'held', currency: r.currency })),
  );
  return {
    held: page.map((r, i) => ({
      player: { _id: r.user_id, name: r.name },
      currency: r.currency,
      amount: toDecimalString(amounts[i] ?? 0n, decimals.get(r.currency) ?? 8),
      releasesAt: new Date(r.release_at).toISOString(),
    })),
    next: rows.length > query.limit && page.length ? holdCursor(page.at(-1)!) : null,
    staffRelease: false,
  };
}
