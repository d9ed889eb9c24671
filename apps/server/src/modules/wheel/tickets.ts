/**
 * Wheel tickets (decision 0039): a count per player that never goes below 0 (the table's CHECK, and a
 * spin takes one under the row's lock), raised only by grants recorded once under their key.
 * `grantTickets` is what other modules call (a promo code granting spins, later): inside their own
 * transaction, idempotent per key.
 */
import type { Session } from '../../db/client.js';

type Querier = Pick<Session, 'query'>;

/**
 * One statement: records the grant `key` (nothing when it exists) and adds its tickets to the player's
 * count. Answers whether it was granted now.
 */
const GRANT_SQL = `with g as (
  insert into wheel_ticket_grants (key, user_id, tickets) values ($1, $2::uuid, $3::int)
  on conflict (key) do nothing returning user_id, tickets
)
insert into wheel_tickets as w (user_id, tickets) select user_id, tickets from g
on conflict (user_id) do update set tickets = w.tickets + excluded.tickets, updated_at = now()
returning w.tickets`;

/**
 * Grants `n` tickets to `userId` once under `key` (e.g. `promocode:{code}:{user}`), inside the caller's
 * transaction `tx` (or on the pool). True when granted now, false when `key` was granted before.
 * @throws RangeError for n < 1
 */
export async function grantTickets(tx: Querier, userId: string, n: number, key: string): Promise<boolean> {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`a grant is at least 1 ticket, got ${n}`);
  const rows = await tx.query(GRANT_SQL, [key, userId, n], 'wheel.grant');
  return rows.length > 0;
}

/** The registration grant's key (one per player). */
export const registrationKey = (userId: string) => `registration:${userId}`;

/**
 * The tickets every player gets after registration (`wheel.registration_tickets`), granted the first
 * time they open the wheel or spin: players who registered before the wheel existed get them too.
 */
export async function ensureRegistrationTickets(q: Querier, userId: string, n: number): Promise<void> {
  if (n >= 1) await grantTickets(q, userId, n, registrationKey(userId));
}

/** The player's tickets (0 without a row). */
export async function ticketsOf(q: Querier, userId: string): Promise<number> {
  const rows = await q.query<{ tickets: number }>('select tickets from wheel_tickets where user_id = $1', [
    userId,
  ]);
  return rows[0]?.tickets ?? 0;
}
