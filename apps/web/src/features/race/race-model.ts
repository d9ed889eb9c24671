/** The weekly race's pure rules (spec 3 section 9): the countdown to the week's end and display helpers. */

/** Days, hours, minutes and seconds left. */
export interface TimeLeft {
  d: number;
  h: number;
  m: number;
  s: number;
  /** Milliseconds left (0 once over). */
  ms: number;
}

/**
 * The offset to add to the device clock to get the server's: the countdown follows the server's week
 * end (`endsAt`, Sunday 24:00 UTC) whatever the device's clock says.
 */
export function clockOffset(serverNow: string, deviceNowMs: number): number {
  const server = Date.parse(serverNow);
  return Number.isFinite(server) ? server - deviceNowMs : 0;
}

/** Time left until `endsAt` (ISO) at `nowMs` on the server's clock. */
export function timeLeft(endsAt: string, nowMs: number): TimeLeft {
  const end = Date.parse(endsAt);
  const ms = Number.isFinite(end) ? Math.max(0, end - nowMs) : 0;
  const total = Math.floor(ms / 1000);
  return {
    d: Math.floor(total / 86_400),
    h: Math.floor((total % 86_400) / 3600),
    m: Math.floor((total % 3600) / 60),
    s: total % 60,
    ms,
  };
}

/** The next Sunday midnight UTC (Monday 00:00 UTC) after `now`: the fallback when the server is silent. */
export function nextWeekEnd(now: Date): Date {
  const day = now.getUTCDay(); // 0 Sunday .. 6 Saturday
  const daysToMonday = (8 - day) % 7 || 7;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + daysToMonday));
}

/** A decimal string with exactly `places` decimals (truncated; no floats), thousands separated. */
export function formatDecimal(value: string, places = 2): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign, whole = '0', frac = ''] = match;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return places > 0 ? `${sign}${grouped}.${frac.slice(0, places).padEnd(places, '0')}` : `${sign}${grouped}`;
}

/** Tenths of a percent as a percent label: 400 → '40%', 2 → '0.2%'. */
export function shareLabel(permille: number): string {
  return `${permille % 10 === 0 ? permille / 10 : (permille / 10).toFixed(1)}%`;
}
