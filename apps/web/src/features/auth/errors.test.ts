import { describe, expect, it } from 'vitest';
import { AuthMessages, RegisterMessages } from '@nebula/contracts';
import { i18n, loadLocale } from '../../lib/i18n';
import { ApiError } from '../../lib/api';
import { MESSAGE_KEYS, mapFormError, translateMessage } from './errors';
import { registerAuthTexts } from './texts';

registerAuthTexts();
const t = i18n.getFixedT('en');
const de = i18n.getFixedT('de');

describe('error mapping (spec 1 sections 5 and 8)', () => {
  it('every register message of the contract maps to the same English text', () => {
    for (const message of Object.values(RegisterMessages)) {
      expect(MESSAGE_KEYS[message], message).toBeDefined();
      expect(translateMessage(t, message)).toBe(message);
    }
  });

  it('the identity messages of section 8 map to the same English text', () => {
    for (const message of [
      AuthMessages.metamaskMissing,
      AuthMessages.signatureFailed,
      AuthMessages.nonceFailed,
      AuthMessages.telegramFailed,
      AuthMessages.verifySent,
      AuthMessages.verifyTooQuick,
      AuthMessages.wrongCredentials,
      AuthMessages.locked,
      AuthMessages.captchaInvalid,
    ]) {
      expect(MESSAGE_KEYS[message], message).toBeDefined();
      expect(translateMessage(t, message)).toBe(message);
    }
  });

  it('unknown messages are shown raw', () => {
    expect(translateMessage(t, 'Something new.')).toBe('Something new.');
  });

  it('field errors go under their fields with the exact texts (name -> login)', () => {
    const error = new ApiError(422, 'validation_failed', RegisterMessages.emailInvalid, [
      { path: 'email', message: RegisterMessages.emailInvalid },
      { path: 'name', message: RegisterMessages.nameTaken },
      { path: 'password', message: RegisterMessages.passwordShort },
    ]);
    const mapped = mapFormError(t, error);
    expect(mapped.fields).toEqual({
      email: 'Invalid email',
      login: 'This login is already registered, pick something else',
      password: 'Password should have at least 5 characters',
    });
    expect(mapped.toast).toBeNull();
    expect(mapped.resetCaptcha).toBe(true);
  });

  it('code 1 is the invite code field; code 2 a toast', () => {
    expect(mapFormError(t, new ApiError(422, 1, 'Invalid invite code.')).fields.inviteCode).toBe(
      'Invalid invite code.',
    );
    const multi = mapFormError(t, new ApiError(422, 2, 'Multiaccounting is prohibited.'));
    expect(multi.toast).toBe('Multiaccounting is prohibited.');
    expect(multi.fields).toEqual({});
  });

  it('wrong credentials: toast and captcha reset; lockout: the lock message; captcha refused: under the captcha', () => {
    const wrong = mapFormError(t, new ApiError(422, 'wrong_credentials', AuthMessages.wrongCredentials));
    expect(wrong).toMatchObject({ toast: 'Wrong login or password.', resetCaptcha: true, locked: false });
    const locked = mapFormError(t, new ApiError(429, 'locked', AuthMessages.locked));
    expect(locked).toMatchObject({ locked: true, toast: AuthMessages.locked });
    const captcha = mapFormError(
      t,
      new ApiError(422, 'captcha_invalid', AuthMessages.captchaInvalid, [
        { path: 'captcha', message: AuthMessages.captchaInvalid },
      ]),
    );
    expect(captcha.fields.captcha).toBe(AuthMessages.captchaInvalid);
    expect(captcha.resetCaptcha).toBe(true);
  });

  it('translates known texts for German players', async () => {
    await loadLocale('de');
    expect(translateMessage(de, RegisterMessages.passwordShort)).toBe(
      'Das Passwort muss mindestens 5 Zeichen lang sein',
    );
    expect(de('general.profile.error_2fa')).toContain('Zwei-Faktor');
  });
});
