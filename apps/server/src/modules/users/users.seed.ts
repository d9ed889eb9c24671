import type { Database } from '../../db/client.js';
import { hashPassword } from './passwords.js';
import { ROLE_SEEDS } from './roles.seed.js';

export async function seedRoles(database: Database): Promise<void> {
  for (const r of ROLE_SEEDS) {
    await database.query(
      'insert into roles (id, name, permissions) values ($1, $2, $3::jsonb) on conflict (id) do nothing',
      [r.id, r.name, JSON.stringify(r.permissions)],
    );
  }
}

export const DEMO_ACCOUNTS = [
  { name: 'admin', email: 'admin@nebula.local', role: '*' },
  { name: 'moderator', email: 'moderator@nebula.local', role: 'chat_moderator' },
  { name: 'player', email: 'player@nebula.local', role: 'player' },
] as const;

/**
 * Development only: ensures the three demo accounts exist and sets their password to
 * `password` (DEMO_PASSWORD, or a fresh random one each start, which the caller prints).
 */
export async function seedDemoAccounts(database: Database, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  for (const a of DEMO_ACCOUNTS) {
    const rows = await database.query<{ id: string }>(
      `insert into users (name, email, email_verified_at, password_hash, is_demo_account)
       values ($1, $2, now(), $3, true)
       on conflict (lower(name)) do update set password_hash = excluded.password_hash, updated_at = now()
       where users.is_demo_account
       returning id`,
      [a.name, a.email, passwordHash],
    );
    const id = rows[0]?.id;
    if (!id) continue; // a real user took the name: leave them alone
    await database.query('insert into user_roles (user_id, role_id) values ($1, $2) on conflict do nothing', [
      id,
      a.role,
    ]);
  }
}
