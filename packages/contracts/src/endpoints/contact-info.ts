import { z } from 'zod';
import { defineEndpoint, policy } from '../endpoint.js';
import { CONTACT_INFO_MODELS, CONTACT_INFO_VALUE_MAX } from '../constants/contact-info.js';
import { emptyRequest } from './platform.js';

export * from '../constants/contact-info.js';

/**
 * The contact-info modal (spec 3 sections 3, 5, 7 and 8): the operator's "VIP banner" asking a signed-in
 * player for contact details. `POST /api/contactInfoModalSettings` answers the banner settings (title,
 * description, images, fields: title and model) with what this player already gave, whether their e-mail
 * is set (then it is locked) and whether the modal is due (not snoozed for this field count).
 * `POST /api/profile/updateContactInfo` {email, update} saves them; `.../snooze` hides it for 24 h.
 */
export const contactInfoFieldSchema = z.object({
  title: z.string(),
  model: z.enum(CONTACT_INFO_MODELS),
});

export const contactInfoSettingsSchema = z.object({
  enabled: z.boolean(),
  title: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  fields: z.array(contactInfoFieldSchema),
  /** What this player already gave, by model (their account e-mail under `email`). */
  values: z.record(z.string(), z.string()),
  /** The account e-mail is set: the modal shows it locked. */
  emailLocked: z.boolean(),
  /** Open it now: enabled, something is missing, and not snoozed for this many fields. */
  show: z.boolean(),
});
export type ContactInfoSettings = z.infer<typeof contactInfoSettingsSchema>;

export const contactInfoSettingsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/contactInfoModalSettings',
  request: emptyRequest,
  response: contactInfoSettingsSchema,
  policy: policy.user,
  summary: 'The contact-info modal: the banner settings, the player’s values and whether it is due.',
});

export const updateContactInfoEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/profile/updateContactInfo',
  request: z
    .object({
      email: z.string().max(254).optional(),
      update: z.record(z.string().max(40), z.string().max(CONTACT_INFO_VALUE_MAX)).default({}),
    })
    .strict(),
  response: z.object({ success: z.literal(true), message: z.string() }),
  policy: policy.user,
  summary: 'Saves the contact-info modal: the e-mail (only while unset) and the other fields.',
});

export const snoozeContactInfoEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/profile/snoozeContactInfo',
  request: emptyRequest,
  response: z.object({ success: z.literal(true), until: z.string() }),
  policy: policy.user,
  summary: 'Hides the contact-info modal for 24 h for the current number of fields.',
});
