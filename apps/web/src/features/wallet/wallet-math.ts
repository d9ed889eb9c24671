/**
 * The wallet's pure rules (spec 3 sections 4 and 5), all money in bigint atomic units:
 * - withdrawal shortcuts 25/50/75/99% (MAX) of the real balance, rounded down;
 * - deposit shortcuts $50/$100/$250/$1000 turned into the token with its USD price (display only);
 * - the amount key filter (digits and one dot, no more decimals than the currency has);
 * - the status texts of withdrawals and deposits;
 * - the header total (real balance plus usable bonus, at the currency's precision).
 * Prices are floats from the server; they are turned into an exact decimal once, then bigint math.
 * Display formatting is the app's one money rule (lib/money-format).
 */
import { divRound, toDecimalString, tryParseAmount } from '@nebula/money';
import { formatMoney, parseMoney, priceAtomic as lookPriceAtomic } from '../../lib/money-format';

/** Spec 3 section 5: withdrawal amount shortcuts in percent; 99 is labelled MAX. */
export const WITHDRAW_SHORTCUTS = [25, 50, 75, 99] as const;
/** Spec 3 section 5: deposit amount shortcuts in USD. */
export const DEPOSIT_SHORTCUTS_USD = [50, 100, 250, 1000] as const;
/** Spec 3 section 5: a withdrawal address has at least this many characters. */
export const MIN_ADDRESS_LENGTH = 4;
/** Decimals a price is kept with for the conversions (display only). */
const PRICE_DECIMALS = 12;

/** Atomic units of a decimal string (a balance from the server); anything malformed counts as 0. */
export function toAtomic(value: string | null | undefined, decimals: number): bigint {
  return parseMoney(value, decimals);
}

/** `percent`% of `balance` atomic units, rounded down (never more than the player has). */
export function percentOf(balance: bigint, percent: number): bigint {
  if (balance <= 0n || percent <= 0) return 0n;
  return divRound(balance * BigInt(Math.trunc(percent)), 100n, 'floor');
}

/** The shortcut's amount as the text the input shows (exact, trailing zeros trimmed). */
export function percentShortcut(balance: string, decimals: number, percent: number): string {
  return toDecimalString(percentOf(toAtomic(balance, decimals), percent), decimals);
}

/** A price (float) as atomic units at PRICE_DECIMALS; 0 when unusable. */
export function priceAtomic(price: number): bigint {
  return lookPriceAtomic(price);
}

/** `usd` dollars in atomic units of a token priced `price` USD, rounded down; null without a price. */
export function usdToToken(usd: number, price: number, decimals: number): bigint | null {
  const p = priceAtomic(price);
  if (p === 0n) return null;
  const usdAtomic = BigInt(Math.trunc(usd)) * 10n ** BigInt(PRICE_DECIMALS);
  return divRound(usdAtomic * 10n ** BigInt(decimals), p, 'floor');
}

/** The deposit shortcut's amount text, or null when the currency has no price. */
export function depositShortcut(usd: number, price: number, decimals: number): string | null {
  const atomic = usdToToken(usd, price, decimals);
  return atomic === null ? null : toDecimalString(atomic, decimals);
}

/** Fiat value (2 decimals, truncated) of `value` token units at `price`; display only. */
export function fiatValue(value: string, decimals: number, price: number): string {
  const p = priceAtomic(price);
  const atomic = toAtomic(value, decimals);
  // atomic * p has decimals + PRICE_DECIMALS decimals; keep 2.
  const cents = divRound(atomic * p, 10n ** BigInt(decimals + PRICE_DECIMALS - 2), 'floor');
  return toDecimalString(cents, 2, { fixed: true });
}

/**
 * The amount key filter (spec 3 section 5): only digits and one dot survive (a comma becomes the
 * dot, numeric keypads of many locales type it), at most `decimals` decimals, no leading zeros.
 */
export function filterAmountInput(raw: string, decimals: number): string {
  let text = raw.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = text.indexOf('.');
  if (dot !== -1) {
    const int = text.slice(0, dot);
    const frac = text.slice(dot + 1).replace(/\./g, '');
    text = decimals === 0 ? int : `${int}.${frac.slice(0, decimals)}`;
  }
  text = text.replace(/^0+(?=\d)/, '');
  if (text.startsWith('.')) text = `0${text}`;
  return text;
}

