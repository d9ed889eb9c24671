import type { Database } from '../../db/client.js';

export interface TwoFactorRow {
  name: string;
  two_factor_secret: string | null;
  two_factor_pending_secret: string | null;
  two_factor_enabled_at: Date | null;
}

export async function loadTwoFactor(database: Database, userId: string): Promise<TwoFactorRow | null> {
  const rows = await database.query<TwoFactorRow>(
    'select name, two_factor_secret, two_factor_pending_secret, two_factor_enabled_at from users where id = $1',
    [userId],
  );
  return rows[0] ?? null;
}

/** Stores a new pending secret; false when 2FA got enabled meanwhile. */
export async function savePendingSecret(
  database: Database,
  userId: string,
  sealed: string,
): Promise<boolean> {
  const rows = await database.query(
    `update users set two_factor_pending_secret = $2
      where id = $1 and two_factor_enabled_at is null returning id`,
    [userId, sealed],
  );
  return rows.length > 0;
}

/** Promotes exactly the pending secret that was checked; false when it changed or 2FA is already on. */
export async function activatePendingSecret(
  database: Database,
  userId: string,
  sealed: string,
): Promise<boolean> {
  const rows = await database.query(
    `update users set two_factor_secret = two_factor_pending_secret, two_factor_pending_secret = null,
            two_factor_enabled_at = now()
      where id = $1 and two_factor_enabled_at is null and two_factor_pending_secret = $2 returning id`,
    [userId, sealed],
  );
  return rows.length > 0;
}

/** Turns 2FA off, only if the secret is still the one the code was checked against. */
export async function clearSecret(database: Database, userId: string, sealed: string): Promise<boolean> {
  const rows = await database.query(
    `update users set two_factor_secret = null, two_factor_pending_secret = null, two_factor_enabled_at = null
      where id = $1 and two_factor_secret = $2 returning id`,
    [userId, sealed],
  );
  return rows.length > 0;
}

/**
 * Records `step` as the user's last accepted TOTP time step, atomically and only when it is
 * newer than the last one: false means the code's step was already used (a replay).
 */
export async function claimTimeStep(database: Database, userId: string, step: number): Promise<boolean> {
  const rows = await database.query(
    `insert into two_factor_state as s (user_id, last_step, updated_at) values ($1, $2, now())
     on conflict (user_id) do update set last_step = excluded.last_step, updated_at = now()
       where s.last_step < excluded.last_step
     returning s.user_id`,
    [userId, step],
  );
  return rows.length > 0;
}
