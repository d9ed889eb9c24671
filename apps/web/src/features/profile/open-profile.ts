/**
 * The `open-profile` window event opens the profile popup from anywhere (chat names, bet feeds),
 * without importing this feature: `window.dispatchEvent(new CustomEvent('open-profile',
 * { detail: { id } }))`. The app's event bus (lib/events.ts) has a closed map owned by lib, so the
 * event lives on `window`, typed through WindowEventMap below. This module is tiny and safe to
 * import eagerly; the popup itself loads on first use.
 */
export const OPEN_PROFILE_EVENT = 'open-profile';

export interface OpenProfileDetail {
  /** User id (uuid) or login name. */
  id: string;
}

declare global {
  interface WindowEventMap {
    'open-profile': CustomEvent<OpenProfileDetail>;
  }
}

/** Dispatches the event (for code that may import this module, e.g. inside the feature). */
export function dispatchOpenProfile(id: string): void {
  window.dispatchEvent(new CustomEvent(OPEN_PROFILE_EVENT, { detail: { id } }));
}

let unregister: (() => void) | null = null;

/** Starts listening once (idempotent); returns the function that stops it (tests). */
export function registerOpenProfile(): () => void {
  if (unregister) return unregister;
  if (typeof window === 'undefined') return () => {};
  const handler = (event: WindowEventMap['open-profile']) => {
    const id = typeof event.detail?.id === 'string' ? event.detail.id.trim() : '';
    if (!id || id.length > 64) return;
    void import('./profile-popup').then(({ openProfilePopup }) => openProfilePopup(id));
  };
  window.addEventListener(OPEN_PROFILE_EVENT, handler);
  unregister = () => {
    window.removeEventListener(OPEN_PROFILE_EVENT, handler);
    unregister = null;
  };
  return unregister;
}

registerOpenProfile();
