import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import './profile-texts';
import type { MeView } from './profile-api';
import { SecuritySettings } from './settings-security';
import { GeneralSettings } from './settings-general';
import { OPEN_PROFILE_EVENT, registerOpenProfile } from './open-profile';

const ME: MeView = {
  _id: 'u1',
  name: 'player',
  email: 'player@example.com',
  email_verified: true,
  roles: [],
  token: 't',
  twoFactorEnabled: false,
};

function renderWithClient(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('settings forms', () => {
  it('shows the mismatch and minimum-length errors under the fields without calling the server', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderWithClient(<SecuritySettings me={ME} />);
    fireEvent.change(screen.getByTestId('password-current'), { target: { value: 'old-password' } });
    fireEvent.change(screen.getByTestId('password-new'), { target: { value: 'abc' } });
    fireEvent.change(screen.getByTestId('password-confirm'), { target: { value: 'abd' } });
    fireEvent.click(screen.getByTestId('password-submit'));
    expect(screen.getByText('Password should have at least 5 characters')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
    // Typing clears the field's error.
    fireEvent.change(screen.getByTestId('password-confirm'), { target: { value: 'abc' } });
    expect(screen.queryByText('Passwords do not match')).toBeNull();
  });

  it('refuses an invalid email locally and keeps the username read-only', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderWithClient(<GeneralSettings me={ME} />);
    const username = screen.getByTestId('settings-username') as HTMLInputElement;
    expect(username.readOnly).toBe(true);
    expect(screen.getByText('Username cannot be changed.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('settings-email-input'), { target: { value: 'nope@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change email' }));
    expect(screen.getByRole('alert').textContent).toBe('Invalid email');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows the 2FA state from the user', () => {
    renderWithClient(<SecuritySettings me={{ ...ME, twoFactorEnabled: true }} />);
    expect(screen.getByTestId('two-factor-status').textContent).toBe('On');
    expect(screen.getByTestId('two-factor-disable')).toBeTruthy();
  });
});

describe('open-profile event', () => {
  it('ignores malformed events', async () => {
    const stop = registerOpenProfile();
    await act(async () => {
      window.dispatchEvent(new CustomEvent(OPEN_PROFILE_EVENT, { detail: { id: '' } }));
      window.dispatchEvent(new CustomEvent(OPEN_PROFILE_EVENT, { detail: null }));
    });
    stop();
    expect(registerOpenProfile()).toBeTypeOf('function');
  });
});
