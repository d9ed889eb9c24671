/**
 * Unit tests render components without the app's loaders: the shared texts the first visit does not
 * need (locales/en-later.ts, loaded by `loadSharedTexts` in the app) are added up front.
 */
import { addTranslations } from './lib/i18n';
import { sharedLaterEn } from './locales/en-later';

addTranslations('en', sharedLaterEn);
