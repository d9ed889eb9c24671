import type { Database } from '../../db/client.js';

export async function getSetting<T>(database: Database, key: string): Promise<T | undefined> {
  const rows = await database.query<{ value: T }>('select value from settings where key = $1', [key]);
  return rows[0]?.value;
}

export async function putSetting(database: Database, key: string, value: unknown): Promise<void> {
  await database.query(
    `insert into settings (key, value) values ($1, $2::jsonb)
     on conflict (key) do update set value = excluded.value, updated_at = now()`,
    [key, JSON.stringify(value)],
  );
}

/** Inserts the setting only if it is missing (seeding never overwrites an operator's choice). */
export async function insertSettingIfMissing(database: Database, key: string, value: unknown): Promise<void> {
  await database.query(
    'insert into settings (key, value) values ($1, $2::jsonb) on conflict (key) do nothing',
    [key, JSON.stringify(value)],
  );
}
