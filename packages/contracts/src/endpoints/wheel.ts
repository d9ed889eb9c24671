import { z } from 'zod';
import { defineEndpoint, policy } from '../endpoint.js';
import { decimalStringSchema, emptyRequest } from './platform.js';

export * from '../constants/wheel.js';

/**
 * The bonus wheel (spec 1 sections 3, 7 and 8) and the faucet (spec 2 sections 5 and 7), decision 0039.
 * Ticket data: `model.tickets` and `promocodes` as the spec has them, plus the wheel's published prizes
 * (USD, capped by the caller's VIP level, and their weights) and what a spin is drawn from. A spin
 * answers the segment (0 to 11) plus what was credited and the nonce it took.
 */
export const wheelPrizeSchema = z.object({
  /** The prize as configured, USD decimal string. */
  usd: decimalStringSchema,
  /** What the caller would receive: the prize capped by their VIP level's bonusWheelMaxReward. */
  value: decimalStringSchema,
  /** The published weight (the chance is weight / sum of weights). */
  weight: z.number().int(),
});
export type WheelPrize = z.infer<typeof wheelPrizeSchema>;

export const ticketDataSchema = z.object({
  model: z.object({ tickets: z.number().int() }),
  promocodes: z.array(z.object({ _id: z.string(), code: z.string() })),
  /** The 6 prizes (the wheel shows them twice: segment i shows prize i mod 6). */
  prizes: z.array(wheelPrizeSchema),
  /** The currency prizes are credited in (as bonus money). */
  currency: z.string(),
  /** The caller's cap, USD (null for a guest). */
  maxReward: decimalStringSchema.nullable(),
});
export type TicketData = z.infer<typeof ticketDataSchema>;

export const ticketDataEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/promocode/ticket/data',
  request: emptyRequest,
  response: ticketDataSchema,
  // Guests see 0 tickets (spec 1 section 6).
  policy: policy.public,
  summary: "The caller's wheel tickets and the wheel's prizes (0 tickets for a guest).",
});

export const ticketSpinSchema = z.object({
  /** The segment the wheel stops on, 0 to 11. */
  segment: z.number().int(),
  /** The prize drawn, 0 to 5. */
  prize: z.number().int(),
  /** What was credited as bonus money, a decimal string of `currency` (0 when nothing). */
  value: decimalStringSchema,
  /** The same in USD. */
  usd: decimalStringSchema,
  currency: z.string(),
  /** Tickets left. */
  tickets: z.number().int(),
  /** What the draw used: the seed pair's commitment, the client seed and the nonce, and the weights. */
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  weights: z.array(z.number().int()),
});
export type TicketSpin = z.infer<typeof ticketSpinSchema>;

export const ticketSpinEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/promocode/ticket/spin',
  request: emptyRequest,
  response: ticketSpinSchema,
  policy: policy.user,
  summary: 'Spends a ticket: the prize is drawn from the seed pair and credited as bonus money.',
});

export const faucetClaimSchema = z.object({
  /** What was credited, a decimal string of `currency`. */
  value: decimalStringSchema,
  /** Seconds until the next claim. */
  next: z.number().int(),
  currency: z.string(),
});
export type FaucetClaim = z.infer<typeof faucetClaimSchema>;

export const faucetClaimEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/promocode/bonus',
  request: emptyRequest,
  response: faucetClaimSchema,
  policy: policy.user,
  summary: 'Claims the daily faucet (a deposit required; the reward is capped by the VIP level).',
});
