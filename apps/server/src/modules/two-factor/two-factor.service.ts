import { AuthMessages, ErrorCode } from '@nebula/contracts';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Database } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { clearFailures, isLocked, recordFailure, type ThrottleRule } from '../auth/index.js';
import { openSecret, sealSecret } from './secret-box.js';
import { claimTimeStep } from './two-factor.repository.js';

/**
 * TOTP checks (RFC 6238: SHA-1, 6 digits, 30 s step, one step of drift either way).
 * Invariants: a code is accepted at most once per user and time step (the step is claimed
 * atomically in the database, so two nodes cannot both accept it), and at most
 * `TWO_FACTOR_RULE.maxFailures` wrong codes per window are checked before the user is locked.
 */
export const ISSUER = 'Nebula';
export const PERIOD_SECONDS = 30;
export const TWO_FACTOR_RULE: ThrottleRule = { maxFailures: 5, windowMinutes: 15, lockMinutes: 15 };

export interface TwoFactorDeps {
  database: Database;
  secretKey: string;
}

const throttleKey = (userId: string) => `2fa:${userId}`;

export const lockedError = () => new AppError(429, ErrorCode.RateLimited, AuthMessages.locked);
export const wrongCodeError = () => new AppError(422, 'two_factor_invalid', AuthMessages.twoFactorWrong);
const reusedCodeError = () =>
  new AppError(422, 'two_factor_reused', 'This code has already been used. Wait for the next one.');

export interface NewSecret {
  secret: string;
  sealed: string;
  otpauthUrl: string;
  qrSvg: string;
}

/** A fresh secret (160 bits, base32), its sealed form for the database and its QR code. */
export async function newSecret(
  deps: TwoFactorDeps,
  userId: string,
  accountName: string,
): Promise<NewSecret> {
  const secret = generateSecret();
  const otpauthUrl = generateURI({ issuer: ISSUER, label: accountName, secret, period: PERIOD_SECONDS });
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, sealed: sealSecret(deps.secretKey, userId, secret), otpauthUrl, qrSvg };
}

/**
 * Checks `code` against the sealed secret. Throws 429 while locked, 422 `two_factor_invalid` for a
 * wrong code (counted towards the lock), 422 `two_factor_reused` for a code whose step was used.
 */
export async function checkCode(
  deps: TwoFactorDeps,
  userId: string,
  sealed: string,
  code: string,
): Promise<void> {
  const key = throttleKey(userId);
  if (await isLocked(deps.database, key)) throw lockedError();
  const secret = openSecret(deps.secretKey, userId, sealed);
  if (!secret) {
    // Only a changed SECRET_KEY or a tampered row gets here; the user cannot fix it alone.
    throw new AppError(
      500,
      'two_factor_unreadable',
      'Two-factor data cannot be read. Please contact support.',
    );
  }
  const result = await verify({
    secret,
    token: code,
    period: PERIOD_SECONDS,
    digits: 6,
    epochTolerance: PERIOD_SECONDS,
  });
  if (!result.valid || !('timeStep' in result)) {
    const nowLocked = await recordFailure(deps.database, key, TWO_FACTOR_RULE);
    throw nowLocked ? lockedError() : wrongCodeError();
  }
  if (!(await claimTimeStep(deps.database, userId, result.timeStep))) throw reusedCodeError();
  await clearFailures(deps.database, key);
}
