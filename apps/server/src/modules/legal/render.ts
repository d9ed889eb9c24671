/**
 * The Terms dialog's documents as a reader gets them: each document in the language asked for when the
 * operator wrote one (else English, else the default English text), with its `{{placeholders}}` filled
 * from the settings in that document's language (country names by the runtime's ICU data).
 *
 * Rendering is pure; `LegalRenderer` memoises the result per settings load and language, so a burst of
 * dialog openings renders once (the settings store reloads at most every SETTINGS_CACHE_MS, and a
 * reload gives new objects, which drops the memo with them).
 */
import {
  LEGAL_DOCUMENT_IDS,
  legalDocumentSchema,
  type LegalBlock,
  type LegalDocument,
  type LegalDocumentId,
  type LegalPlaceholder,
} from '@nebula/contracts';
import type { SettingValue } from '../../platform/settings/index.js';
import { DEFAULT_DOCUMENTS } from './default-documents.js';
import type { legalDocumentsSetting, legalJurisdictionSetting, legalOperatorSetting } from './settings.js';

export type LegalOperator = SettingValue<typeof legalOperatorSetting>;
export type LegalJurisdiction = SettingValue<typeof legalJurisdictionSetting>;
export type LegalDocuments = SettingValue<typeof legalDocumentsSetting>;
export type RenderedDocument = LegalDocument & { lang: string };
export type RenderedDocuments = Record<LegalDocumentId, RenderedDocument>;

/** What fills the placeholders, besides the document's language. */
export interface LegalFacts {
  siteName: string;
  operator: LegalOperator;
  jurisdiction: LegalJurisdiction;
}

interface Phrases {
  contact: (email: string | null) => string;
  privacyContact: (privacyEmail: string | null, contact: string) => string;
  withdrawalCancel: (allowed: boolean) => string;
}

/** The sentences the server writes into the texts, per language (English for any other). */
const PHRASES: Record<'en' | 'de', Phrases> = {
  en: {
    contact: (email) =>
      email
        ? `our support team through the live support on the Website or at ${email}`
        : 'our support team through the live support on the Website',
    privacyContact: (privacyEmail, contact) =>
      privacyEmail ? `our data protection officer at ${privacyEmail}` : contact,
    withdrawalCancel: (allowed) =>
      allowed
        ? 'While a withdrawal is still awaiting review you may cancel it from the history in your wallet: the amount and the fee return to your balance at once. Once it has been approved or sent it can no longer be cancelled.'
        : 'Once requested, a withdrawal cannot be cancelled or reversed: the regulations of our licence forbid reversing withdrawals. Check the amount, the address and the network before you confirm.',
  },
  de: {
    contact: (email) =>
      email
        ? `unser Support-Team über den Live-Support auf der Website oder unter ${email}`
        : 'unser Support-Team über den Live-Support auf der Website',
    privacyContact: (privacyEmail, contact) =>
      privacyEmail ? `unseren Datenschutzbeauftragten unter ${privacyEmail}` : contact,
    withdrawalCancel: (allowed) =>
      allowed
        ? 'Solange eine Auszahlung noch geprüft wird, kannst du sie im Verlauf deiner Wallet stornieren: Betrag und Gebühr werden sofort deinem Guthaben gutgeschrieben. Nach Freigabe oder Versand ist keine Stornierung mehr möglich.'
        : 'Eine beantragte Auszahlung kann nicht storniert oder rückgängig gemacht werden: Die Vorschriften unserer Lizenz verbieten das Rückgängigmachen von Auszahlungen. Prüfe Betrag, Adresse und Netzwerk, bevor du bestätigst.',
  },
};

/** The country names of `codes` in `lang`, as one list ("A, B and C"). */
export function countryList(codes: readonly string[], lang: string): string {
  const names = new Intl.DisplayNames([lang, 'en'], { type: 'region', fallback: 'code' });
  const sorted = codes.map((code) => names.of(code) ?? code).sort((a, b) => a.localeCompare(b, lang));
  return new Intl.ListFormat([lang, 'en'], { type: 'conjunction', style: 'long' }).format(sorted);
}

