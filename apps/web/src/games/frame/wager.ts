/**
 * Wager arithmetic of the frame (spec 3 section 5): the input's text is parsed as a number in the
 * currency's decimals; ½ and x2 round to those decimals; 'Profit on win' shows 0 when the text is
 * not a number. Amounts are bigint atomic units; nothing here goes through a float.
 */
import { tryParseAmount, toDecimalString } from '@nebula/money';
import { payoutFor, type Ratio } from '@nebula/games';

/** The wager text as atomic units, or null when it is not a valid amount of this currency. */
export function parseWagerText(text: string, decimals: number): bigint | null {
  const parsed = tryParseAmount(text, decimals);
  return parsed.ok ? parsed.value : null;
}

/** The input text of an amount: every decimal shown (`0.00000000`, `1.50`). */
export function wagerText(atomic: bigint, decimals: number): string {
  return toDecimalString(atomic, decimals, { fixed: true });
}

/** Zero at the currency's precision: what a currency switch resets the wager to. */
export function zeroWagerText(decimals: number): string {
  return wagerText(0n, decimals);
}

/** Half the wager, rounded half up to the currency's last decimal (as `toFixed` does). */
export function halveWager(atomic: bigint): bigint {
  return atomic <= 0n ? 0n : (atomic + 1n) / 2n;
}

/** Twice the wager. */
export function doubleWager(atomic: bigint): bigint {
  return atomic <= 0n ? 0n : atomic * 2n;
}

/** Applies ½ or x2 to the input text; an unparsable text counts as 0. */
export function scaleWagerText(text: string, decimals: number, action: 'half' | 'double'): string {
  const atomic = parseWagerText(text, decimals) ?? 0n;
  return wagerText(action === 'half' ? halveWager(atomic) : doubleWager(atomic), decimals);
}

/**
 * The profit a win pays, `floor(wager * multiplier) - wager`, in atomic units; 0 when the wager is
 * not a number, the multiplier is unknown, or the win would not beat the wager.
 */
export function profitOnWin(wager: bigint | null, multiplier: Ratio | null): bigint {
  if (wager === null || wager <= 0n || !multiplier || multiplier.num <= 0n) return 0n;
  const profit = payoutFor(wager as Parameters<typeof payoutFor>[0], multiplier) - wager;
  return profit > 0n ? profit : 0n;
}

/**
 * A signed decimal string of the server (profits: `-0.0001`) as atomic units; 0 when malformed.
 * Extra digits past the currency's decimals are cut (the server never sends them).
 */
export function parseSignedDecimal(text: string, decimals: number): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return 0n;
  const fraction = (match[3] ?? '').slice(0, decimals).padEnd(decimals, '0');
  const value = BigInt(`${match[2]}${fraction}`);
  return match[1] === '-' ? -value : value;
}
