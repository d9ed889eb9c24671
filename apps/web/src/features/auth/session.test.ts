import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore, type StoredUser } from '../../lib/store';
import { refreshBonus, useBonuses } from './session';

const PLAYER: StoredUser = { _id: 'u1', name: 'player', roles: [{ id: 'player' }], token: 'token-1' };
const BONUS = { _id: 'b1', currency: 'btc', value: '0.01', frozenValue: '0.005' };

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async () => new Response(JSON.stringify([BONUS]), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  useBonuses.setState({ bonuses: {} });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAppStore.getState().setUser(null);
});

describe('the bonus balance (the bonus programme state of the auth feature)', () => {
  it('keeps the signed-in player bonuses by id and forgets them on sign-out', async () => {
    useAppStore.getState().setUser(PLAYER);
    await refreshBonus();
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/\/api\/bonusBalance$/);
    expect(useBonuses.getState().bonuses).toEqual({ b1: BONUS });
    useAppStore.getState().logout();
    expect(useBonuses.getState().bonuses).toEqual({});
  });

  it('asks nothing for a guest', async () => {
    await refreshBonus();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useBonuses.getState().bonuses).toEqual({});
  });
});
