import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../../lib/i18n';
import { FairnessPage } from './fairness-page';
import { buildVerifyHref } from './parse-verify';
import { SEED, SEED_HASH, VECTORS } from './test-vectors';

function renderAt(href: string) {
  return render(
    <MemoryRouter initialEntries={[href]}>
      <FairnessPage />
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('FairnessPage', () => {
  it.each(VECTORS)('recomputes the $game vector from a verify link', ({ game, params, multiplier }) => {
    renderAt(
      buildVerifyHref({ game, serverSeed: SEED, clientSeed: 'nebula', nonce: 0, params, edgeBps: 100 }),
    );
    expect(screen.getByTestId('verify-multiplier').textContent).toBe(multiplier);
    expect(screen.getByTestId('verify-hash').textContent).toBe(SEED_HASH);
    expect(within(screen.getByTestId('verify-outcome')).queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('verify-floats').querySelectorAll('tbody tr').length).toBeGreaterThan(0);
  });

  it('shows the dice outcome readably and recomputes on every change', () => {
    renderAt(`/fairness?verify=dice-${SEED}-nebula-0`);
    // Default params: over 50.00; the roll is 9.43, a loss.
    const outcome = screen.getByTestId('verify-outcome');
    expect(within(outcome).getAllByText('9.43').length).toBeGreaterThan(0);
    expect(screen.getByTestId('verify-multiplier').textContent).toBe('0.00000000');
    fireEvent.click(screen.getByRole('radio', { name: 'Under' }));
    expect(screen.getByTestId('verify-multiplier').textContent).toBe('1.98019800');
    fireEvent.change(screen.getByTestId('param-dice-target'), { target: { value: '9.43' } });
    expect(screen.getByTestId('verify-multiplier').textContent).toBe('0.00000000');
    // The next nonce is another roll.
    fireEvent.click(screen.getByRole('button', { name: 'Next nonce' }));
    expect((screen.getByTestId('verify-nonce') as HTMLInputElement).value).toBe('1');
  });

  it('shows bad input inline instead of crashing', () => {
    renderAt(`/fairness?verify=dice-${SEED}-nebula-0`);
    fireEvent.change(screen.getByTestId('verify-nonce'), { target: { value: '-3' } });
    expect(screen.getByTestId('verify-error').textContent).toContain('The nonce must be a whole number');
    expect(screen.queryByTestId('verify-multiplier')).toBeNull();
    fireEvent.change(screen.getByTestId('verify-nonce'), { target: { value: '0' } });
    fireEvent.change(screen.getByTestId('param-dice-target'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Under' }));
    expect(screen.getByTestId('verify-error').textContent).toContain('not valid for this game');
    // The commitment is still computed from the seed.
    expect(screen.getByTestId('verify-hash').textContent).toBe(SEED_HASH);
  });

  it('explains a game it cannot replay and a broken params link', () => {
    renderAt(`/fairness?verify=slots-${SEED}-nebula-0&params=***`);
    expect(screen.getByTestId('verify-error').textContent).toContain('cannot be verified here yet');
    expect(screen.getByText(/could not be read/)).toBeTruthy();
  });

  it('asks for seeds when opened without a link, and explains the algorithm', () => {
    renderAt('/fairness');
    expect(screen.getByTestId('fairness-form')).toBeTruthy();
    expect(screen.getByText(/Enter a revealed server seed/)).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'How it works' }));
    expect(screen.getByTestId('fairness-how').textContent).toContain('HMAC_SHA256');
  });
});
