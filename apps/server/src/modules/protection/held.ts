/**
 * Held deposits (decision 0025): what a deposit brings beyond the deposit limit's headroom is credited
 * to the player's `held` ledger account instead of the real one; `protection_holds` says when the next
 * release runs. This file reads them for the record.
 */
import type { Protection } from '@nebula/contracts';
import { toDecimalString } from '@nebula/money';
import type { Session } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { enabledDecimals } from '../currencies/index.js';

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
