import { z } from 'zod';
import { defineEndpoint, policy } from '../endpoint.js';
import { emptyRequest } from './platform.js';
import { TWO_FACTOR_CODE } from '../constants/auth.js';

/**
 * Identity and access (spec 1 sections 2.3-8, spec 3 "Login action"). Register/login/reset send
 * the solved ALTCHA payload as `captcha`. Spec numbers: register code 1 'Invalid invite code.',
 * code 2 'Multiaccounting is prohibited.'; body code -1024 asks for a fresh 2FA check.
 */

/** Spec 1 section 5 exact register messages. */
export const RegisterMessages = {
  emailInvalid: 'Invalid email',
  emailTaken: 'This email is already registered',
  nameInvalid: 'Your login has less than 4 characters or contains invalid symbols',
  nameTaken: 'This login is already registered, pick something else',
  passwordShort: 'Password should have at least 5 characters',
  inviteInvalid: 'Invalid invite code.',
  multiaccount: 'Multiaccounting is prohibited.',
} as const;

export const AuthMessages = {
  wrongCredentials: 'Wrong login or password.',
  captchaInvalid: 'Please solve the captcha again.',
  locked: 'Too many failed attempts. Try again in a few minutes.',
  verifyTooQuick: "You're too quick, try again in a few minutes.",
  verifySent: "Verification email was sent. If you can't find it, check your spam folder.",
  twoFactorWrong: 'The code is not valid.',
  metamaskMissing: 'MetaMask is not installed in your browser.',
  signatureFailed: 'Failed to authenticate.',
  nonceFailed: 'An error has occurred. Try again later.',
  telegramFailed: 'Failed to authorize using Telegram',
  /** Sign-in of an account staff banned (decision 0047; the spec names no text for it). */
  banned: 'This account has been banned. Please contact support.',
} as const;

/** The error code of a sign-in refused because staff banned the account (HTTP 403). */
export const ACCOUNT_BANNED = 'account_banned';

export { NAME_PATTERN, PASSWORD_MIN, TWO_FACTOR_CODE } from '../constants/auth.js';

/** The signed-in user as the client stores it (with its token), spec 3 section 3. */
export const meSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  email_verified: z.boolean(),
  avatar: z.string().nullable(),
  vipLevel: z.number().int(),
  self_excluded: z.boolean(),
  roles: z.array(z.object({ id: z.string() })),
  permissions: z.array(z.object({ id: z.string(), permissions: z.record(z.string(), z.boolean()) })),
  twoFactorEnabled: z.boolean(),
  private_profile: z.boolean(),
  private_bets: z.boolean(),
  created_at: z.string(),
  token: z.string(),
  /** Chat: muted until this ISO time (null or absent: not muted); spec 2 section 3. */
  mute: z.string().nullable().optional(),
  /** Chat: ids of the players whose messages this user hides; spec 2 section 3. */
  ignore: z.array(z.string()).optional(),
  /** Faucet: the next claim's ISO time (null or absent: available now); spec 2 section 3. */
  bonus_claim: z.string().nullable().optional(),
});
export type Me = z.infer<typeof meSchema>;

const userResponse = z.object({ user: meSchema });
const ok = z.object({ ok: z.literal(true) });
const captcha = z.string().min(1).max(4096);

export const captchaChallengeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/captcha/challenge',
  request: z.object({}).strict(),
  // ALTCHA v2 challenge, as the `altcha` widget reads it.
  response: z.object({
    parameters: z.looseObject({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
    }),
    signature: z.string().optional(),
  }),
  policy: policy.public,
  summary: 'A fresh ALTCHA proof-of-work challenge (each is accepted once).',
});

export const csrfCookieEndpoint = defineEndpoint({
  method: 'GET',
  path: '/sanctum/csrf-cookie',
  request: z.object({}).strict(),
  response: z.object({ csrfToken: z.string() }),
  policy: policy.public,
  summary: 'Sets the XSRF-TOKEN cookie (double-submit CSRF) and returns its value.',
});

export const registerEndpoint = defineEndpoint({
  method: 'POST',
  path: '/auth/register',
  request: z
    .object({
      email: z.string().max(254),
      name: z.string().max(64),
      password: z.string().max(256),
      inviteCode: z.string().max(64).nullish(),
      captcha,
    })
    .strict(),
  response: userResponse,
  policy: policy.public,
  summary: 'Creates an account and signs it in.',
});

export const loginEndpoint = defineEndpoint({
  method: 'POST',
  path: '/auth/login',
  request: z
    .object({ login: z.string().min(1).max(254), password: z.string().min(1).max(256), captcha })
    .strict(),
  response: userResponse,
  policy: policy.public,
  summary: 'Signs in by login name or email.',
});

export const updateEndpoint = defineEndpoint({
  method: 'POST',
  path: '/auth/update',
  request: emptyRequest,
  response: userResponse,
  policy: policy.user,
  summary: 'The current user (polled every 10 s by the client).',
});

export const loginViaTokenEndpoint = defineEndpoint({
  method: 'POST',
  path: '/auth/loginViaToken',
  request: z.object({ token: z.string().min(1).max(256) }).strict(),
  response: userResponse,
  policy: policy.public,
  summary: 'Signs in with a session token (messenger sign-in, wallet connect).',
});

