import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { betVerifyHref } from '../features/bets/bet-links';
import { SAMPLE_OVERVIEW } from '../features/bets/sample-overview';
import { parseVerifyQuery } from '../features/fairness';
import { parseShareLink, useShareLink, withoutShareQuery } from './share-link';

const opened = vi.hoisted(() => [] as { betId: string; onClose?: (info: { navigated: boolean }) => void }[]);
vi.mock('../features/bets', () => ({
  openBetOverview: (betId: string, options: { onClose?: (info: { navigated: boolean }) => void } = {}) =>
    opened.push({ betId, onClose: options.onClose }),
}));

afterEach(() => {
  cleanup();
  opened.length = 0;
});

describe('share links', () => {
  it('parses ?game={game}-{betId}', () => {
    expect(parseShareLink('dice-35')).toEqual({ game: 'dice', betId: '35' });
    expect(parseShareLink('video-poker-7')).toEqual({ game: 'video-poker', betId: '7' });
    expect(parseShareLink('dice')).toBeNull();
    expect(parseShareLink('dice-abc')).toBeNull();
    expect(parseShareLink(null)).toBeNull();
  });

  it('drops only the share query', () => {
    expect(withoutShareQuery('?game=dice-1')).toBe('');
    expect(withoutShareQuery('?tab=x&game=dice-1')).toBe('?tab=x');
  });

  it('opens the bet overview on any page and cleans the URL when it closes', async () => {
    function Probe() {
      useShareLink();
      return null;
    }
    const router = createMemoryRouter([{ path: '*', element: <Probe /> }], {
      initialEntries: ['/casino?tab=x&game=dice-35'],
    });
    render(<RouterProvider router={router} />);
    expect(opened.map((entry) => entry.betId)).toEqual(['35']);
    // jsdom's window.location is not the memory router's: point it at the same URL.
    window.history.replaceState(null, '', '/casino?tab=x&game=dice-35');
    await act(async () => opened[0]!.onClose?.({ navigated: false }));
    expect(router.state.location.pathname).toBe('/casino');
    expect(router.state.location.search).toBe('?tab=x');
    window.history.replaceState(null, '', '/');
  });

  it('leaves the URL alone when the popup closed because its verify link navigates', async () => {
    function Probe() {
      useShareLink();
      return null;
    }
    const router = createMemoryRouter([{ path: '*', element: <Probe /> }], {
      initialEntries: ['/?game=dice-35'],
    });
    render(<RouterProvider router={router} />);
    window.history.replaceState(null, '', '/?game=dice-35');
    await act(async () => opened[0]!.onClose?.({ navigated: true }));
    expect(router.state.location.search).toBe('?game=dice-35');
    window.history.replaceState(null, '', '/');
  });
});

describe('bets and fairness agree on the verify link', () => {
  it('the bet overview link reads back on the fairness page', () => {
    const href = betVerifyHref(SAMPLE_OVERVIEW.info)!;
    const query = parseVerifyQuery(new URL(href, 'http://x').searchParams);
    expect(query.verify).toEqual({
      game: 'dice',
      serverSeed: SAMPLE_OVERVIEW.info.server_seed,
      clientSeed: SAMPLE_OVERVIEW.info.client_seed,
      nonce: '0',
    });
    expect(query.params).toEqual(SAMPLE_OVERVIEW.info.params);
    expect(query.edgeBps).toBe(100);
  });
});