/** Whether a typed key may go into an amount field (control keys and shortcuts always pass). */
export function isAmountKeyAllowed(key: string, current: string): boolean {
  if (key.length !== 1) return true; // Backspace, arrows, Tab, Enter...
  if (/\d/.test(key)) return true;
  if (key === '.' || key === ',') return !current.includes('.');
  return false;
}

/**
 * Header total: real balance plus usable bonus (spec 2), at the currency's precision (crypto up to 8
 * decimals, at least 2; fiat 2), truncated: 0.009 BTC reads `0.009`, never `0.00`.
 */
export function headerTotal(real: string, bonus: string | undefined, decimals: number): string {
  return formatMoney(headerTotalAtomic(real, bonus, decimals), decimals);
}

/** The header total in atomic units. */
export function headerTotalAtomic(real: string, bonus: string | undefined, decimals: number): bigint {
  return toAtomic(real, decimals) + toAtomic(bonus, decimals);
}

/** A balance for lists: the currency's display rule (up to 8 decimals, trailing zeros trimmed to 2). */
export function displayBalance(value: string, decimals: number): string {
  return formatMoney(toAtomic(value, decimals), decimals);
}

export type WithdrawStatusKind = 'moderation' | 'accepted' | 'declined' | 'cancelled';

export interface WithdrawStatusView {
  kind: WithdrawStatusKind;
  /** The decline reason (status 2). */
  reason: string | null;
  /**
   * Status 0 and not automatic (spec 3 section 4), where the jurisdiction lets players reverse a
   * withdrawal: the player may cancel.
   */
  cancellable: boolean;
  /** Status 0 and not automatic, but the jurisdiction forbids reversing withdrawals: say why there is no cancel. */
  reversalForbidden: boolean;
}

/**
 * Spec 3 section 4: 0 and 3 moderation, 1 accepted, 2 declined (with reason), 4 cancelled.
 * `cancelAllowed` is the jurisdiction's rule the history answers with (false: no reversing withdrawals).
 */
export function withdrawStatus(
  item: { status: number; auto: boolean; decline_reason: string | null },
  cancelAllowed = true,
): WithdrawStatusView {
  switch (item.status) {
    case 1:
      return { kind: 'accepted', reason: null, cancellable: false, reversalForbidden: false };
    case 2:
      return { kind: 'declined', reason: item.decline_reason, cancellable: false, reversalForbidden: false };
    case 4:
      return { kind: 'cancelled', reason: null, cancellable: false, reversalForbidden: false };
    default: {
      const playerCancel = item.status === 0 && !item.auto;
      return {
        kind: 'moderation',
        reason: null,
        cancellable: playerCancel && cancelAllowed,
        reversalForbidden: playerCancel && !cancelAllowed,
      };
    }
  }
}

export type DepositStatusView =
  { kind: 'paid' } | { kind: 'notPaid' } | { kind: 'confirming'; confirmations: number; required: number };

/** Spec 3 section 4: aggregator deposits are paid or not; others show the confirmations, then paid. */
export function depositStatus(item: {
  status: number;
  aggregator: boolean;
  confirmations: number;
  required_confirmations: number;
}): DepositStatusView {
  if (item.status === 1) return { kind: 'paid' };
  if (item.aggregator) return { kind: 'notPaid' };
  return {
    kind: 'confirming',
    confirmations: Math.min(item.confirmations, item.required_confirmations),
    required: item.required_confirmations,
  };
}

/** Withdraw error codes of spec 3 section 8 mapped to text keys (walletUi.errors.*). */
export const WITHDRAW_CODE_KEYS: Readonly<Record<number, string>> = {
  1: 'invalid',
  2: 'wager',
  3: 'onePending',
  5: 'dailyLimit',
};

/** The withdrawal fee the server charges on top of `amount` (ceil of amount x percent / 100). */
export function withdrawFee(amount: bigint, feePercent: string): bigint {
  const parsed = tryParseAmount(feePercent, 6);
  if (!parsed.ok || amount <= 0n) return 0n;
  return divRound(amount * parsed.value, 100n * 10n ** 6n, 'ceil');
}
