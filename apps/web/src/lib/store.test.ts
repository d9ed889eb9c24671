// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredUser } from './store';

const user: StoredUser = { _id: 'u1', name: 'alice', roles: [], token: 'tok-1' };

async function freshStore() {
  vi.resetModules();
  return import('./store');
}

describe('store', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('starts with the spec defaults', async () => {
    const { useAppStore } = await freshStore();
    const s = useAppStore.getState();
    expect(s).toMatchObject({
      user: null,
      demo: false,
      locale: 'en',
      theme: 'main',
      unit: 'btc',
      currency: 'btc',
      liveFeedEntries: 10,
      sound: true,
      quick: false,
      channel: 'casino_en',
      liveChannel: 'all',
      sidebar: true,
      fiatView: false,
      fiatCurrency: 'usd',
      sportHideInactive: true,
      oddsFormat: 'decimal',
      chatRulesAccepted: false,
      chatRulesExpanded: false,
      connectionBannerIgnored: false,
      referralCode: null,
      recentGameHistory: [],
      connection: 'connecting',
      notifications: [],
      currencies: {},
    });
  });

  it('opens the chat by default only on windows wider than 1200 px', async () => {
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(1201);
    expect((await freshStore()).useAppStore.getState().chat).toBe(true);
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(1200);
    expect((await freshStore()).useAppStore.getState().chat).toBe(false);
  });

  it('persists settings under nebula:settings and restores them', async () => {
    const first = await freshStore();
    first.useAppStore.getState().setTheme('blueTheme');
    first.useAppStore.getState().setLocale('de');
    first.useAppStore.getState().setSetting('oddsFormat', 'american');
    first.useAppStore.getState().setSetting('chatRulesAccepted', true);
    first.useAppStore.getState().setReferralCode('FRIEND');
    first.useAppStore.getState().setConnection('connected'); // session state, not persisted

    const raw = JSON.parse(localStorage.getItem('nebula:settings')!);
    expect(raw.state.theme).toBe('blueTheme');
    expect(raw.state.connection).toBeUndefined();
    expect(raw.state.user).toBeUndefined();
    // the acceptance is stored under the dated rules key
    expect(raw.state['chatRulesAccepted:27.06.2024']).toBe(true);

    const second = await freshStore();
    expect(second.useAppStore.getState()).toMatchObject({
      theme: 'blueTheme',
      locale: 'de',
      channel: 'casino_de',
      oddsFormat: 'american',
      chatRulesAccepted: true,
      referralCode: 'FRIEND',
      connection: 'connecting',
    });
  });

  it('forgets a chat rules acceptance stored under another rules date', async () => {
    localStorage.setItem(
      'nebula:settings',
      JSON.stringify({
        state: { 'chatRulesAccepted:01.01.2020': true, chatRulesAccepted: true },
        version: 1,
      }),
    );
    const { useAppStore } = await freshStore();
    expect(useAppStore.getState().chatRulesAccepted).toBe(false);
  });

  it('ignores stored settings of the wrong type', async () => {
    localStorage.setItem(
      'nebula:settings',
      JSON.stringify({ state: { sound: 'yes', liveFeedEntries: 25 }, version: 1 }),
    );
    const { useAppStore } = await freshStore();
    expect(useAppStore.getState().sound).toBe(true);
    expect(useAppStore.getState().liveFeedEntries).toBe(25);
  });

  it('stores the signed-in user under nebula:user and restores it', async () => {
    const first = await freshStore();
    first.useAppStore.getState().setUser(user);
    expect(JSON.parse(localStorage.getItem('nebula:user')!)).toEqual(user);
    const second = await freshStore();
    expect(second.useAppStore.getState().user).toEqual(user);
    expect(second.getAuthToken()).toBe('tok-1');
  });

  it('updateUser merges fresh data and keeps the token', async () => {
    const { useAppStore } = await freshStore();
    useAppStore.getState().updateUser({ name: 'ignored' }); // nobody signed in: no-op
    expect(useAppStore.getState().user).toBeNull();
    useAppStore.getState().setUser(user);
    useAppStore.getState().updateUser({ vipLevel: 3, email_verified: true });
    expect(useAppStore.getState().user).toEqual({ ...user, vipLevel: 3, email_verified: true });
    expect(JSON.parse(localStorage.getItem('nebula:user')!).vipLevel).toBe(3);
  });

  it('treats a malformed stored user as signed out', async () => {
    localStorage.setItem('nebula:user', '{"_id":"x"}');
    expect((await freshStore()).useAppStore.getState().user).toBeNull();
    localStorage.setItem('nebula:user', 'not json');
    expect((await freshStore()).useAppStore.getState().user).toBeNull();
  });

  it('logout clears the stored user, emits logout and moves guests off the mine channel', async () => {
    const { useAppStore } = await freshStore();
    const { events } = await import('./events');
    const onLogout = vi.fn();
    events.on('logout', onLogout);
    useAppStore.getState().setUser(user);
    useAppStore.getState().setLiveChannel('mine');
    expect(useAppStore.getState().liveChannel).toBe('mine');
    useAppStore.getState().logout();
    expect(useAppStore.getState().user).toBeNull();
    expect(localStorage.getItem('nebula:user')).toBeNull();
    expect(useAppStore.getState().liveChannel).toBe('all');
    expect(onLogout).toHaveBeenCalledTimes(1);
    // a guest cannot pick 'mine'
    useAppStore.getState().setLiveChannel('mine');
    expect(useAppStore.getState().liveChannel).toBe('all');
  });

  it('setLicense sets the demo flag from the licence', async () => {
    const { useAppStore } = await freshStore();
    useAppStore.getState().setLicense({
      isValid: true,
      enabledFeatures: [],
      plugins: [],
      pluginSettings: {},
      siteName: 'Nebula',
      demo: true,
    });
    expect(useAppStore.getState().demo).toBe(true);
  });

  describe('recentGameHistory', () => {
    it('keeps unique ids with the most recent last', async () => {
      const { useAppStore } = await freshStore();
      const { pushRecentGame } = useAppStore.getState();
      pushRecentGame('dice');
      pushRecentGame('mines');
      pushRecentGame('crash');
      pushRecentGame('dice'); // replay moves it to the end
      expect(useAppStore.getState().recentGameHistory).toEqual(['mines', 'crash', 'dice']);
      pushRecentGame('dice');
      expect(useAppStore.getState().recentGameHistory).toEqual(['mines', 'crash', 'dice']);
    });

    it('is persisted and capped, dropping the oldest', async () => {
      const { useAppStore, RECENT_GAMES_LIMIT } = await freshStore();
      for (let i = 0; i < RECENT_GAMES_LIMIT + 5; i++) useAppStore.getState().pushRecentGame(`g${i}`);
      const history = useAppStore.getState().recentGameHistory;
      expect(history).toHaveLength(RECENT_GAMES_LIMIT);
      expect(history[0]).toBe('g5');
      expect(history.at(-1)).toBe(`g${RECENT_GAMES_LIMIT + 4}`);
      const again = await freshStore();
      expect(again.useAppStore.getState().recentGameHistory).toEqual(history);
    });
  });

  it('toggles sidebar and chat', async () => {
    const { useAppStore } = await freshStore();
    useAppStore.getState().toggleSidebar();
    expect(useAppStore.getState().sidebar).toBe(false);
    useAppStore.getState().setChat(true);
    useAppStore.getState().toggleChat();
    expect(useAppStore.getState().chat).toBe(false);
  });
});

