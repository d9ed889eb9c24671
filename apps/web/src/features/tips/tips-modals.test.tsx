import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Currency } from '@nebula/contracts';
import '../../lib/i18n';
import { events } from '../../lib/events';
import { useAppStore, type StoredUser } from '../../lib/store';
import { ModalHost, closeAllModals } from '../../ui';
import { handleTipsCommand } from './open-tips';
import { openRainModal, openTipModal } from './tips-modals';

const usdt: Currency = {
  id: 'usdt',
  name: 'Tether',
  icon: '',
  style: '#26a17b',
  decimals: 8,
  price: 1,
  priceEur: 0.9,
  balance: { real: '50', demo: '0' },
  walletId: null,
  chains: [{ id: 'trx', name: 'Tron (TRC20)' }],
};

const alice: StoredUser & { twoFactorEnabled?: boolean } = {
  _id: 'u-alice',
  name: 'alice',
  roles: [],
  token: 't',
};

const RULES = {
  minUsers: 1,
  maxUsers: 25,
  activeMinutes: 30,
  wagerUsd: '10',
  wagerDays: 7,
  depositHours: 24,
  currency: 'usdt',
  tipMinimum: '0.1',
  rainShareMinimum: '0.01',
  eligible: 4,
  youQualify: true,
  bot: { enabled: true, perDayMin: 10, perDayMax: 20, recipientsMin: 5, recipientsMax: 15, depositHours: 24 },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Handler = (body: Record<string, unknown>) => Response | Promise<Response>;
let calls: { path: string; body: Record<string, unknown> }[] = [];

function server(routes: Record<string, Handler>) {
  calls = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    calls.push({ path, body });
    const route = routes[path] ?? (path === '/api/chat/rain/rules' ? () => json(200, RULES) : undefined);
    if (!route) return json(404, { code: 'not_found', message: path });
    return route(body);
  });
}

const tipAnswer = (body: Record<string, unknown>) =>
  json(200, {
    ok: true,
    replayed: false,
    tip: {
      id: '1',
      from: { _id: alice._id, name: 'alice' },
      to: { _id: 'u-bob', name: 'Bob' },
      amount: body.amount,
      currency: 'usdt',
      channel: body.channel,
      public: body.public,
      created_at: new Date().toISOString(),
    },
  });

function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ModalHost />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useAppStore.setState({ user: alice, currency: 'usdt', currencies: { usdt }, demo: false });
});
afterEach(() => {
  act(() => closeAllModals());
  cleanup();
  vi.restoreAllMocks();
});

