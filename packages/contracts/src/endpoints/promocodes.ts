import { z } from 'zod';
import { defineEndpoint, policy } from '../endpoint.js';
import {
  ADMIN_PROMOCODES_PAGE,
  PROMOCODE_PATTERN,
  PROMOCODES_PERMISSION,
  PROMOTION_BANNER_TYPES,
} from '../constants/promocodes.js';
import { decimalStringSchema, emptyRequest } from './platform.js';

export * from '../constants/promocodes.js';

/**
 * Promo codes (issue G7 item 1, decision 0038; spec 1 sections 7-8, spec 2 sections 3, 7-8, spec 3
 * sections 5, 7-8): a signed-in player activates a code (`POST /api/promocode/activate`, errors 1-9 and
 * the low-balance rule), reads the public ones (`listPublic`), the lobby shows the promotion banners
 * (`POST /api/promotionBanners`) whose button activates their code (`promotion-banner-activate`). Staff
 * create and disable codes in the back office (`/admin/promocodes`, permission `promocodes`).
 */

/**
 * What a code gives: real money, bonus money with a wagering requirement (decision 0036), or bonus-wheel
 * tickets (G7 item 2, decision 0038 "Tickets codes").
 */
export const PROMOCODE_TYPES = ['real', 'bonus', 'tickets'] as const;
export const promocodeTypeSchema = z.enum(PROMOCODE_TYPES);
/** The tickets a tickets code may grant. */
export const PROMOCODE_MAX_TICKETS = 100;
export type PromocodeType = z.infer<typeof promocodeTypeSchema>;

/** Who may activate a code by how they registered: anyone, only invited players, only uninvited ones. */
export const promocodeAffiliationSchema = z.enum(['any', 'referred', 'unaffiliated']);
export type PromocodeAffiliation = z.infer<typeof promocodeAffiliationSchema>;

/** The free-text code a player typed (spec 3 section 5); an unknown one is answered with code 1. */
const typedCode = z.object({ code: z.string().trim().min(1).max(64) }).strict();

/** An activation's result (spec 1 section 7: the answer is the bonus). */
export const promocodeActivationSchema = z.object({
  bonus: z.object({
    code: z.string(),
    type: promocodeTypeSchema,
    currency: z.string(),
    /** What was credited, a decimal string in the currency's unit. */
    value: decimalStringSchema,
    /** The bonus record (type `bonus`), else null. */
    bonusId: z.string().nullable(),
    /** What must be wagered before the bonus turns into real money (type `bonus`), else null. */
    wagering: decimalStringSchema.nullable(),
    /** The wheel tickets granted (type `tickets`), else null. */
    tickets: z.number().int().nullable().optional(),
  }),
});
export type PromocodeActivation = z.infer<typeof promocodeActivationSchema>;

export const promocodeActivateEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/promocode/activate',
  request: typedCode,
  response: promocodeActivationSchema,
  policy: policy.user,
  summary: 'Activates a promo code: its value or bonus is credited from promotions once per player.',
});

/** A code anyone may see (`listPublic`, the promotions page). */
export const publicPromocodeSchema = z.object({
  _id: z.string(),
  code: z.string(),
  description: z.string(),
  type: promocodeTypeSchema,
  currency: z.string(),
  value: decimalStringSchema,
  /** The wagering multiplier of a bonus code (0 for real money). */
  multiplier: z.number().int(),
  /** The wheel tickets a tickets code grants, else null. */
  tickets: z.number().int().nullable().optional(),
  expiresAt: z.string().nullable(),
  /** Activations left (null: no limit). */
  usesLeft: z.number().int().nullable(),
  /** The lowest VIP level that may activate it (0: everyone). */
  vipLevel: z.number().int(),
});
export type PublicPromocode = z.infer<typeof publicPromocodeSchema>;

export const promocodeListPublicEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/promocode/listPublic',
  request: emptyRequest,
  response: z.array(publicPromocodeSchema),
  policy: policy.public,
  summary: 'The public promo codes that can still be activated.',
});

/** Spec 2 section 3 "Promotion banner": code, type, sport, link (plus what the slide shows). */
export const promotionBannerSchema = z.object({
  _id: z.string(),
  code: z.string(),
  type: z.enum(PROMOTION_BANNER_TYPES),
  sport: z.boolean(),
  link: z.string(),
  title: z.string(),
  text: z.string(),
  /** The button's label; the banner's code is activated by it when `code` is set. */
  button: z.string(),
});
export type PromotionBanner = z.infer<typeof promotionBannerSchema>;

