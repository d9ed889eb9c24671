/**
 * The Terms dialog's own texts (keys under `legalUi.`), English and German; the documents themselves
 * come from the server (the operator's texts). Registered when the dialog's chunk loads.
 */
import { addTranslations, type Translation } from '../../lib/i18n';

export const legalUiEn = {
  title: 'Terms and policies',
  tabs: {
    terms: 'User agreement',
    privacy: 'Privacy policy',
    faq: 'FAQ',
  },
  updated: 'Last updated {{date}}',
  contents: 'Contents',
  otherLanguage: 'This document is published in English; the English version applies.',
  loadFailed: 'The texts could not be loaded.',
  loadFailedText: 'Check your connection and try again.',
  retry: 'Try again',
  accept: 'I agree',
  acceptHint: 'Ticks the box of your registration.',
  close: 'Close',
};

type Texts = typeof legalUiEn;

export const legalUiDe: Translation<Texts> = {
  title: 'AGB und Richtlinien',
  tabs: {
    terms: 'Nutzungsvereinbarung',
    privacy: 'Datenschutz',
    faq: 'FAQ',
  },
  updated: 'Zuletzt aktualisiert am {{date}}',
  contents: 'Inhalt',
  otherLanguage: 'Dieses Dokument wird auf Englisch veröffentlicht; die englische Fassung ist maßgeblich.',
  loadFailed: 'Die Texte konnten nicht geladen werden.',
  loadFailedText: 'Prüfe deine Verbindung und versuche es erneut.',
  retry: 'Erneut versuchen',
  accept: 'Ich stimme zu',
  acceptHint: 'Setzt das Häkchen deiner Registrierung.',
  close: 'Schließen',
};

let registered = false;

export function registerLegalTexts(): void {
  if (registered) return;
  registered = true;
  addTranslations('en', { legalUi: legalUiEn });
  addTranslations('de', { legalUi: legalUiDe });
}
