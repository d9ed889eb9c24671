import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PromocodeErrorCode, PromocodeMessages } from '@nebula/contracts/constants';
import '../../lib/i18n';
import { ApiError } from '../../lib/api';
import { useToastStore } from '../../ui';
import { PromocodeTab } from './promocode-tab';
import { registerWalletTexts } from './wallet-texts';

const api = vi.hoisted(() => vi.fn());
const refreshAfterActivation = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api')>()),
  api,
}));
vi.mock('../../lib/promocodes', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/promocodes')>()),
  refreshAfterActivation,
}));

registerWalletTexts();

function renderTab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PromocodeTab />
    </QueryClientProvider>,
  );
}

const activate = (code: string) => {
  fireEvent.change(screen.getByTestId('promocode-input'), { target: { value: code } });
  fireEvent.click(screen.getByTestId('promocode-activate'));
};

describe('the Promocode tab', () => {
  beforeEach(() => {
    api.mockReset();
    refreshAfterActivation.mockReset();
    useToastStore.getState().clear();
  });
  afterEach(cleanup);

  it('activates a code: the success toast, then the user data refresh', async () => {
    api.mockImplementation((ref: { path: string }) =>
      Promise.resolve(
        ref.path === '/api/promocode/listPublic'
          ? []
          : {
              bonus: {
                code: 'BONUS50',
                type: 'bonus',
                currency: 'usdt',
                value: '50',
                bonusId: 'b1',
                wagering: '500',
              },
            },
      ),
    );
    renderTab();
    activate(' bonus50 ');
    await waitFor(() => expect(screen.getByTestId('promocode-done')).toBeTruthy());
    expect(api).toHaveBeenCalledWith(expect.objectContaining({ path: '/api/promocode/activate' }), {
      code: 'bonus50',
    });
    expect(useToastStore.getState().toasts.map((t) => [t.kind, t.text])).toEqual([
      ['success', 'Promocode activated! 50 USDT bonus added. Wager 500 USDT to turn it into real money.'],
    ]);
    expect(refreshAfterActivation).toHaveBeenCalledTimes(1);
  });

  it('a tickets code: "3 wheel tickets added." and the refresh (tickets included)', async () => {
    api.mockImplementation((ref: { path: string }) =>
      Promise.resolve(
        ref.path === '/api/promocode/listPublic'
          ? []
          : {
              bonus: {
                code: 'SPIN3',
                type: 'tickets',
                currency: 'usdt',
                value: '0',
                bonusId: null,
                wagering: null,
                tickets: 3,
              },
            },
      ),
    );
    renderTab();
    activate('spin3');
    await waitFor(() =>
      expect(screen.getByTestId('promocode-done').textContent).toContain('3 wheel tickets added.'),
    );
    expect(useToastStore.getState().toasts.map((t) => [t.kind, t.text])).toEqual([
      ['success', 'Promocode activated! 3 wheel tickets added.'],
    ]);
    expect(refreshAfterActivation).toHaveBeenCalledTimes(1);
  });

  it("shows the server's text of a refusal and refreshes nothing", async () => {
    const message = PromocodeMessages[PromocodeErrorCode.OwnCode];
    api.mockImplementation((ref: { path: string }) =>
      ref.path === '/api/promocode/listPublic'
        ? Promise.resolve([])
        : Promise.reject(new ApiError(403, PromocodeErrorCode.OwnCode, message)),
    );
    renderTab();
    activate('MINE');
    await waitFor(() => expect(screen.getByTestId('promocode-error').textContent).toBe(message));
    expect(message).toBe('You cannot activate your own promocode!');
    expect(refreshAfterActivation).not.toHaveBeenCalled();
  });
});
