/**
 * Notification HTML (decision 0040): staff may write a little markup (bold, italics, underline, code,
 * line breaks, paragraphs, spans and links); everything else is removed by `sanitize-html`, when the
 * notification is written and again when it is served. Links keep only http(s), mailto and site-relative
 * targets and open safely (`rel="noopener noreferrer"`, a new tab for an absolute one).
 */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['b', 'strong', 'i', 'em', 'u', 's', 'code', 'small', 'br', 'p', 'span', 'a'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const external = /^https?:/i.test(href);
      return {
        tagName,
        attribs: {
          ...(href ? { href } : {}),
          ...(external ? { target: '_blank' } : {}),
          rel: 'noopener noreferrer',
        },
      };
    },
  },
};

/** `html` with only the allowed markup left. */
export function sanitizeNotificationHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Plain text made safe to put into HTML (a player's or staff member's words inside a system text). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
