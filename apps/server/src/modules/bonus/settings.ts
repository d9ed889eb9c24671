/**
 * The bonus programme's operator settings (settings registry, decision 0016):
 * - `bonus.deposit_promotions`: the deposit promotions players opt in to before a deposit;
 * - `bonus.wagering_weights`: how much of a stake counts toward a bonus's wagering, in percent, per
 *   product, per game (the `bets.game` id) and per catalogue category (a provider game's
 *   `custom_category`); the most specific entry wins (game, then category, then product; a product
 *   not listed counts 0). Spec 2 section 5: bonus money is not accepted in live games, poker, futures
 *   or card games, so those count 0 by default;
 * - `bonus.reset_below_usd`: below this USD value a spent-down bonus resets (spec 2 sections 5, 9).
 */
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { defineSetting, seedSetting, type Setting } from '../../platform/settings/index.js';

const usd = z.string().regex(/^\d{1,12}(\.\d{1,8})?$/, 'a USD amount such as 100 or 12.5');
const percent = z.number().int().min(0).max(100);

export const depositPromotionsSetting = defineSetting(
  'bonus.deposit_promotions',
  z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'lower-case letters, digits and dashes'),
        name: z.string().min(1).max(80),
        description: z.string().max(500),
        /** The bonus as a percentage of the qualifying deposit. */
        percent: z.number().int().min(1).max(1000),
        /** The largest bonus, in USD. */
        max: usd,
        /** The smallest qualifying deposit, in USD. */
        minDeposit: usd.default('0'),
        /** The wagering requirement: the bonus times this (spec: "x{multiplier}"). */
        multiplier: z.number().int().min(0).max(1000),
        expiryDays: z.number().int().min(1).max(365),
        enabled: z.boolean().default(true),
      }),
    )
    .max(20)
    .refine((list) => new Set(list.map((p) => p.id)).size === list.length, 'promotion ids must be unique'),
  [],
  'bonus',
  'Deposit promotions players opt in to before their deposit: {id, name, description, percent of the deposit, max bonus (USD), minDeposit (USD), multiplier (wagering: bonus times this), expiryDays, enabled}. One bonus per person.',
  { permission: 'promocodes' },
);

export const DEFAULT_WAGERING_WEIGHTS = {
  products: { originals: 100, extended: 100, crash: 100, slots: 100, sports: 100, 'external-sports': 100 },
  // Card games of the house (blackjack, baccarat, hi-lo, video poker).
  games: { blackjack: 0, baccarat: 0, hilo: 0, videopoker: 0 },
  // Live casino games of the providers.
  categories: { live: 0 },
};

export const wageringWeightsSetting = defineSetting(
  'bonus.wagering_weights',
  z.object({
    products: z.record(z.string().max(40), percent),
    games: z.record(z.string().max(120), percent),
    categories: z.record(z.string().max(40), percent),
  }),
  DEFAULT_WAGERING_WEIGHTS,
  'bonus',
  "Percent of a stake that counts toward a bonus's wagering, per product, per game id and per catalogue category (game wins over category over product; an unlisted product counts 0). Live, poker, futures and card games count 0.",
  { permission: 'promocodes' },
);

export const resetBelowSetting = defineSetting(
  'bonus.reset_below_usd',
  usd,
  '10',
  'bonus',
  'When a bonus that has been played down is worth less than this (USD), its wagering requirement resets: the bonus ends and what is left of it is forfeited.',
  { permission: 'promocodes' },
);

export const bonusSettings: readonly Setting[] = [
  depositPromotionsSetting,
  wageringWeightsSetting,
  resetBelowSetting,
];

/** The development demo promotion (seeded only when none is stored). */
export const DEMO_DEPOSIT_PROMOTION = {
  id: 'welcome',
  name: 'First deposit bonus',
  description:
    'Opt in, then deposit: we add 100% of your deposit as bonus money, up to $500. Wager it 10 times within 30 days and it becomes real money.',
  percent: 100,
  max: '500',
  minDeposit: '10',
  multiplier: 10,
  expiryDays: 30,
  enabled: true,
};

export async function seedDemoPromotions(database: Database): Promise<void> {
  await seedSetting(database, depositPromotionsSetting, [DEMO_DEPOSIT_PROMOTION]);
}
