/**
 * The play session (decision 0025): it starts at the first activity after the break without any, runs
 * on the module's clock, and carries the reality check and the session limit; its result is read from
 * the ledger.
 */
import type { ProtectionSession } from '@nebula/contracts';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { enabledDecimals } from '../currencies/index.js';
import { playerFlowsSince } from '../ledger/index.js';
import { priceFeedService } from '../prices/index.js';
import { loadProtectionSettings, protectionClock } from './settings.js';
import { lockRecord, type ProtectionRow } from './store.js';
import { centsText, usdUnitsOf } from './usd.js';
import { realityCheckOf } from './view.js';

/**
 * The session (reality check, session limit) on the module's clock: the call counts as activity. A
 * session starts at the first activity after the break without any; once the session limit is reached,
 * activity no longer extends it, so the break runs from the limit.
 */
export async function touchSession(ctx: AppContext, user: AuthUser): Promise<ProtectionSession> {
  const at = protectionClock.of(ctx).now();
  const settings = await loadProtectionSettings(ctx);
  const breakMs = settings.sessionBreakMinutes * 60_000;
  const row = await ctx.database.transaction(async (tx) => {
    const r = await lockRecord(tx, user.id);
    const s = nextSession(r, at, breakMs);
    await tx.query(
      'update player_protection set session_started_at = $2, session_seen_at = $3 where user_id = $1::uuid',
      [user.id, s.startedAt, s.seenAt],
    );
    return { ...r, session_started_at: s.startedAt, session_seen_at: s.seenAt };
  });
  const startedAt = new Date(row.session_started_at);
  const result = await sessionResult(ctx, user.id, startedAt);
  const interval = realityCheckOf(row, settings);
  const elapsedMs = Math.max(0, at.getTime() - startedAt.getTime());
  const limit = row.session_limit_minutes;
  const endsAt = limit === null ? null : new Date(startedAt.getTime() + limit * 60_000);
  const reached = endsAt !== null && at >= endsAt;
  return {
    serverTime: at.toISOString(),
    startedAt: startedAt.toISOString(),
    elapsedSeconds: Math.floor(elapsedMs / 1000),
    netResultUsd: result.netUsd,
    wageredUsd: result.wageredUsd,
    bets: result.bets,
    realityCheckSeconds: interval,
    nextCheckAt:
      interval === null
        ? null
        : new Date(
            startedAt.getTime() + (Math.floor(elapsedMs / (interval * 1000)) + 1) * interval * 1000,
          ).toISOString(),
    sessionLimitMinutes: limit,
    sessionEndsAt: endsAt?.toISOString() ?? null,
    limitReached: reached,
    breakUntil: reached ? new Date(endsAt.getTime() + breakMs).toISOString() : null,
  };
}

/**
 * What the player's real stakes did since the session started, from the ledger: how many stakes, what
 * they staked and the net result (payouts and refunds minus stakes; a stake still open counts as
 * staked), in USD at the current prices.
 */
async function sessionResult(
  ctx: AppContext,
  userId: string,
  since: Date,
): Promise<{ bets: number; wageredUsd: string; netUsd: string }> {
  const flows = await playerFlowsSince(ctx.database, userId, 'real', ['bet', 'win', 'bet_refund'], since);
  const currencies = [...new Set(flows.map((f) => f.currency))];
  const [decimals, quotes] = await Promise.all([
    enabledDecimals(ctx.database, currencies),
    Promise.all(currencies.map((c) => priceFeedService.of(ctx).price(c))),
  ]);
  const price = new Map(currencies.map((c, i) => [c, quotes[i]?.usd ?? '0']));
  let bets = 0;
  let staked = 0n;
  let net = 0n;
  for (const f of flows) {
    const usd = (atomic: bigint) =>
      usdUnitsOf(atomic, price.get(f.currency) ?? '0', decimals.get(f.currency) ?? 0);
    if (f.kind === 'bet') {
      bets += f.count;
      staked += usd(f.out);
      net -= usd(f.out);
    } else net += usd(f.in);
  }
  return { bets, wageredUsd: centsText(staked), netUsd: centsText(net) };
}

/** The session after activity at `at` (see {@link touchSession}). */
export function nextSession(
  row: Pick<ProtectionRow, 'session_started_at' | 'session_seen_at' | 'session_limit_minutes'>,
  at: Date,
  breakMs: number,
): { startedAt: Date; seenAt: Date } {
  const seen = row.session_seen_at ? new Date(row.session_seen_at) : null;
  const started = row.session_started_at ? new Date(row.session_started_at) : null;
  if (!seen || !started || at.getTime() - seen.getTime() >= breakMs) return { startedAt: at, seenAt: at };
  const limit = row.session_limit_minutes;
  const end = limit === null ? null : new Date(started.getTime() + limit * 60_000);
  const seenAt = end !== null && at > end ? (seen > end ? seen : end) : at;
  return { startedAt: started, seenAt };
}

/** Whether the session limit refuses a stake at `at` (the session as {@link nextSession} leaves it). */
export function sessionLimitReached(
  row: Pick<ProtectionRow, 'session_started_at' | 'session_seen_at' | 'session_limit_minutes'>,
  at: Date,
  breakMs: number,
): boolean {
  if (row.session_limit_minutes === null) return false;
  const s = nextSession(row, at, breakMs);
  return at.getTime() >= s.startedAt.getTime() + row.session_limit_minutes * 60_000;
}
