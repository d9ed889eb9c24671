import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueGame } from '@nebula/contracts';
import '../../lib/i18n';
import { SearchOverlay } from './search-overlay';

function game(id: string, extra: Partial<CatalogueGame> = {}): CatalogueGame {
  return {
    id,
    name: id,
    image: `/api/img/games/${id}.svg`,
    icon: null,
    type: 'originals',
    provider: null,
    priority: 1,
    category: ['originals'],
    isFeatured: false,
    isSearchFeatured: true,
    custom_category: null,
    launchable: true,
    isFavorite: false,
    blocked: false,
    ...extra,
  };
}

interface Sent {
  filter: { key: string; type?: string; expect: unknown }[];
  page: number;
  limit: number;
}

function mockApi(answer: (body: Sent) => unknown) {
  const sent: Sent[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as Sent;
    sent.push(body);
    const data = answer(body);
    if (data instanceof Error) return new Response('{"code":"x","message":"boom"}', { status: 500 });
    return new Response(JSON.stringify(data), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return sent;
}

function renderOverlay() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SearchOverlay onClose={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('SearchOverlay', () => {
  it('shows featured games for short queries, searches on Enter, pages by 6 and resets to page 1', async () => {
    const sent = mockApi((body) => {
      const search = body.filter.find((f) => f.type === 'search');
      const total = search ? 20 : 4;
      const games = Array.from({ length: Math.min(6, total - (body.page - 1) * 6) }, (_, i) =>
        game(`${search ? String(search.expect) : 'featured'}-${body.page}-${i}`),
      );
      return { games, page: body.page, limit: body.limit, total };
    });
    renderOverlay();
    await waitFor(() => expect(screen.getAllByTestId('search-result')).toHaveLength(4));
    expect(sent[0]).toEqual({ filter: [{ key: 'isSearchFeatured', expect: true }], limit: 6, page: 1 });
    expect(screen.queryByTestId('search-pagination')).toBeNull();

    const input = screen.getByTestId('search-input');
    fireEvent.change(input, { target: { value: 'star' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(screen.getAllByTestId('search-result')[0]!.dataset.gameId).toBe('star-1-0'));
    expect(sent.at(-1)).toEqual({
      filter: [{ key: 'name', type: 'search', expect: 'star' }],
      limit: 6,
      page: 1,
    });
    // 20 results: 4 pages; on page 1 the neighbours within 2 are 1, 2, 3.
    const pages = screen.getByTestId('search-pagination');
    expect([...pages.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['', '1', '2', '3', '']);
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(screen.getAllByTestId('search-result')[0]!.dataset.gameId).toBe('star-3-0'));
    expect([...pages.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      '',
      '1',
      '2',
      '3',
      '4',
      '',
    ]);

    // A new query goes back to page 1.
    fireEvent.change(input, { target: { value: 'starl' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(screen.getAllByTestId('search-result')[0]!.dataset.gameId).toBe('starl-1-0'));
    expect(sent.at(-1)?.page).toBe(1);
  });

  it('ends loading silently when the search fails', async () => {
    mockApi(() => new Error('down'));
    renderOverlay();
    await waitFor(() => expect(screen.getByText('No games found')).toBeTruthy());
    expect(screen.queryByText(/unavailable/i)).toBeNull();
  });

  it('marks blocked games and does not link them', async () => {
    mockApi((body) => ({
      games: [game('blocked-one', { blocked: true }), game('open-one')],
      page: body.page,
      limit: 6,
      total: 2,
    }));
    renderOverlay();
    await waitFor(() => expect(screen.getAllByTestId('search-result')).toHaveLength(2));
    const [blocked, open] = screen.getAllByTestId('search-result');
    expect(blocked!.tagName).toBe('DIV');
    expect(blocked!.getAttribute('aria-disabled')).toBe('true');
    expect(open!.getAttribute('href')).toBe('/casino/game/open-one');
    await act(async () => {});
  });
});
