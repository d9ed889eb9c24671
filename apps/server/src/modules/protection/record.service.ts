/**
 * The protection record's reads and the player's and staff's changes (decision 0025).
 *
 * Rules, each enforced here inside one transaction that first locks the player's row:
 *  - a new limit, a lower amount in the same currency, a shorter session limit or reality-check
 *    interval apply at once (any pending change of that target is dropped: history `change_replaced`);
 *  - a higher amount, another currency, a removal, a longer interval or switching the reality check off
 *    become the target's pending change (replacing a pending one), confirmable from 24 h after the
 *    request, applied only by the player's confirmation;
 *  - a request equal to what is in force and pending is `unchanged` (a retry adds no history); equal to
 *    what is in force while another value is pending drops the pending one;
 *  - a time-out or self-exclusion in force is never shortened (409 `cannot_shorten`); a later end
 *    replaces it; a retried request id is `unchanged`;
 *  - staff lift only an indefinite self-exclusion in force; it ends 24 h later; audited.
 */
import {
  LIMIT_KINDS,
  LIMIT_MAX_UNITS,
  LIMIT_PERIODS,
  type LimitKind,
  type LimitPeriod,
  type PendingChange,
  PROTECTION_COOLING_OFF_HOURS,
  type Protection,
  type ProtectionErrorCode as ProtectionErrorCodeType,
  ProtectionErrorCode,
  ProtectionMessages,
  type ProtectionSession,
  type ProtectionWrite,
  SELF_EXCLUSION_DURATIONS,
  type SelfExclusionDuration,
  SESSION_LIMIT_MAX_MINUTES,
  SESSION_LIMIT_MIN_MINUTES,
  TIME_OUT_DURATIONS,
  type TimeOutDuration,
  USD_DECIMALS,
  USD_LIMIT_CURRENCY,
} from '@nebula/contracts';
import { parseWireAmount, toDecimalString } from '@nebula/money';
import type { Session } from '../../db/client.js';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { recordStaffAction } from '../audit/index.js';
import { enabledDecimals } from '../currencies/index.js';
import { playerFlowsSince } from '../ledger/index.js';
import { priceFeedService } from '../prices/index.js';
import { blockEnd, nextPeriodStart, periodStart } from './periods.js';
import { loadProtectionSettings, protectionClock, type ProtectionSettings } from './settings.js';
import {
  addPending,
  appendHistory,
  dropPending,
  hasRequest,
  historyOf,
  lockRecord,
  pendingOf,
  pendingOutcome,
  type PendingRow,
  type ProtectionRow,
  readRecord,
  saveRecord,
  type StoredLimit,
} from './store.js';
import { blockedError } from './relation.js';
import { readUsage, USD_SCALE, usedOf } from './usage.js';
import { centsText, usdUnitsOf } from './usd.js';
import { heldOf } from './held.js';

type Querier = Pick<Session, 'query'>;
type Outcome = ProtectionWrite['outcome'];

const COOLING_OFF_MS = PROTECTION_COOLING_OFF_HOURS * 3_600_000;

export const protectionError = (status: number, code: ProtectionErrorCodeType, message: string) =>
  new AppError(status, code, message);

const invalidLimit = (message: string = ProtectionMessages.invalidLimit) =>
  protectionError(422, ProtectionErrorCode.InvalidLimit, message);

// --- values as shown -----------------------------------------------------------------------------

/** A counter-scale value of `unit` as a decimal string (USD to cents, floored). */
export function showValue(value: bigint, unit: string, decimals: ReadonlyMap<string, number>): string {
  if (unit === USD_LIMIT_CURRENCY) {
    const cents = value / 10n ** BigInt(USD_SCALE - USD_DECIMALS);
    return toDecimalString(cents, USD_DECIMALS);
  }
  return toDecimalString(value, decimals.get(unit) ?? 0);
}

const limitText = (l: { amount: string; currency: string } | null) =>
  l ? `${l.amount} ${l.currency.toUpperCase()}` : null;
const minutesText = (m: number | null) => (m === null ? null : `${m} min`);
const secondsText = (s: number | null) => (s === null || s === 0 ? 'off' : `${s} s`);