/** Every placeholder's text in `lang`. */
export function placeholderValues(facts: LegalFacts, lang: string): Record<LegalPlaceholder, string> {
  const phrases = PHRASES[lang as keyof typeof PHRASES] ?? PHRASES.en;
  const contact = phrases.contact(facts.operator.supportEmail);
  return {
    siteName: facts.siteName,
    operator: facts.operator.company ?? facts.siteName,
    jurisdiction: facts.jurisdiction.country,
    licence: facts.jurisdiction.licence,
    authority: facts.jurisdiction.authority,
    contact,
    privacyContact: phrases.privacyContact(facts.operator.privacyEmail, contact),
    restrictedCountries: countryList(facts.jurisdiction.restrictedCountries, lang),
    withdrawalCancel: phrases.withdrawalCancel(facts.jurisdiction.reverseWithdrawals),
  };
}

const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

function fill(text: string, values: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
}

function fillBlock(block: LegalBlock, values: Record<string, string>): LegalBlock {
  return typeof block === 'string'
    ? fill(block, values)
    : { list: block.list.map((item) => fill(item, values)) };
}

/** One document with its placeholders filled. */
export function fillDocument(
  document: LegalDocument,
  values: Record<string, string>,
  lang: string,
): RenderedDocument {
  return {
    lang,
    title: fill(document.title, values),
    updated: document.updated,
    intro: document.intro.map((block) => fillBlock(block, values)),
    sections: document.sections.map((section) => ({
      id: section.id,
      title: fill(section.title, values),
      blocks: section.blocks.map((block) => fillBlock(block, values)),
    })),
  };
}

const BUILT_IN: Record<LegalDocumentId, LegalDocument> = {
  terms: legalDocumentSchema.parse(DEFAULT_DOCUMENTS.en.terms),
  privacy: legalDocumentSchema.parse(DEFAULT_DOCUMENTS.en.privacy),
  faq: legalDocumentSchema.parse(DEFAULT_DOCUMENTS.en.faq),
};

/** The three documents for a reader of `lang`. */
export function renderDocuments(
  documents: LegalDocuments,
  facts: LegalFacts,
  lang: string,
): RenderedDocuments {
  const values = new Map<string, Record<string, string>>();
  const valuesIn = (language: string) => {
    let found = values.get(language);
    if (!found) values.set(language, (found = placeholderValues(facts, language)));
    return found;
  };
  const pick = (id: LegalDocumentId): RenderedDocument => {
    const own = documents[lang]?.[id];
    if (own) return fillDocument(own, valuesIn(lang), lang);
    return fillDocument(documents.en?.[id] ?? BUILT_IN[id], valuesIn('en'), 'en');
  };
  return Object.fromEntries(LEGAL_DOCUMENT_IDS.map((id) => [id, pick(id)])) as RenderedDocuments;
}

/**
 * Renders once per settings load and language: the memo holds the texts rendered from the settings
 * objects of the last load (the store hands out the same objects until it reloads) and starts afresh
 * when any of them changes, so it never serves texts older than the store.
 */
export class LegalRenderer {
  #inputs: readonly unknown[] = [];
  #byLanguage = new Map<string, RenderedDocuments>();

  render(documents: LegalDocuments, facts: LegalFacts, lang: string): RenderedDocuments {
    const inputs = [documents, facts.jurisdiction, facts.operator, facts.siteName];
    if (inputs.some((input, i) => input !== this.#inputs[i])) {
      this.#inputs = inputs;
      this.#byLanguage = new Map();
    }
    let rendered = this.#byLanguage.get(lang);
    if (!rendered) {
      rendered = renderDocuments(documents, facts, lang);
      this.#byLanguage.set(lang, rendered);
    }
    return rendered;
  }
}
