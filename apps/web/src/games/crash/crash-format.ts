/**
 * Crash's small pure helpers: round ids, multipliers in hundredths, exact decimal arithmetic on the
 * server's amount strings, the timer's colour, the result pills' colour and the players list order.
 */
import type { CrashBet } from '@nebula/contracts';
import { crashRatio, payoutFor } from '@nebula/games';
import { amount, toDecimalString } from '@nebula/money';

/** Round ids are decimal strings of up to 19 digits: compared as bigints. */
export function compareRoundIds(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** "2.35" -> 235n (hundredths); 0n when malformed. */
export function hundredthsOf(multiplier: string): bigint {
  const match = /^(\d+)\.(\d{2})$/.exec(multiplier);
  return match ? BigInt(`${match[1]}${match[2]}`) : 0n;
}

function fractionDigits(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

function atomicOf(text: string, decimals: number): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return 0n;
  const value = BigInt(`${match[2]}${(match[3] ?? '').padEnd(decimals, '0')}`);
  return match[1] === '-' ? -value : value;
}

/** `a - b` of two decimal strings, exactly ("0.3" - "0.1" = "0.2"). */
export function subtractDecimals(a: string, b: string): string {
  const decimals = Math.max(fractionDigits(a), fractionDigits(b));
  const diff = atomicOf(a, decimals) - atomicOf(b, decimals);
  const text = toDecimalString(diff < 0n ? -diff : diff, decimals);
  return diff < 0n ? `-${text}` : text;
}

/**
 * True when `payout` is what `wager` pays at `hundredths`. Both are the server's trimmed decimal
 * strings: the payout was rounded down at the currency's decimals, and rounding down at the digits
 * the two strings show gives the same value.
 */
export function paysExactly(wager: string, hundredths: bigint, payout: string): boolean {
  const decimals = Math.max(fractionDigits(wager), fractionDigits(payout));
  return (atomicOf(wager, decimals) * hundredths) / 100n === atomicOf(payout, decimals);
}

/** The payout of a decimal `wager` at `hundredths`, rounded down to `decimals`. */
export function payoutAt(wager: string, hundredths: bigint, decimals = fractionDigits(wager)): string {
  const atomic = atomicOf(wager, decimals);
  if (atomic <= 0n || hundredths <= 0n) return toDecimalString(0n, decimals);
  return toDecimalString(payoutFor(amount(atomic), crashRatio(hundredths)), decimals);
}

/** The timer's colour (spec 3 section 9): orange from 10 s left, red from 5 s. */
export type TimerLevel = 'calm' | 'warn' | 'danger';

export function timerLevel(leftMs: number): TimerLevel {
  if (leftMs <= 5_000) return 'danger';
  if (leftMs <= 10_000) return 'warn';
  return 'calm';
}

/** The colour of a result pill: below 2x, 2x to 10x, 10x and above. */
export type PillTone = 'low' | 'mid' | 'high';

export function pillTone(crashPoint: string): PillTone {
  const h = hundredthsOf(crashPoint);
  return h >= 1000n ? 'high' : h >= 200n ? 'mid' : 'low';
}

/**
 * The players list: cashed-out bets first (highest multiplier first), then the bets still in play,
 * then the losses; within each, the larger stake in USD first (`usd` prices one unit of a currency).
 */
export function sortPlayers(bets: CrashBet[], usd: (currency: string) => number): CrashBet[] {
  const rank = { cashed_out: 0, active: 1, lost: 2, cancelled: 3 } as const;
  const value = (b: CrashBet) => Number(b.wager) * usd(b.currency);
  return bets
    .filter((b) => b.status !== 'cancelled')
    .sort((a, b) => {
      const byRank = rank[a.status] - rank[b.status];
      if (byRank) return byRank;
      if (a.status === 'cashed_out') {
        const diff = hundredthsOf(b.multiplier) - hundredthsOf(a.multiplier);
        if (diff !== 0n) return diff > 0n ? 1 : -1;
      }
      return value(b) - value(a);
    });
}
