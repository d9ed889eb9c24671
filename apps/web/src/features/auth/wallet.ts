/**
 * Browser wallet sign-in (spec 1 sections 4 and 8) over EIP-1193: request the account, ask the
 * server for a one-time nonce, have the extension sign the nonce sentence (`personal_sign`), post
 * the signature; the answer is the signed-in user.
 */
import type { metamaskNonceEndpoint, metamaskSignatureEndpoint } from '@nebula/contracts';
import { walletSignInMessage } from '@nebula/contracts/constants';
import { api, endpointRef } from '../../lib/api';
import type { StoredUser } from '../../lib/store';
import { completeSignIn } from './session';

export interface Eip1193Provider {
  request: (args: { method: string; params?: unknown[] }) => Promise<unknown>;
}

export const nonceEndpoint = endpointRef<typeof metamaskNonceEndpoint>('POST', '/auth/metamask/nonce');
export const signatureEndpoint = endpointRef<typeof metamaskSignatureEndpoint>(
  'POST',
  '/auth/metamask/signature',
);

/** Why a wallet sign-in failed, as the spec's three texts. */
export type WalletFailure = 'missing' | 'nonce' | 'signature';

export class WalletSignInError extends Error {
  override readonly name = 'WalletSignInError';
  constructor(readonly reason: WalletFailure) {
    super(reason);
  }
}

export const WALLET_FAILURE_KEYS: Record<WalletFailure, string> = {
  missing: 'auth.metamaskMissing',
  signature: 'auth.walletAuthFailed',
  nonce: 'errors.tryAgainLater',
};

export function browserWallet(): Eip1193Provider | null {
  if (typeof window === 'undefined') return null;
  const provider = (window as { ethereum?: Partial<Eip1193Provider> }).ethereum;
  return provider && typeof provider.request === 'function' ? (provider as Eip1193Provider) : null;
}

/** UTF-8 text as 0x-hex, the form `personal_sign` expects. */
export function toHex(text: string): string {
  let hex = '0x';
  for (const byte of new TextEncoder().encode(text)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

export async function signInWithWallet(provider = browserWallet()): Promise<StoredUser> {
  if (!provider) throw new WalletSignInError('missing');
  let address: string;
  try {
    const accounts = await provider.request({ method: 'eth_requestAccounts' });
    const first = Array.isArray(accounts) ? accounts[0] : undefined;
    if (typeof first !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(first)) throw new Error('no account');
    address = first;
  } catch {
    throw new WalletSignInError('signature');
  }
  let nonce: string;
  try {
    ({ nonce } = await api(nonceEndpoint, { account: address }));
  } catch {
    throw new WalletSignInError('nonce');
  }
  const message = walletSignInMessage(address, nonce);
  try {
    const signature = await provider.request({ method: 'personal_sign', params: [toHex(message), address] });
    if (typeof signature !== 'string') throw new Error('no signature');
    const { user } = await api(signatureEndpoint, { message, signature, address, nonce });
    return completeSignIn(user);
  } catch {
    throw new WalletSignInError('signature');
  }
}
