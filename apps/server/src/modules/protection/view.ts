/**
 * Reading the protection record (decision 0025): the block in force, the whole record as the screens
 * show it (limits with their usage in the current periods, pending changes, held deposits, history and
 * the options offered).
 */
import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  type LimitKind,
  type LimitPeriod,
  type PendingChange,
  type Protection,
  SELF_EXCLUSION_DURATIONS,
  SESSION_LIMIT_MAX_MINUTES,
  SESSION_LIMIT_MIN_MINUTES,
  TIME_OUT_DURATIONS,
  USD_DECIMALS,
  USD_LIMIT_CURRENCY,
} from '@nebula/contracts';
import { toDecimalString } from '@nebula/money';
import type { Session } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { enabledDecimals } from '../currencies/index.js';
import { heldOf } from './held.js';
import { nextPeriodStart, periodStart } from './periods.js';
import { blockedError } from './relation.js';
import { loadProtectionSettings, protectionClock, type ProtectionSettings } from './settings.js';
import {
  historyOf,
  pendingOf,
  type PendingRow,
  type ProtectionRow,
  readRecord,
  readRecords,
  type StoredLimit,
} from './store.js';
import { readUsage, USD_SCALE, usedOf } from './usage.js';

type Querier = Pick<Session, 'query'>;

/** A limit's key in the record's `limits`. */
export const limitKey = (kind: LimitKind, period: LimitPeriod) => `${kind}:${period}`;

/** A counter-scale value of `unit` as a decimal string (USD to cents, floored). */
export function showValue(value: bigint, unit: string, decimals: ReadonlyMap<string, number>): string {
  if (unit === USD_LIMIT_CURRENCY) {
    const cents = value / 10n ** BigInt(USD_SCALE - USD_DECIMALS);
    return toDecimalString(cents, USD_DECIMALS);
  }
  return toDecimalString(value, decimals.get(unit) ?? 0);
}

// --- the block -----------------------------------------------------------------------------------

/** The block in force at `at` (a time-out or self-exclusion), or null. */
export function blockInForce(row: ProtectionRow, at: Date): ProtectionRow['block_type'] {
  if (!row.block_type) return null;
  if (row.block_until !== null && new Date(row.block_until) <= at) return null;
  return row.block_type;
}

/** The player's time-out or self-exclusion in force now, or null. */
export async function blockOf(
  ctx: Pick<AppContext, 'services'>,
  q: Querier,
  userId: string,
): Promise<'time_out' | 'self_exclusion' | null> {
  return blockInForce(await readRecord(q, userId), protectionClock.of(ctx).now());
}

/** The time-out or self-exclusion in force now of each of `userIds` that has one (the back office's list). */
export async function blocksOf(
  ctx: Pick<AppContext, 'services'>,
  q: Querier,
  userIds: readonly string[],
): Promise<Map<string, 'time_out' | 'self_exclusion'>> {
  const now = protectionClock.of(ctx).now();
  const out = new Map<string, 'time_out' | 'self_exclusion'>();
  for (const row of await readRecords(q, userIds)) {
    const block = blockInForce(row, now);
    if (block) out.set(row.user_id, block);
  }
  return out;
}

/** Throws the block's 403 when the player is on a time-out or self-excluded now. */
export async function assertNotBlocked(
  ctx: Pick<AppContext, 'database' | 'services'>,
  q: Querier,
  userId: string,
) {
  const row = await readRecord(q, userId);
  const block = blockInForce(row, protectionClock.of(ctx).now());
  if (block) throw blockedError(block);
}

// --- the view ------------------------------------------------------------------------------------

export function realityCheckOf(row: ProtectionRow, settings: ProtectionSettings): number | null {
  const v = row.reality_check_seconds ?? settings.realityCheck.defaultSeconds;
  return v === null || v === 0 ? null : v;
}

function pendingView(p: PendingRow, at: Date): PendingChange {
  const base = {
    id: p.id,
    requestedAt: new Date(p.requested_at).toISOString(),
    appliesAt: new Date(p.applies_at).toISOString(),
    confirmable: new Date(p.applies_at) <= at,
  };
  if (p.target.startsWith('limit:')) {
    const [, kind, period] = p.target.split(':') as [string, LimitKind, LimitPeriod];
    const pick = (v: unknown) => {
      const l = v as StoredLimit | null;
      return l ? { amount: l.amount, currency: l.currency } : null;
    };
    return { type: 'limit', kind, period, from: pick(p.from_value), to: pick(p.to_value), ...base };
  }
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  if (p.target === 'session_limit')
    return { type: 'session_limit', from: num(p.from_value), to: num(p.to_value), ...base };
  return {
    type: 'reality_check',
    from: num(p.from_value) || null,
    to: num(p.to_value) || null,
    ...base,
  };
}

/** The whole record of `userId` as the screens show it. */
export async function protectionView(ctx: AppContext, q: Querier, userId: string): Promise<Protection> {
  const at = protectionClock.of(ctx).now();
  const [row, pending, history, settings, usage, held] = await Promise.all([
    readRecord(q, userId),
    pendingOf(q, userId),
    historyOf(q, userId),
    loadProtectionSettings(ctx),
    readUsage(q, [userId], at),
    heldOf(ctx, q, userId),
  ]);
  const mine = usage.get(userId);
  const decimals = await enabledDecimals(
    q,
    Object.values(row.limits)
      .map((l) => l.currency)
      .filter((c) => c !== USD_LIMIT_CURRENCY),
  );
  const limits: Protection['limits'] = [];
  for (const kind of LIMIT_KINDS)
    for (const period of LIMIT_PERIODS) {
      const l = row.limits[limitKey(kind, period)];
      if (!l) continue;
      const used = usedOf(kind, mine?.get(`${period}:${l.currency}`));
      const value = BigInt(l.value);
      const clamped = used < 0n ? 0n : used;
      limits.push({
        kind,
        period,
        amount: l.amount,
        currency: l.currency,
        used: showValue(clamped, l.currency, decimals),
        remaining: showValue(value > clamped ? value - clamped : 0n, l.currency, decimals),
        periodStart: periodStart(period, at).toISOString(),
        resetsAt: nextPeriodStart(period, at).toISOString(),
        since: l.since,
      });
    }
  const block = blockInForce(row, at);
  return {
    serverTime: at.toISOString(),
    limits,
    sessionLimitMinutes: row.session_limit_minutes,
    realityCheckSeconds: realityCheckOf(row, settings),
    pending: pending.map((p) => pendingView(p, at)),
    block: block
      ? {
          type: block,
          duration: row.block_duration ?? '',
          since: new Date(row.block_since ?? at).toISOString(),
          until: row.block_until ? new Date(row.block_until).toISOString() : null,
          indefinite: row.block_until === null,
          liftedAt: row.block_lifted_at ? new Date(row.block_lifted_at).toISOString() : null,
        }
      : null,
    held,
    history: history.map((h) => ({
      id: h.id,
      at: new Date(h.at).toISOString(),
      action: h.action as Protection['history'][number]['action'],
      target: h.target,
      from: h.from_text,
      to: h.to_text,
      by: h.by,
    })),
    options: {
      timeOuts: [...TIME_OUT_DURATIONS],
      selfExclusions: [...SELF_EXCLUSION_DURATIONS],
      realityCheckSeconds: settings.realityCheck.choices,
      sessionLimitMinutes: { min: SESSION_LIMIT_MIN_MINUTES, max: SESSION_LIMIT_MAX_MINUTES },
      sessionBreakMinutes: settings.sessionBreakMinutes,
    },
  };
}
