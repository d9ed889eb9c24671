/**
 * One node's view of the operator settings (the `settings` table), for the settings of a
 * {@link SettingsRegistry}.
 *
 * Invariants:
 *  - Bounded staleness: a read answers values loaded at most `maxAgeMs` ago (by the injected clock,
 *    counted from the start of the load); an older cache is reloaded before answering. 0 reads the
 *    table on every call. All registered settings are loaded and parsed together, in one query.
 *  - A change made through {@link SettingsStore.change} is seen at once by the node that made it (its
 *    cache is dropped after the commit) and, through `broadcast`, by every other node as soon as the
 *    message arrives (they drop theirs); if the message is lost the staleness bound still holds.
 *  - A load that was running when the cache was dropped does not install what it read: it may predate
 *    the change.
 *  - A change is validated against the setting's schema before anything is written (a 422
 *    `invalid_setting`, never a partial write), and it is one transaction with the caller's `audit`
 *    writes: both commit or neither does.
 */
import { findUnstorableText } from '@nebula/contracts';
import type { Database, Session } from '../../db/client.js';
import { AppError } from '../errors.js';
import { parseStored, type Setting, type SettingsRegistry } from './registry.js';

export interface SettingsStoreOptions {
  database: Pick<Database, 'query' | 'transaction'>;
  registry: SettingsRegistry;
  /** The staleness bound, ms. */
  maxAgeMs: number;
  /** Milliseconds clock (tests inject one); default `Date.now`. */
  now?: () => number;
  log?: { warn(obj: unknown, msg: string): void };
  /** Tells the other nodes that `keys` changed (they call {@link SettingsStore.invalidate}). */
  broadcast?: (keys: string[]) => void;
}

interface Entry {
  /** What the table holds (undefined: no row). */
  stored: unknown;
  value: unknown;
  malformed: boolean;
}

interface Snapshot {
  at: number;
  entries: Map<string, Entry>;
}

/**
 * Stores `value` for `setting` unless a value is stored already (module seeds: never overwrites an
 * operator's choice). Checked against the schema; a value it refuses is a programming error.
 */
export async function seedSetting(
  database: Pick<Database, 'query'>,
  setting: Setting,
  value: unknown,
): Promise<void> {
  const checked = setting.schema.safeParse(value);
  if (!checked.success) throw new Error(`the seed of setting ${setting.key} does not satisfy its schema`);
  await database.query(
    'insert into settings (key, value) values ($1, $2::jsonb) on conflict (key) do nothing',
    [setting.key, JSON.stringify(value)],
  );
}

/** The stored value before and after a change (undefined: no row). */
export interface SettingChange {
  before: unknown;
  after: unknown;
}

export class SettingsStore {
  readonly registry: SettingsRegistry;
  readonly #db: SettingsStoreOptions['database'];
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  readonly #log: SettingsStoreOptions['log'];
  readonly #broadcast: SettingsStoreOptions['broadcast'];
  #snapshot: Snapshot | undefined;
  #loading: Promise<Snapshot> | undefined;
  /** Bumped by every invalidation: a load started under an older generation is not installed. */
  #generation = 0;
  /** The malformed stored values already logged (key -> JSON), so each is logged once. */
  readonly #warned = new Map<string, string>();

  constructor(opts: SettingsStoreOptions) {
    this.registry = opts.registry;
    this.#db = opts.database;
    this.#maxAgeMs = opts.maxAgeMs;
    this.#now = opts.now ?? Date.now;
    this.#log = opts.log;
    this.#broadcast = opts.broadcast;
  }

