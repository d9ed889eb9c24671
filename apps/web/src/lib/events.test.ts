import { describe, expect, it, vi } from 'vitest';
import { createEventBus } from './events';

describe('event bus', () => {
  it('delivers typed payloads and unsubscribes', () => {
    const bus = createEventBus();
    const handler = vi.fn();
    const off = bus.on('path-change', handler);
    bus.emit('path-change', { path: '/vip' });
    off();
    bus.emit('path-change', { path: '/x' });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith({ path: '/vip' });
    expect(bus.count('path-change')).toBe(0);
  });

  it('once fires a single time; a failing handler does not stop the others', () => {
    const bus = createEventBus();
    const once = vi.fn();
    const after = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    bus.once('logout', once);
    bus.on('logout', () => {
      throw new Error('boom');
    });
    bus.on('logout', after);
    bus.emit('logout');
    bus.emit('logout');
    expect(once).toHaveBeenCalledTimes(1);
    expect(after).toHaveBeenCalledTimes(2);
  });
});
