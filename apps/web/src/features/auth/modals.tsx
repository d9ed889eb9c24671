/**
 * Openers for the identity dialogs. This module (and the forms behind it) loads on demand: the
 * app's auth host imports it when a dialog is first needed, which keeps the forms, the captcha
 * widget and the wallet code out of the first-visit bundle.
 */
import type { TwoFactorChallenge } from '../../lib/events';
import { i18n } from '../../lib/i18n';
import { closeModal, isModalOpen, openModal } from '../../ui';
import { AuthModal, type AuthMode } from './auth-modal';
import { loadCaptchaWidget } from './captcha';
import { ForgotPasswordForm, PasswordResetForm, UpdateEmailForm, WalletConnectDialog } from './forms';
import { registerAuthTexts } from './texts';
import { TwoFactorDialog } from './two-factor-modal';

registerAuthTexts();

export const AUTH_MODAL_ID = 'auth';
export const FORGOT_MODAL_ID = 'forgot-password';
export const WALLET_CONNECT_MODAL_ID = 'wallet-connect';
export const TWO_FACTOR_MODAL_ID = 'two-factor';
export const RESET_MODAL_ID = 'password-reset';
export const UPDATE_EMAIL_MODAL_ID = 'update-email';

const t = (key: string) => i18n.t(key);

function closeSignInDialogs() {
  closeModal(AUTH_MODAL_ID);
  closeModal(FORGOT_MODAL_ID);
  closeModal(WALLET_CONNECT_MODAL_ID);
}

export function openAuthModal(mode: AuthMode): void {
  void loadCaptchaWidget().catch(() => undefined);
  openModal({
    id: AUTH_MODAL_ID,
    title: t('auth.title'),
    size: 'sm',
    className: 'auth-dialog',
    content: (
      <AuthModal
        key={mode}
        initialMode={mode}
        onForgotPassword={() => openForgotPassword()}
        onWalletConnect={() => openWalletConnect()}
        onSuccess={closeSignInDialogs}
      />
    ),
  });
}

export function openForgotPassword(): void {
  closeModal(AUTH_MODAL_ID);
  openModal({
    id: FORGOT_MODAL_ID,
    title: t('auth.forgotTitle'),
    size: 'sm',
    className: 'auth-dialog',
    onBack: () => {
      closeModal(FORGOT_MODAL_ID);
      openAuthModal('auth');
    },
    content: (
      <ForgotPasswordForm
        onBack={() => {
          closeModal(FORGOT_MODAL_ID);
          openAuthModal('auth');
        }}
      />
    ),
  });
}

export function openWalletConnect(): void {
  openModal({
    id: WALLET_CONNECT_MODAL_ID,
    title: t('auth.walletConnect'),
    size: 'sm',
    className: 'auth-dialog',
    content: <WalletConnectDialog onSuccess={closeSignInDialogs} />,
  });
}

/** The six-box dialog for a held request; closing it without a valid code fails the held requests. */
export function openTwoFactor(challenge: TwoFactorChallenge): void {
  let validated = false;
  openModal({
    id: TWO_FACTOR_MODAL_ID,
    title: t('auth.twoFactorTitle'),
    size: 'sm',
    className: 'auth-dialog',
    onClose: () => {
      if (!validated) challenge.cancel();
    },
    content: (
      <TwoFactorDialog
        onSuccess={async () => {
          validated = true;
          closeModal(TWO_FACTOR_MODAL_ID);
          await challenge.retry();
        }}
      />
    ),
  });
}

export function openPasswordReset(user: string, token: string, onDone: () => void): void {
  openModal({
    id: RESET_MODAL_ID,
    title: t('auth.resetTitle'),
    size: 'sm',
    className: 'auth-dialog',
    onClose: onDone,
    content: <PasswordResetForm user={user} token={token} onDone={() => closeModal(RESET_MODAL_ID)} />,
  });
}

/** Mandatory, non-dismissible (spec 3 section 2). */
export function openUpdateEmail(): void {
  if (isModalOpen(UPDATE_EMAIL_MODAL_ID)) return;
  openModal({
    id: UPDATE_EMAIL_MODAL_ID,
    title: t('email.updateTitle'),
    size: 'sm',
    className: 'auth-dialog',
    dismissible: false,
    content: <UpdateEmailForm onDone={() => closeModal(UPDATE_EMAIL_MODAL_ID)} />,
  });
}

export function closeUpdateEmail(): void {
  closeModal(UPDATE_EMAIL_MODAL_ID);
}
