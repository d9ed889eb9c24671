import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TABLE_OWNERS } from '../src/modules/table-owners.js';

/**
 * Tables have owners (issue G2 item 3; src/modules/table-owners.ts). The SQL of each module may name
 * only its own tables; the crossings that exist today are listed below and this list only shrinks: a
 * new crossing fails (go through the owner's index.ts instead), and so does an entry that is no longer
 * a crossing (remove it). Comments are not SQL: they are stripped before the scan.
 */
const ALLOWED_CROSSINGS = new Set([
  // currencies and their chains: decimals and switches, read where amounts are checked.
  'chat:currencies',
  'crash:currencies',
  'demo-money:currencies',
  'deposits:currencies',
  'deposits:currency_chains',
  'feed:currencies',
  'games:currencies',
  'ledger:currencies',
  'prices:currencies',
  'race:currencies',
  'sports:currencies',
  'tips:currencies',
  'wagers:currencies',
  'withdrawals:currencies',
  'withdrawals:currency_chains',
  // settings: the catalogue's seed marker (operator settings go through platform/settings).
  'catalogue:settings',
  // the wager record, read by its readers (G1 made it one table for every product).
  'chat:bets',
  'feed:bets',
  'games:bets',
  'race:bets',
  'tips:bets',
  // other reads across modules.
  'chat:games',
  'chat:sessions',
  'games:crash_chains',
  'games:crash_rounds',
  'games:games',
  'games:seed_pairs',
]);

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const modulesDir = path.join(serverDir, 'src/modules');
const migrationsDir = path.join(serverDir, 'src/db/migrations');

/** The tables the migrations leave: created and not dropped later. */
function migratedTables(): Set<string> {
  const tables = new Set<string>();
  for (const file of fs
    .readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    const sql = fs.readFileSync(path.join(migrationsDir, file), 'utf8');
    for (const m of sql.matchAll(/create table (?:if not exists )?"?([a-z_]+)"?/gi)) tables.add(m[1]!);
    for (const m of sql.matchAll(/drop table (?:if exists )?"?([a-z_]+)"?/gi)) tables.delete(m[1]!);
  }
  return tables;
}

const files = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? files(path.join(dir, e.name))
        : e.name.endsWith('.ts')
          ? [path.join(dir, e.name)]
          : [],
    );

/** The tables each module's code names in SQL (`from`, `join`, `into`, `update`, `table` + the name). */
function namedTables(tables: Set<string>): Map<string, Set<string>> {
  const byModule = new Map<string, Set<string>>();
  for (const entry of fs.readdirSync(modulesDir, { withFileTypes: true }).filter((e) => e.isDirectory())) {
    const named = new Set<string>();
    for (const file of files(path.join(modulesDir, entry.name))) {
      const code = fs
        .readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      for (const table of tables)
        if (new RegExp(`\\b(from|join|into|update|table)\\s+"?${table}\\b`, 'i').test(code)) named.add(table);
    }
    byModule.set(entry.name, named);
  }
  return byModule;
}

describe('table ownership', () => {
  const tables = migratedTables();

  it('every table the migrations leave has exactly one owner, and every owned table exists', () => {
    const owners = new Map<string, string[]>();
    for (const [module, owned] of Object.entries(TABLE_OWNERS))
      for (const table of owned) owners.set(table, [...(owners.get(table) ?? []), module]);
    expect([...tables].filter((t) => owners.get(t)?.length !== 1).sort()).toEqual([]);
    expect([...owners.keys()].filter((t) => !tables.has(t)).sort()).toEqual([]);
    const modules = new Set(
      fs
        .readdirSync(modulesDir, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name),
    );
    expect(Object.keys(TABLE_OWNERS).filter((m) => !modules.has(m))).toEqual([]);
  });

  it('a module names only its own tables, apart from the listed crossings (which only shrink)', () => {
    const crossings: string[] = [];
    for (const [module, named] of namedTables(tables))
      for (const table of named)
        if (!(TABLE_OWNERS[module] ?? []).includes(table)) crossings.push(`${module}:${table}`);
    const unlisted = crossings.filter((c) => !ALLOWED_CROSSINGS.has(c)).sort();
    const stale = [...ALLOWED_CROSSINGS].filter((c) => !crossings.includes(c)).sort();
    expect(unlisted, 'new crossings: use the owner module through its index.ts').toEqual([]);
    expect(stale, 'no longer crossings: remove them from ALLOWED_CROSSINGS').toEqual([]);
  });

  it('the scan finds what it should (it is not blind)', () => {
    const named = namedTables(tables);
    expect(named.get('ledger')?.has('ledger_transfers')).toBe(true);
    expect(named.get('wagers')?.has('bets')).toBe(true);
    expect(named.get('withdrawals')?.has('withdrawals')).toBe(true);
  });
});
