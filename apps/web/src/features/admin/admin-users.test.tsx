import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlayerRow } from '@nebula/contracts';
import '../../lib/i18n';
import { AdminUsersPage, playerState } from './admin-users';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api')>()),
  api,
}));

const row = (over: Partial<PlayerRow>): PlayerRow => ({
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'alice',
  email: 'alice@example.test',
  vipLevel: 2,
  roles: ['player'],
  created_at: '2026-11-01T10:00:00.000Z',
  chatMutedUntil: null,
  blocked: null,
  bannedAt: null,
  ...over,
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin/users']}>
        <AdminUsersPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the players list', () => {
  beforeEach(() => api.mockReset());
  afterEach(cleanup);

  it('says a banned player is banned first, blocked before muted, muted before active', () => {
    expect(
      playerState(
        row({
          bannedAt: '2026-11-28T06:00:00Z',
          blocked: 'time_out',
          chatMutedUntil: '2027-01-01T00:00:00Z',
        }),
      ),
    ).toBe('banned');
    expect(playerState(row({ blocked: 'self_exclusion', chatMutedUntil: '2027-01-01T00:00:00Z' }))).toBe(
      'self_exclusion',
    );
    expect(playerState(row({ chatMutedUntil: '2027-01-01T00:00:00Z' }))).toBe('muted');
    expect(playerState(row({}))).toBe('active');
  });

  it('lists players with links opening a new tab, searches on the server and loads older pages', async () => {
    api.mockImplementation((_ref: unknown, body: { search?: string; before?: string } = {}) =>
      Promise.resolve(
        body.before
          ? { users: [row({ _id: '00000000-0000-4000-8000-000000000003', name: 'carol' })], next: null }
          : body.search === 'bob'
            ? {
                users: [row({ _id: '00000000-0000-4000-8000-000000000002', name: 'bob', roles: ['*'] })],
                next: null,
              }
            : {
                users: [
                  row({}),
                  row({
                    _id: '00000000-0000-4000-8000-000000000009',
                    name: 'muted',
                    chatMutedUntil: '2099-01-01T00:00:00Z',
                  }),
                ],
                next: '00000000-0000-4000-8000-000000000009',
              },
      ),
    );
    renderPage();
    const rows = await screen.findAllByTestId('players-row');
    expect(rows).toHaveLength(2);
    const link = within(rows[0]!).getByTestId('players-open');
    expect(link.getAttribute('href')).toBe('/admin/user/00000000-0000-4000-8000-000000000001');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(rows[1]!).getByTestId('player-state').getAttribute('data-state')).toBe('muted');

    fireEvent.click(screen.getByRole('button', { name: 'Load older' }));
    await waitFor(() => expect(screen.getAllByTestId('players-row')).toHaveLength(3));
    expect(api).toHaveBeenLastCalledWith(
      expect.anything(),
      { before: '00000000-0000-4000-8000-000000000009' },
      expect.anything(),
    );

    fireEvent.change(screen.getByTestId('players-search'), { target: { value: ' bob ' } });
    await waitFor(() => expect(screen.getAllByTestId('players-row')).toHaveLength(1));
    expect(screen.getByTestId('players-row').textContent).toContain('admin');
    expect(api).toHaveBeenLastCalledWith(expect.anything(), { search: 'bob' }, expect.anything());
  });
});
