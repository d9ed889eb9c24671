import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Database } from '../../db/client.js';

/**
 * Self-hosted proof-of-work captcha (ALTCHA v2, no third party). Challenges are HMAC-signed
 * with a key derived from SECRET_KEY, expire after 10 minutes, and each is accepted once
 * (its id is recorded in `captcha_used` by the first successful verification).
 *
 * Cost levels: a challenge of level L searches a counter range 2^L times the configured one (the
 * expected work doubles per level). The level is in the signed `data`, so a caller cannot lower it;
 * a call that demands a level (sign-in after failures) refuses a solution of a lower one.
 */
export const CAPTCHA_TTL_SECONDS = 600;
/** Highest cost level: 2^5 = 32 times the configured work. */
export const MAX_CAPTCHA_LEVEL = 5;
const MAX_COUNTER = 0xffff_ffff;

const clampLevel = (level: number) =>
  Number.isFinite(level) ? Math.max(0, Math.min(MAX_CAPTCHA_LEVEL, Math.floor(level))) : 0;

export interface CaptchaOptions {
  secretKey: string;
  /** Work per attempt; the client searches a counter in [min, max). */
  cost: number;
  counterMin: number;
  counterMax: number;
}

const secretsOf = (secretKey: string) => ({
  hmacSignatureSecret: createHmac('sha256', secretKey).update('altcha-signature').digest('hex'),
  hmacKeySignatureSecret: createHmac('sha256', secretKey).update('altcha-key-signature').digest('hex'),
});

/** A new challenge of cost `level` (0 = the configured work; see the header). */
export async function newChallenge(opts: CaptchaOptions, level = 0) {
  const lvl = clampLevel(level);
  const scale = 2 ** lvl;
  const min = Math.min(opts.counterMin * scale, MAX_COUNTER - 1);
  const max = Math.min(Math.max(opts.counterMin + 1, opts.counterMax) * scale, MAX_COUNTER);
  const counter = randomInt(min, Math.max(min + 1, max));
  return createChallenge({
    algorithm: 'SHA-256',
    cost: opts.cost,
    counter,
    deriveKey,
    data: { challengeId: randomBytes(12).toString('base64url'), level: lvl },
    expiresAt: Math.floor(Date.now() / 1000) + CAPTCHA_TTL_SECONDS,
    ...secretsOf(opts.secretKey),
  });
}

interface Payload {
  challenge: { parameters: { nonce: string; data?: Record<string, unknown>; expiresAt?: number } };
  solution: unknown;
}

function parsePayload(raw: string): Payload | null {
  try {
    const json = JSON.parse(Buffer.from(raw, 'base64').toString('utf8')) as Payload;
    if (!json || typeof json !== 'object' || !json.challenge?.parameters || json.solution === undefined)
      return null;
    return json;
  } catch {
    return null;
  }
}

/**
 * True when `raw` is a valid, unexpired, never-used solution of one of our challenges, of cost
 * level `minLevel` or more. A solution below the level is refused without being used up.
 */
export async function verifyCaptcha(
  database: Database,
  secretKey: string,
  raw: string,
  minLevel = 0,
): Promise<boolean> {
  const payload = parsePayload(raw);
  if (!payload) return false;
  const level = Number(payload.challenge.parameters.data?.level ?? 0);
  if (!(level >= clampLevel(minLevel))) return false;
  let verified = false;
  try {
    const result = await verifySolution({
      challenge: payload.challenge as never,
      solution: payload.solution as never,
      deriveKey,
      ...secretsOf(secretKey),
    });
    verified = result.verified;
  } catch {
    return false;
  }
  if (!verified) return false;
  const id = String(payload.challenge.parameters.data?.challengeId ?? payload.challenge.parameters.nonce);
  const rows = await database.query<{ id: string }>(
    `insert into captcha_used (id, expires_at) values ($1, now() + make_interval(secs => $2::int))
     on conflict (id) do nothing returning id`,
    [id, CAPTCHA_TTL_SECONDS],
  );
  return rows.length === 1;
}

/** Forgets used ids whose challenges have expired anyway (run by a job). */
export async function pruneUsedCaptchas(database: Database): Promise<void> {
  await database.query('delete from captcha_used where expires_at < now()');
}
