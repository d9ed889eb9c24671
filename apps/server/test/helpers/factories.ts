import { randomBytes } from 'node:crypto';
import type { Database } from '../../src/db/client.js';
import { createSession } from '../../src/modules/auth/index.js';
import { hashPassword } from '../../src/modules/users/index.js';

export interface TestUser {
  id: string;
  name: string;
  token: string;
  sessionId: string;
}

/** Creates a user with the given roles and a live session; names are unique per call. */
export async function createUser(
  database: Database,
  opts: { roles?: string[]; name?: string; password?: string } = {},
): Promise<TestUser> {
  const name = opts.name ?? `u_${randomBytes(5).toString('hex')}`;
  const hash = opts.password ? await hashPassword(opts.password) : null;
  const rows = await database.query<{ id: string }>(
    'insert into users (name, email, password_hash) values ($1, $2, $3) returning id',
    [name, `${name}@test.local`, hash],
  );
  const id = rows[0]?.id as string;
  for (const role of opts.roles ?? ['player']) {
    await database.query('insert into user_roles (user_id, role_id) values ($1, $2)', [id, role]);
  }
  const session = await createSession(database, id);
  return { id, name, token: session.token, sessionId: session.id };
}
