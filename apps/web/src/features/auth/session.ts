/**
 * Sign-in, sign-out and the signed-in user (spec 3 section 4 "Login action"). Small and free of
 * zod (type-only contract imports): the start-up sequence uses it on the first visit.
 */
import type {
  completeResetEndpoint,
  csrfCookieEndpoint,
  loginEndpoint,
  loginViaTokenEndpoint,
  logoutEndpoint,
  Me,
  registerEndpoint,
  updateEndpoint,
} from '@nebula/contracts';
import { api, endpointRef } from '../../lib/api';
import { bonusBalanceRef, refreshBonus } from '../../lib/bonus';
import { events } from '../../lib/events';
import { queryClient } from '../../lib/query-client';
import { useAppStore, type StoredUser } from '../../lib/store';

export const authEndpoints = {
  csrf: endpointRef<typeof csrfCookieEndpoint>('GET', '/sanctum/csrf-cookie'),
  login: endpointRef<typeof loginEndpoint>('POST', '/auth/login'),
  register: endpointRef<typeof registerEndpoint>('POST', '/auth/register'),
  update: endpointRef<typeof updateEndpoint>('POST', '/auth/update'),
  loginViaToken: endpointRef<typeof loginViaTokenEndpoint>('POST', '/auth/loginViaToken'),
  logout: endpointRef<typeof logoutEndpoint>('GET', '/auth/logout'),
  completeReset: endpointRef<typeof completeResetEndpoint>('POST', '/auth/password/reset'),
  bonusBalance: bonusBalanceRef,
};

/** Balances (the shell's currencies query) and the bonus balance: "updateData" and "updateBonus". */
export function refreshData(): void {
  void queryClient.invalidateQueries({ queryKey: ['currencies'] });
  void refreshBonus();
}

// The bonus balance lives in lib/bonus.ts (the header and the promotions read it too).
export { refreshBonus, useBonuses } from '../../lib/bonus';

/** Stores the signed-in user, announces it and refreshes the player's data. */
export function completeSignIn(me: Me): StoredUser {
  const user: StoredUser = me;
  useAppStore.getState().setUser(user);
  events.emit('login-success');
  refreshData();
  return user;
}

export interface LoginInput {
  login: string;
  password: string;
  captcha: string;
}

/** GET /sanctum/csrf-cookie, then POST /auth/login; failures emit `login-fail` and rethrow. */
export async function login(input: LoginInput): Promise<StoredUser> {
  try {
    await api(authEndpoints.csrf);
    const { user } = await api(authEndpoints.login, input);
    return completeSignIn(user);
  } catch (error) {
    events.emit('login-fail', { message: error instanceof Error ? error.message : undefined });
    throw error;
  }
}

export interface RegisterInput {
  email: string;
  name: string;
  password: string;
  inviteCode?: string | null;
  captcha: string;
}

export async function register(input: RegisterInput): Promise<StoredUser> {
  await api(authEndpoints.csrf);
  const { user } = await api(authEndpoints.register, {
    ...input,
    inviteCode: input.inviteCode?.trim() || null,
  });
  return completeSignIn(user);
}

/** Token login (messenger sign-in, wallet connect): sets the user and updates data. */
export async function loginViaToken(token: string): Promise<StoredUser> {
  const { user } = await api(authEndpoints.loginViaToken, { token });
  return completeSignIn(user);
}

/** POST /auth/update: fresh user data merged into the signed-in user. */
export async function refreshUser(): Promise<StoredUser | null> {
  const { user } = await api(authEndpoints.update, {});
  const state = useAppStore.getState();
  // Signed out (or switched account) while the request was in flight: ignore the answer.
  if (!state.user || state.user.token !== user.token) return state.user;
  state.updateUser(user);
  return useAppStore.getState().user;
}

/** GET /auth/logout (the server ends the session and clears its cookie), then forget the user. */
export async function logout(): Promise<void> {
  try {
    await api(authEndpoints.logout);
  } catch {
    // Offline or already expired: the local sign-out below still happens.
  }
  useAppStore.getState().logout();
}
