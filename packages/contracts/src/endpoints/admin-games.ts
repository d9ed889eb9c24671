import { z } from 'zod';
import { defineEndpoint, policy } from '../endpoint.js';
import { emptyRequest } from './platform.js';
import { SETTINGS_PERMISSION } from './settings.js';

/**
 * The back office's games screen (`/admin/games`, issue G8 item 4): every in-house game with its
 * switch, its house edge (configured RTP = 100% - edge) and what it measured over the settled real
 * bets (the per-game statistics of the wager stream), and the limits every game shares. A change of
 * one game is written atomically into the games settings (`games.disabled_ids`,
 * `games.house_edge_bps`), audited as `games.update`, and the next bet uses it.
 */

/** Who reads the games and their statistics (the spec's permission id). */
export const GAME_STATS_PERMISSION = 'game_stats';

export const adminGameSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** single: one round per bet; extended: decisions between stakes; crash: the shared round. */
  kind: z.enum(['single', 'extended', 'crash']),
  enabled: z.boolean(),
  /** The edge in force (basis points) and the game's own default. */
  houseEdgeBps: z.number().int(),
  defaultHouseEdgeBps: z.number().int(),
  /** Real (not demo) settled bets of every player. */
  bets: z.number().int(),
  wins: z.number().int(),
  /** USD at bet time, 2 decimals. */
  wageredUsd: z.string(),
  paidUsd: z.string(),
  /** Wagered less paid (the house's gross gaming revenue), 2 decimals, may be negative. */
  ggrUsd: z.string(),
  /** Paid / wagered in percent (2 decimals); null before the first real bet. */
  measuredRtp: z.string().nullable(),
});
export type AdminGame = z.infer<typeof adminGameSchema>;

export const adminGamesEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/games',
  request: emptyRequest,
  response: z.object({
    games: z.array(adminGameSchema),
    /** Every in-house game switched off at once (play error -99). */
    allDisabled: z.boolean(),
    maxBetEur: z.string(),
    maxProfitUsd: z.string(),
    /** The largest house edge a game may be given (basis points). */
    maxHouseEdgeBps: z.number().int(),
  }),
  policy: policy.permission(GAME_STATS_PERMISSION),
  summary:
    'The in-house games with their switch, house edge and measured RTP over the settled real bets (staff).',
});

export const adminGameUpdateRequestSchema = z
  .object({
    game: z.string().min(1).max(64),
    enabled: z.boolean().optional(),
    /** The new edge in basis points; null goes back to the game's default. */
    houseEdgeBps: z.number().int().min(0).max(100_000).nullable().optional(),
  })
  .strict()
  .refine((r) => r.enabled !== undefined || r.houseEdgeBps !== undefined, {
    message: 'Give enabled or houseEdgeBps.',
  });

export const adminGameUpdateEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/games/update',
  request: adminGameUpdateRequestSchema,
  response: z.object({ game: adminGameSchema }),
  policy: policy.permission(SETTINGS_PERMISSION),
  summary:
    'Switches one in-house game on or off and/or sets its house edge (atomic, audited as games.update; the next bet uses it) (staff).',
});

/**
 * The games screen's providers part (issue G8 item 4, "catalogue, providers and territory
 * restrictions"): every third-party provider with its listed games, its switch and the countries it
 * may not be offered in. A change is audited as `games.provider` and the player's lobby shows it at
 * once on the node that made it (within CATALOGUE_CACHE_MS on the others).
 */
export const adminProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Off: none of its games is listed, searched or launched. */
  enabled: z.boolean(),
  /** Its listed games (not hidden, not disabled one by one). */
  games: z.number().int(),
  /** Restricted territories: sorted ISO 3166-1 alpha-2 codes (empty: none). */
  restricted: z.array(z.string()),
  /** The operator's restriction text as stored (null: never set). */
  restrictionText: z.string().nullable(),
});
export type AdminProvider = z.infer<typeof adminProviderSchema>;

export const adminProvidersEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/games/providers',
  request: emptyRequest,
  response: z.object({ providers: z.array(adminProviderSchema) }),
  policy: policy.permission(GAME_STATS_PERMISSION),
  summary: 'The game providers with their games count, switch and restricted territories (staff).',
});

/** The most territories one provider may list. */
export const MAX_RESTRICTED_TERRITORIES = 300;

export const adminProviderUpdateRequestSchema = z
  .object({
    provider: z.string().min(1).max(64),
    enabled: z.boolean().optional(),
    /** ISO 3166-1 alpha-2 codes (any case); replaces the list. Empty: no restriction. */
    restricted: z.array(z.string().min(1).max(8)).max(MAX_RESTRICTED_TERRITORIES).optional(),
  })
  .strict()
  .refine((r) => r.enabled !== undefined || r.restricted !== undefined, {
    message: 'Give enabled or restricted.',
  });

export const adminProviderUpdateEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/games/providers/update',
  request: adminProviderUpdateRequestSchema,
  response: z.object({ provider: adminProviderSchema }),
  policy: policy.permission(SETTINGS_PERMISSION),
  summary:
    'Switches a game provider on or off and/or replaces its restricted territories (audited as games.provider; the lobby shows it) (staff).',
});
