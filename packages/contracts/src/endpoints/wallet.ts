import { z } from 'zod';
import { defineEndpoint, policy } from '../endpoint.js';
import { defineEvent } from '../realtime.js';
import { emptyRequest } from './platform.js';

/** Decimal string in the currency's unit (e.g. "0.015"), never a float. */
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);

/**
 * Published to the owner's private channel after every committed change of their balances
 * (spec 2 section 3): the new real, demo and bonus balance of that currency.
 */
export const balanceModificationEvent = defineEvent(
  'BalanceModification',
  z.object({
    currency: z.string(),
    balance: decimal,
    demo_balance: decimal,
    bonus: decimal,
    delay: z.number().int().nonnegative(),
  }),
);

export const ledgerHealthEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/ledger/health',
  request: emptyRequest,
  response: z.object({
    ok: z.boolean(),
    checkedAt: z.string(),
    transfers: z.number().int(),
    accounts: z.number().int(),
    problems: z.array(z.string()),
  }),
  policy: policy.permission('dashboard'),
  summary: 'Checks the ledger invariants: postings sum to zero per currency, balances equal their postings.',
});

/** Spec 3 section 8: deposit address errors, shown in the wallet field. */
export const DepositMessages = {
  amountZero: 'Amount must be greater than 0',
  amountInvalid: 'Invalid amount',
  unsupported: 'This currency is not supported by provider',
  belowMinimum: 'Amount is less than minimal',
  failed: 'Failed to generate deposit address',
  paymentsUnavailable: 'We are currently unable to process payments for this currency.',
} as const;

/** Spec 3 section 8 withdraw codes (1, 2, 3, 5) and texts. */
export const WithdrawMessages = {
  invalid: 'Invalid withdrawal request.',
  wager: 'You need to wager your deposits before withdrawing.',
  onePending: 'Only one withdrawal can be pending at a time.',
  dailyLimit: 'Your withdrawal limit per 24 hours is exceeded. Try again later.',
  walletShort: 'Enter your wallet address.',
  created: 'Withdrawal request has been created.',
} as const;
export const WithdrawCodes = { invalid: 1, wager: 2, onePending: 3, dailyLimit: 5 } as const;

export const depositWalletEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/wallet/getDepositWallet',
  request: z
    .object({
      currency: z.string().max(32),
      chain: z.string().max(32),
      amount: z.string().max(40).optional(),
    })
    .strict(),
  response: z.object({
    wallet: z.string(),
    currency: z.string(),
    chain: z.string(),
    /** Smallest deposit credited, in the currency's unit. */
    minimum: decimal,
    /** Confirmations needed before the deposit is credited. */
    confirmations: z.number().int(),
    /** Payment URI for the QR code (e.g. `ethereum:0x...`), or the bare address. */
    uri: z.string(),
  }),
  policy: policy.user,
  summary: "The player's stable deposit address for a currency on a chain.",
});

export const walletNotifyEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/walletNotify/:currency/:txid',
  request: z.object({}).strict(),
  response: z.object({ ok: z.literal(true), found: z.boolean() }),
  policy: policy.public,
  summary: 'Asks the server to re-check a transaction through its chain adapter (never trusts the caller).',
});

export const depositHistoryItemSchema = z.object({
  _id: z.string(),
  currency: z.string(),
  chain: z.string(),
  sum: decimal,
  txid: z.string(),
  created_at: z.string(),
  confirmations: z.number().int(),
  required_confirmations: z.number().int(),
  aggregator: z.boolean(),
  /** 0 not paid yet (confirming), 1 paid (credited). */
  status: z.union([z.literal(0), z.literal(1)]),
});

export const depositHistoryEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/wallet/history/deposits',
  request: emptyRequest,
  response: z.object({ deposits: z.array(depositHistoryItemSchema) }),
  policy: policy.user,
  summary: "The player's deposits, newest first.",
});

