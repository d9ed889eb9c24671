import { z } from 'zod';
import { defineEndpoint, policy } from '../endpoint.js';
import { chatChannelSchema, DEFAULT_CHAT_CHANNEL } from './chat.js';
import { decimalStringSchema } from './platform.js';

/**
 * Tips and rain (spec 3 sections 2, 5 and 9; issue F8 item 4). A tip moves an amount from the
 * caller's real balance to another player named in the request; a rain splits an amount equally
 * between 1 to 25 players who were active in a chat channel and meet the rain rules; the bot rain
 * (spec 3 section 9) pays depositors of the last 24 hours from the promotions account. Every
 * request carries a client `requestId`: a retry with the same id never pays twice.
 */

export * from '../constants/tips.js';

/** The client's id of one intended tip or rain (a UUID or similar); reused on retries. */
export const requestIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Use 8 to 64 letters, digits, - or _.');

const tipUserSchema = z.object({ _id: z.string(), name: z.string() });

export const tipSchema = z.object({
  id: z.string(),
  from: tipUserSchema,
  to: tipUserSchema,
  amount: decimalStringSchema,
  currency: z.string(),
  channel: z.string().nullable(),
  public: z.boolean(),
  created_at: z.string(),
});
export type Tip = z.infer<typeof tipSchema>;

export const rainSchema = z.object({
  id: z.string(),
  /** The player who made it rain; null for the bot rain (paid by the casino). */
  from: tipUserSchema.nullable(),
  /** What the sender paid: share x recipients (the remainder of the split stays with the sender). */
  amount: decimalStringSchema,
  /** What each recipient received. */
  share: decimalStringSchema,
  currency: z.string(),
  channel: z.string(),
  users: z.array(tipUserSchema),
  created_at: z.string(),
});
export type Rain = z.infer<typeof rainSchema>;

export const tipEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/chat/tip',
  request: z
    .object({
      /** The recipient's login name (a leading @ is ignored). */
      name: z.string().max(64),
      /** Decimal string in the currency's unit, e.g. "0.5". */
      amount: z.string().max(64),
      currency: z.string().min(1).max(32),
      /** Where the "X tipped Y" message goes (default casino_en). */
      channel: chatChannelSchema.default(DEFAULT_CHAT_CHANNEL),
      /** False: no chat message (the two balances still move). */
      public: z.boolean().default(true),
      requestId: requestIdSchema,
    })
    .strict(),
  response: z.object({ ok: z.literal(true), tip: tipSchema, replayed: z.boolean() }),
  policy: policy.user,
  summary:
    "Tips a player by name from the real balance (sensitive: fresh 2FA); 'Invalid username', 'Invalid amount'.",
});

export const rainEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/chat/rain',
  request: z
    .object({
      /** The total, split equally (in atomic units) between `users` players. */
      amount: z.string().max(64),
      /** How many players: 1 to 25 ('Invalid users length' otherwise). */
      users: z.number(),
      currency: z.string().min(1).max(32),
      channel: chatChannelSchema,
      requestId: requestIdSchema,
    })
    .strict(),
  response: z.object({ ok: z.literal(true), rain: rainSchema, replayed: z.boolean() }),
  policy: policy.user,
  summary:
    "Rains an amount on players active in a chat channel who meet the rain rules (sensitive: fresh 2FA); 'Invalid users length', 'Invalid amount'.",
});

export const rainRulesSchema = z.object({
  minUsers: z.number().int(),
  maxUsers: z.number().int(),
  /** Recipients are players who wrote in the channel within this many minutes... */
  activeMinutes: z.number().int(),
  /** ...and wagered at least this many USD in the last `wagerDays` days... */
  wagerUsd: decimalStringSchema,
  wagerDays: z.number().int(),
  /** ...or had a deposit credited in the last `depositHours` hours. Muted players never receive. */
  depositHours: z.number().int(),
  /** In `currency` (when asked for): the smallest tip, and the smallest share of a rain. */
  currency: z.string().nullable(),
  tipMinimum: decimalStringSchema.nullable(),
  rainShareMinimum: decimalStringSchema.nullable(),
  /** Players of `channel` who could receive a rain from the caller right now (null: no channel asked). */
  eligible: z.number().int().nullable(),
  /** Whether the caller meets the rules to receive rains (null for guests). */
  youQualify: z.boolean().nullable(),
  bot: z.object({
    enabled: z.boolean(),
    perDayMin: z.number().int(),
    perDayMax: z.number().int(),
    recipientsMin: z.number().int(),
    recipientsMax: z.number().int(),
    depositHours: z.number().int(),
  }),
});
export type RainRules = z.infer<typeof rainRulesSchema>;

export const rainRulesEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/chat/rain/rules',
  request: z
    .object({
      channel: chatChannelSchema.optional(),
      currency: z.string().min(1).max(32).optional(),
    })
    .strict(),
  response: rainRulesSchema,
  policy: policy.public,
  summary:
    'Who can receive a rain (activity, wager, deposit), the minimums in a currency, and how many players of a channel qualify.',
});
