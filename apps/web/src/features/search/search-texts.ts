/** The search overlay's texts (keys under `searchUi.`), English and German. */
import { addTranslations } from '../../lib/i18n';

export const searchUiEn = {
  results_one: '{{count}} game found',
  results_other: '{{count}} games found',
  resultsTitle: 'Results for “{{query}}”',
  blocked: 'Not available in your region',
  preview: 'Preview',
  previewTitle: 'Coming soon: {{name}}',
  previewText: '{{name}} is a preview: this game can be integrated into your casino on request.',
  gotIt: 'Got it',
  pages: 'Result pages',
  pressEnter: 'Press Enter to search',
};

export const searchUiDe: typeof searchUiEn = {
  results_one: '{{count}} Spiel gefunden',
  results_other: '{{count}} Spiele gefunden',
  resultsTitle: 'Ergebnisse für „{{query}}“',
  blocked: 'In deiner Region nicht verfügbar',
  preview: 'Vorschau',
  previewTitle: 'Demnächst: {{name}}',
  previewText: '{{name}} ist eine Vorschau: Dieses Spiel lässt sich auf Wunsch in dein Casino integrieren.',
  gotIt: 'Verstanden',
  pages: 'Ergebnisseiten',
  pressEnter: 'Enter drücken, um zu suchen',
};

addTranslations('en', { searchUi: searchUiEn });
addTranslations('de', { searchUi: searchUiDe });
