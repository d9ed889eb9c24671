import { pagesDe } from './pages.de';
import { pagesEn } from './pages.en';

export const PAGE_TEXTS = { en: pagesEn, de: pagesDe } as const;