  /** The value in force of `setting` (its default when none is stored or the stored one is malformed). */
  async get<T>(setting: Setting<T>): Promise<T> {
    return (await this.#entry(setting)).value as T;
  }

  /** The stored value of `setting` as the table holds it (undefined: none), through the same cache. */
  async stored(setting: Setting): Promise<unknown> {
    return (await this.#entry(setting)).stored;
  }

  /** Every registered setting with what is stored and the value in force (one consistent load). */
  async list(): Promise<{ setting: Setting; stored: unknown; value: unknown; malformed: boolean }[]> {
    const snapshot = await this.#current();
    return this.registry.all().map((setting) => {
      const e = snapshot.entries.get(setting.key) ?? {
        stored: undefined,
        value: setting.defaultValue,
        malformed: false,
      };
      return { setting, ...e };
    });
  }

  /** Drops this node's cache: the next read loads the table (after a change, here or on another node). */
  invalidate(): void {
    this.#generation += 1;
    this.#snapshot = undefined;
    this.#loading = undefined;
  }

  /**
   * Stores `value` for `setting` (what the caller gave, not the filled-in defaults, so a later change
   * of a default still applies), with `audit` run in the same transaction, then makes every node see
   * it. Throws a 422 `invalid_setting` when the schema refuses the value (nothing written).
   */
  async change(
    setting: Setting,
    value: unknown,
    audit?: (tx: Session, change: SettingChange) => Promise<void>,
  ): Promise<SettingChange> {
    const [change] = await this.modify(
      [setting],
      () => [value],
      audit && ((tx, [c]) => audit(tx, c as SettingChange)),
    );
    return change as SettingChange;
  }

  /**
   * Read-modify-write of several settings at once: their rows are locked (in key order), `compute`
   * gets the value in force of each (the stored one, or the default when none or a malformed one is
   * stored) and answers the new values, which are checked like {@link change}'s and stored with
   * `audit` in the same transaction. Two staff changing different parts of one setting (two games'
   * edges) both keep theirs. `compute` runs inside the transaction: it must be pure (no query).
   */
  async modify(
    settings: readonly Setting[],
    compute: (current: unknown[]) => unknown[],
    audit?: (tx: Session, changes: SettingChange[]) => Promise<void>,
  ): Promise<SettingChange[]> {
    for (const setting of settings) this.#assertRegistered(setting);
    const keys = settings.map((s) => s.key);
    const changes = await this.#db.transaction(async (tx) => {
      const rows = await tx.query<{ key: string; value: unknown }>(
        'select key, value from settings where key = any($1::text[]) order by key for update',
        [keys],
      );
      const before = settings.map((s) => rows.find((r) => r.key === s.key)?.value);
      const current = settings.map((s, i) =>
        before[i] !== undefined && s.schema.safeParse(before[i]).success ? before[i] : s.defaultStored,
      );
      const next = compute(current);
      const result: SettingChange[] = [];
      for (const [i, setting] of settings.entries()) {
        const value = next[i];
        this.#check(setting, value);
        const json = JSON.stringify(value);
        await tx.query(
          `insert into settings (key, value) values ($1, $2::jsonb)
           on conflict (key) do update set value = excluded.value, updated_at = now()`,
          [setting.key, json],
        );
        result.push({ before: before[i], after: JSON.parse(json) as unknown });
      }
      if (audit) await audit(tx, result);
      return result;
    });
    this.invalidate();
    this.#broadcast?.(keys);
    return changes;
  }

  /** Throws a 422 `invalid_setting` when `value` does not fit `setting` (or cannot be stored). */
  #check(setting: Setting, value: unknown): void {
    // Text PostgreSQL cannot store (NUL...) is refused like any bad value, never a database error.
    const unstorable = findUnstorableText(value);
    if (unstorable)
      throw new AppError(
        422,
        'invalid_setting',
        `The value of setting ${setting.key} holds a character that cannot be stored at ${unstorable.join('.') || '(value)'}.`,
      );
    const checked = setting.schema.safeParse(value);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const where = issue && issue.path.length ? ` at ${issue.path.join('.')}` : '';
      throw new AppError(
        422,
        'invalid_setting',
        `The value does not fit setting ${setting.key}${where}: ${issue?.message ?? 'invalid'}.`,
      );
    }
  }

  async #entry(setting: Setting): Promise<Entry> {
    this.#assertRegistered(setting);
    const entry = (await this.#current()).entries.get(setting.key);
    if (!entry) throw new Error(`setting ${setting.key} was not loaded`);
    return entry;
  }

  #assertRegistered(setting: Setting): void {
    if (!this.registry.has(setting))
      throw new Error(`setting ${setting.key} (${setting.owner}) is not in the server's settings registry`);
  }

  #current(): Promise<Snapshot> {
    const s = this.#snapshot;
    if (s && this.#now() - s.at < this.#maxAgeMs) return Promise.resolve(s);
    return this.#load();
  }

  #load(): Promise<Snapshot> {
    if (this.#loading) return this.#loading;
    const generation = this.#generation;
    const at = this.#now();
    const loading = (async (): Promise<Snapshot> => {
      const settings = this.registry.all();
      const rows = await this.#db.query<{ key: string; value: unknown }>(
        'select key, value from settings where key = any($1::text[])',
        [settings.map((s) => s.key)],
        'settings.load',
      );
      const stored = new Map(rows.map((r) => [r.key, r.value]));
      const entries = new Map<string, Entry>();
      for (const setting of settings) {
        const raw = stored.get(setting.key);
        const parsed = parseStored(setting, raw);
        if (parsed.ok) this.#warned.delete(setting.key);
        else if (this.#warned.get(setting.key) !== JSON.stringify(raw)) {
          this.#warned.set(setting.key, JSON.stringify(raw));
          this.#log?.warn(
            { setting: setting.key, issues: parsed.issues },
            'a stored setting is malformed: its default applies',
          );
        }
        entries.set(setting.key, { stored: raw, value: parsed.value, malformed: !parsed.ok });
      }
      const snapshot = { at, entries };
      if (generation === this.#generation) this.#snapshot = snapshot;
      return snapshot;
    })().finally(() => {
      if (this.#loading === loading) this.#loading = undefined;
    });
    this.#loading = loading;
    return loading;
  }
}
