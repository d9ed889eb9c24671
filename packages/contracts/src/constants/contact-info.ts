/** The contact-info modal's constants and texts (spec 3 sections 8 and 9), zod-free for the web. */
export const CONTACT_INFO_SNOOZE_MS = 24 * 60 * 60 * 1000;
export const CONTACT_INFO_VALUE_MAX = 200;
/** Field models an operator may ask for; `email` is the account's e-mail address. */
export const CONTACT_INFO_MODELS = ['email', 'telegram', 'phone', 'discord', 'whatsapp', 'skype'] as const;
export type ContactInfoModel = (typeof CONTACT_INFO_MODELS)[number];

export const ContactInfoTexts = {
  failed: 'Failed to update contact info',
  success: 'Contact info successfully updated!',
  emailFailed: "The email you've entered is invalid or already registered.",
} as const;