export const promotionBannersEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/promotionBanners',
  request: z.object({ sport: z.boolean().optional() }).strict(),
  response: z.array(promotionBannerSchema),
  policy: policy.public,
  summary:
    "The operator's promotion banners, filtered by the sport flag; Poker banners are hidden from guests.",
});

export const promotionBannerActivateEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/promocode/promotion-banner-activate',
  request: typedCode,
  response: promocodeActivationSchema,
  policy: policy.user,
  summary: "Activates a promotion banner's code (the same rules as a typed code).",
});

// --- back office ---------------------------------------------------------------------------------

export const adminPromocodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string(),
  type: promocodeTypeSchema,
  currency: z.string(),
  value: decimalStringSchema,
  multiplier: z.number().int(),
  /** The wheel tickets a tickets code grants, else null. */
  tickets: z.number().int().nullable().optional(),
  bonusExpiryDays: z.number().int(),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  expiresAt: z.string().nullable(),
  vipLevel: z.number().int(),
  affiliation: promocodeAffiliationSchema,
  /** Private codes: the only players who may activate it (names); empty for a code open to all. */
  privateTo: z.array(z.string()),
  /** The player whose own code it is (they cannot activate it: error 8), or null. */
  owner: z.string().nullable(),
  public: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type AdminPromocode = z.infer<typeof adminPromocodeSchema>;

export const adminPromocodesRequestSchema = z
  .object({
    /** Part of the code or of its description, any case. */
    search: z.string().trim().max(64).optional(),
    status: z.enum(['all', 'active', 'disabled']).default('all'),
    limit: z.number().int().min(1).max(ADMIN_PROMOCODES_PAGE).default(ADMIN_PROMOCODES_PAGE),
    /** Codes older than this id (the `next` of the previous page). */
    before: z
      .string()
      .regex(/^\d{1,18}$/, 'A code id.')
      .optional(),
  })
  .strict();

export const adminPromocodesEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/promocodes',
  request: adminPromocodesRequestSchema,
  response: z.object({ codes: z.array(adminPromocodeSchema), next: z.string().nullable() }),
  policy: policy.permission(PROMOCODES_PERMISSION),
  summary: 'The promo codes, newest first, searchable by code or description.',
});

const playerName = z.string().trim().min(1).max(64);

export const adminPromocodeCreateSchema = z
  .object({
    code: z.string().trim().regex(PROMOCODE_PATTERN, '3 to 32 letters, digits, dashes or underscores.'),
    description: z.string().trim().max(300).default(''),
    type: promocodeTypeSchema,
    currency: z.string().min(1).max(20),
    /** In the currency's unit, e.g. 10 or 0.5 (a tickets code has none: 0). */
    value: z
      .string()
      .trim()
      .regex(/^\d{1,12}(\.\d{1,18})?$/, 'An amount such as 10 or 0.5.')
      .default('0'),
    /** Tickets codes: the wheel tickets each activation grants, 1 to 100. */
    tickets: z
      .number()
      .int('Whole tickets.')
      .min(1, 'At least 1 ticket.')
      .max(PROMOCODE_MAX_TICKETS, `At most ${PROMOCODE_MAX_TICKETS} tickets.`)
      .nullable()
      .default(null),
    /** Bonus codes: the wagering requirement is the bonus times this. */
    multiplier: z.number().int().min(0).max(1000).default(0),
    bonusExpiryDays: z.number().int().min(1).max(365).default(30),
    maxUses: z.number().int().min(1).max(10_000_000).nullable().default(null),
    expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
    vipLevel: z.number().int().min(0).max(10).default(0),
    affiliation: promocodeAffiliationSchema.default('any'),
    privateTo: z.array(playerName).max(200).default([]),
    owner: playerName.nullable().default(null),
    public: z.boolean().default(false),
  })
  .strict();
export type AdminPromocodeCreate = z.input<typeof adminPromocodeCreateSchema>;

export const adminPromocodeCreateEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/promocodes/create',
  request: adminPromocodeCreateSchema,
  response: adminPromocodeSchema,
  policy: policy.permission(PROMOCODES_PERMISSION),
  summary: 'Creates a promo code (audited).',
});

export const adminPromocodeDisableEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/promocodes/disable',
  request: z.object({ id: z.string().regex(/^\d{1,18}$/, 'A code id.') }).strict(),
  response: adminPromocodeSchema,
  policy: policy.permission(PROMOCODES_PERMISSION),
  summary: 'Disables a promo code: it can no longer be activated (audited).',
});
