/**
 * Opens the Terms dialog from anywhere, tiny and eager (imported by the route table); the dialog and
 * its texts load on first use (their own chunk, legal-dialog.tsx):
 * - the `open-legal` event of the app's bus (registration's tick box: features do not import each
 *   other);
 * - any plain click on a same-origin link to `/terms` or `/privacyPolicy` (`#section` optional): the
 *   footer's policy links, the self-exclusion page... The links stay links (a new tab, a copied
 *   address or a crawler get the route, which opens the dialog over the home page), but in this
 *   window the dialog opens over the page the player is on, which stays where it is.
 */
import { events, type AppEvents } from '../../lib/events';
import { withSharedTexts } from '../../lib/i18n';
import { legalTargetOfClick } from './legal-model';

export const loadLegalDialog = () => withSharedTexts(import('./legal-dialog'));

/** Opens the dialog (exported for tests). */
export function openLegal(options: AppEvents['open-legal']): void {
  void loadLegalDialog().then(({ openLegalDialog }) => openLegalDialog(options));
}

/** The capture-phase click handler: runs before the router's links see the click. */
export function handleLegalLinkClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  const anchor = target?.closest<HTMLAnchorElement>('a[href]') ?? null;
  const legal = legalTargetOfClick(event, anchor, window.location.origin);
  if (!legal) return;
  event.preventDefault();
  openLegal(legal);
}

let unregister: (() => void) | null = null;

/** Starts listening once (idempotent); returns the function that stops it (tests). */
export function registerOpenLegal(): () => void {
  if (unregister) return unregister;
  if (typeof document === 'undefined') return () => {};
  const off = events.on('open-legal', openLegal);
  document.addEventListener('click', handleLegalLinkClick, true);
  unregister = () => {
    off();
    document.removeEventListener('click', handleLegalLinkClick, true);
    unregister = null;
  };
  return unregister;
}

registerOpenLegal();
