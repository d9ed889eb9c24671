/**
 * The app's i18n (the engine is i18n-core.ts), ready synchronously: English is bundled, so the
 * first render never waits and never shows keys. Other languages are loaded on demand (a separate chunk each), which keeps
 * them out of the first load; `whenI18nReady()` resolves once the stored language is in place
 * (await it before the first render to avoid a flash of English for German players).
 * The language follows the store's `locale`, and `<html lang>` follows the language.
 */
import { useSyncExternalStore } from 'react';
import { sharedEn } from '../locales/en';
import { I18n, type TFunction, type TextTree } from './i18n-core';
import { useAppStore } from './store';

export type { TFunction, TOptions } from './i18n-core';

export const DEFAULT_LOCALE = 'en';

/** Supported languages with their display names (in their own language). */
export const SUPPORTED_LOCALES = [
  { id: 'en', name: 'English', flag: '🇬🇧' },
  { id: 'de', name: 'Deutsch', flag: '🇩🇪' },
] as const;

export type Locale = (typeof SUPPORTED_LOCALES)[number]['id'];

type TranslationTree = TextTree;

/**
 * Another language's texts of an English tree `T`: the same keys, every leaf a string. Each texts
 * module writes its English tree and `const xDe: Translation<typeof xEn>`, so tsc catches a German text
 * missing or left over.
 */
export type Translation<T> = {
  [K in keyof T]: T[K] extends string
    ? string
    : T[K] extends readonly string[]
      ? string[]
      : Translation<T[K]>;
};
/** Loads extra texts for a language (typically a dynamic import of a JSON or TS module). */
export type LocaleLoader = () => Promise<TranslationTree>;

export function isSupportedLocale(value: unknown): value is Locale {
  return SUPPORTED_LOCALES.some((locale) => locale.id === value);
}

export function resolveLocale(value: string): Locale {
  return isSupportedLocale(value) ? value : DEFAULT_LOCALE;
}

const loaders: Record<Locale, LocaleLoader[]> = {
  en: [],
  de: [() => import('../locales/de').then((module) => module.sharedDe as TranslationTree)],
};
const loadedLoaders = new WeakSet<LocaleLoader>();
const inflight = new Map<LocaleLoader, Promise<void>>();

const reportedMissing = new Set<string>();

function reportMissingKey(key: string): void {
  if (reportedMissing.has(key)) return;
  reportedMissing.add(key);
  console.warn(`[i18n] missing key "${key}" (add it to the English and German texts of its module)`);
}

// In development a missing key is reported once, so it gets added to both languages' texts.
const reportMissing = !!import.meta.env?.DEV && import.meta.env?.MODE !== 'test';

export const i18n = new I18n({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  onMissingKey: reportMissing ? reportMissingKey : undefined,
});
i18n.addResources(DEFAULT_LOCALE, sharedEn);

function applyDocumentLang(lang: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

applyDocumentLang(i18n.language);
i18n.on('languageChanged', applyDocumentLang);

/**
 * Merges extra texts into a language now (deep merge, existing keys overwritten), e.g.
 * `addTranslations('en', { app: appEn })`. Call before the first render.
 */
export function addTranslations(locale: Locale, tree: TranslationTree): void {
  i18n.addResources(locale, tree);
}

/**
 * Registers texts loaded on demand with a language, e.g.
 * `addLocaleLoader('de', () => import('./app.de').then((m) => ({ app: m.appDe })))`.
 * Register before calling `whenI18nReady()`.
 */
export function addLocaleLoader(locale: Locale, loader: LocaleLoader): void {
  loaders[locale].push(loader);
}

let laterTexts: Promise<void> | null = null;

/**
 * Adds the shared English texts that the first visit to `/` does not show (locales/en-later.ts), once.
 * Every page but the home page, and every widget, popup and dialog host that loads after the first
 * page, waits for it before it renders (decision 0019). A failed load is tried again on the next call.
 */
export function loadSharedTexts(): Promise<void> {
  laterTexts ??= import('../locales/en-later').then(
    ({ sharedLaterEn }) => addTranslations('en', sharedLaterEn),
    (error: unknown) => {
      laterTexts = null;
      throw error;
    },
  );
  return laterTexts;
}

/** `module` once the shared texts are there too (loadSharedTexts), for a lazy widget or dialog host. */
export async function withSharedTexts<M>(module: Promise<M>): Promise<M> {
  const [loaded] = await Promise.all([module, loadSharedTexts()]);
  return loaded;
}

/** True when every registered loader of the language has run (English: always, unless extras were registered). */
export function isLocaleLoaded(locale: Locale): boolean {
  return loaders[locale].every((loader) => loadedLoaders.has(loader));
}

/** Runs the pending loaders of a language; each loader runs once. */
export function loadLocale(locale: Locale): Promise<void> {
  return Promise.all(
    loaders[locale].map((loader) => {
      if (loadedLoaders.has(loader)) return undefined;
      let pending = inflight.get(loader);
      if (!pending) {
        pending = loader()
          .then((tree) => {
            addTranslations(locale, tree);
            loadedLoaders.add(loader);
          })
          .finally(() => inflight.delete(loader));
        inflight.set(loader, pending);
      }
      return pending;
    }),
  ).then(() => undefined);
}

/** Switches to `locale` once its texts are loaded; a failed load keeps the current language. */
export async function switchLanguage(locale: string): Promise<void> {
  const next = resolveLocale(locale);
  try {
    await loadLocale(next);
  } catch (error) {
    console.error(`[i18n] failed to load "${next}"`, error);
    return;
  }
  // The player may have picked yet another language while this one was loading.
  if (resolveLocale(useAppStore.getState().locale) !== next) return;
  if (i18n.language !== next) await i18n.changeLanguage(next);
}

/** Resolves when the store's language is loaded and active. */
export function whenI18nReady(): Promise<void> {
  return switchLanguage(useAppStore.getState().locale);
}

// Follow the stored language from the start (German players get English until the chunk arrives,
// unless the app awaits whenI18nReady() before rendering).
void whenI18nReady();

useAppStore.subscribe((state, previous) => {
  if (state.locale !== previous.locale) void switchLanguage(state.locale);
});

const onLanguageChanged = (notify: () => void) => i18n.on('languageChanged', notify);
const currentLanguage = () => i18n.language;

/**
 * The translation function of the current language, for a component: it renders again when the
 * language changes (and `t` is then a new function, so memos that use it recompute).
 */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const language = useSyncExternalStore(onLanguageChanged, currentLanguage, currentLanguage);
  return { t: i18n.getFixedT(language), i18n };
}

/** Locale-aware number formatting for UI text (not for money: use @nebula/money). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(i18n.language, options).format(value);
}

export default i18n;