describe('hasPermission', async () => {
  const { hasPermission, isSignedIn } = await import('./store');
  const base: StoredUser = { _id: 'u', name: 'n', roles: [], token: 't' };

  it('denies guests unless demo', () => {
    expect(hasPermission(null, 'dashboard')).toBe(false);
    expect(hasPermission(null, 'dashboard', 'active', true)).toBe(true);
  });

  it('grants everything to a * role', () => {
    expect(hasPermission({ ...base, roles: [{ id: '*' }] }, 'anything', 'edit')).toBe(true);
  });

  it('checks the permission id and type, default type active', () => {
    const user = { ...base, permissions: [{ id: 'users', permissions: { active: true, edit: false } }] };
    expect(hasPermission(user, 'users')).toBe(true);
    expect(hasPermission(user, 'users', 'edit')).toBe(false);
    expect(hasPermission(user, 'users', 'delete')).toBe(false);
    expect(hasPermission(user, 'dashboard')).toBe(false);
    expect(hasPermission({ ...base, roles: [{ id: 'moderator' }] }, 'users')).toBe(false);
  });

  it('demo grants all to a signed-in user too', () => {
    expect(hasPermission(base, 'dashboard', 'active', true)).toBe(true);
  });

  it('isSignedIn requires a token', () => {
    expect(isSignedIn(null)).toBe(false);
    expect(isSignedIn({ ...base, token: '' })).toBe(false);
    expect(isSignedIn(base)).toBe(true);
  });
});
