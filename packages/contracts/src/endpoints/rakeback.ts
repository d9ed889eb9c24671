import { z } from 'zod';
import { defineEndpoint, policy } from '../endpoint.js';
import { decimalStringSchema, emptyRequest } from './platform.js';

/**
 * Rakeback (spec 2 sections 2-4, 7-9; spec 3 section 7; decision 0040): a share of the house's expected
 * take on each real stake (stake x house edge, or a sportsbook margin, x the VIP level's rate) accrues
 * to the player, who claims it at most once per 4 hours; what is left unclaimed is settled (paid) daily
 * at 0:00 UTC. `POST /api/data/rakeback` answers what can be claimed now, per currency ({id, value});
 * `POST /api/data/claimRakeback` pays it; `POST /api/data/promotions/rakeback` describes the
 * programme for the caller (percent of their level, cooldown, next settlement, next claim time).
 */

export * from '../constants/rakeback.js';

/** One currency's claimable rakeback: the currency id and a decimal string in its unit. */
export const rakebackEntrySchema = z.object({ id: z.string(), value: decimalStringSchema });
export type RakebackEntry = z.infer<typeof rakebackEntrySchema>;

export const rakebackResponseSchema = z.object({ rakeback: z.array(rakebackEntrySchema) });
export type RakebackResponse = z.infer<typeof rakebackResponseSchema>;

export const rakebackEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/data/rakeback',
  request: emptyRequest,
  response: rakebackResponseSchema,
  policy: policy.user,
  summary: "The signed-in player's claimable rakeback per currency.",
});

export const claimRakebackResponseSchema = z.object({
  message: z.string(),
  /** What was paid, per currency. */
  rakeback: z.array(rakebackEntrySchema),
});
export type ClaimRakebackResponse = z.infer<typeof claimRakebackResponseSchema>;

export const claimRakebackEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/data/claimRakeback',
  request: emptyRequest,
  response: claimRakebackResponseSchema,
  policy: policy.user,
  summary: 'Pays the claimable rakeback to the real balance (once per 4 hours).',
});

export const rakebackProgrammeSchema = z.object({
  /** The rakeback rate of the caller's VIP level, percent of the house edge (level 0 for a guest). */
  percent: z.string(),
  level: z.number().int(),
  /** The cooldown between two claims, in hours. */
  cooldownHours: z.number(),
  /** ISO time of the next daily settlement (0:00 UTC). */
  settlesAt: z.string(),
  /** ISO time the caller may claim again (null: now, or a guest). */
  nextClaimAt: z.string().nullable(),
  /** The levels' rates, for the dialog's table. */
  levels: z.array(z.object({ level: z.number().int(), name: z.string(), percent: z.string() })),
});
export type RakebackProgramme = z.infer<typeof rakebackProgrammeSchema>;

export const rakebackProgrammeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/data/promotions/rakeback',
  request: emptyRequest,
  response: rakebackProgrammeSchema,
  policy: policy.public,
  summary: 'The rakeback programme as it applies to the caller (rate, cooldown, settlement time).',
});
