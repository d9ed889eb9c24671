import type { Database } from '../../db/client.js';

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
