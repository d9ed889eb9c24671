/** Operator settings of third-party games (the settings registry, platform/settings). */
import { z } from 'zod';
import { defineSetting, type Setting, type SettingsStore } from '../../platform/settings/index.js';

const amount = z.union([
  z.string().regex(/^\d{1,15}(\.\d{1,8})?$/, 'a decimal amount such as 20 or 0.5'),
  z.number().int().min(0).max(999_999_999_999_999).transform(String),
]);

export const slotsDisabled = defineSetting(
  'slots.disabled',
  z.boolean(),
  false,
  'slots',
  'true switches every third-party game off: launches are refused and bets answered with an error.',
);
export const slotsMaxBetEur = defineSetting(
  'slots.max_bet_eur',
  amount,
  '100',
  'slots',
  'The largest real-money bet of a third-party game, in EUR (converted with the currency price).',
);
export const slotsGameListMinutes = defineSetting(
  'slots.game_list_minutes',
  z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  60,
  'slots',
  "How often the leader reads the aggregator's game list again, in minutes.",
);

export const slotsSettings: readonly Setting[] = [slotsDisabled, slotsMaxBetEur, slotsGameListMinutes];

/** The settings as the stake policy reads them (a slot's profit is the provider's: no max profit). */
export async function loadSlotSettings(
  settings: SettingsStore,
): Promise<{ disabled: boolean; maxBetEur: string; maxProfitUsd: string }> {
  const [disabled, maxBetEur] = await Promise.all([
    settings.get(slotsDisabled),
    settings.get(slotsMaxBetEur),
  ]);
  return { disabled, maxBetEur, maxProfitUsd: '1000000000' };
}
