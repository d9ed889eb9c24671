import { z } from 'zod';
import { defineEndpoint, policy } from '../endpoint.js';

/**
 * The back office's payments (issue G8 item 3; decision 0043): deposits (search, filters, pages),
 * deposits held by players' deposit limits (read-only: only the protection job releases them), deposit
 * addresses, and the chains with their confirmations and minimums (read-only: they come from the server's
 * environment and code, not from operator settings). The withdrawal queue is `/api/admin/withdraws`.
 */

/** Who reads payments: the spec's `wallet` permission (administrators by default). */
export const PAYMENTS_PERMISSION = 'wallet';
/** Rows per page at most (and by default). */
export const PAYMENTS_PAGE = 50;

const instant = z.string();
const decimal = z.string();
const pageCursor = z
  .string()
  .regex(/^\d{1,18}$/, 'A row id (the `next` of the previous page).')
  .optional();
const searchText = z.string().trim().max(120).optional();
const chainId = z
  .string()
  .regex(/^[a-z0-9_]{1,32}$/, 'A chain id.')
  .optional();
const currencyId = z
  .string()
  .regex(/^[a-z0-9_]{1,32}$/, 'A currency id.')
  .optional();

export const playerRefSchema = z.object({ _id: z.string(), name: z.string() });

/** A deposit's state: confirming, credited, or recorded below the currency's minimum (never credited). */
export const DEPOSIT_STATES = ['pending', 'credited', 'below_minimum'] as const;
export type DepositState = (typeof DEPOSIT_STATES)[number];

export const adminDepositSchema = z.object({
  _id: z.string(),
  player: playerRefSchema,
  currency: z.string(),
  chain: z.string(),
  address: z.string(),
  txid: z.string(),
  /** The credited amount in the currency's decimals (the chain's amount floored to the ledger's). */
  amount: decimal,
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  status: z.enum(DEPOSIT_STATES),
  created_at: instant,
  credited_at: instant.nullable(),
});
export type AdminDeposit = z.infer<typeof adminDepositSchema>;

export const adminDepositsRequestSchema = z
  .object({
    /** A player's name (part of it, any case) or id, a transaction hash or a deposit address (exactly, any case). */
    search: searchText,
    currency: currencyId,
    chain: chainId,
    status: z.enum(DEPOSIT_STATES).optional(),
    limit: z.number().int().min(1).max(PAYMENTS_PAGE).default(PAYMENTS_PAGE),
    /** Deposits older than this id. */
    before: pageCursor,
  })
  .strict();
export type AdminDepositsQuery = z.output<typeof adminDepositsRequestSchema>;

export const adminDepositsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/deposits',
  request: adminDepositsRequestSchema,
  response: z.object({
    deposits: z.array(adminDepositSchema),
    /** Pass as `before` for the next (older) page; null on the last page. */
    next: z.string().nullable(),
  }),
  policy: policy.permission(PAYMENTS_PERMISSION),
  summary: 'Staff: deposits newest first, by player, transaction hash or address, currency, chain, state.',
});

export const adminHeldDepositSchema = z.object({
  player: playerRefSchema,
  currency: z.string(),
  /** What the player's held account holds now. */
  amount: decimal,
  /** When the protection job next releases what the limits then allow. */
  releasesAt: instant,
});
export type AdminHeldDeposit = z.infer<typeof adminHeldDepositSchema>;

export const adminHeldDepositsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/deposits/held',
  request: z
    .object({
      /** A player's name (part of it, any case) or id. */
      search: searchText,
      currency: currencyId,
      limit: z.number().int().min(1).max(PAYMENTS_PAGE).default(PAYMENTS_PAGE),
      /** Holds after this one in release order (the `next` of the previous page). */
      after: z
        .string()
        .regex(/^\d{1,15}:[0-9a-f-]{36}:[a-z0-9_]{1,32}$/, 'The `next` of the previous page.')
        .optional(),
    })
    .strict(),
  response: z.object({
    held: z.array(adminHeldDepositSchema),
    next: z.string().nullable(),
    /** Staff cannot release held money (decision 0025): the player's own limit holds it. */
    staffRelease: z.literal(false),
  }),
  policy: policy.permission(PAYMENTS_PERMISSION),
  summary: 'Staff: deposits held over players’ deposit limits, next release first (read-only).',
});

export const adminDepositAddressSchema = z.object({
  _id: z.string(),
  player: playerRefSchema,
  chain: z.string(),
  address: z.string(),
  derivationIndex: z.string(),
  created_at: instant,
});
export type AdminDepositAddress = z.infer<typeof adminDepositAddressSchema>;

export const adminDepositAddressesEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/deposits/addresses',
  request: z
    .object({
      /** An address (part of it, any case), or a player's name (part of it) or id. */
      search: searchText,
      chain: chainId,
      limit: z.number().int().min(1).max(PAYMENTS_PAGE).default(PAYMENTS_PAGE),
      before: pageCursor,
    })
    .strict(),
  response: z.object({ addresses: z.array(adminDepositAddressSchema), next: z.string().nullable() }),
  policy: policy.permission(PAYMENTS_PERMISSION),
  summary: 'Staff: deposit addresses newest first, by address or player.',
});

export const adminChainSchema = z.object({
  id: z.string(),
  family: z.string(),
  nativeCurrency: z.string(),
  /** Deposits are taken on this chain: it has an extended public key and a detection source. */
  deposits: z.boolean(),
  /** Where its transfers and blocks are read: an EVM node, the simulated chain, or nowhere. */
  source: z.enum(['evm', 'simulated']).nullable(),
  requiredConfirmations: z.number().int(),
  /** `env`: DEPOSIT_CONFIRMATIONS sets it; `default`: the chain's own default. */
  confirmationsFrom: z.enum(['env', 'default']),
  /** The chain's height as its source reports it, or null (no source, or the source failed). */
  height: z.string().nullable(),
  /** Deposits confirming on this chain now. */
  pending: z.number().int(),
});

export const adminPaymentCurrencySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The currency's icon (a URL, or its id for a monogram) and colour, as the player's screens show it. */
  icon: z.string(),
  style: z.string(),
  enabled: z.boolean(),
  decimals: z.number().int(),
  /** The smallest deposit credited. */
  minimumDeposit: decimal,
  chains: z.array(z.object({ id: z.string(), name: z.string() })),
});

export const adminChainsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/chains',
  request: z.object({}).strict(),
  response: z.object({
    chains: z.array(adminChainSchema),
    currencies: z.array(adminPaymentCurrencySchema),
  }),
  policy: policy.permission(PAYMENTS_PERMISSION),
  summary: 'Staff: chains (deposits on or off, source, confirmations, height) and currencies with minimums.',
});
export type AdminChains = z.infer<(typeof adminChainsEndpoint)['response']>;

/**
 * Switches a currency on or off (issue G8 item 7). Off means what `currencies.enabled` already
 * means everywhere: the player's currency list leaves it out and every new bet, tip, claim or
 * demo top-up in it is refused (`unknown_currency`); balances held in it stay. Audited as
 * `currencies.update`.
 */
export const adminCurrencyUpdateEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/currencies/update',
  request: z.object({ currency: z.string().min(1).max(32), enabled: z.boolean() }).strict(),
  response: z.object({ currency: z.object({ id: z.string(), enabled: z.boolean() }) }),
  policy: policy.permission(PAYMENTS_PERMISSION),
  summary: 'Staff: switches a currency on or off (audited as currencies.update).',
});
