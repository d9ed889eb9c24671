import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../lib/store';
import { NotificationStrip } from './notification-strip';
import { startServerNotifications } from './server-notifications';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const NOTE = {
  _id: '7',
  icon: 'trophy',
  text: 'Weekend race: <b>double prizes</b>',
  kind: 'staff',
  createdAt: '2026-11-28T00:00:00.000Z',
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useAppStore.setState({ user: null, notifications: [] });
});

describe('the server notifications in the strip', () => {
  it('loads them, shows icon and HTML, and dismisses one on the server', async () => {
    const calls: { url: string; body: string }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      calls.push({ url, body: String(init?.body ?? '') });
      if (url.endsWith('/api/data/notifications')) return json([NOTE]);
      return json({ success: true });
    });
    useAppStore.setState({ user: { _id: 'u1', name: 'p', roles: [], token: 't' } as never });
    const stop = startServerNotifications();
    render(
      <MemoryRouter>
        <NotificationStrip />
      </MemoryRouter>,
    );
    const item = await screen.findByTestId('server-notification');
    expect(item.querySelector('b')?.textContent).toBe('double prizes');
    expect(item.className).toContain('is-trophy');
    fireEvent.click(screen.getByTestId('dismiss-notification'));
    await waitFor(() => expect(screen.queryByTestId('server-notification')).toBeNull());
    expect(calls.find((c) => c.url.endsWith('/dismiss'))?.body).toBe(JSON.stringify({ id: '7' }));
    stop();
  });

  it('loads them again for another player and keeps a guest’s dismissal local', async () => {
    const urls: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      urls.push(String(input));
      return json([NOTE]);
    });
    const stop = startServerNotifications();
    await waitFor(() => expect(useAppStore.getState().notifications).toHaveLength(1));
    render(
      <MemoryRouter>
        <NotificationStrip />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByTestId('dismiss-notification'));
    await waitFor(() => expect(useAppStore.getState().notifications).toHaveLength(0));
    expect(urls.some((u) => u.endsWith('/dismiss'))).toBe(false);
    useAppStore.setState({ user: { _id: 'u2', name: 'q', roles: [], token: 't' } as never });
    await waitFor(() => expect(useAppStore.getState().notifications).toHaveLength(1));
    expect(urls.filter((u) => u.endsWith('/api/data/notifications'))).toHaveLength(2);
    stop();
  });
});
