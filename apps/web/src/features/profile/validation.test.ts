import { describe, expect, it } from 'vitest';
import { hasErrors, isTwoFactorCode, isValidEmail, normaliseCode, validatePasswordForm } from './validation';

describe('validatePasswordForm', () => {
  it('accepts a valid change', () => {
    const errors = validatePasswordForm({ current: 'old-pass', password: 'new-pass', confirm: 'new-pass' });
    expect(errors).toEqual({});
    expect(hasErrors(errors)).toBe(false);
  });

  it('flags a confirmation that does not match', () => {
    expect(validatePasswordForm({ current: 'old-pass', password: 'new-pass', confirm: 'new-pasS' })).toEqual({
      confirm: 'mismatch',
    });
  });

  it('enforces the 5-character minimum, exactly at the boundary', () => {
    expect(validatePasswordForm({ current: 'x', password: '1234', confirm: '1234' }).password).toBe('min');
    expect(validatePasswordForm({ current: 'x', password: '12345', confirm: '12345' })).toEqual({});
  });

  it('requires every field', () => {
    const errors = validatePasswordForm({ current: '', password: '', confirm: '' });
    expect(errors).toEqual({ current: 'required', password: 'required', confirm: 'required' });
    expect(hasErrors(errors)).toBe(true);
  });

  it('refuses reusing the current password', () => {
    expect(
      validatePasswordForm({ current: 'same-one', password: 'same-one', confirm: 'same-one' }).password,
    ).toBe('same');
  });

  it('reports a short password and a mismatch together', () => {
    expect(validatePasswordForm({ current: 'old-pass', password: 'abc', confirm: 'abd' })).toEqual({
      password: 'min',
      confirm: 'mismatch',
    });
  });
});

describe('email and 2FA code', () => {
  it('checks emails', () => {
    expect(isValidEmail('player@example.com')).toBe(true);
    expect(isValidEmail('  player@example.com ')).toBe(true);
    expect(isValidEmail('player@example')).toBe(false);
    expect(isValidEmail('player example.com')).toBe(false);
    expect(isValidEmail('')).toBe(false);
    expect(isValidEmail(`${'a'.repeat(250)}@b.co`)).toBe(false);
  });

  it('accepts exactly 6 digits and normalises pasted codes', () => {
    expect(isTwoFactorCode('123456')).toBe(true);
    expect(isTwoFactorCode('12345')).toBe(false);
    expect(isTwoFactorCode('1234567')).toBe(false);
    expect(isTwoFactorCode('12345a')).toBe(false);
    expect(normaliseCode('123 456')).toBe('123456');
    expect(normaliseCode('12-34-56-78')).toBe('123456');
  });
});
