/**
 * Adds the app's own texts (keys under `app.`) to the shared i18n instance in every language.
 * The shell's few texts are bundled; the page texts load in their own chunk, in parallel with the
 * first page (route modules wait for `appTextsReady`), to keep the first-visit bundle small.
 */
import { addTranslations } from '../lib/i18n';
import { shellDe } from './locales/shell.de';
import { shellEn } from './locales/shell.en';

addTranslations('en', { app: shellEn });
addTranslations('de', { app: shellDe });

let pagesPromise: Promise<void> | null = null;

/** Loads the page texts once; resolves when they are in i18n. */
export function loadPageTexts(): Promise<void> {
  pagesPromise ??= import('./locales/pages').then(({ pagesEn, pagesDe }) => {
    addTranslations('en', { app: pagesEn });
    addTranslations('de', { app: pagesDe });
  });
  return pagesPromise;
}
