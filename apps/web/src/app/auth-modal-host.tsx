/**
 * The identity dialogs' host: opens the login/register dialog on `open-auth` (and for requests made
 * before it mounted), the two-factor dialog on `two-factor-required`, and the mandatory email
 * dialog while the signed-in account has no email; runs the start-up session sequence (boot.ts).
 * The dialogs themselves load on demand (features/auth/modals), outside the first-visit bundle.
 */
import { useEffect } from 'react';
import { events } from '../lib/events';
import { withSharedTexts } from '../lib/i18n';
import { isSignedIn, useAppStore, type StoredUser } from '../lib/store';
import { attachAuthHost, type AuthMode } from '../lib/request-login';
import { bootSession } from './boot';

type Dialogs = typeof import('../features/auth/modals');

let dialogs: Promise<Dialogs> | null = null;

/** The dialog module, loaded once (a failed load is retried next time). */
export function loadAuthDialogs(): Promise<Dialogs> {
  dialogs ??= withSharedTexts(import('../features/auth/modals')).catch((error: unknown) => {
    dialogs = null;
    throw error;
  });
  return dialogs;
}

/** A signed-in account without an email address must add one (wallet and messenger sign-ups). */
export function needsEmail(user: StoredUser | null): boolean {
  return isSignedIn(user) && !user.email;
}

export function AuthModalHost() {
  useEffect(() => bootSession(), []);

  useEffect(() => {
    function open(mode: AuthMode) {
      if (isSignedIn(useAppStore.getState().user)) return;
      void loadAuthDialogs().then((module) => module.openAuthModal(mode));
    }
    const offAuth = events.on('open-auth', (payload) => open(payload.mode));
    const offTwoFactor = events.on('two-factor-required', (challenge) => {
      loadAuthDialogs().then(
        (module) => module.openTwoFactor(challenge),
        () => challenge.cancel(),
      );
    });
    const { pending, detach } = attachAuthHost();
    if (pending) open(pending);
    return () => {
      offAuth();
      offTwoFactor();
      detach();
    };
  }, []);

  const missingEmail = useAppStore((state) => needsEmail(state.user));
  useEffect(() => {
    if (missingEmail) void loadAuthDialogs().then((module) => module.openUpdateEmail());
    else if (dialogs) void dialogs.then((module) => module.closeUpdateEmail());
  }, [missingEmail]);

  return null;
}
