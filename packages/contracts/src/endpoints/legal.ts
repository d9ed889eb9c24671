import { z } from 'zod';
import { defineEndpoint, policy } from '../endpoint.js';

export * from '../constants/legal.js';

/**
 * The Terms dialog's texts (spec 2 sections 1 and 2: user agreement, privacy policy, FAQ), written by
 * the operator in the `legal.documents` setting (defaults: the platform's full texts) with their
 * placeholders filled by the server (site name, operator, jurisdiction, contacts, restricted
 * countries, the withdrawal-cancel rule).
 */

/** A paragraph, or a bulleted list of items. */
export const legalBlockSchema = z.union([
  z.string().min(1).max(4000),
  z.object({ list: z.array(z.string().min(1).max(2000)).min(1).max(40) }).strict(),
]);
export type LegalBlock = z.infer<typeof legalBlockSchema>;

export const legalSectionSchema = z
  .object({
    /** Stable anchor (lower case words joined by dashes); links open the dialog at it. */
    id: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower case words joined by dashes'),
    /** The heading (for the FAQ: the question). */
    title: z.string().min(1).max(300),
    /** The text (for the FAQ: the answer). */
    blocks: z.array(legalBlockSchema).min(1).max(60),
  })
  .strict();
export type LegalSection = z.infer<typeof legalSectionSchema>;

export const legalDocumentSchema = z
  .object({
    title: z.string().min(1).max(200),
    /** The date of the version in force (YYYY-MM-DD). */
    updated: z.iso.date(),
    /** Paragraphs before the first section. */
    intro: z.array(legalBlockSchema).max(20).default([]),
    sections: z
      .array(legalSectionSchema)
      .min(1)
      .max(80)
      .refine(
        (sections) => new Set(sections.map((s) => s.id)).size === sections.length,
        'section ids must differ',
      ),
  })
  .strict();
export type LegalDocument = z.output<typeof legalDocumentSchema>;

/** A language code of the texts (`en`, `de`...). */
export const legalLanguageSchema = z.string().regex(/^[a-z]{2}$/, 'a two-letter language code');

export const legalDocumentsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/legal/documents',
  request: z.object({ lang: legalLanguageSchema.optional() }).strict(),
  response: z.object({
    /** Each document in the language asked for when the operator wrote one, else in English. */
    documents: z.object({
      terms: legalDocumentSchema.extend({ lang: z.string() }),
      privacy: legalDocumentSchema.extend({ lang: z.string() }),
      faq: legalDocumentSchema.extend({ lang: z.string() }),
    }),
    /** Whether a player may cancel a withdrawal still in moderation (the jurisdiction's rule). */
    playerCancelsWithdrawals: z.boolean(),
  }),
  policy: policy.public,
  summary:
    'The Terms dialog texts (user agreement, privacy policy, FAQ) with the operator details filled in; cached.',
});
