import { AuthMessages } from '@nebula/contracts';
import { getAddress, verifyMessage } from 'viem';
import type { Database } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { findOrCreateExternalUser } from './external-account.js';
import { findUserIdByWallet } from '../users/index.js';
import { consumeNonce } from './wallet-auth.repository.js';
import { walletSignInMessage } from '@nebula/contracts';

/**
 * Wallet sign-in (EIP-191 personal_sign of a one-time-nonce sentence). Invariants: the signed
 * text is exactly `walletSignInMessage(address, nonce)`; the signature recovers to `address`;
 * the nonce was issued for that address, is unexpired and is consumed by this one request.
 * Every failure looks the same to the caller.
 */
export const signatureError = () => new AppError(422, 'signature_invalid', AuthMessages.signatureFailed);

export interface SignedNonce {
  message: string;
  signature: string;
  address: string;
  nonce: string;
}

async function isSignedBy(address: string, message: string, signature: string): Promise<boolean> {
  try {
    return await verifyMessage({
      address: getAddress(address.toLowerCase()),
      message,
      signature: signature as `0x${string}`,
    });
  } catch {
    // Malformed signatures (wrong length, bad recovery id) throw; they are simply not valid.
    return false;
  }
}

/** Checks the signed nonce and returns the wallet's user id (creating the account on first use). */
export async function verifyWalletSignIn(database: Database, input: SignedNonce): Promise<string> {
  if (input.message !== walletSignInMessage(input.address, input.nonce)) throw signatureError();
  if (!(await isSignedBy(input.address, input.message, input.signature))) throw signatureError();
  if (!(await consumeNonce(database, input.nonce, input.address))) throw signatureError();
  const address = input.address.toLowerCase();
  const { id } = await findOrCreateExternalUser(
    database,
    () => findUserIdByWallet(database, address),
    `w_${address.slice(2, 10)}`,
    { walletAddress: address },
  );
  return id;
}
