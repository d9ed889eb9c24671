/**
 * What tips and rains share: their errors (spec 3 section 5 texts), the currency and amount checks,
 * USD minimums, the per-player rate limit, and a ledger that runs inside the caller's transaction.
 */
import { randomInt } from 'node:crypto';
import { TipErrorCode, TipMessages } from '@nebula/contracts';
import { parseWireAmount, toDecimalString, type Amount } from '@nebula/money';
import type { Database } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { priceFeedService, usdToAtomic } from '../prices/index.js';
import { PLAYERS } from '../users/index.js';

export const invalidUsername = (detail?: string): AppError =>
  new AppError(
    422,
    TipErrorCode.InvalidUsername,
    TipMessages.invalidUsername,
    detail ? [{ path: 'name', message: detail }] : undefined,
  );

export const invalidAmount = (detail?: string): AppError =>
  new AppError(
    422,
    TipErrorCode.InvalidAmount,
    TipMessages.invalidAmount,
    detail ? [{ path: 'amount', message: detail }] : undefined,
  );

export const invalidUsersLength = (): AppError =>
  new AppError(422, TipErrorCode.InvalidUsersLength, TipMessages.invalidUsersLength, [
    { path: 'users', message: 'Choose from 1 to 25 players.' },
  ]);

export const notEnoughMoney = (): AppError =>
  new AppError(422, TipErrorCode.NotEnoughMoney, TipMessages.notEnoughMoney, [
    { path: 'amount', message: 'Your balance is too low for this amount.' },
  ]);

export interface TipCurrency {
  id: string;
  decimals: number;
}

/** An enabled currency, or 422 invalid_currency. */
export async function tipCurrency(database: Database, id: string): Promise<TipCurrency> {
  const rows = await database.query<{ decimals: number }>(
    'select decimals from currencies where id = $1 and enabled',
    [id],
  );
  const row = rows[0];
  if (!row)
    throw new AppError(422, TipErrorCode.UnknownCurrency, TipMessages.unknownCurrency, [
      { path: 'currency', message: TipMessages.unknownCurrency },
    ]);
  return { id, decimals: row.decimals };
}

/**
 * A positive amount in the canonical format of money calls (`parseWireAmount`: '1e3', '-1', 'NaN',
 * ' 1', '1,5' and too many decimals are refused), as atomic units; 'Invalid amount' otherwise.
 */
export function parsePositiveAmount(text: string, decimals: number): Amount {
  const parsed = parseWireAmount(text, decimals);
  if (!parsed.ok) throw invalidAmount(parsed.error.message);
  if (parsed.value <= 0n) throw invalidAmount('The amount must be greater than 0.');
  return parsed.value;
}

/** `usd` in atomic units of the currency (rounded up), at least 1; 1 when the currency has no price. */
export async function usdMinimum(
  ctx: Pick<AppContext, 'services'>,
  currency: TipCurrency,
  usd: string,
): Promise<Amount> {
  const quote = await priceFeedService.of(ctx).price(currency.id);
  const atomic = quote ? usdToAtomic(usd, quote.usd, currency.decimals, 'ceil') : null;
  return (atomic !== null && atomic > 1n ? atomic : 1n) as Amount;
}

export const unit = (currency: string): string => currency.toUpperCase();
export const show = (amount: bigint, currency: TipCurrency): string =>
  toDecimalString(amount, currency.decimals);

/** Muted players (chat_muted_until in the future) neither tip nor rain, and receive no rain. */
export async function assertNotMuted(database: Database, userId: string): Promise<void> {
  const rows = await database.query<{ muted: boolean }>(
    `select u.chat_muted as muted from ${PLAYERS} u where u.id = $1`,
    [userId],
  );
  if (rows[0]?.muted) throw new AppError(403, TipErrorCode.Muted, TipMessages.muted);
}

/**
 * At most `perMinute` tips and rains per player per minute (a retry of an earlier request is not
 * counted: it is answered before this check). Counted from the rows themselves, so every node agrees.
 */
export async function assertRate(database: Database, userId: string, perMinute: number): Promise<void> {
  const rows = await database.query<{ n: number }>(
    `select ((select count(*) from chat_tips where sender_id = $1 and created_at > now() - interval '1 minute')
           + (select count(*) from chat_rains where sender_id = $1 and created_at > now() - interval '1 minute'))::int as n`,
    [userId],
  );
  if ((rows[0]?.n ?? 0) >= perMinute)
    throw new AppError(429, TipErrorCode.RateLimited, TipMessages.rateLimited);
}

/** `count` distinct items of `items` in random order (crypto RNG, partial Fisher-Yates). */
export function sample<T>(items: readonly T[], count: number): T[] {
  const pool = items.slice();
  const n = Math.min(count, pool.length);
  for (let i = 0; i < n; i++) {
    const j = i + randomInt(pool.length - i);
    [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
  }
  return pool.slice(0, n);
}
