/**
 * The legal module's operator settings (decision 0016):
 * - `legal.operator`: who operates the site and how players reach it (the company, the support and
 *   privacy contacts); the site's name comes from the licence (`license.siteName`).
 * - `legal.jurisdiction`: where the operator is licensed, by whom, the countries its licence excludes,
 *   and whether its regulation lets a player reverse (cancel) a pending withdrawal. The withdrawals
 *   module reads that switch (`playerCancelsWithdrawals`).
 * - `legal.documents`: the texts of the Terms dialog per language (`en` required), defaults in
 *   default-documents.ts; a document an operator's language lacks falls back to English.
 */
import {
  LEGAL_DOCUMENT_IDS,
  LEGAL_PLACEHOLDERS,
  legalDocumentSchema,
  legalLanguageSchema,
} from '@nebula/contracts';
import { z } from 'zod';
import { defineSetting, type Setting, type SettingsStore } from '../../platform/settings/index.js';
import { COUNTRY_CODES } from '../catalogue/index.js';
import { DEFAULT_DOCUMENTS } from './default-documents.js';

const email = z.email().max(254);

export const legalOperatorSetting = defineSetting(
  'legal.operator',
  z
    .object({
      /** The legal entity; null: the site's name from the licence stands for it. */
      company: z.string().trim().min(1).max(200).nullable().default(null),
      /** Where players reach support besides the live support chat; null: the live support only. */
      supportEmail: email.nullable().default(null),
      /** The data protection contact; null: the support contact. */
      privacyEmail: email.nullable().default(null),
    })
    .strict(),
  { company: null, supportEmail: null, privacyEmail: null },
  'legal',
  'The operator named in the legal texts: its company (null: the site name of the licence) and the support and privacy email addresses (null: the live support only).',
);

const DEFAULT_RESTRICTED = ['AU', 'CU', 'CW', 'ES', 'FR', 'GB', 'IR', 'KP', 'NL', 'SY', 'US'];

export const legalJurisdictionSetting = defineSetting(
  'legal.jurisdiction',
  z
    .object({
      /** Where the operator is incorporated and licensed; its law governs the terms. */
      country: z.string().trim().min(1).max(100).default('Curaçao'),
      /** The regulator players may refer a complaint to. */
      authority: z.string().trim().min(1).max(200).default('the Curaçao Gaming Authority'),
      /** How the texts state the licence, completing "… incorporated in {country} and …". */
      licence: z
        .string()
        .trim()
        .min(1)
        .max(400)
        .default('licensed and regulated by the Curaçao Gaming Authority'),
      /** ISO 3166-1 alpha-2 codes of the countries the licence excludes (named in the reader's language). */
      restrictedCountries: z
        .array(
          z
            .string()
            .transform((code) => code.trim().toUpperCase())
            .refine((code) => COUNTRY_CODES.has(code), 'an ISO 3166-1 alpha-2 country code'),
        )
        .max(250)
        .transform((codes) => [...new Set(codes)])
        .default(DEFAULT_RESTRICTED),
      /**
       * Whether players may cancel (reverse) a withdrawal still in moderation. False where the regulation
       * forbids reversing withdrawals (e.g. Great Britain): the cancel call is refused and the wallet
       * hides the button and explains.
       */
      reverseWithdrawals: z.boolean().default(true),
    })
    .strict(),
  {
    country: 'Curaçao',
    authority: 'the Curaçao Gaming Authority',
    licence: 'licensed and regulated by the Curaçao Gaming Authority',
    restrictedCountries: DEFAULT_RESTRICTED,
    reverseWithdrawals: true,
  },
  'legal',
  'The jurisdiction: country of incorporation and licence, the regulator, how the texts state the licence, the restricted countries (ISO codes) and whether players may cancel a pending withdrawal (false where regulation forbids reversing withdrawals).',
);

const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;
const KNOWN: ReadonlySet<string> = new Set(LEGAL_PLACEHOLDERS);

/** The placeholders a document names that the server cannot fill. */
export function unknownPlaceholders(document: unknown): string[] {
  const unknown = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      for (const match of value.matchAll(PLACEHOLDER))
        if (!KNOWN.has(match[1] as string)) unknown.add(match[1] as string);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(document);
  return [...unknown];
}

const checkedDocument = legalDocumentSchema.superRefine((document, ctx) => {
  const unknown = unknownPlaceholders(document);
  if (unknown.length > 0)
    ctx.addIssue({
      code: 'custom',
      message: `unknown placeholders ${unknown.map((name) => `{{${name}}}`).join(', ')}; known: ${LEGAL_PLACEHOLDERS.join(', ')}`,
    });
});

const languageDocuments = z
  .object(
    Object.fromEntries(LEGAL_DOCUMENT_IDS.map((id) => [id, checkedDocument.optional()])) as {
      [K in (typeof LEGAL_DOCUMENT_IDS)[number]]: z.ZodOptional<typeof checkedDocument>;
    },
  )
  .strict();

export const legalDocumentsSetting = defineSetting(
  'legal.documents',
  z
    .record(legalLanguageSchema, languageDocuments)
    .refine((byLanguage) => Object.keys(byLanguage).length <= 20, 'at most 20 languages'),
  DEFAULT_DOCUMENTS,
  'legal',
  'The Terms dialog texts by language (en, de...): user agreement (terms), privacy policy (privacy) and FAQ (faq), each a title, a date, intro paragraphs and sections of paragraphs and lists. A document missing in a language is shown in English (the default texts when English lacks it too). Placeholders such as {{siteName}} and {{restrictedCountries}} are filled in.',
);

export const legalSettings: readonly Setting[] = [
  legalOperatorSetting,
  legalJurisdictionSetting,
  legalDocumentsSetting,
];

/**
 * Whether players may cancel a pending withdrawal under the jurisdiction in force (the withdrawals
 * module refuses the cancel and the wallet hides it when false).
 */
export async function playerCancelsWithdrawals(settings: Pick<SettingsStore, 'get'>): Promise<boolean> {
  return (await settings.get(legalJurisdictionSetting)).reverseWithdrawals;
}
