import { z } from 'zod';
import { defineEndpoint, policy } from '../endpoint.js';
import { depositBonusSchema } from './bonus.js';
import { decimalStringSchema, emptyRequest } from './platform.js';
import { publicPromocodeSchema } from './promocodes.js';
import { rakebackEntrySchema } from './rakeback.js';

/**
 * The promotions summary behind `/promotions` and `/rewards` (issue 20 item 6): every programme the
 * operator has set up, each with the caller's own state, in one call. A programme that is off or not
 * configured is null (the page does not show it). A guest gets the programmes with their player state
 * null (the page asks them to sign in instead).
 */
export const promotionsSummarySchema = z.object({
  signedIn: z.boolean(),
  /** The deposit promotion open to the caller and their opt-in (null: none is set up or open to them). */
  depositBonus: depositBonusSchema.nullable(),
  /** The public promo codes; `used` is whether the caller activated it (false for a guest). */
  codes: z.array(publicPromocodeSchema.extend({ used: z.boolean() })),
  /** The weekly race (null: the race plugin is off or no prize pool is set). */
  race: z
    .object({
      week: z.string(),
      endsAt: z.string(),
      prizePool: z.object({ reward: decimalStringSchema, currency: z.string() }),
      paidPlaces: z.number().int(),
      /** The caller's wager this week and place in the paid places (null: a guest). */
      me: z.object({ place: z.number().int().nullable(), wager_usd: decimalStringSchema }).nullable(),
    })
    .nullable(),
  /** The bonus wheel (null: no prize can be won at any level). */
  wheel: z
    .object({
      /** The largest prize in USD the caller can win (a guest: the largest of the table). */
      topPrizeUsd: decimalStringSchema,
      currency: z.string(),
      /** The caller's tickets (null: a guest). */
      tickets: z.number().int().nullable(),
    })
    .nullable(),
  /** The faucet (null: no level has a faucet maximum). */
  faucet: z
    .object({
      /** The caller's level maximum in USD (a guest: the top level's). */
      maxUsd: decimalStringSchema,
      cooldownHours: z.number().int(),
      /** ISO time of the caller's next claim (null: available now, or a guest). */
      nextClaimAt: z.string().nullable(),
      /** Whether the caller has made a deposit, which a claim needs (null: a guest). */
      deposited: z.boolean().nullable(),
    })
    .nullable(),
  /** Rakeback (null: no level has a rakeback rate). */
  rakeback: z
    .object({
      /** The caller's rate (a guest: the top level's), percent of the house edge. */
      percent: z.string(),
      /** The highest level's rate. */
      topPercent: z.string(),
      /** Claimable now, per currency (null: a guest). */
      claimable: z.array(rakebackEntrySchema).nullable(),
      nextClaimAt: z.string().nullable(),
    })
    .nullable(),
  /** The VIP programme (null: no levels are set up). */
  vip: z
    .object({
      levels: z.number().int(),
      /** The caller's level, its name, the next level's name and the progress to it, 0-100 (null: a guest). */
      me: z
        .object({
          level: z.number().int(),
          name: z.string(),
          next: z.string().nullable(),
          progress: z.number().int().min(0).max(100),
        })
        .nullable(),
    })
    .nullable(),
});
export type PromotionsSummary = z.infer<typeof promotionsSummarySchema>;

export const promotionsSummaryEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/data/promotions/summary',
  request: emptyRequest,
  response: promotionsSummarySchema,
  // Guests see the programmes (the pages ask them to sign in for their state).
  policy: policy.public,
  summary: 'Every promotion the operator has set up, with the caller’s own state (the /promotions page).',
});