export const logoutEndpoint = defineEndpoint({
  method: 'GET',
  path: '/auth/logout',
  request: z.object({}).strict(),
  response: ok,
  policy: policy.public,
  summary: 'Ends the current session.',
});

export const resetPasswordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/auth/resetPassword',
  request: z.object({ login: z.string().min(1).max(254), captcha }).strict(),
  response: ok,
  policy: policy.public,
  summary: 'Mails a password reset link; answers the same whether or not the account exists.',
});

export const completeResetEndpoint = defineEndpoint({
  method: 'POST',
  path: '/auth/password/reset',
  request: z
    .object({ user: z.string().max(64), token: z.string().max(256), password: z.string().max(256) })
    .strict(),
  response: userResponse,
  policy: policy.public,
  summary: 'Sets a new password with an emailed single-use token and signs in.',
});

export const metamaskNonceEndpoint = defineEndpoint({
  method: 'POST',
  path: '/auth/metamask/nonce',
  request: z.object({ account: z.string().regex(/^0x[0-9a-fA-F]{40}$/) }).strict(),
  response: z.object({ nonce: z.string() }),
  policy: policy.public,
  summary: 'A one-time nonce for a browser wallet signature.',
});

export const metamaskSignatureEndpoint = defineEndpoint({
  method: 'POST',
  path: '/auth/metamask/signature',
  request: z
    .object({
      message: z.string().max(1024),
      signature: z
        .string()
        .regex(/^0x[0-9a-fA-F]+$/)
        .max(300),
      address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
      nonce: z.string().max(128),
    })
    .strict(),
  response: userResponse,
  policy: policy.public,
  summary: 'Verifies the signed nonce sentence; creates or signs in the wallet account.',
});

export const telegramTokenEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/telegram/generateToken',
  request: z.object({ initData: z.string().min(1).max(4096) }).strict(),
  response: z.object({ token: z.string() }),
  policy: policy.public,
  summary: 'Validates Telegram mini-app launch data and returns a session token.',
});

export const verifyEmailEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user/verifyEmail',
  request: emptyRequest,
  response: z.object({ ok: z.literal(true), message: z.string() }),
  policy: policy.user,
  summary: 'Mails a verification link (rate limited: "too quick").',
});

export const confirmEmailEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user/confirmEmail',
  request: z.object({ user: z.string().max(64), token: z.string().max(256) }).strict(),
  response: ok,
  policy: policy.public,
  summary: 'Confirms an email address from the emailed link /email/{user}/{token}.',
});

export const updateEmailEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user/updateEmail',
  request: z.object({ email: z.string().max(254) }).strict(),
  response: userResponse,
  policy: policy.user,
  summary: 'Sets or changes the email (unverified until confirmed).',
});

export const twoFactorValidateEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user/2fa_validate',
  request: z.object({ code: z.string().regex(TWO_FACTOR_CODE) }).strict(),
  response: ok,
  policy: policy.user,
  summary: 'Checks a TOTP code and marks this session freshly verified for sensitive actions.',
});

export const twoFactorSetupEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user/2fa/setup',
  request: emptyRequest,
  response: z.object({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() }),
  policy: policy.user,
  summary: 'Starts enabling 2FA: a new secret and its QR code (not active until confirmed).',
});

export const twoFactorEnableEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user/2fa/enable',
  request: z.object({ code: z.string().regex(TWO_FACTOR_CODE) }).strict(),
  response: userResponse,
  policy: policy.user,
  summary: 'Confirms the pending secret with a code and turns 2FA on.',
});

export const twoFactorDisableEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user/2fa/disable',
  request: z.object({ code: z.string().regex(TWO_FACTOR_CODE) }).strict(),
  response: userResponse,
  policy: policy.user,
  summary: 'Turns 2FA off (needs a current code).',
});

export const changePasswordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user/changePassword',
  request: z.object({ current: z.string().max(256), password: z.string().max(256) }).strict(),
  response: ok,
  policy: policy.user,
  summary: 'Changes the password (sensitive: fresh 2FA when enabled); other sessions are revoked.',
});

export const privacyEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user/privacy',
  request: z
    .object({ private_profile: z.boolean().optional(), private_bets: z.boolean().optional() })
    .strict(),
  response: userResponse,
  policy: policy.user,
  summary: 'Privacy switches: hide the profile and/or the name on bets.',
});

export const sessionSchema = z.object({
  id: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});

export const sessionsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user/sessions',
  request: emptyRequest,
  response: z.object({ sessions: z.array(sessionSchema) }),
  policy: policy.user,
  summary: 'The active sessions of the current user.',
});

export const revokeSessionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user/sessions/revoke',
  request: z.object({ id: z.string().uuid() }).strict(),
  response: ok,
  policy: policy.user,
  summary: 'Signs out one of the current user\u2019s sessions.',
});

export const profileUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  created_at: z.string(),
  vipLevel: z.number().int(),
  private_profile: z.boolean(),
});

export const getUserEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/profile/getUser',
  request: z.object({ id: z.string().max(64) }).strict(),
  response: z.object({ user: profileUserSchema, wagered: z.number(), games: z.number().int() }),
  policy: policy.public,
  summary: 'A player profile (by id or login name): join date, total wagered in USD, games played.',
});
