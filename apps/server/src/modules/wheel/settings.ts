/**
 * The bonus wheel's operator settings (settings registry, decision 0016; owner `wheel`):
 * - `wheel.prizes`: the 6 prizes (USD) and their published weights (the chance of a prize is its weight
 *   over the sum); the wheel shows them doubled to 12 segments;
 * - `wheel.currency`: the currency prizes are credited in, as bonus money (their USD at its price);
 * - `wheel.wagering_multiplier`, `wheel.expiry_days`: the prize bonus's wagering (prize times this) and
 *   how long it can be wagered;
 * - `wheel.registration_tickets`: the tickets every player gets after registration.
 */
import { BONUS_WHEEL_MAX_WEIGHT, BONUS_WHEEL_PRIZES } from '@nebula/games';
import { z } from 'zod';
import { defineSetting, type Setting } from '../../platform/settings/index.js';

const usd = z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, 'a USD amount such as 5 or 0.25');

export const wheelPrizesSchema = z
  .array(z.object({ usd, weight: z.number().int().min(0).max(BONUS_WHEEL_MAX_WEIGHT) }).strict())
  .length(BONUS_WHEEL_PRIZES)
  .refine((prizes) => prizes.some((p) => p.weight > 0), 'at least one prize needs a weight above 0');
export type WheelPrizeSetting = z.infer<typeof wheelPrizesSchema>[number];

/** Small prizes often, the largest rarely (a mean of about $0.61 before the VIP cap). */
export const DEFAULT_WHEEL_PRIZES: readonly WheelPrizeSetting[] = [
  { usd: '0.10', weight: 40 },
  { usd: '0.25', weight: 25 },
  { usd: '0.50', weight: 17 },
  { usd: '1', weight: 10 },
  { usd: '2.50', weight: 6 },
  { usd: '5', weight: 2 },
];

export const wheelPrizesSetting = defineSetting(
  'wheel.prizes',
  wheelPrizesSchema,
  [...DEFAULT_WHEEL_PRIZES],
  'wheel',
  'The bonus wheel: exactly 6 prizes {usd, weight}; the chance of a prize is its weight over the sum (published to players). Each prize is capped by the VIP level’s bonusWheelMaxReward and credited as bonus money.',
  { permission: 'promocodes' },
);

export const wheelCurrencySetting = defineSetting(
  'wheel.currency',
  z.string().regex(/^[a-z0-9_]{1,32}$/, 'a currency id such as usdt'),
  'usdt',
  'wheel',
  'The currency bonus wheel prizes are credited in (their USD converted at its price), as bonus money from the promotions account.',
  { permission: 'promocodes' },
);

export const wheelMultiplierSetting = defineSetting(
  'wheel.wagering_multiplier',
  z.number().int().min(0).max(1000),
  5,
  'wheel',
  'A wheel prize must be wagered this many times before it turns into real money.',
  { permission: 'promocodes' },
);

export const wheelExpirySetting = defineSetting(
  'wheel.expiry_days',
  z.number().int().min(1).max(365),
  7,
  'wheel',
  'Days a wheel prize can be wagered before what is left of it is forfeited.',
  { permission: 'promocodes' },
);

export const wheelRegistrationTicketsSetting = defineSetting(
  'wheel.registration_tickets',
  z.number().int().min(0).max(100),
  1,
  'wheel',
  'Tickets every player gets after registration (granted once, the first time they open the wheel).',
  { permission: 'promocodes' },
);

export const wheelSettings: readonly Setting[] = [
  wheelPrizesSetting,
  wheelCurrencySetting,
  wheelMultiplierSetting,
  wheelExpirySetting,
  wheelRegistrationTicketsSetting,
];
