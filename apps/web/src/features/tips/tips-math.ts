/**
 * The tip and rain modals' pure rules (spec 3 sections 5 and 9), money in bigint atomic units:
 * the amount key filter, the rain split preview (share = floor(amount / users); the remainder stays
 * with the sender, as the server does it), the users range, the chat command arguments, the request
 * ids that make a retried tip or rain pay once, and the mapping of server errors to texts.
 * Limits and codes come from the contracts' zod-free constants entry.
 */
import {
  DEFAULT_CHAT_CHANNEL,
  isChatChannelName,
  RAIN_MAX_USERS,
  RAIN_MIN_USERS,
  TipErrorCode,
  type ChatChannel,
} from '@nebula/contracts/constants';
import { toDecimalString, tryParseAmount } from '@nebula/money';

/** Players a rain goes to when the command does not say. */
export const RAIN_DEFAULT_USERS = 10;

type TipErrorCodeValue = (typeof TipErrorCode)[keyof typeof TipErrorCode];

/** Server error codes -> text keys under `tipsUi.errors.`; every contract code has one (compile-checked). */
export const TIP_ERROR_KEYS: Readonly<Record<TipErrorCodeValue, string> & Record<string, string>> = {
  [TipErrorCode.InvalidUsername]: 'invalidUsername',
  [TipErrorCode.InvalidAmount]: 'invalidAmount',
  [TipErrorCode.InvalidUsersLength]: 'invalidUsersLength',
  [TipErrorCode.NotEnoughMoney]: 'notEnoughMoney',
  [TipErrorCode.Self]: 'self',
  [TipErrorCode.NotEnoughUsers]: 'notEnoughUsers',
  [TipErrorCode.RateLimited]: 'rateLimited',
  [TipErrorCode.Muted]: 'muted',
  [TipErrorCode.UnknownCurrency]: 'unknownCurrency',
  idempotency_conflict: 'conflict',
  'general.error.unknown_user': 'invalidUsername',
};

/** Atomic units of a decimal string; anything malformed (or empty) is null. */
export function toAtomic(value: string | null | undefined, decimals: number): bigint | null {
  if (!value || !/^\d+(\.\d+)?$/.test(value.trim())) return null;
  const parsed = tryParseAmount(value.trim(), decimals);
  return parsed.ok ? parsed.value : null;
}

/**
 * The amount key filter: digits and one dot (a comma becomes the dot), at most `decimals`
 * decimals, no leading zeros.
 */
export function cleanAmount(raw: string, decimals: number): string {
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

/** `percent`% of a balance (decimal string) as the text the input shows, rounded down. */
export function percentOfBalance(balance: string, decimals: number, percent: number): string {
  const atomic = toAtomic(balance, decimals) ?? 0n;
  return toDecimalString((atomic * BigInt(Math.trunc(percent))) / 100n, decimals);
}

/** The users count clamped to 1..25 (and to whole numbers). */
export function clampUsers(value: number, max = RAIN_MAX_USERS): number {
  if (!Number.isFinite(value)) return RAIN_MIN_USERS;
  return Math.min(Math.max(Math.trunc(value), RAIN_MIN_USERS), Math.max(RAIN_MIN_USERS, max));
}

export interface SplitPreview {
  /** What each player gets. */
  share: bigint;
  /** What the sender pays: share x users. */
  total: bigint;
  /** What the division leaves (stays with the sender). */
  remainder: bigint;
}

/** The rain split as the server makes it; null for an unusable amount or users count. */
export function splitPreview(amount: string, users: number, decimals: number): SplitPreview | null {
  const atomic = toAtomic(amount, decimals);
  if (atomic === null || atomic <= 0n || !Number.isInteger(users) || users < RAIN_MIN_USERS) return null;
  const n = BigInt(users);
  const share = atomic / n;
  return { share, total: share * n, remainder: atomic - share * n };
}

/** `/tip name amount` arguments (either may be missing: the modal asks). */
export function tipArgs(args: readonly string[]): { name: string; amount: string } {
  return { name: (args[0] ?? '').replace(/^@/, ''), amount: args[1] ?? '' };
}

/** `/rain amount users` arguments. */
export function rainArgs(args: readonly string[]): { amount: string; users: number } {
  const users = Number(args[1]);
  return {
    amount: args[0] ?? '',
    users: args[1] !== undefined && Number.isFinite(users) ? clampUsers(users) : RAIN_DEFAULT_USERS,
  };
}

/** A fresh id for one intended tip or rain; a retry of the same intent reuses it. */
export function newRequestId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** An API error's field message for `path`, if the server gave one. */
export function fieldMessage(
  error: { fields?: readonly { path: string; message: string }[] } | null | undefined,
  path: string,
): string | undefined {
  return error?.fields?.find((f) => f.path === path)?.message;
}

/** `channel` when it is a chat channel, else casino_en (the default channel). */
export function asChatChannel(channel: string | undefined): ChatChannel {
  return channel !== undefined && isChatChannelName(channel) ? channel : DEFAULT_CHAT_CHANNEL;
}
