/**
 * The protection feature's calls (contracts: packages/contracts/src/endpoints/protection.ts), typed
 * by the contracts through zod-free endpoint refs. The record is the server's: every write answers it
 * whole and the screen shows that answer.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  cancelChangeEndpoint,
  confirmChangeEndpoint,
  helpOrganisationsEndpoint,
  Protection,
  protectionEndpoint,
  protectionSessionEndpoint,
  selfExcludeEndpoint,
  setLimitEndpoint,
  setRealityCheckEndpoint,
  setSessionLimitEndpoint,
  timeOutEndpoint,
  updateEndpoint,
} from '@nebula/contracts';
import { api, endpointRef } from '../../lib/api';
import { useAppStore } from '../../lib/store';

export const protectionApi = {
  record: endpointRef<typeof protectionEndpoint>('POST', '/api/protection'),
  setLimit: endpointRef<typeof setLimitEndpoint>('POST', '/api/protection/limit'),
  sessionLimit: endpointRef<typeof setSessionLimitEndpoint>('POST', '/api/protection/session-limit'),
  realityCheck: endpointRef<typeof setRealityCheckEndpoint>('POST', '/api/protection/reality-check'),
  confirm: endpointRef<typeof confirmChangeEndpoint>('POST', '/api/protection/confirm'),
  cancel: endpointRef<typeof cancelChangeEndpoint>('POST', '/api/protection/cancel'),
  timeOut: endpointRef<typeof timeOutEndpoint>('POST', '/api/protection/time-out'),
  selfExclude: endpointRef<typeof selfExcludeEndpoint>('POST', '/api/protection/self-exclude'),
  session: endpointRef<typeof protectionSessionEndpoint>('POST', '/api/protection/session'),
  help: endpointRef<typeof helpOrganisationsEndpoint>('POST', '/api/protection/help'),
};

/** The signed-in user (`Me`): after a time-out or self-exclusion its `self_excluded` turns true. */
export const meEndpoint = endpointRef<typeof updateEndpoint>('POST', '/auth/update');

export const protectionKeys = {
  record: (user: string | null) => ['protection', 'record', user] as const,
  session: (user: string | null) => ['protection', 'session', user] as const,
  help: ['protection', 'help'] as const,
};

/** The signed-in player's record, with the browser time it arrived (for the server clock offset). */
export function useProtection() {
  const user = useAppStore((state) => state.user?._id ?? null);
  return useQuery({
    queryKey: protectionKeys.record(user),
    enabled: !!user,
    staleTime: 10_000,
    queryFn: async () => {
      const record = await api(protectionApi.record, {});
      return { record, receivedAt: Date.now() };
    },
  });
}

/** Puts a write's answer (the whole record) in the cache: the screen shows what the server has. */
export function useStoreProtection() {
  const queryClient = useQueryClient();
  const user = useAppStore((state) => state.user?._id ?? null);
  return (record: Protection) => {
    queryClient.setQueryData(protectionKeys.record(user), { record, receivedAt: Date.now() });
    // The reality check and the session limit follow the new settings.
    void queryClient.invalidateQueries({ queryKey: protectionKeys.session(user) });
  };
}

/** The operator's list of help organisations (public). */
/** The help organisations and the operator's support e-mail (null: the live support chat only). */
export function useHelpOrganisations() {
  return useQuery({
    queryKey: protectionKeys.help,
    staleTime: 5 * 60_000,
    queryFn: () => api(protectionApi.help, {}),
  });
}

/** A client request id for the one-shot writes (time-out, self-exclusion): retries are the same request. */
export function newRequestId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