describe('tip modal', () => {
  it('reviews, sends once with a request id, and confirms with the name the server paid', async () => {
    server({ '/api/chat/tip': tipAnswer });
    mount();
    act(() => openTipModal({ args: ['@bob', '2'], channel: 'sport_de' }));
    expect((screen.getByTestId('tip-name') as HTMLInputElement).value).toBe('bob');
    expect((screen.getByTestId('tip-amount') as HTMLInputElement).value).toBe('2');
    await waitFor(() => expect(screen.getByText(/Minimum tip: 0.1 USDT/)).toBeTruthy());
    fireEvent.click(screen.getByTestId('tip-review-button'));
    expect(screen.getByTestId('tip-review-name').textContent).toBe('bob');
    fireEvent.click(screen.getByTestId('tip-confirm'));
    await waitFor(() => expect(screen.getByTestId('tip-done-text').textContent).toBe('Bob received 2 USDT.'));
    const sent = calls.filter((c) => c.path === '/api/chat/tip');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({
      name: 'bob',
      amount: '2',
      currency: 'usdt',
      channel: 'sport_de',
      public: true,
    });
    expect(String(sent[0]?.body.requestId)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('checks the form first: empty name, yourself, more than the balance, under the minimum', async () => {
    server({});
    mount();
    act(() => openTipModal({ channel: 'casino_en' }));
    fireEvent.click(screen.getByTestId('tip-review-button'));
    expect(screen.getByText('Enter the player’s name.')).toBeTruthy();
    expect(screen.getByText('Enter an amount.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('tip-name'), { target: { value: 'ALICE' } });
    fireEvent.change(screen.getByTestId('tip-amount'), { target: { value: '50.00000001' } });
    fireEvent.click(screen.getByTestId('tip-review-button'));
    expect(screen.getByText('You cannot tip yourself.')).toBeTruthy();
    expect(screen.getByText('Not enough money')).toBeTruthy();
    // MAX fills the whole real balance.
    fireEvent.click(screen.getByTestId('tip-amount-max'));
    expect((screen.getByTestId('tip-amount') as HTMLInputElement).value).toBe('50');
    await waitFor(() => expect(screen.getByText(/Minimum tip/)).toBeTruthy());
    fireEvent.change(screen.getByTestId('tip-name'), { target: { value: 'bob' } });
    fireEvent.change(screen.getByTestId('tip-amount'), { target: { value: '0.05' } });
    fireEvent.click(screen.getByTestId('tip-review-button'));
    expect(screen.getByText('Invalid amount: Minimum tip: 0.1 USDT')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/chat/tip')).toBe(false);
  });

  it("shows the server's 'Invalid username' under the name, and a retry after a failure reuses the request id", async () => {
    let attempt = 0;
    server({
      '/api/chat/tip': (body) => {
        attempt += 1;
        if (body.name === 'ghost')
          return json(422, { code: 'invalid_username', message: 'Invalid username' });
        if (attempt === 2) return json(503, { code: 'unavailable', message: 'Try again.' });
        return tipAnswer(body);
      },
    });
    mount();
    act(() => openTipModal({ args: ['ghost', '1'], channel: 'casino_en' }));
    fireEvent.click(screen.getByTestId('tip-review-button'));
    fireEvent.click(screen.getByTestId('tip-confirm'));
    await waitFor(() => expect(screen.getByText('Invalid username')).toBeTruthy());
    expect(screen.getByTestId('tip-modal')).toBeTruthy();

    fireEvent.change(screen.getByTestId('tip-name'), { target: { value: 'bob' } });
    fireEvent.click(screen.getByTestId('tip-review-button'));
    fireEvent.click(screen.getByTestId('tip-confirm'));
    await waitFor(() => expect(screen.getByTestId('tip-error').textContent).toBe('Try again.'));
    fireEvent.click(screen.getByTestId('tip-confirm'));
    await waitFor(() => expect(screen.getByTestId('tip-done')).toBeTruthy());
    const ids = calls.filter((c) => c.path === '/api/chat/tip').map((c) => c.body.requestId);
    expect(ids).toHaveLength(3);
    expect(ids[1]).toBe(ids[2]);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('asks for the 2FA code when the player has 2FA, and validates it before the tip', async () => {
    useAppStore.setState({ user: { ...alice, twoFactorEnabled: true } as StoredUser });
    server({ '/api/user/2fa_validate': () => json(200, { ok: true }), '/api/chat/tip': tipAnswer });
    mount();
    act(() => openTipModal({ args: ['bob', '1'], channel: 'casino_en' }));
    fireEvent.click(screen.getByTestId('tip-review-button'));
    fireEvent.click(screen.getByTestId('tip-confirm'));
    expect(screen.getByText('Enter the 6 digits of your code.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('tips-2fa'), { target: { value: '12a3456' } });
    expect((screen.getByTestId('tips-2fa') as HTMLInputElement).value).toBe('123456');
    fireEvent.click(screen.getByTestId('tip-confirm'));
    await waitFor(() => expect(screen.getByTestId('tip-done')).toBeTruthy());
    const paths = calls.map((c) => c.path).filter((p) => p !== '/api/chat/rain/rules');
    expect(paths).toEqual(['/api/user/2fa_validate', '/api/chat/tip']);
    expect(calls.find((c) => c.path === '/api/user/2fa_validate')?.body).toEqual({ code: '123456' });
  });
});

describe('rain modal', () => {
  it('previews the split, shows the rules and how many can catch it, and lists the recipients', async () => {
    server({
      '/api/chat/rain': (body) =>
        json(200, {
          ok: true,
          replayed: false,
          rain: {
            id: '7',
            from: { _id: alice._id, name: 'alice' },
            amount: '9.99999999',
            share: '3.33333333',
            currency: 'usdt',
            channel: body.channel,
            users: [
              { _id: 'a', name: 'ann' },
              { _id: 'b', name: 'ben' },
              { _id: 'c', name: 'cid' },
            ],
            created_at: new Date().toISOString(),
          },
        }),
    });
    mount();
    act(() => openRainModal({ args: ['10', '3'], channel: 'casino_de' }));
    expect(screen.getByTestId('rain-share').textContent).toContain('3.33333333 USDT');
    expect(screen.getByTestId('rain-total').textContent).toContain('9.99999999 USDT');
    expect(screen.getByText('0.00000001 USDT left over by the split stays with you.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('rain-eligible').textContent).toBe(
        '4 players in this chat can catch it right now.',
      ),
    );
    expect(screen.getByTestId('rain-rules').textContent).toContain(
      'wrote in this chat in the last 30 minutes and wagered at least $10 in the last 7 days, or made a deposit in the last 24 hours',
    );
    expect(calls.find((c) => c.path === '/api/chat/rain/rules')?.body).toEqual({
      channel: 'casino_de',
      currency: 'usdt',
    });

    fireEvent.click(screen.getByRole('button', { name: 'More players' }));
    expect((screen.getByTestId('rain-users') as HTMLInputElement).value).toBe('4');
    fireEvent.click(screen.getByRole('button', { name: 'Fewer players' }));
    fireEvent.click(screen.getByTestId('rain-submit'));
    await waitFor(() => expect(screen.getByTestId('rain-done')).toBeTruthy());
    expect(screen.getByTestId('rain-recipients').textContent).toBe('annbencid');
    expect(calls.find((c) => c.path === '/api/chat/rain')?.body).toMatchObject({
      amount: '10',
      users: 3,
      currency: 'usdt',
      channel: 'casino_de',
    });
  });

  it("refuses users outside 1 to 25 with 'Invalid users length' and shows the server's users error", async () => {
    server({
      '/api/chat/rain': () =>
        json(422, {
          code: 'rain_not_enough_users',
          message: 'Not enough eligible players in this chat for that many users.',
          fields: [{ path: 'users', message: 'Only 2 players in this chat can receive a rain right now.' }],
        }),
    });
    mount();
    act(() => openRainModal({ args: ['10'], channel: 'casino_en' }));
    fireEvent.change(screen.getByTestId('rain-users'), { target: { value: '26' } });
    fireEvent.click(screen.getByTestId('rain-submit'));
    expect(screen.getByText('Invalid users length')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/chat/rain')).toBe(false);
    fireEvent.change(screen.getByTestId('rain-users'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('rain-submit'));
    await waitFor(() =>
      expect(
        screen.getByText(
          'Not enough eligible players in this chat for that many users: Only 2 players in this chat can receive a rain right now.',
        ),
      ).toBeTruthy(),
    );
  });
});

describe('chat commands', () => {
  it('open the modals for players and the sign-in dialog for guests', async () => {
    server({});
    mount();
    handleTipsCommand({ name: 'rain', args: ['5', '2'], channel: 'casino_en' });
    await waitFor(() => expect(screen.getByTestId('rain-modal')).toBeTruthy());
    act(() => closeAllModals());
    useAppStore.setState({ user: null });
    const auth = vi.fn();
    const off = events.on('open-auth', auth);
    handleTipsCommand({ name: 'tip', args: ['bob'], channel: 'casino_en' });
    expect(auth).toHaveBeenCalledWith({ mode: 'auth' });
    off();
  });
});
