import { z } from 'zod';
import { defineEndpoint, policy } from '../endpoint.js';
import { emptyRequest } from './platform.js';
import { GAMES_FILTER_MAX_LIMIT } from '../constants/catalogue.js';

/**
 * The game catalogue and the lobby's data (spec 2 sections 2-3 "Home lobby", "Game tile grid",
 * provider restrictions; spec 3 section 7 `gamesFilter`, providers, slides, checkJurisdiction).
 */

export * from '../constants/catalogue.js';

/** The optional lobby sections a game can belong to besides its categories (spec 2 "Game (lobby)"). */
export const customCategories = ['live', 'buy-bonuses', 'game-shows', 'new-releases'] as const;
export const customCategorySchema = z.enum(customCategories);
export type CustomCategory = z.infer<typeof customCategorySchema>;

/** Prefix of the ids of games that cannot be launched yet: the web opens the demo popup (spec 2 section 2). */
export const PREVIEW_PREFIX = 'preview:';

/**
 * A game as every list returns it (spec 3 "Game (list/search)", spec 2 "Game tile" and "Game (lobby)").
 * `id` starts with `preview:` when `launchable` is false (a provider game without integration).
 * `blocked` is true when the game's provider is restricted in the caller's country; such games are
 * listed (the tile shows them blocked) but must not be opened.
 */
export const catalogueGameSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** A 195x196 tile image. */
  image: z.string(),
  icon: z.string().nullable(),
  /** `originals` for in-house games, else the provider id. */
  type: z.string(),
  provider: z.object({ id: z.string(), name: z.string() }).nullable(),
  priority: z.number().int(),
  category: z.array(z.string()),
  isFeatured: z.boolean(),
  isSearchFeatured: z.boolean(),
  custom_category: customCategorySchema.nullable(),
  launchable: z.boolean(),
  isFavorite: z.boolean(),
  blocked: z.boolean(),
});
export type CatalogueGame = z.infer<typeof catalogueGameSchema>;

/** Keys a filter may test: string keys, the array key `category`, and the boolean flags. */
export const gameFilterStringKeys = ['id', 'type', 'provider', 'name', 'custom_category'] as const;
export const gameFilterBooleanKeys = ['isFeatured', 'isSearchFeatured'] as const;
export const gameFilterKeys = [...gameFilterStringKeys, 'category', ...gameFilterBooleanKeys] as const;
export const gameFilterTypes = ['search', 'includes:array', 'includes:string'] as const;

/**
 * One `gamesFilter` condition (spec 3 section 7); all conditions must hold.
 * - no `type`: equality (`category` without a type means the list includes `expect`);
 * - `search`: case-insensitive substring of a string key (the search overlay sends `name`);
 * - `includes:array`: the row's array (`category`) includes `expect`;
 * - `includes:string`: the row's string contains `expect` (case-sensitive, as String#includes).
 */
export const gameFilterSchema = z
  .object({
    key: z.enum(gameFilterKeys),
    type: z.enum(gameFilterTypes).optional(),
    expect: z.union([z.string().min(1).max(64), z.boolean()]),
  })
  .strict()
  .superRefine((f, ctx) => {
    const problem = filterProblem(f.key, f.type, f.expect);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['expect'] });
  });
export type GameFilter = z.infer<typeof gameFilterSchema>;

function filterProblem(
  key: (typeof gameFilterKeys)[number],
  type: (typeof gameFilterTypes)[number] | undefined,
  expect: string | boolean,
): string | undefined {
  if ((gameFilterBooleanKeys as readonly string[]).includes(key)) {
    if (type !== undefined) return `${key} is compared for equality only.`;
    if (typeof expect !== 'boolean') return `${key} expects true or false.`;
    return undefined;
  }
  if (typeof expect !== 'string') return `${key} expects a string.`;
  if (key === 'category') {
    return type === undefined || type === 'includes:array'
      ? undefined
      : 'category is an array: use includes:array.';
  }
  return type === 'includes:array' ? `${key} is not an array.` : undefined;
}

