/**
 * The app's translation engine (decision 0019): nested text trees per language, looked up
 * by dotted key, with exactly the features the app uses:
 * - `{{name}}` interpolation (no escaping: React escapes; a missing value reads as empty);
 * - plural forms by `Intl.PluralRules` with `count` (`key_one`, `key_other`, ..., and `key_zero`
 *   for a count of 0 when the language has one), falling back to the bare key;
 * - `defaultValue` for a missing key (else the key itself is returned), `returnObjects` for a
 *   subtree or list;
 * - the fallback language when the current one lacks a key; `lng` to ask another language;
 * - `languageChanged` listeners.
 * Invariants: a lookup never throws and always returns a string unless `returnObjects` was asked
 * for; adding texts never removes a key (a deep merge, later texts win).
 */

export type TextTree = { [key: string]: unknown };

export interface TOptions {
  count?: number;
  defaultValue?: string;
  returnObjects?: boolean;
  /** Another language than the function's own. */
  lng?: string;
  [name: string]: unknown;
}

/** A translation function: the text of `key` in one language (or the current one). */
export type TFunction = (key: string, options?: TOptions) => string;

export interface I18nOptions {
  lng: string;
  fallbackLng: string;
  /** Called once per key that no language has (development: report it). */
  onMissingKey?: (key: string) => void;
}

type Listener = (language: string) => void;

function deepMerge(target: TextTree, source: TextTree): void {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (!isTree(value)) {
      target[key] = value;
      continue;
    }
    // Merged into a tree of our own: later merges never write into the caller's objects.
    const into = isTree(current) ? current : {};
    deepMerge(into, value);
    target[key] = into;
  }
}

function isTree(value: unknown): value is TextTree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function lookup(tree: TextTree | undefined, key: string): unknown {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (!isTree(node)) return undefined;
    node = node[part];
  }
  return node;
}

const INTERPOLATION = /\{\{\s*([\w.]+)\s*\}\}/g;

function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes('{{')) return text;
  return text.replace(INTERPOLATION, (_, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

export class I18n {
  language: string;
  readonly isInitialized = true;
  private readonly fallback: string;
  private readonly resources = new Map<string, TextTree>();
  private readonly listeners = new Set<Listener>();
  private readonly fixed = new Map<string, TFunction>();
  private readonly plurals = new Map<string, Intl.PluralRules>();
  private readonly onMissingKey?: (key: string) => void;

  constructor(options: I18nOptions) {
    this.language = options.lng;
    this.fallback = options.fallbackLng;
    this.onMissingKey = options.onMissingKey;
  }

  /** The text of `key` in the current language. */
  readonly t: TFunction = (key, options) => this.translate(this.language, key, options);

  /** A translation function bound to `language` (stable per language). */
  getFixedT(language: string): TFunction {
    let t = this.fixed.get(language);
    if (!t) {
      t = (key, options) => this.translate(language, key, options);
      this.fixed.set(language, t);
    }
    return t;
  }

  /** Merges `tree` into the texts of `language` (deep; existing keys are overwritten). */
  addResources(language: string, tree: TextTree): void {
    let current = this.resources.get(language);
    if (!current) {
      current = {};
      this.resources.set(language, current);
    }
    deepMerge(current, tree);
  }

  /** Switches the current language and tells the listeners (no-op for the current one). */
  changeLanguage(language: string): Promise<void> {
    if (language !== this.language) {
      this.language = language;
      for (const listener of [...this.listeners]) listener(language);
    }
    return Promise.resolve();
  }

  /** Subscribes to language changes; returns the unsubscribe function. */
  on(event: 'languageChanged', listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private pluralRules(language: string): Intl.PluralRules {
    let rules = this.plurals.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language);
      this.plurals.set(language, rules);
    }
    return rules;
  }

  /** The raw value of `key` in one language, with its plural form when `count` is given. */
  private find(language: string, key: string, count: number | undefined): unknown {
    const tree = this.resources.get(language);
    if (typeof count === 'number') {
      const zero = count === 0 ? lookup(tree, `${key}_zero`) : undefined;
      if (zero !== undefined) return zero;
      const form = lookup(tree, `${key}_${this.pluralRules(language).select(count)}`);
      if (form !== undefined) return form;
    }
    return lookup(tree, key);
  }

  private translate(own: string, key: string, options?: TOptions): string {
    const language = options?.lng ?? own;
    const count = typeof options?.count === 'number' ? options.count : undefined;
    let value = this.find(language, key, count);
    if (value === undefined && language !== this.fallback) value = this.find(this.fallback, key, count);
    if (typeof value === 'string') return interpolate(value, options);
    if (value !== undefined && options?.returnObjects) return value as string;
    if (value === undefined) this.onMissingKey?.(key);
    return options?.defaultValue ?? key;
  }
}
