import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Telegram Web App launch data (`initData`) validation, per Telegram's "Validating data received
 * via the Mini App": data_check_string = every field except `hash`, sorted by key, `key=value`
 * joined by '\n'; secret = HMAC-SHA256(key 'WebAppData', bot token); the hash must equal
 * hex(HMAC-SHA256(secret, data_check_string)). Fresh means `auth_date` within the last 24 hours
 * (and not more than 5 minutes ahead of our clock).
 */
export const MAX_AGE_SECONDS = 24 * 60 * 60;
export const MAX_SKEW_SECONDS = 5 * 60;

export interface TelegramUser {
  id: string;
  username: string | null;
}

export type InitDataResult =
  { ok: true; user: TelegramUser; authDate: number } | { ok: false; reason: string };

export function dataCheckString(fields: [string, string][]): string {
  return fields
    .filter(([key]) => key !== 'hash')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
}

export function initDataHash(botToken: string, checkString: string): string {
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  return createHmac('sha256', secret).update(checkString).digest('hex');
}

const fail = (reason: string): InitDataResult => ({ ok: false, reason });

export function validateInitData(initData: string, botToken: string, nowSeconds: number): InitDataResult {
  const fields = [...new URLSearchParams(initData).entries()];
  const keys = new Set(fields.map(([k]) => k));
  if (keys.size !== fields.length) return fail('duplicate field');
  const hash = fields.find(([k]) => k === 'hash')?.[1];
  if (!hash || !/^[0-9a-f]{64}$/.test(hash)) return fail('missing or malformed hash');
  const expected = Buffer.from(initDataHash(botToken, dataCheckString(fields)), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) return fail('bad hash');

  const authDateText = fields.find(([k]) => k === 'auth_date')?.[1] ?? '';
  if (!/^\d{1,12}$/.test(authDateText)) return fail('missing auth_date');
  const authDate = Number(authDateText);
  if (nowSeconds - authDate > MAX_AGE_SECONDS) return fail('stale auth_date');
  if (authDate - nowSeconds > MAX_SKEW_SECONDS) return fail('auth_date in the future');

  const userText = fields.find(([k]) => k === 'user')?.[1];
  if (!userText) return fail('missing user');
  let parsed: unknown;
  try {
    parsed = JSON.parse(userText);
  } catch {
    return fail('user is not JSON');
  }
  const raw = parsed as { id?: unknown; username?: unknown } | null;
  if (
    !raw ||
    typeof raw !== 'object' ||
    typeof raw.id !== 'number' ||
    !Number.isSafeInteger(raw.id) ||
    raw.id <= 0
  ) {
    return fail('user id missing');
  }
  const username =
    typeof raw.username === 'string' && /^[A-Za-z0-9_]{1,32}$/.test(raw.username) ? raw.username : null;
  return { ok: true, user: { id: String(raw.id), username }, authDate };
}
