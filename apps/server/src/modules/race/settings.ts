/**
 * The race's configuration: whether it runs is the licence's `plugins.race` switch (platform module);
 * its weekly prize pool is the `race.prize_pool` setting (settings registry): `{reward: '1000',
 * currency: 'usdt'}`, the pool as a decimal string (a JSON number is accepted too) in the currency's
 * units, paid from the `promotions` system account. A reward the currency cannot hold, or an unknown
 * currency, means a pool of 0 (the race still ranks, nobody is paid). Until migration 0023 the pool
 * lived in the licence's `pluginSettings.race`.
 */
import { RACE_PRIZE_SHARES_PERMILLE } from '@nebula/contracts';
import { toDecimalString, tryParseAmount } from '@nebula/money';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import {
  defineSetting,
  seedSetting,
  type Setting,
  type SettingsStore,
} from '../../platform/settings/index.js';
import { readLicenseSettings } from '../platform/index.js';

export const DEFAULT_RACE_CURRENCY = 'usdt';
/** Seeded in development when no pool is stored. */
export const DEVELOPMENT_RACE_SETTINGS = { reward: '1000', currency: DEFAULT_RACE_CURRENCY } as const;

export const racePrizePool = defineSetting(
  'race.prize_pool',
  z.object({
    reward: z.union([
      z.string().regex(/^\d{1,30}(\.\d{1,18})?$/, 'a decimal amount such as 1000'),
      z.number().int().min(0).max(999_999_999_999_999).transform(String),
    ]),
    currency: z
      .string()
      .regex(/^[a-z0-9_]{1,32}$/, 'a currency id such as usdt')
      .default(DEFAULT_RACE_CURRENCY),
  }),
  { reward: '0' },
  'race',
  "The weekly race's prize pool in units of its currency, shared by the top 20 and paid from the promotions account; 0: the race ranks, nobody is paid.",
  { permission: 'promocodes' },
);

/** The race module's settings. */
export const raceSettings: readonly Setting[] = [racePrizePool];

export interface RaceConfig {
  /** The race plugin is on. */
  enabled: boolean;
  currency: string;
  decimals: number;
  /** The pool in atomic units of `currency`. */
  pool: bigint;
}

/** Whether the race runs (the licence's race plugin). */
export async function raceEnabled(settings: Pick<SettingsStore, 'get'>): Promise<boolean> {
  return (await readLicenseSettings(settings)).plugins.race === true;
}

/** The race configuration in force. */
export async function loadRaceConfig(ctx: Pick<AppContext, 'database' | 'settings'>): Promise<RaceConfig> {
  const [enabled, { reward, currency }] = await Promise.all([
    raceEnabled(ctx.settings),
    ctx.settings.get(racePrizePool),
  ]);
  const rows = await ctx.database.query<{ decimals: number }>(
    'select decimals from currencies where id = $1',
    [currency],
  );
  const decimals = rows[0]?.decimals;
  let pool = 0n;
  if (decimals !== undefined) {
    const parsed = tryParseAmount(reward, decimals);
    if (parsed.ok) pool = parsed.value;
  }
  return { enabled, currency, decimals: decimals ?? 8, pool };
}

/** The prize of each paid place: floor(pool * share); what the floors leave stays with promotions. */
export function racePrizes(pool: bigint): bigint[] {
  return RACE_PRIZE_SHARES_PERMILLE.map((share) => (pool * BigInt(share)) / 1000n);
}

/** {@link racePrizes} as decimal strings. */
export function racePrizeStrings(pool: bigint, decimals: number): string[] {
  return racePrizes(pool).map((p) => toDecimalString(p, decimals));
}

/** Development only: gives the race a pool when none is stored (never overwrites one). */
export async function seedDevelopmentRaceSettings(database: Database): Promise<void> {
  await seedSetting(database, racePrizePool, DEVELOPMENT_RACE_SETTINGS);
}
