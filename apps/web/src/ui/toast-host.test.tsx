import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../lib/i18n';
import { ToastHost, toast, useToastStore } from './toast-host';
import { ToastItems } from './toast-items';

afterEach(() => {
  act(() => toast.clear());
  cleanup();
  vi.useRealTimers();
});

describe('toasts', () => {
  it("loads the toasts' code with the first toast, in a live region that is there from the start", async () => {
    render(<ToastHost />);
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region.getAttribute('aria-live')).toBe('polite');
    act(() => {
      toast.success('Loaded later');
    });
    expect((await screen.findByRole('status')).textContent).toContain('Loaded later');
    expect(region.contains(screen.getByRole('status'))).toBe(true);
  });

  it('shows a toast and hides it after about 4 s', () => {
    vi.useFakeTimers();
    render(<ToastHost items={ToastItems} />);
    act(() => {
      toast.success('Saved!');
    });
    expect(screen.getByRole('status').textContent).toContain('Saved!');
    act(() => vi.advanceTimersByTime(3900));
    expect(screen.queryByText('Saved!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Saved!')).toBeNull();
  });

  it('announces errors as alerts and can be dismissed by hand', () => {
    render(<ToastHost items={ToastItems} />);
    act(() => {
      toast.error('Not enough money');
    });
    expect(screen.getByRole('alert').textContent).toContain('Not enough money');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('gives a replacing toast its own full time', () => {
    vi.useFakeTimers();
    render(<ToastHost items={ToastItems} />);
    act(() => {
      toast.info('Working...', { id: 'job' });
    });
    act(() => vi.advanceTimersByTime(3000));
    act(() => {
      toast.success('Done', { id: 'job' });
    });
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByText('Done')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1100));
    expect(screen.queryByText('Done')).toBeNull();
  });

  it('replaces a toast with the same id', () => {
    render(<ToastHost items={ToastItems} />);
    act(() => {
      toast.info('Connecting to the server...', { id: 'conn' });
      toast.success('Connection restored', { id: 'conn' });
    });
    expect(useToastStore.getState().toasts.map((t) => t.text)).toEqual(['Connection restored']);
  });
});
