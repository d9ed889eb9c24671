import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.js';

/**
 * Applies the SQL files of ./migrations in name order, each once, recorded in `schema_migrations`.
 * The whole run holds a PostgreSQL advisory lock, so several nodes starting at once apply each
 * migration exactly once; the others wait and then find nothing to do.
 */
export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_LOCK_KEY = 7_231_004_001;

export async function listMigrations(dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = await fs.readdir(dir);
  return files.filter((f) => f.endsWith('.sql')).sort();
}

export async function runMigrations(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = await listMigrations(dir);
  return database.withSession(async (session) => {
    await session.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await session.exec(
        'create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())',
      );
      const rows = await session.query<{ id: string }>('select id from schema_migrations');
      const done = new Set(rows.map((r) => r.id));
      const applied: string[] = [];
      for (const file of files) {
        if (done.has(file)) continue;
        const text = await fs.readFile(path.join(dir, file), 'utf8');
        await session.exec('begin');
        try {
          await session.exec(text);
          await session.query('insert into schema_migrations (id) values ($1)', [file]);
          await session.exec('commit');
        } catch (err) {
          await session.exec('rollback');
          throw new Error(`Migration ${file} failed: ${(err as Error).message}`, { cause: err });
        }
        applied.push(file);
      }
      return applied;
    } finally {
      await session.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  });
}

/** True when every migration file has been applied (used by /readyz). */
export async function migrationsApplied(database: Database, dir = MIGRATIONS_DIR): Promise<boolean> {
  const files = await listMigrations(dir);
  try {
    const rows = await database.query<{ id: string }>('select id from schema_migrations');
    const done = new Set(rows.map((r) => r.id));
    return files.every((f) => done.has(f));
  } catch {
    return false;
  }
}
