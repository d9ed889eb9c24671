/** The faucet's figures for the back office's promotions hub (modules/dashboard). */
import type { Session } from '../../db/client.js';

/** Faucet claims since `since` and what they paid (USD at the claim's price, 8 places). */
export async function faucetFigures(
  q: Pick<Session, 'query'>,
  since: Date,
): Promise<{ claims: number; paidUsd: string }> {
  const [row] = await q.query<{ claims: number; usd: string }>(
    `select count(*)::int as claims, coalesce(sum(usd), 0)::text as usd
       from faucet_claims where created_at >= $1`,
    [since],
    'faucet.figures',
  );
  return { claims: row?.claims ?? 0, paidUsd: row?.usd ?? '0' };
}