export const limitTarget = (kind: LimitKind, period: LimitPeriod) => `limit:${kind}:${period}`;
const limitKey = (kind: LimitKind, period: LimitPeriod) => `${kind}:${period}`;

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

function realityCheckOf(row: ProtectionRow, settings: ProtectionSettings): number | null {
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

// --- writes --------------------------------------------------------------------------------------

/** Runs `change` on the locked row of the player, saves it, answers the outcome and the record after it. */
async function change(
  ctx: AppContext,
  userId: string,
  fn: (tx: Session, row: ProtectionRow, at: Date) => Promise<Outcome>,
): Promise<ProtectionWrite> {
  const at = protectionClock.of(ctx).now();
  const outcome = await ctx.database.transaction(async (tx) => {
    const row = await lockRecord(tx, userId);
    const result = await fn(tx, row, at);
    if (result !== 'unchanged') await saveRecord(tx, row, at);
    return result;
  });
  return { outcome, protection: await protectionView(ctx, ctx.database, userId) };
}

/**
 * The one rule of a target: `lower` (a decrease or new restriction) applies at once, anything else
 * waits as the pending change. `same`: equal to what is in force.
 */
async function decide<V>(
  tx: Session,
  userId: string,
  at: Date,
  t: {
    target: string;
    current: V | null;
    next: V | null;
    same: boolean;
    lower: boolean;
    apply: () => void;
    text: (v: V | null) => string | null;
    /** Whether two values are the same (default: equal JSON). */
    equal?: (a: V | null, b: V | null) => boolean;
  },
): Promise<Outcome> {
  const pending = (await pendingOf(tx, userId)).find((p) => p.target === t.target);
  if (t.same) {
    if (!pending) return 'unchanged';
    await dropPending(tx, userId, t.target);
    await appendHistory(tx, userId, at, {
      action: 'change_replaced',
      target: t.target,
      from: t.text(pending.to_value as V | null),
      to: t.text(t.current),
      by: 'player',
      pendingId: pending.id,
    });
    return 'applied';
  }
  if (t.lower) {
    if (pending) {
      await dropPending(tx, userId, t.target);
      await appendHistory(tx, userId, at, {
        action: 'change_replaced',
        target: t.target,
        from: t.text(pending.to_value as V | null),
        to: t.text(t.next),
        by: 'player',
        pendingId: pending.id,
      });
    }
    t.apply();
    await appendHistory(tx, userId, at, {
      action: t.current === null ? 'limit_set' : 'limit_lowered',
      target: t.target,
      from: t.text(t.current),
      to: t.text(t.next),
      by: 'player',
    });
    return 'applied';
  }
  const equal = t.equal ?? ((a: V | null, b: V | null) => JSON.stringify(a) === JSON.stringify(b));
  if (pending && equal(pending.to_value as V | null, t.next)) return 'unchanged';
  if (pending) {
    await dropPending(tx, userId, t.target);
    await appendHistory(tx, userId, at, {
      action: 'change_replaced',
      target: t.target,
      from: t.text(pending.to_value as V | null),
      to: t.text(t.next),
      by: 'player',
      pendingId: pending.id,
    });
  }
  await addPending(tx, userId, {
    target: t.target,
    from: t.current,
    to: t.next,
    requestedAt: at,
    appliesAt: new Date(at.getTime() + COOLING_OFF_MS),
  });
  await appendHistory(tx, userId, at, {
    action: 'change_requested',
    target: t.target,
    from: t.text(t.current),
    to: t.text(t.next),
    by: 'player',
  });
  return 'pending';
}

/** Parses a limit's amount in its unit (422 `invalid_limit` / `invalid_currency`). */
export async function parseLimit(
  q: Querier,
  amount: string,
  currency: string,
  at: Date,
): Promise<StoredLimit> {
  const unit = currency.toLowerCase();
  let decimals: number;
  if (unit === USD_LIMIT_CURRENCY) decimals = USD_DECIMALS;
  else {
    const d = (await enabledDecimals(q, [unit])).get(unit);
    if (d === undefined)
      throw protectionError(422, ProtectionErrorCode.InvalidCurrency, ProtectionMessages.invalidCurrency);
    decimals = d;
  }
  const parsed = parseWireAmount(amount, decimals);
  if (!parsed.ok) throw invalidLimit();
  const atomic = parsed.value;
  if (atomic <= 0n) throw invalidLimit();
  if (atomic > BigInt(LIMIT_MAX_UNITS) * 10n ** BigInt(decimals))
    throw invalidLimit(ProtectionMessages.limitTooLarge);
  const value = unit === USD_LIMIT_CURRENCY ? atomic * 10n ** BigInt(USD_SCALE - USD_DECIMALS) : atomic;
  return {
    amount: toDecimalString(atomic, decimals),
    currency: unit,
    value: value.toString(),
    since: at.toISOString(),
  };
}

export async function setLimit(
  ctx: AppContext,
  user: AuthUser,
  input: { kind: LimitKind; period: LimitPeriod; amount: string | null; currency: string },
): Promise<ProtectionWrite> {
  const at = protectionClock.of(ctx).now();
  const next =
    input.amount === null ? null : await parseLimit(ctx.database, input.amount, input.currency, at);
  const key = limitKey(input.kind, input.period);
  return change(ctx, user.id, async (tx, row) => {
    const current = row.limits[key] ?? null;
    const sameUnit = current !== null && next !== null && current.currency === next.currency;
    return decide<StoredLimit>(tx, user.id, at, {
      target: limitTarget(input.kind, input.period),
      current,
      next,
      same: (current === null && next === null) || (sameUnit && current.value === next!.value),
      lower: next !== null && (current === null || (sameUnit && BigInt(next.value) < BigInt(current.value))),
      apply: () => {
        if (next) row.limits[key] = next;
      },
      text: limitText,
      equal: (a, b) =>
        a === null ? b === null : b !== null && a.currency === b.currency && a.value === b.value,
    });
  });
}

export async function setSessionLimit(
  ctx: AppContext,
  user: AuthUser,
  minutes: number | null,
): Promise<ProtectionWrite> {
  if (minutes !== null && (minutes < SESSION_LIMIT_MIN_MINUTES || minutes > SESSION_LIMIT_MAX_MINUTES))
    throw invalidLimit(ProtectionMessages.invalidMinutes);
  const at = protectionClock.of(ctx).now();
  return change(ctx, user.id, (tx, row) => {
    const current = row.session_limit_minutes;
    return decide<number>(tx, user.id, at, {
      target: 'session_limit',
      current,
      next: minutes,
      same: current === minutes,
      lower: minutes !== null && (current === null || minutes < current),
      apply: () => {
        row.session_limit_minutes = minutes;
      },
      text: minutesText,
    });
  });
}

export async function setRealityCheck(
  ctx: AppContext,
  user: AuthUser,
  seconds: number | null,
): Promise<ProtectionWrite> {
  const settings = await loadProtectionSettings(ctx);
  if (seconds !== null && !settings.realityCheck.choices.includes(seconds))
    throw invalidLimit(ProtectionMessages.invalidRealityCheck);
  const at = protectionClock.of(ctx).now();
  return change(ctx, user.id, (tx, row) => {
    const current = realityCheckOf(row, settings);
    // Stored: 0 is off (a player's choice), null would mean the operator's default.
    const next = seconds ?? 0;
    return decide<number>(tx, user.id, at, {
      target: 'reality_check',
      current,
      next,
      same: (current ?? 0) === next,
      lower: next !== 0 && (current === null || next < current),
      apply: () => {
        row.reality_check_seconds = next;
      },
      text: secondsText,
    });
  });
}

/** Applies a confirmed pending change to the row. */
function applyPending(row: ProtectionRow, p: PendingRow): void {
  if (p.target.startsWith('limit:')) {
    const key = p.target.slice('limit:'.length);
    const to = p.to_value as StoredLimit | null;
    if (to) row.limits[key] = to;
    else delete row.limits[key];
  } else if (p.target === 'session_limit') row.session_limit_minutes = (p.to_value as number | null) ?? null;
  else row.reality_check_seconds = (p.to_value as number | null) ?? 0;
}

const PENDING_ID = /^\d{1,18}$/;

async function endPending(
  ctx: AppContext,
  user: AuthUser,
  id: string,
  how: 'change_confirmed' | 'change_cancelled',
): Promise<ProtectionWrite> {
  const noPending = () =>
    protectionError(404, ProtectionErrorCode.NoPendingChange, ProtectionMessages.noPendingChange);
  if (!PENDING_ID.test(id)) throw noPending();
  return change(ctx, user.id, async (tx, row, at) => {
    const p = (await pendingOf(tx, user.id)).find((x) => x.id === id);
    if (!p) {
      // A retry of a confirmation or cancellation that went through.
      if ((await pendingOutcome(tx, user.id, id)) === how) return 'unchanged';
      throw noPending();
    }
    if (how === 'change_confirmed' && new Date(p.applies_at) > at)
      throw protectionError(409, ProtectionErrorCode.PendingNotDue, ProtectionMessages.pendingNotDue);
    await dropPending(tx, user.id, p.target);
    if (how === 'change_confirmed') applyPending(row, p);
    const text = (v: unknown) =>
      p.target.startsWith('limit:')
        ? limitText(v as StoredLimit | null)
        : p.target === 'session_limit'
          ? minutesText(v as number | null)
          : secondsText(v as number | null);
    await appendHistory(tx, user.id, at, {
      action: how,
      target: p.target,
      from: text(p.from_value),
      to: text(p.to_value),
      by: 'player',
      pendingId: p.id,
    });
    return 'applied';
  });
}

export const confirmChange = (ctx: AppContext, user: AuthUser, id: string) =>
  endPending(ctx, user, id, 'change_confirmed');
export const cancelChange = (ctx: AppContext, user: AuthUser, id: string) =>
  endPending(ctx, user, id, 'change_cancelled');

/** A time-out or self-exclusion (see the module comment). */
export async function takeBlock(
  ctx: AppContext,
  user: AuthUser,
  type: 'time_out' | 'self_exclusion',
  duration: TimeOutDuration | SelfExclusionDuration,
  requestId: string,
): Promise<ProtectionWrite> {
  return change(ctx, user.id, async (tx, row, at) => {
    if (await hasRequest(tx, user.id, requestId)) return 'unchanged';
    const until = blockEnd(duration, at);
    const current = blockInForce(row, at);
    if (current) {
      const currentUntil = row.block_until ? new Date(row.block_until) : null;
      const shorter = currentUntil === null || (until !== null && until <= currentUntil);
      if (shorter)
        throw protectionError(409, ProtectionErrorCode.CannotShorten, ProtectionMessages.cannotShorten);
    }
    const before = current ? `${row.block_type}:${row.block_duration}` : null;
    row.block_type = type;
    row.block_duration = duration;
    row.block_since = current ? row.block_since : at;
    row.block_until = until;
    row.block_lifted_at = null;
    await appendHistory(tx, user.id, at, {
      action: type,
      target: 'block',
      from: before,
      to: `${type}:${duration}`,
      by: 'player',
      requestId,
    });
    return 'applied';
  });
}

/** Staff: lifts an indefinite self-exclusion in force; it ends after the 24 h cooling-off. Audited. */
export async function liftExclusion(
  ctx: AppContext,
  staff: AuthUser,
  userId: string,
  reason: string,
): Promise<Protection> {
  await change(ctx, userId, async (tx, row, at) => {
    if (blockInForce(row, at) !== 'self_exclusion' || row.block_until !== null)
      throw protectionError(409, ProtectionErrorCode.NotIndefinite, ProtectionMessages.notIndefinite);
    const until = new Date(at.getTime() + COOLING_OFF_MS);
    row.block_until = until;
    row.block_lifted_at = at;
    await appendHistory(tx, userId, at, {
      action: 'exclusion_lifted',
      target: 'block',
      from: 'self_exclusion:indefinite',
      to: `self_exclusion:until ${until.toISOString()}`,
      by: 'staff',
      actorId: staff.id,
    });
    await recordStaffAction(tx, {
      actor: staff,
      action: 'protection.lift_exclusion',
      target: { type: 'user', id: userId },
      before: { block: 'self_exclusion', until: null },
      after: { block: 'self_exclusion', until: until.toISOString() },
      details: { reason },
    });
    return 'applied';
  });
  return protectionView(ctx, ctx.database, userId);
}

// --- the session ---------------------------------------------------------------------------------

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
