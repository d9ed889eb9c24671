/**
 * The profile feature's calls. Contracts are imported as types only (endpointRef): zod stays out of
 * the chunk, and the compiler still checks method, path, body and answer against the contracts.
 */
import { useQuery } from '@tanstack/react-query';
import type {
  changePasswordEndpoint,
  getUserEndpoint,
  Me,
  privacyEndpoint,
  revokeSessionEndpoint,
  sessionsEndpoint,
  twoFactorDisableEndpoint,
  twoFactorEnableEndpoint,
  twoFactorSetupEndpoint,
  updateEmailEndpoint,
  updateEndpoint,
  verifyEmailEndpoint,
} from '@nebula/contracts';
import { api, endpointRef, isApiError } from '../../lib/api';
import { useAppStore, type StoredUser } from '../../lib/store';

export const endpoints = {
  getUser: endpointRef<typeof getUserEndpoint>('POST', '/api/profile/getUser'),
  privacy: endpointRef<typeof privacyEndpoint>('POST', '/api/user/privacy'),
  sessions: endpointRef<typeof sessionsEndpoint>('POST', '/api/user/sessions'),
  revokeSession: endpointRef<typeof revokeSessionEndpoint>('POST', '/api/user/sessions/revoke'),
  changePassword: endpointRef<typeof changePasswordEndpoint>('POST', '/api/user/changePassword'),
  updateEmail: endpointRef<typeof updateEmailEndpoint>('POST', '/api/user/updateEmail'),
  verifyEmail: endpointRef<typeof verifyEmailEndpoint>('POST', '/api/user/verifyEmail'),
  twoFactorSetup: endpointRef<typeof twoFactorSetupEndpoint>('POST', '/api/user/2fa/setup'),
  twoFactorEnable: endpointRef<typeof twoFactorEnableEndpoint>('POST', '/api/user/2fa/enable'),
  twoFactorDisable: endpointRef<typeof twoFactorDisableEndpoint>('POST', '/api/user/2fa/disable'),
  me: endpointRef<typeof updateEndpoint>('POST', '/auth/update'),
};

export type ProfileStatus = 'ok' | 'private' | 'not-found' | 'error';

export interface ProfileSummaryData {
  _id: string;
  name: string;
  avatar: string | null;
  created_at: string;
  vipLevel: number;
  private_profile: boolean;
  wagered: number;
  games: number;
}

export const profileKey = (id: string) => ['profile', 'user', id] as const;

/** Loads a public profile; `private` and `not-found` are answers, not failures. */
export function useProfile(id: string) {
  // The viewer matters: an owner or staff member sees a private profile, a guest does not.
  const viewer = useAppStore((state) => state.user?.token ?? null);
  return useQuery({
    queryKey: [...profileKey(id), viewer],
    enabled: id.length > 0,
    staleTime: 15_000,
    queryFn: async (): Promise<{ status: ProfileStatus; data?: ProfileSummaryData }> => {
      try {
        const answer = await api(endpoints.getUser, { id });
        return { status: 'ok', data: { ...answer.user, wagered: answer.wagered, games: answer.games } };
      } catch (error) {
        if (isApiError(error) && error.code === 'private_profile') return { status: 'private' };
        if (isApiError(error) && (error.status === 404 || error.status === 422))
          return { status: 'not-found' };
        throw error;
      }
    },
  });
}

/** The signed-in user as the settings pages see it: the stored user, i.e. the contract's `Me`. */
export type MeView = StoredUser;

/** Merges a Me answer into the stored user. */
export function storeMe(me: Me): void {
  useAppStore.getState().updateUser(me);
}

/** The signed-in user. */
export function useMe(): MeView | null {
  return useAppStore((state) => state.user);
}

/** Refreshes the stored user once when a settings page opens (2FA and privacy flags must be current). */
export function useFreshMe() {
  const token = useAppStore((state) => state.user?.token ?? null);
  return useQuery({
    queryKey: ['profile', 'me', token],
    enabled: !!token,
    staleTime: 0,
    queryFn: async () => {
      const { user } = await api(endpoints.me, {});
      storeMe(user);
      return user;
    },
  });
}
