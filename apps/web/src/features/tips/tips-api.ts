/**
 * The tips feature's calls, typed by the contracts (packages/contracts/src/endpoints/tips.ts)
 * through zod-free endpoint refs, and the query keys.
 */
import type {
  findUserEndpoint,
  rainEndpoint,
  rainRulesEndpoint,
  tipEndpoint,
  twoFactorValidateEndpoint,
} from '@nebula/contracts';
import { api, endpointRef, isApiError } from '../../lib/api';

export const tipsApi = {
  tip: endpointRef<typeof tipEndpoint>('POST', '/api/chat/tip'),
  rain: endpointRef<typeof rainEndpoint>('POST', '/api/chat/rain'),
  rules: endpointRef<typeof rainRulesEndpoint>('POST', '/api/chat/rain/rules'),
  findUser: endpointRef<typeof findUserEndpoint>('POST', '/api/user/find'),
  twoFactor: endpointRef<typeof twoFactorValidateEndpoint>('POST', '/api/user/2fa_validate'),
};

export const tipsKeys = {
  rules: (channel: string | undefined, currency: string) =>
    ['tips', 'rules', channel ?? '', currency] as const,
};

/**
 * Opens sensitive actions with the code typed in the modal (POST /api/user/2fa_validate). A code
 * already used in this 30 s step ('two_factor_reused') was accepted for this session a moment ago:
 * carry on; if the session is not fresh after all, the API layer's 2FA dialog takes over.
 */
export async function validateTwoFactor(code: string): Promise<void> {
  try {
    await api(tipsApi.twoFactor, { code });
  } catch (error) {
    if (isApiError(error) && error.code === 'two_factor_reused') return;
    throw error;
  }
}
