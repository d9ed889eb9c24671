/**
 * The legal documents of the Terms dialog (spec 2 section 1: user agreement, privacy policy and FAQ)
 * and the jurisdiction rule on reversing withdrawals: ids, placeholders and error codes shared by the
 * server (modules/legal, modules/withdrawals) and the web (features/legal, features/wallet).
 */

/** The dialog's three documents, in tab order. */
export const LEGAL_DOCUMENT_IDS = ['terms', 'privacy', 'faq'] as const;
export type LegalDocumentId = (typeof LEGAL_DOCUMENT_IDS)[number];

/**
 * The placeholders an operator's text may use (`{{name}}`), filled by the server from the settings:
 * the site's name (licence), the operator, its jurisdiction and licence, the contacts, the restricted
 * countries in the reader's language, and the sentence on cancelling a withdrawal (the jurisdiction's
 * rule). A text naming any other placeholder is refused when the setting is changed.
 */
export const LEGAL_PLACEHOLDERS = [
  'siteName',
  'operator',
  'jurisdiction',
  'licence',
  'authority',
  'contact',
  'privacyContact',
  'restrictedCountries',
  'withdrawalCancel',
] as const;
export type LegalPlaceholder = (typeof LEGAL_PLACEHOLDERS)[number];

/** Section ids of the user agreement other screens link to (the footer's policy links). */
export const LEGAL_SECTIONS = {
  responsibleGambling: 'responsible-gambling',
  aml: 'aml',
} as const;

/**
 * A player asked to cancel a pending withdrawal where the jurisdiction forbids reversing withdrawals
 * (setting `legal.jurisdiction`, `reverseWithdrawals: false`): 403 with this code and message.
 */
export const WITHDRAW_CANCEL_FORBIDDEN = {
  code: 'withdraw_cancel_forbidden',
  message:
    'Withdrawals cannot be cancelled: the regulations of this site’s licence forbid reversing a withdrawal.',
} as const;
