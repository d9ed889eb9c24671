/**
 * The typed operator settings: every setting of every module is declared once with
 * {@link defineSetting} (key, zod schema, default, owning module, description) and read through the
 * node's {@link SettingsStore} (store.ts). Stored values live in the `settings` table as jsonb.
 *
 * Invariants:
 *  - The default is declared once, here, and must satisfy the schema (checked when the setting is
 *    defined, so a bad default stops the start-up, never a request).
 *  - A read never throws for a stored value: a missing value gives the default, a malformed one (only a
 *    hand edit of the table can store one; writes are validated) gives the default too, and is logged.
 *  - A key is `{module}.{name}` or a bare word for the legacy keys (`tips`, `withdraw_wager_multiplier`), declared by
 *    exactly one setting in a registry.
 */
import type { SettingStaffPermission } from '@nebula/contracts';
import { z } from 'zod';

/** One operator setting. `T` is what readers get (the schema's output). */
export interface Setting<T = unknown> {
  readonly key: string;
  readonly schema: z.ZodType<T>;
  /** The value in force when none is stored (what the schema parsed the declared default into). */
  readonly defaultValue: T;
  /** What is stored when the operator never changed it (the declared default, before parsing). */
  readonly defaultStored: unknown;
  /** The module that owns the setting (its name in modules/). */
  readonly owner: string;
  readonly description: string;
  /**
   * The staff permission that may read and change the setting besides `settings` (a promotion
   * programme's own: `promocodes`, `banner`, `vip`); none: only holders of `settings`.
   */
  readonly permission?: SettingStaffPermission;
}

export type SettingValue<S> = S extends Setting<infer T> ? T : never;

const KEY = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/;

/**
 * Declares a setting. `defaultValue` is given as it would be stored (JSON) and parsed by `schema` once
 * here; a default the schema refuses throws at once (a programming error).
 */
export function defineSetting<S extends z.ZodType>(
  key: string,
  schema: S,
  defaultValue: z.input<S>,
  owner: string,
  description: string,
  options: { permission?: SettingStaffPermission } = {},
): Setting<z.output<S>> {
  if (!KEY.test(key)) throw new Error(`setting key "${key}" is not lower case words joined by dots`);
  const parsed = schema.safeParse(defaultValue);
  if (!parsed.success)
    throw new Error(
      `the default of setting ${key} does not satisfy its schema: ${z.prettifyError(parsed.error)}`,
    );
  return Object.freeze({
    key,
    schema: schema as z.ZodType<z.output<S>>,
    defaultValue: parsed.data as z.output<S>,
    defaultStored: defaultValue as unknown,
    owner,
    description,
    ...(options.permission ? { permission: options.permission } : {}),
  });
}

/** Whether a module's declared setting is a registry definition (not a bare `{key}` still read by hand). */
export function isSettingDefinition(setting: { readonly key: string }): setting is Setting {
  return 'schema' in setting && 'defaultValue' in setting && 'owner' in setting;
}

/** The outcome of parsing a stored value. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; value: T; issues: z.core.$ZodIssue[] };

/** Parses a stored value (`undefined`: none stored) into what readers get; the default when malformed. */
export function parseStored<T>(setting: Setting<T>, stored: unknown): Parsed<T> {
  if (stored === undefined || stored === null) return { ok: true, value: setting.defaultValue };
  const parsed = setting.schema.safeParse(stored);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, value: setting.defaultValue, issues: parsed.error.issues };
}

/** The setting's schema as JSON Schema (what a value may look like when written), for the back office. */
export function settingJsonSchema(setting: Setting): Record<string, unknown> {
  return z.toJSONSchema(setting.schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}

/** Every setting of the server, by key. */
export class SettingsRegistry {
  readonly #byKey = new Map<string, Setting>();

  constructor(settings: Iterable<Setting> = []) {
    for (const s of settings) this.add(s);
  }

  /** The settings the modules declare (their definitions' `settings`; bare `{key}` entries are not typed yet). */
  static ofModules(
    modules: readonly { readonly settings?: readonly { readonly key: string }[] }[],
  ): SettingsRegistry {
    return new SettingsRegistry(modules.flatMap((m) => (m.settings ?? []).filter(isSettingDefinition)));
  }

  /** Adds a setting; a key declared twice throws (two modules would fight over one value). */
  add(setting: Setting): void {
    const existing = this.#byKey.get(setting.key);
    if (existing && existing !== setting)
      throw new Error(`setting ${setting.key} is declared by ${existing.owner} and by ${setting.owner}`);
    this.#byKey.set(setting.key, setting);
  }

  get(key: string): Setting | undefined {
    return this.#byKey.get(key);
  }

  has(setting: Setting): boolean {
    return this.#byKey.get(setting.key) === setting;
  }

  /** Every setting, by owner then key. */
  all(): Setting[] {
    return [...this.#byKey.values()].sort((a, b) =>
      a.owner === b.owner ? a.key.localeCompare(b.key) : a.owner.localeCompare(b.owner),
    );
  }

  keys(): string[] {
    return [...this.#byKey.keys()];
  }
}
