/**
 * The two-factor dialog (spec 1 sections 4, 5, 8): six one-digit boxes. Digits go in one per box
 * (typing moves on, Backspace goes back, pasting six digits fills every box). At the sixth digit
 * the boxes are disabled and the code is sent; the status line shows how many digits are missing,
 * or an ellipsis while sending. Success closes the dialog and replays every held request; failure
 * shows the general.profile.error_2fa toast, clears the code, re-enables the boxes and focuses
 * the first one.
 */
import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { ShieldCheck } from 'lucide-react';
import type { twoFactorValidateEndpoint } from '@nebula/contracts';
import { api, endpointRef, isApiError } from '../../lib/api';
import { toast } from '../../ui';
import './auth.css';
import { useTranslation } from '../../lib/i18n';
import './texts';

export const CODE_LENGTH = 6;
const EMPTY: string[] = Array.from({ length: CODE_LENGTH }, () => '');

export const twoFactorValidate = endpointRef<typeof twoFactorValidateEndpoint>(
  'POST',
  '/api/user/2fa_validate',
);

/** POST /api/user/2fa_validate; the body is not read, success means valid. */
export async function validateTwoFactorCode(code: string): Promise<void> {
  await api(twoFactorValidate, { code });
}

export interface TwoFactorDialogProps {
  /** Checks the code; rejects when it is wrong. */
  validate?: (code: string) => Promise<void>;
  /** After a valid code: replay the held requests and close. */
  onSuccess: () => void | Promise<void>;
}

export function TwoFactorDialog({ validate = validateTwoFactorCode, onSuccess }: TwoFactorDialogProps) {
  const { t } = useTranslation();
  const [digits, setDigits] = useState<string[]>(EMPTY);
  const [sending, setSending] = useState(false);
  // The box to focus after the next render (disabled boxes refuse focus, so it waits for them).
  const pendingFocus = useRef<number | null>(0);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const missing = digits.filter((digit) => digit === '').length;

  useEffect(() => {
    const index = pendingFocus.current;
    if (index === null || sending) return;
    pendingFocus.current = null;
    inputs.current[index]?.focus();
    inputs.current[index]?.select();
  });

  function setFocusIndex(index: number) {
    pendingFocus.current = index;
  }

  function focusNow(index: number) {
    inputs.current[index]?.focus();
  }

  async function send(code: string) {
    setSending(true);
    try {
      await validate(code);
    } catch (error) {
      const lockedOut = isApiError(error) && error.status === 429;
      toast.error(lockedOut ? t('auth.twoFactorLocked') : t('general.profile.error_2fa'), {
        id: 'two-factor-error',
      });
      setFocusIndex(0);
      setDigits(EMPTY);
      setSending(false);
      return;
    }
    await onSuccess();
  }

  function fill(next: string[], nextFocus: number) {
    if (next.every((digit) => digit !== '')) {
      setDigits(next);
      void send(next.join(''));
      return;
    }
    setFocusIndex(nextFocus);
    setDigits(next);
  }

  function handleInput(index: number, value: string) {
    const typed = value.replace(/\D/g, '');
    if (!typed) return;
    const previous = digits[index];
    if (previous && typed.length === 2) {
      // A digit typed into a filled box: the new one replaces the old.
      const fresh = typed[0] === previous ? typed[1]! : typed[0]!;
      const next = digits.slice();
      next[index] = fresh;
      fill(next, Math.min(index + 1, CODE_LENGTH - 1));
      return;
    }
    if (typed.length > 1) {
      // Autofill or a fast typist put several digits in one box: spread them forwards.
      spread(index, typed);
      return;
    }
    const next = digits.slice();
    next[index] = typed;
    fill(next, Math.min(index + 1, CODE_LENGTH - 1));
  }

  function spread(start: number, text: string) {
    const clean = text.replace(/\D/g, '').slice(0, CODE_LENGTH);
    if (!clean) return;
    // Six digits always fill the whole code, wherever the paste happened.
    const from = clean.length === CODE_LENGTH ? 0 : start;
    const next = digits.slice();
    for (let i = 0; i < clean.length && from + i < CODE_LENGTH; i++) next[from + i] = clean[i]!;
    fill(next, Math.min(from + clean.length, CODE_LENGTH - 1));
  }

  function handleKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace') {
      event.preventDefault();
      const next = digits.slice();
      if (next[index]) {
        next[index] = '';
        setDigits(next);
      } else if (index > 0) {
        next[index - 1] = '';
        setFocusIndex(index - 1);
        setDigits(next);
      }
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusNow(index - 1);
    } else if (event.key === 'ArrowRight' && index < CODE_LENGTH - 1) {
      event.preventDefault();
      focusNow(index + 1);
    }
  }

  function handlePaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    spread(index, event.clipboardData.getData('text'));
  }

  return (
    <div className="auth-2fa" data-testid="two-factor-challenge">
      <span className="auth-2fa__icon" aria-hidden="true">
        <ShieldCheck size={28} />
      </span>
      <p className="auth-2fa__text">{t('auth.twoFactorText')}</p>
      <div className="auth-2fa__boxes" role="group" aria-label={t('auth.twoFactorTitle')}>
        {digits.map((digit, index) => (
          <input
            key={index}
            ref={(element) => {
              inputs.current[index] = element;
            }}
            className="auth-2fa__box"
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            maxLength={CODE_LENGTH}
            value={digit}
            disabled={sending}
            aria-label={t('auth.twoFactorDigit', { index: index + 1 })}
            data-autofocus={index === 0 ? true : undefined}
            onChange={(event) => handleInput(index, event.target.value)}
            onKeyDown={(event) => handleKeyDown(index, event)}
            onPaste={(event) => handlePaste(index, event)}
            onFocus={(event) => event.target.select()}
          />
        ))}
      </div>
      <p
        className="auth-2fa__status"
        role="status"
        aria-live="polite"
        data-testid="two-factor-challenge-status"
      >
        {sending ? t('auth.twoFactorSending') : t('auth.twoFactorMissing', { count: missing })}
      </p>
    </div>
  );
}
