/**
 * Asking for the login modal. The modal host lives in the shell; on a direct page load a route
 * loader may ask before the shell has mounted, so the request is kept until the host takes it.
 */
import { events } from './events';

export type AuthMode = 'auth' | 'register';

let pending: AuthMode | null = null;
let hostMounted = false;

/** Emits `open-auth`; remembered for the host when it is not mounted yet. */
export function requestLogin(mode: AuthMode = 'auth'): void {
  if (!hostMounted) pending = mode;
  events.emit('open-auth', { mode });
}

/** Called by the modal host on mount: marks it present and returns a request made before. */
export function attachAuthHost(): { pending: AuthMode | null; detach: () => void } {
  hostMounted = true;
  const taken = pending;
  pending = null;
  return {
    pending: taken,
    detach: () => {
      hostMounted = false;
    },
  };
}

/** Test hook. */
export function resetAuthGate(): void {
  pending = null;
  hostMounted = false;
}
