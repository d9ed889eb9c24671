export { pagesDe } from './pages.de';
export { pagesEn } from './pages.en';
