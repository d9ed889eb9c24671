/**
 * Which links open the Terms dialog: the `/terms` and `/privacyPolicy` routes of spec 1 section 2,
 * with an optional `#section`. In the first-visit bundle (open-legal.ts): keep it small.
 */
import type { LegalDocumentId } from '@nebula/contracts/constants';

/** The routes that open the dialog, and the document each opens. */
export const LEGAL_ROUTES: Readonly<Record<string, LegalDocumentId>> = {
  '/terms': 'terms',
  '/privacyPolicy': 'privacy',
};

export interface LegalTarget {
  doc: LegalDocumentId;
  /** A section id (the link's `#hash`), when the link points into the document. */
  section?: string;
}

const SECTION = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The document and section a path with its hash opens, or null when it is not a legal route. */
export function legalTargetOf(pathname: string, hash = ''): LegalTarget | null {
  const doc = LEGAL_ROUTES[pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname];
  if (!doc) return null;
  const section = decodeURIComponent(hash.replace(/^#/, ''));
  return SECTION.test(section) ? { doc, section } : { doc };
}

/**
 * The target of a click on a link, when the dialog should open instead of navigating: a plain
 * primary click (no modifier: those open a new tab or window) on a same-origin link to a legal route,
 * in this window, not a download.
 */
export function legalTargetOfClick(
  event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'defaultPrevented'>,
  anchor: Pick<HTMLAnchorElement, 'href' | 'target' | 'hasAttribute'> | null,
  origin: string,
): LegalTarget | null {
  if (!anchor || event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  let url: URL;
  try {
    url = new URL(anchor.href, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return legalTargetOf(url.pathname, url.hash);
}
