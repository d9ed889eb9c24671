/**
 * The limits as the Responsible gambling screen shows them, framework-free: amounts in a currency or
 * USD (exact decimal strings, bigint maths, never a float), how much of a limit is used, what a change
 * will do (apply now, or wait 24 h and a confirmation: the server decides, this only tells the player
 * beforehand), and the player's input checked with the canonical parser the server uses.
 */
import {
  LIMIT_MAX_UNITS,
  USD_DECIMALS,
  USD_LIMIT_CURRENCY,
  type LimitKind,
  type LimitPeriod,
} from '@nebula/contracts/constants';
import type { PendingChange, ProtectionLimit } from '@nebula/contracts';
import { decimalsFor, formatFiat, parseWireAmount, toDecimalString } from '@nebula/money';
import { formatMoney, parseMoney } from '../../lib/money-format';

/** Decimals of a limit's currency: cents for USD, else the currency's own. */
export function limitDecimals(currency: string, known: Record<string, { decimals: number }>): number {
  if (currency === USD_LIMIT_CURRENCY) return USD_DECIMALS;
  return known[currency]?.decimals ?? decimalsFor(currency);
}

/** `$50.00` for USD, `0.015 BTC` for a currency. */
export function formatLimitAmount(
  amount: string,
  currency: string,
  known: Record<string, { decimals: number }>,
): string {
  if (currency === USD_LIMIT_CURRENCY) {
    try {
      return formatFiat(amount, 'usd');
    } catch {
      return `${amount} USD`;
    }
  }
  const decimals = limitDecimals(currency, known);
  return `${formatMoney(parseMoney(amount, decimals), decimals, { thousands: true })} ${currency.toUpperCase()}`;
}

/** Share of the limit used, in thousandths (0..1000), by exact arithmetic. */
export function usagePermille(limit: Pick<ProtectionLimit, 'used' | 'amount'>, decimals: number): number {
  const amount = parseMoney(limit.amount, decimals);
  const used = parseMoney(limit.used, decimals);
  if (amount <= 0n) return 1000;
  if (used <= 0n) return 0;
  if (used >= amount) return 1000;
  return Number((used * 1000n) / amount);
}

export type UsageTone = 'ok' | 'warn' | 'full';

/** Green below 75 %, amber from 75 %, red when nothing is left. */
export function usageTone(permille: number): UsageTone {
  if (permille >= 1000) return 'full';
  if (permille >= 750) return 'warn';
  return 'ok';
}

export type LimitInputError = 'empty' | 'format' | 'zero' | 'decimals' | 'large';

/**
 * The player's amount checked as the server will (the canonical wire format, above zero, at most
 * LIMIT_MAX_UNITS whole units, no more decimals than the currency has); `,` is taken as `.`.
 */
export function parseLimitInput(
  text: string,
  decimals: number,
): { ok: true; amount: string } | { ok: false; error: LimitInputError } {
  const trimmed = text.trim().replace(',', '.');
  if (!trimmed) return { ok: false, error: 'empty' };
  const max = BigInt(LIMIT_MAX_UNITS) * 10n ** BigInt(decimals);
  const parsed = parseWireAmount(trimmed, decimals);
  if (!parsed.ok) {
    if (parsed.error.code === 'too_many_decimals') return { ok: false, error: 'decimals' };
    if (parsed.error.code === 'too_large') return { ok: false, error: 'large' };
    return { ok: false, error: 'format' };
  }
  if (parsed.value <= 0n) return { ok: false, error: 'zero' };
  if (parsed.value > max) return { ok: false, error: 'large' };
  return { ok: true, amount: toDecimalString(parsed.value, decimals) };
}

/**
 * What a new amount would do to the limit in force (the server's rule, told to the player before they
 * save): a new limit or a lower amount in the same currency applies at once; a higher amount or
 * another currency waits 24 h and a confirmation; the same amount changes nothing.
 */
export function changeEffect(
  current: Pick<ProtectionLimit, 'amount' | 'currency'> | undefined,
  next: { amount: string; currency: string },
  decimals: number,
): 'now' | 'delayed' | 'same' {
  if (!current) return 'now';
  if (current.currency !== next.currency) return 'delayed';
  const before = parseMoney(current.amount, decimals);
  const after = parseMoney(next.amount, decimals);
  if (after === before) return 'same';
  return after < before ? 'now' : 'delayed';
}

/** The pending change of one limit, if any. */
export function pendingOfLimit(
  pending: readonly PendingChange[],
  kind: LimitKind,
  period: LimitPeriod,
): Extract<PendingChange, { type: 'limit' }> | undefined {
  return pending.find(
    (change): change is Extract<PendingChange, { type: 'limit' }> =>
      change.type === 'limit' && change.kind === kind && change.period === period,
  );
}

/** Whole days, hours and minutes from `fromMs` to `toMs` (never negative). */
export function splitSpan(fromMs: number, toMs: number): { days: number; hours: number; minutes: number } {
  const minutesTotal = Math.max(0, Math.ceil((toMs - fromMs) / 60_000));
  return {
    days: Math.floor(minutesTotal / 1440),
    hours: Math.floor((minutesTotal % 1440) / 60),
    minutes: minutesTotal % 60,
  };
}

/** The order the screen lists limits in: deposit, loss, wager; day, week, month. */
export function sortLimits<T extends { kind: LimitKind; period: LimitPeriod }>(limits: readonly T[]): T[] {
  const kinds: LimitKind[] = ['deposit', 'loss', 'wager'];
  const periods: LimitPeriod[] = ['day', 'week', 'month'];
  return [...limits].sort(
    (a, b) =>
      kinds.indexOf(a.kind) - kinds.indexOf(b.kind) || periods.indexOf(a.period) - periods.indexOf(b.period),
  );
}

/**
 * What a new session limit or reality-check interval would do: none before, or a shorter one, applies
 * at once; a longer one, or none (removal / off), waits 24 h and a confirmation.
 */
export function timeEffect(current: number | null, next: number | null): 'now' | 'delayed' | 'same' {
  if (current === next) return 'same';
  if (current === null) return 'now';
  if (next === null) return 'delayed';
  return next < current ? 'now' : 'delayed';
}

/**
 * When a time-out or self-exclusion chosen at `nowMs` would end (UTC calendar arithmetic), null for
 * indefinite: what the confirmation tells the player; the server's answer has the exact end.
 */
export function blockEnd(duration: string, nowMs: number): number | null {
  const addMonths = (months: number) => {
    const next = new Date(nowMs);
    next.setUTCMonth(next.getUTCMonth() + months);
    return next.getTime();
  };
  const day = 86_400_000;
  switch (duration) {
    case '24h':
      return nowMs + day;
    case '1w':
      return nowMs + 7 * day;
    case '6w':
      return nowMs + 42 * day;
    case '1m':
      return addMonths(1);
    case '6m':
      return addMonths(6);
    case '1y':
    case '2y':
    case '5y':
      return addMonths(12 * Number(duration[0]));
    default:
      return null;
  }
}
