/**
 * The faucet's operator settings (settings registry, decision 0016; owner `faucet`). The largest reward
 * of each VIP level is the level table's `faucetMax` (`vip.levels`).
 */
import { z } from 'zod';
import { defineSetting, type Setting } from '../../platform/settings/index.js';

export const faucetCurrencySetting = defineSetting(
  'faucet.currency',
  z.string().regex(/^[a-z0-9_]{1,32}$/, 'a currency id such as usdt'),
  'usdt',
  'faucet',
  'The currency the faucet pays in (real money from the promotions account; the USD reward converted at its price).',
  { permission: 'promocodes' },
);

export const faucetCooldownSetting = defineSetting(
  'faucet.cooldown_hours',
  z
    .number()
    .int()
    .min(1)
    .max(24 * 7),
  24,
  'faucet',
  'Hours between two faucet claims of a player (one claim per day: 24).',
  { permission: 'promocodes' },
);

export const faucetMinPercentSetting = defineSetting(
  'faucet.min_percent',
  z.number().int().min(1).max(100),
  25,
  'faucet',
  'The smallest faucet reward as a percent of the VIP level’s faucet maximum (the reward is drawn uniformly between the two; 100 pays the maximum every time).',
  { permission: 'promocodes' },
);

export const faucetSettings: readonly Setting[] = [
  faucetCurrencySetting,
  faucetCooldownSetting,
  faucetMinPercentSetting,
];
