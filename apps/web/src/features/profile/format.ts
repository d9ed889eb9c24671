/** Number and date formatting for the profile (spec 2 popups: wagered in dollars, 2 decimals). */

const usdFormatters = new Map<string, Intl.NumberFormat>();

/** `$1,234.50`: US dollars to exactly 2 decimals; anything that is not a finite number shows $0.00. */
export function formatUsd(value: number, locale = 'en-US'): string {
  let formatter = usdFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    usdFormatters.set(locale, formatter);
  }
  const safe = Number.isFinite(value) ? value : 0;
  // -0 would print "-$0.00".
  return formatter.format(Object.is(safe, -0) ? 0 : safe);
}

/** Whole numbers with grouping (total games). */
export function formatCount(value: number, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(
    Number.isFinite(value) ? value : 0,
  );
}

/** A calendar date ("12 Mar 2025" style, per locale); invalid input gives an empty string. */
export function formatDate(iso: string, locale = 'en-US'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}

const UNITS: readonly (readonly [Intl.RelativeTimeFormatUnit, number])[] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * "5 minutes ago", "yesterday"...; null under a minute (the caller says "just now") and for an
 * invalid date. Future dates (clock skew) count as now.
 */
export function relativeTime(iso: string, now: number = Date.now(), locale = 'en-US'): string | null {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return null;
  const seconds = Math.max(0, Math.round((now - time) / 1000));
  const unit = UNITS.find(([, size]) => seconds >= size);
  if (!unit) return null;
  const amount = Math.floor(seconds / unit[1]);
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-amount, unit[0]);
}
