import type { Database } from '../../db/client.js';

/**
 * Sign-in throttling, shared by every node through the database: after `maxFailures` failures
 * within `windowMinutes` a key (a login name, an IP, a 2FA session) is locked for `lockMinutes`.
 */
export interface ThrottleRule {
  maxFailures: number;
  windowMinutes: number;
  lockMinutes: number;
}

export const LOGIN_RULE: ThrottleRule = { maxFailures: 5, windowMinutes: 15, lockMinutes: 15 };
export const IP_RULE: ThrottleRule = { maxFailures: 30, windowMinutes: 15, lockMinutes: 15 };

/** True while the key is locked. */
export async function isLocked(database: Database, key: string): Promise<boolean> {
  const rows = await database.query('select 1 from login_throttle where key = $1 and locked_until > now()', [
    key,
  ]);
  return rows.length > 0;
}

/** Counts a failure; returns true when this failure locked the key. */
export async function recordFailure(database: Database, key: string, rule: ThrottleRule): Promise<boolean> {
  const rows = await database.query<{ locked: boolean }>(
    `insert into login_throttle as t (key, failures, window_started_at) values ($1, 1, now())
     on conflict (key) do update set
       failures = case when t.window_started_at < now() - make_interval(mins => $2::int) then 1 else t.failures + 1 end,
       window_started_at = case when t.window_started_at < now() - make_interval(mins => $2::int) then now() else t.window_started_at end
     returning failures >= $3 as locked`,
    [key, rule.windowMinutes, rule.maxFailures],
  );
  const locked = rows[0]?.locked === true;
  if (locked) {
    await database.query(
      `update login_throttle set locked_until = now() + make_interval(mins => $2::int), failures = 0, window_started_at = now()
        where key = $1`,
      [key, rule.lockMinutes],
    );
  }
  return locked;
}

export async function clearFailures(database: Database, key: string): Promise<void> {
  await database.query(
    'delete from login_throttle where key = $1 and (locked_until is null or locked_until < now())',
    [key],
  );
}
