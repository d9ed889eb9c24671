import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { useAppStore } from '../../lib/store';
import { useToastStore } from '../../ui';
import './bets-texts';
import { ShareToChat } from './share-to-chat';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ShareToChat', () => {
  it('posts the bet into the chat channel the player reads, once', async () => {
    useAppStore.setState({ channel: 'sport_de', locale: 'de' });
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    render(<ShareToChat betId="42" />);
    fireEvent.click(screen.getByTestId('bet-overview-share-chat'));
    await waitFor(() =>
      expect(screen.getByTestId('bet-overview-share-chat').hasAttribute('disabled')).toBe(true),
    );
    expect(String(fetch.mock.calls[0]![0])).toContain('/api/chat/link_game');
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({ id: '42', channel: 'sport_de' });
    fireEvent.click(screen.getByTestId('bet-overview-share-chat'));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('falls back to the casino channel of the language and shows the server error', async () => {
    useAppStore.setState({ channel: 'weird', locale: 'en' });
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('{"code":"general.error.unknown_game","message":"Unknown game."}', {
        status: 404,
        headers: { 'content-type': 'application/json' },
      }),
    );
    render(<ShareToChat betId="7" />);
    fireEvent.click(screen.getByTestId('bet-overview-share-chat'));
    await waitFor(() => expect(useToastStore.getState().toasts.at(-1)?.text).toBe('Unknown game.'));
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({ id: '7', channel: 'casino_en' });
    expect(screen.getByTestId('bet-overview-share-chat').hasAttribute('disabled')).toBe(false);
  });
});
