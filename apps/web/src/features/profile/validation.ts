/**
 * Client-side checks of the settings forms (spec 3 section 5: invalid email, password confirm
 * mismatch, 2FA code 6 digits). The server checks again; these only save a round trip.
 * The limits are the contracts' own (zod-free constants entry).
 */
import { PASSWORD_MIN, TWO_FACTOR_CODE } from '@nebula/contracts/constants';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type PasswordFieldError = 'required' | 'min' | 'mismatch' | 'same';

export interface PasswordForm {
  current: string;
  password: string;
  confirm: string;
}

export type PasswordErrors = Partial<Record<keyof PasswordForm, PasswordFieldError>>;

export function validatePasswordForm(form: PasswordForm): PasswordErrors {
  const errors: PasswordErrors = {};
  if (!form.current) errors.current = 'required';
  if (!form.password) errors.password = 'required';
  else if (form.password.length < PASSWORD_MIN) errors.password = 'min';
  else if (form.current && form.password === form.current) errors.password = 'same';
  if (!form.confirm) errors.confirm = 'required';
  else if (form.confirm !== form.password) errors.confirm = 'mismatch';
  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.values(errors).some(Boolean);
}

export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= 254 && EMAIL_PATTERN.test(email);
}

/** Keeps digits only, at most 6 (pasted codes with spaces or dashes still work). */
export function normaliseCode(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6);
}

export function isTwoFactorCode(value: string): boolean {
  return TWO_FACTOR_CODE.test(value);
}
