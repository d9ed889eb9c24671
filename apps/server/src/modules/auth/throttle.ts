import type { Database } from '../../db/client.js';

/**
 * Failure throttling, shared by every node through the database (`login_throttle`): after
 * `maxFailures` failures within `windowMinutes` a key is locked for `lockMinutes`. Used by the
 * 2FA check (per user) and by sign-in below.
 */
export interface ThrottleRule {
  maxFailures: number;
  windowMinutes: number;
  lockMinutes: number;
}

/** True while the key is locked. */
export async function isLocked(database: Database, key: string): Promise<boolean> {
  const rows = await database.query('select 1 from login_throttle where key = $1 and locked_until > now()', [
    key,
  ]);
  return rows.length > 0;
}

/** Counts a failure; returns the failures in the window (this one included) and whether it locked the key. */
async function countFailure(
  database: Database,
  key: string,
  rule: ThrottleRule,
): Promise<{ failures: number; locked: boolean }> {
  const rows = await database.query<{ failures: number }>(
    `insert into login_throttle as t (key, failures, window_started_at) values ($1, 1, now())
     on conflict (key) do update set
       failures = case when t.window_started_at < now() - make_interval(mins => $2::int) then 1 else t.failures + 1 end,
       window_started_at = case when t.window_started_at < now() - make_interval(mins => $2::int) then now() else t.window_started_at end
     returning failures`,
    [key, rule.windowMinutes],
  );
  const failures = Number(rows[0]?.failures ?? 1);
  const locked = failures >= rule.maxFailures;
  if (locked) {
    await database.query(
      `update login_throttle set locked_until = now() + make_interval(mins => $2::int), failures = 0, window_started_at = now()
        where key = $1`,
      [key, rule.lockMinutes],
    );
  }
  return { failures, locked };
}

/** Counts a failure; returns true when this failure locked the key. */
export async function recordFailure(database: Database, key: string, rule: ThrottleRule): Promise<boolean> {
  return (await countFailure(database, key, rule)).locked;
}

export async function clearFailures(database: Database, key: string): Promise<void> {
  await database.query(
    'delete from login_throttle where key = $1 and (locked_until is null or locked_until < now())',
    [key],
  );
}

/*
 * Sign-in throttling. Invariants:
 * - Nothing is keyed by the login alone: a stranger's failures never lock an account, nor slow down
 *   its owner signing in from an address that has not failed (no lock, captcha level 0 there).
 * - Per (login, address) pair: `PAIR_RULE` locks that pair only (guessing one account from one address).
 *   The login is the account when it names one, so its name and e-mail count as one login.
 * - Per address, across every login (password spraying): `ADDRESS_RULE` locks the address.
 * - After failures the address's captcha costs more (levels, see the captcha module): the level is
 *   the higher of the pair's (one per failure after the first `PAIR_FREE_FAILURES`) and the address's
 *   (one per `ADDRESS_FAILURES_PER_LEVEL` failures). It is kept per address (the challenge is fetched
 *   before the login is known), only ever raised while failures go on, and lapses
 *   `LEVEL_WINDOW_MINUTES` after the last failure. Challenges for the address are issued at that level and sign-in refuses
 *   solutions below it, so the level asked for and the level demanded are the same row.
 * - A success clears the pair's failures, never the address's (an attacker signing in to an account
 *   of their own must not reset the address's count).
 */
export const PAIR_RULE: ThrottleRule = { maxFailures: 10, windowMinutes: 15, lockMinutes: 15 };
export const ADDRESS_RULE: ThrottleRule = { maxFailures: 30, windowMinutes: 15, lockMinutes: 15 };
export const PAIR_FREE_FAILURES = 2;
export const ADDRESS_FAILURES_PER_LEVEL = 5;
const LEVEL_WINDOW_MINUTES = 15;

const pairKey = (subject: string, address: string) => `pair:${address}|${subject}`;
const addressKey = (address: string) => `ip:${address}`;
const levelKey = (address: string) => `captcha:${address}`;

/** The captcha level after `pairFailures` on one pair and `addressFailures` on its address. */
export function signInCaptchaLevelAfter(pairFailures: number, addressFailures: number): number {
  return Math.max(
    0,
    pairFailures - PAIR_FREE_FAILURES,
    Math.floor(addressFailures / ADDRESS_FAILURES_PER_LEVEL),
  );
}

export interface SignInThrottle {
  /** The pair or the address is locked: answer 429 without looking at the password. */
  locked: boolean;
  /** The captcha level a sign-in from this address must have solved. */
  captchaLevel: number;
}

/**
 * The throttle state of a sign-in attempt from `address`. `subject` names what is signed in to:
 * the account (`user:<id>`) when the login names one, else the normalised login as typed.
 */
export async function signInThrottle(
  database: Database,
  subject: string,
  address: string,
): Promise<SignInThrottle> {
  const rows = await database.query<{ key: string; locked: boolean; level: number | null }>(
    `select key, coalesce(locked_until > now(), false) as locked,
            case when key = $3 and window_started_at > now() - make_interval(mins => $4::int) then failures end as level
       from login_throttle where key in ($1, $2, $3)`,
    [pairKey(subject, address), addressKey(address), levelKey(address), LEVEL_WINDOW_MINUTES],
  );
  return {
    locked: rows.some((r) => r.locked),
    captchaLevel: Number(rows.find((r) => r.level !== null)?.level ?? 0),
  };
}

/** The captcha level of challenges for `address` (0 when it has not failed lately). */
export async function signInCaptchaLevel(database: Database, address: string): Promise<number> {
  const rows = await database.query<{ failures: number }>(
    `select failures from login_throttle
      where key = $1 and window_started_at > now() - make_interval(mins => $2::int)`,
    [levelKey(address), LEVEL_WINDOW_MINUTES],
  );
  return Number(rows[0]?.failures ?? 0);
}

/** Counts a failed sign-in to `subject` from `address` and raises the address's captcha level. */
export async function recordSignInFailure(
  database: Database,
  subject: string,
  address: string,
): Promise<void> {
  const pair = await countFailure(database, pairKey(subject, address), PAIR_RULE);
  const addr = await countFailure(database, addressKey(address), ADDRESS_RULE);
  const level = signInCaptchaLevelAfter(pair.failures, addr.failures);
  if (level <= 0) return;
  // The level row reuses the table's columns: `failures` holds the level, the window its last raise.
  await database.query(
    `insert into login_throttle as t (key, failures, window_started_at) values ($1, $2, now())
     on conflict (key) do update set
       failures = case when t.window_started_at < now() - make_interval(mins => $3::int) then excluded.failures
                       else greatest(t.failures, excluded.failures) end,
       window_started_at = now()`,
    [levelKey(address), level, LEVEL_WINDOW_MINUTES],
  );
}

/** A successful sign-in clears its pair's failures (not the address's, see above). */
export async function clearSignInFailures(
  database: Database,
  subject: string,
  address: string,
): Promise<void> {
  await clearFailures(database, pairKey(subject, address));
}
