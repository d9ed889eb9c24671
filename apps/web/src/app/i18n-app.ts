/**
 * Adds the app's own texts (keys under `app.`) to the shared i18n instance.
 * English: the shell's few texts are bundled; the page texts load in their own chunk, in parallel
 * with the first page (route modules wait for `loadPageTexts`), to keep the first-visit bundle small.
 * German (shell and pages) is a locale loader of its own: it loads only when German is chosen, with
 * the shared German texts, and the first page waits for it so a German player sees no English flash.
 */
import { addLocaleLoader, addTranslations, loadSharedTexts, whenI18nReady } from '../lib/i18n';
import { shellEn } from './locales/shell.en';

addTranslations('en', { app: shellEn });
addLocaleLoader('de', async () => {
  const [{ shellDe }, { pagesDe }] = await Promise.all([
    import('./locales/shell.de'),
    import('./locales/pages.de'),
  ]);
  return { app: { ...shellDe, ...pagesDe } };
});

let pagesPromise: Promise<void> | null = null;

/**
 * Loads the English page texts once (with the shared texts the home page does not need), and the
 * chosen language's; resolves when they are in i18n.
 */
export function loadPageTexts(): Promise<void> {
  pagesPromise ??= import('./locales/pages.en').then(({ pagesEn }) => {
    addTranslations('en', { app: pagesEn });
  });
  return Promise.all([pagesPromise, loadSharedTexts(), whenI18nReady()]).then(() => undefined);
}
