import type { Database } from '../../src/db/client.js';
import type { ProtectionClock } from '../../src/modules/protection/index.js';

/**
 * Puts a player on a time-out or self-exclusion ending `interval` from now (a PostgreSQL interval; a
 * negative one ends it), as the protection module records it: for tests of what a block refuses.
 */
export async function blockPlayer(
  database: Database,
  userId: string,
  interval: string,
  type: 'time_out' | 'self_exclusion' = 'self_exclusion',
): Promise<void> {
  await database.query(
    `insert into player_protection (user_id, block_type, block_duration, block_since, block_until)
     values ($1::uuid, $2, 'test', now(), now() + $3::interval)
     on conflict (user_id) do update set block_type = excluded.block_type,
       block_duration = excluded.block_duration, block_since = excluded.block_since,
       block_until = excluded.block_until`,
    [userId, type, interval],
  );
}

/** A clock a test moves (protection's `protection.clock` service: `replaceService(protectionClock, () => clock)`). */
export class TestClock implements ProtectionClock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  /** Moves time forward by `ms`. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  /** Moves time so that it is `at` now (then it runs on from there). */
  set(at: Date): void {
    this.offsetMs = at.getTime() - Date.now();
  }
}
