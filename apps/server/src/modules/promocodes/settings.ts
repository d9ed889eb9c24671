/**
 * The promo codes' operator settings (settings registry, decision 0016):
 * - `promocodes.daily_limit`: how many codes a player may activate in 24 hours (spec 3 section 5 'promo
 *   limit per day'; error 5); 0 turns the limit off;
 * - `promocodes.max_balance_usd`: the low-balance rule (spec 3 section 5 'balance must be low to
 *   activate promocodes'): a player whose real and bonus balances together are worth this much (USD) or
 *   more cannot activate a code; 0 turns the rule off;
 * - `promocodes.banners`: the promotion banner slider of the home lobby (spec 2 sections 2, 3, 7).
 */
import { PROMOTION_BANNER_TYPES } from '@nebula/contracts';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { defineSetting, seedSetting, type Setting } from '../../platform/settings/index.js';

export const dailyLimitSetting = defineSetting(
  'promocodes.daily_limit',
  z.number().int().min(0).max(1000),
  3,
  'promocodes',
  'How many promo codes a player may activate in any 24 hours (error 5 beyond it); 0: no limit.',
  { permission: 'promocodes' },
);

export const maxBalanceSetting = defineSetting(
  'promocodes.max_balance_usd',
  z.string().regex(/^\d{1,12}(\.\d{1,8})?$/, 'a USD amount such as 5 or 2.5'),
  '5',
  'promocodes',
  'Low-balance rule: a player whose real and bonus balances are worth this much (USD) or more cannot activate a promo code; 0 turns the rule off.',
  { permission: 'promocodes' },
);

export const promotionBannersSetting = defineSetting(
  'promocodes.banners',
  z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'lower-case letters, digits and dashes'),
        /** The code the banner's button activates ('' for a banner that only links). */
        code: z
          .string()
          .regex(
            /^([A-Za-z0-9_-]{3,32})?$/,
            'empty, or a code of 3 to 32 letters, digits, dashes or underscores',
          )
          .default(''),
        type: z.enum(PROMOTION_BANNER_TYPES),
        /** Shown on the sportsbook (true) or the casino lobby (false). */
        sport: z.boolean().default(false),
        /** Where the banner leads (a path such as /promotions, or ''). */
        link: z.string().max(300).default(''),
        title: z.string().min(1).max(80),
        text: z.string().max(200).default(''),
        button: z.string().max(40).default(''),
        enabled: z.boolean().default(true),
      }),
    )
    .max(20)
    .refine((list) => new Set(list.map((b) => b.id)).size === list.length, 'banner ids must be unique'),
  [],
  'promocodes',
  'Promotion banners of the lobby slider: {id, code (activated by its button), type (Deposit, Poker, Casino, Sport; Poker is hidden from guests), sport (sportsbook or casino), link, title, text, button, enabled}.',
  { permission: 'banner' },
);

export const promocodeSettings: readonly Setting[] = [
  dailyLimitSetting,
  maxBalanceSetting,
  promotionBannersSetting,
];

/** The development demo banners (seeded only when none are stored). */
export const DEMO_BANNERS = [
  {
    id: 'welcome-code',
    code: 'WELCOME10',
    type: 'Deposit' as const,
    sport: false,
    link: '/promotions',
    title: 'Welcome gift: 10 USDT',
    text: 'New here? Claim 10 USDT of real money with code WELCOME10.',
    button: 'Claim WELCOME10',
    enabled: true,
  },
  {
    id: 'bonus-code',
    code: 'BONUS50',
    type: 'Casino' as const,
    sport: false,
    link: '/promotions',
    title: '50 USDT bonus money',
    text: 'Activate BONUS50 for 50 USDT of bonus money; wager it 10 times and it is yours.',
    button: 'Get the bonus',
    enabled: true,
  },
  {
    id: 'poker-night',
    code: '',
    type: 'Poker' as const,
    sport: false,
    link: '/poker',
    title: 'Poker night',
    text: 'Tables open every evening for signed-in players.',
    button: 'Take a seat',
    enabled: true,
  },
  {
    id: 'sport-boost',
    code: 'SPORT5',
    type: 'Sport' as const,
    sport: true,
    link: '/sports',
    title: '5 USDT for your first bet slip',
    text: 'Activate SPORT5 and back your team.',
    button: 'Activate SPORT5',
    enabled: true,
  },
];

export async function seedDemoBanners(database: Database): Promise<void> {
  await seedSetting(database, promotionBannersSetting, DEMO_BANNERS);
}
