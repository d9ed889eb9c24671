/**
 * Once per vitest run of the server suites: the template databases the test files' databases are
 * copied from (test/helpers/test-server.ts), so that a test file does not pay for creating a database
 * cluster and applying every migration itself.
 *
 *  - PGlite (no DATABASE_URL): two dumps of an in-memory PGlite's files, written to a temporary
 *    folder: an empty cluster (what `new PGlite()` creates, about 3 CPU-seconds of initdb per copy
 *    saved) and the same with every migration applied (half a second to a second more).
 *  - PostgreSQL (DATABASE_URL): a database with every migration applied, dropped at the end; a test
 *    file's migrated database is `create database ... template` it (1.5 s of migrations saved). An
 *    empty one is `create database` as before.
 *
 * The migrations themselves still run from scratch here, on the database kind of the run: a migration
 * that fails fails the whole run. Tests that apply migrations step by step (database, crash-scheme,
 * ...) ask for an empty database, as before.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { type Database, openDatabase } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Files of PGlite dumps: an empty cluster and a migrated one (PGlite runs only). */
    pgliteTemplates: { empty: string; migrated: string } | null;
    /** The migrated PostgreSQL template database's name (DATABASE_URL runs only). */
    postgresTemplate: string | null;
  }
}

/** The Database seam over a bare PGlite, enough for runMigrations (one session, no pool). */
function sessionOver(client: PGlite): Database {
  const session = {
    query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    exec: async (text: string) => {
      await client.exec(text);
    },
  };
  return { withSession: (fn: (s: typeof session) => unknown) => fn(session) } as unknown as Database;
}

async function adminQuery(base: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nebula-pglite-templates-'));
    const client = new PGlite();
    await client.waitReady;
    const write = async (name: string) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
      return file;
    };
    const empty = await write('empty.tar');
    await runMigrations(sessionOver(client));
    const migrated = await write('migrated.tar');
    await client.close();
    project.provide('pgliteTemplates', { empty, migrated });
    project.provide('postgresTemplate', null);
    return async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const name = `nebula_template_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(base, `create database "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({
      databaseUrl: url.toString(),
      poolSize: 1,
      log: pino({ level: 'silent' }),
    });
    try {
      await runMigrations(database);
    } finally {
      // No session may stay on a template while databases are copied from it.
      await database.close();
    }
  } catch (error) {
    await adminQuery(base, `drop database if exists "${name}" with (force)`);
    throw error;
  }
  project.provide('pgliteTemplates', null);
  project.provide('postgresTemplate', name);
  return () => adminQuery(base, `drop database if exists "${name}" with (force)`);
}