export const withdrawHistoryItemSchema = z.object({
  _id: z.string(),
  currency: z.string(),
  chain: z.string(),
  address: z.string(),
  sum: decimal,
  fee: decimal,
  created_at: z.string(),
  /** 0 and 3 moderation, 1 accepted, 2 declined, 4 cancelled (spec 3 section 4). */
  status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  auto: z.boolean(),
  decline_reason: z.string().nullable(),
  txid: z.string().nullable(),
});

export const withdrawHistoryEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/wallet/history/withdraws',
  request: emptyRequest,
  response: z.object({
    withdraws: z.array(withdrawHistoryItemSchema),
    /**
     * Whether the player may cancel a withdrawal in moderation (status 0, not automatic): false where
     * the jurisdiction forbids reversing withdrawals (setting `legal.jurisdiction`).
     */
    cancelAllowed: z.boolean(),
  }),
  policy: policy.user,
  summary: "The player's withdrawals, newest first, and whether the player may cancel one in moderation.",
});

export const withdrawEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/wallet/withdraw',
  request: z
    .object({
      sum: z.string().max(40),
      currency: z.string().max(32),
      chain: z.string().max(32),
      wallet: z.string().max(128),
      type: z.string().max(32).optional(),
    })
    .strict(),
  response: z.object({ ok: z.literal(true), message: z.string(), withdraw: withdrawHistoryItemSchema }),
  policy: policy.user,
  summary: 'Requests a withdrawal (sensitive: fresh 2FA). The sum is debited at request.',
});

export const cancelWithdrawEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/wallet/cancel_withdraw',
  request: z.object({ id: z.string().max(64) }).strict(),
  response: z.object({ ok: z.literal(true) }),
  policy: policy.user,
  summary:
    'Cancels a withdrawal still in moderation (status 0, not automatic); the sum is refunded. 403 withdraw_cancel_forbidden where the jurisdiction forbids reversing withdrawals.',
});

export const withdrawLimitsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/wallet/withdrawLimits',
  request: z.object({ currency: z.string().max(32) }).strict(),
  response: z.object({
    currency: z.string(),
    vipLevel: z.number().int(),
    feePercent: z.string(),
    minimum: decimal,
    maximum: decimal,
    perDay: z.number().int(),
    usedToday: z.number().int(),
    /** Whether a withdrawal requested now could be cancelled while in moderation (see the history). */
    cancelAllowed: z.boolean(),
  }),
  policy: policy.user,
  summary: "The player's withdrawal fee, minimum, maximum and daily count for a currency (per VIP level).",
});

export const adminWithdrawItemSchema = withdrawHistoryItemSchema.extend({
  user: z.object({ _id: z.string(), name: z.string() }),
});

export const adminWithdrawsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/withdraws',
  request: z.object({ status: z.array(z.number().int().min(0).max(4)).max(5).optional() }).strict(),
  response: z.object({ withdraws: z.array(adminWithdrawItemSchema) }),
  policy: policy.permission('withdraws'),
  summary: 'The withdrawal queue for staff (default: in moderation).',
});

export const adminAcceptWithdrawEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/withdraws/accept',
  request: z.object({ id: z.string().max(64), txid: z.string().min(1).max(128) }).strict(),
  response: z.object({ ok: z.literal(true) }),
  policy: policy.permission('withdraws'),
  summary: 'Marks a withdrawal paid, recording the transaction id.',
});

export const adminDeclineWithdrawEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/withdraws/decline',
  request: z.object({ id: z.string().max(64), reason: z.string().min(1).max(500) }).strict(),
  response: z.object({ ok: z.literal(true) }),
  policy: policy.permission('withdraws'),
  summary: 'Declines a withdrawal with a reason; the sum is refunded.',
});

export const demoTopUpEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/wallet/demo/topup',
  request: z.object({ currency: z.string().max(32) }).strict(),
  response: z.object({ ok: z.literal(true), demo_balance: decimal }),
  policy: policy.user,
  summary: 'Tops the demo balance of a currency up to the configured amount.',
});
