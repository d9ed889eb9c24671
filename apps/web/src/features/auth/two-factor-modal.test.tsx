import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { ApiError } from '../../lib/api';
import { ToastHost, useToastStore } from '../../ui';
import { registerAuthTexts } from './texts';
import { TwoFactorDialog } from './two-factor-modal';

registerAuthTexts();

function boxes(): HTMLInputElement[] {
  return screen.getAllByRole('textbox') as HTMLInputElement[];
}

function type(index: number, digit: string) {
  fireEvent.change(boxes()[index]!, { target: { value: digit } });
}

function status() {
  return screen.getByTestId('two-factor-challenge-status').textContent;
}

beforeEach(() => {
  useToastStore.getState().clear();
});

afterEach(() => {
  cleanup();
});

describe('TwoFactorDialog', () => {
  it('takes one digit per box, moves on, and counts the missing digits', () => {
    render(<TwoFactorDialog validate={vi.fn()} onSuccess={vi.fn()} />);
    expect(boxes()).toHaveLength(6);
    expect(status()).toBe('6 digits missing');
    type(0, '1');
    expect(boxes()[0]!.value).toBe('1');
    expect(document.activeElement).toBe(boxes()[1]);
    type(1, 'x'); // not a digit: ignored
    expect(boxes()[1]!.value).toBe('');
    type(1, '2');
    type(2, '3');
    type(3, '4');
    type(4, '5');
    expect(status()).toBe('1 digit missing');
  });

  it('Backspace on an empty box clears the previous one and goes back', () => {
    render(<TwoFactorDialog validate={vi.fn()} onSuccess={vi.fn()} />);
    type(0, '1');
    type(1, '2');
    expect(document.activeElement).toBe(boxes()[2]);
    fireEvent.keyDown(boxes()[2]!, { key: 'Backspace' });
    expect(boxes()[1]!.value).toBe('');
    expect(document.activeElement).toBe(boxes()[1]);
    fireEvent.keyDown(boxes()[1]!, { key: 'Backspace' });
    expect(boxes()[0]!.value).toBe('');
    expect(document.activeElement).toBe(boxes()[0]);
  });

  it('at the sixth digit disables the boxes, shows an ellipsis and sends; success calls onSuccess', async () => {
    let settle!: () => void;
    const validate = vi.fn(() => new Promise<void>((resolve) => (settle = resolve)));
    const onSuccess = vi.fn();
    render(<TwoFactorDialog validate={validate} onSuccess={onSuccess} />);
    for (const [index, digit] of [...'123456'].entries()) type(index, digit);
    expect(validate).toHaveBeenCalledWith('123456');
    expect(boxes().every((box) => box.disabled)).toBe(true);
    expect(status()).toBe('…');
    await act(async () => settle());
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('a pasted six-digit code fills every box and is sent', () => {
    const validate = vi.fn(() => new Promise<void>(() => {}));
    render(<TwoFactorDialog validate={validate} onSuccess={vi.fn()} />);
    fireEvent.paste(boxes()[3]!, { clipboardData: { getData: () => ' 654 321 ' } });
    expect(
      boxes()
        .map((box) => box.value)
        .join(''),
    ).toBe('654321');
    expect(validate).toHaveBeenCalledWith('654321');
  });

  it('a wrong code shows the error_2fa toast, clears the code, re-enables and focuses the first box', async () => {
    const validate = vi.fn(() =>
      Promise.reject(new ApiError(422, 'two_factor_invalid', 'The code is not valid.')),
    );
    const onSuccess = vi.fn();
    render(
      <>
        <TwoFactorDialog validate={validate} onSuccess={onSuccess} />
        <ToastHost />
      </>,
    );
    for (const [index, digit] of [...'111111'].entries()) type(index, digit);
    await waitFor(() => expect(boxes().every((box) => !box.disabled)).toBe(true));
    expect(onSuccess).not.toHaveBeenCalled();
    expect(
      boxes()
        .map((box) => box.value)
        .join(''),
    ).toBe('');
    expect(document.activeElement).toBe(boxes()[0]);
    expect(status()).toBe('6 digits missing');
    // The toasts' code loads with the first toast.
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The two-factor code is not valid. Check your authenticator app and try again.',
    );
  });
});