export const gamesFilterRequestSchema = z
  .object({
    filter: z.array(gameFilterSchema).max(8).default([]),
    page: z.number().int().min(1).max(10_000).default(1),
    /** Page size: default 6 (the search page) when a `search` filter is present, else 100. */
    limit: z.number().int().min(1).max(GAMES_FILTER_MAX_LIMIT).optional(),
  })
  .strict();

export const gamesFilterEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/data/gamesFilter',
  request: gamesFilterRequestSchema,
  response: z.object({
    games: z.array(catalogueGameSchema),
    page: z.number().int(),
    limit: z.number().int(),
    /** Matching games over all pages. */
    total: z.number().int(),
  }),
  policy: policy.public,
  summary: 'Listed games matching every filter, by priority descending, one page at a time.',
});

export const catalogueProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string(),
  priority: z.number().int(),
  is_featured: z.boolean(),
  /** Listed games of the provider. */
  games: z.number().int(),
  /** Restricted in the caller's country. */
  blocked: z.boolean(),
});
export type CatalogueProvider = z.infer<typeof catalogueProviderSchema>;

export const gameProvidersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/game-providers',
  request: z
    .object({
      /** `true`: featured providers only (the home row). */
      featured: z.enum(['true', 'false']).optional(),
    })
    .strict(),
  response: z.object({ providers: z.array(catalogueProviderSchema) }),
  policy: policy.public,
  summary: 'Providers with at least one listed game, by priority descending, with game counts.',
});

export const providerNamesEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/data/providers',
  request: emptyRequest,
  response: z.object({ providers: z.array(z.object({ id: z.string(), name: z.string() })) }),
  policy: policy.public,
  summary: 'Names (and ids) of the providers with listed games, alphabetically.',
});

export const checkJurisdictionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/checkJurisdiction',
  request: emptyRequest,
  response: z.object({ iso: z.string().length(2).nullable() }),
  policy: policy.public,
  summary: "The caller's country (ISO 3166-1 alpha-2), or null when unknown (loopback, private networks).",
});

export const favouritesEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/games/favourites',
  request: emptyRequest,
  response: z.object({ games: z.array(catalogueGameSchema) }),
  policy: policy.user,
  summary: "The caller's listed favourite games, most recently added first.",
});

export const favouriteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/games/favourite',
  request: z
    .object({
      /** A game id; a `preview:` id is accepted as the game it names. */
      id: z.string().min(1).max(96),
      favourite: z.boolean(),
    })
    .strict(),
  response: z.object({ id: z.string(), favourite: z.boolean() }),
  policy: policy.user,
  summary: 'Adds a game to, or removes it from, the caller’s favourites (idempotent).',
});

export const slideSchema = z.object({
  _id: z.string(),
  /** e.g. `Promo`, `Deposit`, `Poker` (never sent to guests). */
  type: z.string(),
  title: z.string(),
  text: z.string(),
  link: z.string(),
  image: z.string(),
});
export type Slide = z.infer<typeof slideSchema>;

export const slidesEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/slides',
  request: emptyRequest,
  response: z.object({ slides: z.array(slideSchema) }),
  policy: policy.public,
  summary: 'Home banner slides in order; Poker slides only for signed-in callers with the poker plugin on.',
});

/** Kinds of generated SVG images: 195x196 game tiles, square icons, provider logos and banner slides. */
export const catalogueImageKinds = ['games', 'icons', 'providers', 'slides'] as const;

export const catalogueImageEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/img/:kind/:file',
  request: z.object({}).strict(),
  /** The SVG document (image/svg+xml). */
  response: z.string(),
  policy: policy.public,
  summary: 'A generated SVG image (`/api/img/games/{id}.svg`): the name on a gradient derived from the id.',
});
