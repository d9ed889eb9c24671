/**
 * Node-side helpers for the identity e2e: a captcha solved like the widget does (ALTCHA v2), API
 * calls with a bearer token, the staff outbox (as the admin demo account), TOTP codes, and signed
 * Telegram launch data.
 */
import { createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generate } from 'otplib';
import { BASE_URL } from '../playwright.config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// altcha-lib is a server dependency (not hoisted): resolve it from there.
const serverRequire = createRequire(path.join(root, 'apps/server/package.json'));

interface AltchaLib {
  solveChallenge: (options: { challenge: unknown; deriveKey: unknown }) => Promise<unknown>;
}
interface AltchaSha {
  deriveKey: unknown;
}

let altcha: Promise<[AltchaLib, AltchaSha]> | null = null;

function loadAltcha(): Promise<[AltchaLib, AltchaSha]> {
  altcha ??= Promise.all([
    import(pathToFileURL(serverRequire.resolve('altcha-lib')).href) as Promise<AltchaLib>,
    import(pathToFileURL(serverRequire.resolve('altcha-lib/algorithms/sha')).href) as Promise<AltchaSha>,
  ]);
  return altcha;
}

/** A fresh server challenge, solved in Node: the `captcha` field value. */
export async function solveCaptcha(): Promise<string> {
  const [{ solveChallenge }, { deriveKey }] = await loadAltcha();
  const res = await fetch(`${BASE_URL}/api/captcha/challenge`);
  if (!res.ok) throw new Error(`captcha challenge: HTTP ${res.status}`);
  const challenge: unknown = await res.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}: ${JSON.stringify(body)}`);
  }
}

/** A JSON call to the shared server, optionally with a bearer token. */
export async function call<T = unknown>(
  method: 'GET' | 'POST',
  urlPath: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (method === 'POST') headers['Content-Type'] = 'application/json';
  const res = await fetch(`${BASE_URL}${urlPath}`, {
    method,
    headers,
    body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
  });
  const text = await res.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  if (!res.ok) throw new HttpError(res.status, data);
  return data as T;
}

export interface ApiUser {
  _id: string;
  name: string;
  email: string | null;
  token: string;
}

/** Signs in through the API (captcha solved in Node); returns the user with its token. */
export async function apiLogin(login: string, password: string): Promise<ApiUser> {
  const { user } = await call<{ user: ApiUser }>('POST', '/auth/login', {
    login,
    password,
    captcha: await solveCaptcha(),
  });
  return user;
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

let adminToken: Promise<string> | null = null;

/** The newest mail to `to` whose text holds a link path matching `pattern` (polls the outbox). */
export async function mailedLink(
  adminPassword: string,
  to: string,
  pattern: RegExp,
  after = 0,
): Promise<string> {
  adminToken ??= apiLogin('admin', adminPassword).then((user) => user.token);
  const token = await adminToken;
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const { mails } = await call<{ mails: OutboxMail[] }>('POST', '/api/admin/outbox', { search: to }, token);
    for (const mail of mails) {
      if (mail.to.toLowerCase() !== to.toLowerCase() || Date.parse(mail.createdAt) < after) continue;
      const match = mail.text.match(pattern);
      if (match) return match[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${to} with a link matching ${pattern}`);
}

/** The TOTP code of `secret` for the 30 s step `offset` steps from now. */
export function totp(secret: string, offset = 0): Promise<string> {
  const epoch = Math.floor(Date.now() / 1000) + offset * 30;
  return generate({ secret, epoch, period: 30, digits: 6 });
}

/** A code that is certainly wrong for `secret` around now. */
export async function wrongTotp(secret: string): Promise<string> {
  const taken = new Set(await Promise.all([-1, 0, 1].map((offset) => totp(secret, offset))));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!taken.has(candidate)) return candidate;
  }
}

/** Telegram mini-app launch data, signed the way Telegram signs it, for `botToken`. */
export function telegramInitData(
  botToken: string,
  user: { id: number; username: string; first_name?: string },
  authDate = Math.floor(Date.now() / 1000),
): string {
  const fields: [string, string][] = [
    ['auth_date', String(authDate)],
    ['query_id', 'AAE2e-test'],
    ['user', JSON.stringify(user)],
  ];
  const check = [...fields]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  const hash = createHmac('sha256', secret).update(check).digest('hex');
  return new URLSearchParams([...fields, ['hash', hash]]).toString();
}

/** A unique suffix for names and addresses of this run. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.slice(-10);
}
