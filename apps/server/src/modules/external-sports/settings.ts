/** Operator settings of the external sportsbook (the settings registry, platform/settings). */
import { z } from 'zod';
import { defineSetting, type Setting, type SettingsStore } from '../../platform/settings/index.js';
import { readLicenseSettings } from '../platform/index.js';

export const externalSportsMaxBetEur = defineSetting(
  'external_sports.max_bet_eur',
  z.string().regex(/^\d{1,15}(\.\d{1,8})?$/, 'a decimal amount such as 500 or 0.5'),
  '500',
  'external-sports',
  'The largest real-money stake of an external sportsbook bet, in EUR (converted with the currency price).',
);
export const externalSportsTokenMinutes = defineSetting(
  'external_sports.token_minutes',
  z
    .number()
    .int()
    .min(5)
    .max(24 * 60),
  60,
  'external-sports',
  'How long a player JWT given to the external sportsbook renderer is valid, in minutes.',
);

export const externalSportsSettings: readonly Setting[] = [
  externalSportsMaxBetEur,
  externalSportsTokenMinutes,
];

/** The licence plugin that selects the external sportsbook (spec 1: one of the two sportsbook plugins). */
export const EXTERNAL_SPORTS_PLUGIN = 'sportsbook_external';

/** Whether the operator's licence has the external sportsbook on. */
export async function externalSportsOn(settings: SettingsStore): Promise<boolean> {
  return (await readLicenseSettings(settings)).plugins[EXTERNAL_SPORTS_PLUGIN] === true;
}

/** The settings as the stake policy reads them (a bet's profit is the provider's: no max profit here). */
export async function loadStakeSettings(
  settings: SettingsStore,
): Promise<{ disabled: boolean; maxBetEur: string; maxProfitUsd: string }> {
  const [on, maxBetEur] = await Promise.all([
    externalSportsOn(settings),
    settings.get(externalSportsMaxBetEur),
  ]);
  return { disabled: !on, maxBetEur, maxProfitUsd: '1000000000' };
}
