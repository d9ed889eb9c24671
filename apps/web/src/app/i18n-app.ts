/**
 * Adds the app's own texts (keys under `app.`) to the shared i18n instance in every language.
 * The shell's few texts are bundled; the page texts load in their own chunk, in parallel with the
 * first page (route modules wait for `appTextsReady`), to keep the first-visit bundle small.
 */
import { i18n } from '../lib/i18n';
import { shellDe } from './locales/shell.de';
import { shellEn } from './locales/shell.en';

const SHELL_TEXTS = { en: shellEn, de: shellDe } as const;

for (const [lang, texts] of Object.entries(SHELL_TEXTS)) {
  i18n.addResourceBundle(lang, 'translation', { app: texts }, true, false);
}

let pagesPromise: Promise<void> | null = null;

/** Loads the page texts once; resolves when they are in i18n. */
export function loadPageTexts(): Promise<void> {
  pagesPromise ??= import('./locales/pages').then(({ PAGE_TEXTS }) => {
    for (const [lang, texts] of Object.entries(PAGE_TEXTS)) {
      i18n.addResourceBundle(lang, 'translation', { app: texts }, true, false);
    }
  });
  return pagesPromise;
}
