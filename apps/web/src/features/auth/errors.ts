/**
 * Server answers to texts (spec 1 sections 5 and 8). The server sends the spec's exact English
 * texts; known ones are mapped to translation keys (same English wording, translated elsewhere),
 * anything else is shown raw ("other messages are shown raw").
 */
import { isApiError } from '../../lib/api';
import type { TFunction } from '../../lib/i18n';
import './texts';

/** Server text -> translation key. Keep in step with RegisterMessages/AuthMessages of the contracts. */
export const MESSAGE_KEYS: Readonly<Record<string, string>> = {
  'Invalid email': 'auth.invalidEmail',
  'This email is already registered': 'auth.emailTaken',
  'Your login has less than 4 characters or contains invalid symbols': 'auth.loginPattern',
  'This login is already registered, pick something else': 'auth.loginTaken',
  'Password should have at least 5 characters': 'auth.passwordMin',
  'Invalid invite code.': 'auth.invalidInviteCode',
  'Multiaccounting is prohibited.': 'auth.multiaccounting',
  'Wrong login or password.': 'auth.wrongCredentials',
  'Please solve the captcha again.': 'auth.captchaAgain',
  'Too many failed attempts. Try again in a few minutes.': 'auth.locked',
  "You're too quick, try again in a few minutes.": 'email.tooQuick',
  "Verification email was sent. If you can't find it, check your spam folder.": 'email.sent',
  'MetaMask is not installed in your browser.': 'auth.metamaskMissing',
  'Failed to authenticate.': 'auth.walletAuthFailed',
  'An error has occurred. Try again later.': 'errors.tryAgainLater',
  'Failed to authorize using Telegram': 'auth.telegramFailed',
};

/** A server message in the player's language (raw when unknown). */
export function translateMessage(t: TFunction, message: string): string {
  const key = MESSAGE_KEYS[message];
  return key ? t(key) : message;
}

/** The form field a server field path belongs to (the register payload calls the login `name`). */
export type FormField = 'email' | 'login' | 'password' | 'inviteCode' | 'captcha' | 'confirm';

const FIELD_OF_PATH: Record<string, FormField> = {
  email: 'email',
  name: 'login',
  login: 'login',
  password: 'password',
  inviteCode: 'inviteCode',
  captcha: 'captcha',
};

export type FieldErrors = Partial<Record<FormField, string>>;

export interface FormErrorResult {
  /** Messages under the fields. */
  fields: FieldErrors;
  /** A message for a toast (when nothing fits under a field). */
  toast: string | null;
  /** The captcha payload was used up or refused: the widget must be reset. */
  resetCaptcha: boolean;
  /** Temporary lock after repeated failures (HTTP 429). */
  locked: boolean;
}

/**
 * Maps a failed login/register/reset answer to what the form shows:
 * - 422 `validation_failed` with `fields`: each message under its field (exact server texts);
 * - register code 1: 'Invalid invite code.' under the invite code; code 2: toast 'Multiaccounting is prohibited.';
 * - 422 `captcha_invalid`: message under the captcha;
 * - 422 `wrong_credentials`: toast;
 * - 429 `locked`: the lockout message;
 * - anything else: toast with the message (network errors included).
 * Every failure resets the captcha: a challenge is accepted once, whatever the outcome.
 */
export function mapFormError(t: TFunction, error: unknown): FormErrorResult {
  const result: FormErrorResult = { fields: {}, toast: null, resetCaptcha: true, locked: false };
  if (!isApiError(error)) {
    result.toast = t('errors.tryAgainLater');
    return result;
  }
  if (error.status === 429) {
    result.locked = true;
    result.toast = translateMessage(t, error.message);
    return result;
  }
  if (error.code === 1) {
    result.fields.inviteCode = translateMessage(t, error.message);
    return result;
  }
  if (error.code === 'captcha_invalid') {
    result.fields.captcha = translateMessage(t, error.message);
    return result;
  }
  if (error.fields?.length) {
    for (const field of error.fields) {
      const target = FIELD_OF_PATH[field.path.split('.')[0] ?? ''];
      if (target && !result.fields[target]) result.fields[target] = translateMessage(t, field.message);
    }
    if (Object.keys(result.fields).length > 0) return result;
  }
  result.toast = error.message ? translateMessage(t, error.message) : t('errors.generic');
  return result;
}
