import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { events } from '../../lib/events';
import { AuthModal, canSubmit, splitAgreement } from './auth-modal';
import { registerAuthTexts } from './texts';

registerAuthTexts();

// The widget itself is a web component; here a stand-in reports a solved payload on demand.
let solve: ((payload: string | null) => void) | null = null;
vi.mock('./captcha', async () => {
  const { forwardRef } = await import('react');
  return {
    loadCaptchaWidget: () => Promise.resolve(),
    Captcha: forwardRef(function FakeCaptcha(
      { onChange }: { onChange: (payload: string | null) => void },
      _ref,
    ) {
      solve = onChange;
      return <div data-testid="captcha" />;
    }),
  };
});

afterEach(() => cleanup());

describe('canSubmit (spec 1 section 4)', () => {
  it('needs a solved captcha in both modes', () => {
    expect(canSubmit({ mode: 'auth', captcha: null, agreed: true, busy: false })).toBe(false);
    expect(canSubmit({ mode: 'register', captcha: null, agreed: true, busy: false })).toBe(false);
    expect(canSubmit({ mode: 'auth', captcha: 'p', agreed: false, busy: false })).toBe(true);
  });

  it('in register mode also needs the age/terms tick', () => {
    expect(canSubmit({ mode: 'register', captcha: 'p', agreed: false, busy: false })).toBe(false);
    expect(canSubmit({ mode: 'register', captcha: 'p', agreed: true, busy: false })).toBe(true);
  });

  it('is off while a request is in flight', () => {
    expect(canSubmit({ mode: 'auth', captcha: 'p', agreed: true, busy: true })).toBe(false);
  });
});

describe('AuthModal', () => {
  function submit() {
    return screen.getByTestId('auth-submit') as HTMLButtonElement;
  }

  it('register: the button enables only with the captcha solved and the box ticked', () => {
    render(
      <MemoryRouter>
        <AuthModal initialMode="register" />
      </MemoryRouter>,
    );
    const box = screen.getByLabelText(
      'I agree to the Terms and Conditions & confirm that I am at least 18 years old',
    );
    expect(submit().disabled).toBe(true);
    fireEvent.click(box);
    expect(submit().disabled).toBe(true);
    fireEvent.click(box);
    act(() => solve?.('payload'));
    expect(submit().disabled).toBe(true); // solved, but the box is unticked again
  });

  it('register: ticked and solved enables; the captcha going away disables again', () => {
    render(
      <MemoryRouter>
        <AuthModal initialMode="register" />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByTestId('age-confirm'));
    act(() => solve?.('payload'));
    expect(submit().disabled).toBe(false);
    act(() => solve?.(null));
    expect(submit().disabled).toBe(true);
  });

  it('log in: the captcha alone enables the button, no tick box is shown', () => {
    render(
      <MemoryRouter>
        <AuthModal initialMode="auth" />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('age-confirm')).toBeNull();
    expect(submit().disabled).toBe(true);
    act(() => solve?.('payload'));
    expect(submit().disabled).toBe(false);
  });

  it('prefills the invite code from the stored referral code', async () => {
    const { useAppStore } = await import('../../lib/store');
    useAppStore.getState().setReferralCode('FRIEND42');
    render(
      <MemoryRouter>
        <AuthModal initialMode="register" />
      </MemoryRouter>,
    );
    expect((screen.getByLabelText('Invite code (optional)') as HTMLInputElement).value).toBe('FRIEND42');
    useAppStore.getState().setReferralCode(null);
  });
});

describe('the age/terms tick box and the Terms dialog', () => {
  it('splits the sentence around the Terms and Conditions, in English and German', () => {
    expect(
      splitAgreement(
        'I agree to the Terms and Conditions & confirm that I am at least 18 years old',
        'Terms and Conditions',
      ),
    ).toEqual({ before: 'I agree to the ', after: ' & confirm that I am at least 18 years old' });
    expect(
      splitAgreement('Ich stimme den AGB zu und bestätige, dass ich mindestens 18 Jahre alt bin', 'AGB'),
    ).toEqual({
      before: 'Ich stimme den ',
      after: ' zu und bestätige, dass ich mindestens 18 Jahre alt bin',
    });
    expect(splitAgreement('I am over 18', 'Terms')).toEqual({ before: 'I am over 18', after: null });
  });

  it('opens the Terms dialog from the box without ticking it; its “I agree” ticks it', () => {
    const opened: Array<{ doc?: string; onAccept?: () => void }> = [];
    const off = events.on('open-legal', (payload) => opened.push(payload));
    render(
      <MemoryRouter>
        <AuthModal initialMode="register" />
      </MemoryRouter>,
    );
    const box = screen.getByTestId('age-confirm') as HTMLInputElement;
    fireEvent.click(screen.getByTestId('age-confirm-terms'));
    expect(opened).toHaveLength(1);
    expect(opened[0]?.doc).toBe('terms');
    expect(box.checked).toBe(false);
    act(() => opened[0]?.onAccept?.());
    expect(box.checked).toBe(true);
    off();
  });
});
