/**
 * The player's and staff's changes to the protection record (decision 0025; its reads: view.ts).
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
  LIMIT_MAX_UNITS,
  type LimitKind,
  type LimitPeriod,
  PROTECTION_COOLING_OFF_HOURS,
  type Protection,
  type ProtectionErrorCode as ProtectionErrorCodeType,
  ProtectionErrorCode,
  ProtectionMessages,
  type ProtectionWrite,
  type SelfExclusionDuration,
  SESSION_LIMIT_MAX_MINUTES,
  SESSION_LIMIT_MIN_MINUTES,
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
import { blockEnd } from './periods.js';
import { loadProtectionSettings, protectionClock } from './settings.js';
import {
  addPending,
  appendHistory,
  dropPending,
  hasRequest,
  lockRecord,
  pendingOf,
  pendingOutcome,
  type PendingRow,
  type ProtectionRow,
  saveRecord,
  type StoredLimit,
} from './store.js';
import { USD_SCALE } from './usage.js';
import { blockInForce, limitKey, protectionView, realityCheckOf } from './view.js';

type Querier = Pick<Session, 'query'>;
type Outcome = ProtectionWrite['outcome'];

const COOLING_OFF_MS = PROTECTION_COOLING_OFF_HOURS * 3_600_000;

export const protectionError = (status: number, code: ProtectionErrorCodeType, message: string) =>
  new AppError(status, code, message);

const invalidLimit = (message: string = ProtectionMessages.invalidLimit) =>
  protectionError(422, ProtectionErrorCode.InvalidLimit, message);

// --- values as shown -----------------------------------------------------------------------------

const limitText = (l: { amount: string; currency: string } | null) =>
  l ? `${l.amount} ${l.currency.toUpperCase()}` : null;
const minutesText = (m: number | null) => (m === null ? null : `${m} min`);
const secondsText = (s: number | null) => (s === null || s === 0 ? 'off' : `${s} s`);

export const limitTarget = (kind: LimitKind, period: LimitPeriod) => `limit:${kind}:${period}`;

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
  /** Drops the pending change (if any), recorded as replaced by `to`. */
  const replacePending = async (to: V | null) => {
    if (!pending) return;
    await dropPending(tx, userId, t.target);
    await appendHistory(tx, userId, at, {
      action: 'change_replaced',
      target: t.target,
      from: t.text(pending.to_value as V | null),
      to: t.text(to),
      by: 'player',
      pendingId: pending.id,
    });
  };
  if (t.same) {
    if (!pending) return 'unchanged';
    await replacePending(t.current);
    return 'applied';
  }
  if (t.lower) {
    await replacePending(t.next);
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
  await replacePending(t.next);
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
