import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAllModals, ModalHost } from '../../ui';
import { BANNER_SEEN_KEY, showBannerModal } from './banner-modal';

const reply = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const BANNER = {
  enabled: true,
  image: '/img/b.png',
  title: 'Welcome week',
  content: '<b>Double</b> rakeback',
};

afterEach(() => {
  cleanup();
  closeAllModals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the banner modal', () => {
  it('opens an enabled banner once per version of it', async () => {
    let banner = BANNER;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => reply(banner));
    render(<ModalHost />);
    await act(() => showBannerModal());
    const body = await screen.findByTestId('banner-modal');
    expect(body.querySelector('b')?.textContent).toBe('Double');
    expect(body.querySelector('img')?.getAttribute('src')).toBe('/img/b.png');
    expect(screen.getByText('Welcome week')).toBeTruthy();
    fireEvent.click(screen.getByTestId('banner-modal-ok'));
    await waitFor(() => expect(screen.queryByTestId('banner-modal')).toBeNull());
    expect(localStorage.getItem(BANNER_SEEN_KEY)).toBeTruthy();

    await act(() => showBannerModal());
    expect(screen.queryByTestId('banner-modal')).toBeNull();
    banner = { ...BANNER, title: 'Welcome week 2' };
    await act(() => showBannerModal());
    expect(await screen.findByTestId('banner-modal')).toBeTruthy();
  });

  it('shows nothing while the banner is off', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      reply({ enabled: false, image: '', title: '', content: '' }),
    );
    render(<ModalHost />);
    await act(() => showBannerModal());
    expect(screen.queryByTestId('banner-modal')).toBeNull();
  });
});
