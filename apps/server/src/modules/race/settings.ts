/**
 * The race plugin's configuration (licence `plugins.race` and `pluginSettings.race`):
 * `{reward: '1000', currency: 'usdt'}` — the weekly prize pool as a decimal string (a JSON number is
 * accepted too) in the currency's units, paid from the `promotions` system account. A missing or
 * invalid reward, or an unknown currency, means a pool of 0 (the race still ranks, nobody is paid).
 * The currency defaults to usdt.
 */
import { RACE_PRIZE_SHARES_PERMILLE } from '@nebula/contracts';
import { toDecimalString, tryParseAmount } from '@nebula/money';
import type { Database } from '../../db/client.js';
import { putSetting, readLicenseSettings } from '../platform/index.js';

export const DEFAULT_RACE_CURRENCY = 'usdt';
/** Seeded in development when the licence names no reward. */
export const DEVELOPMENT_RACE_SETTINGS = { reward: '1000', currency: DEFAULT_RACE_CURRENCY } as const;

export interface RaceConfig {
  /** The race plugin is on. */
  enabled: boolean;
  currency: string;
  decimals: number;
  /** The pool in atomic units of `currency`. */
  pool: bigint;
}

/** The race configuration in force. */
export async function loadRaceConfig(database: Database): Promise<RaceConfig> {
  const license = await readLicenseSettings(database);
  const raw = license.pluginSettings.race ?? {};
  const currency = typeof raw.currency === 'string' && raw.currency ? raw.currency : DEFAULT_RACE_CURRENCY;
  const rows = await database.query<{ decimals: number }>('select decimals from currencies where id = $1', [
    currency,
  ]);
  const decimals = rows[0]?.decimals;
  let pool = 0n;
  if (decimals !== undefined && (typeof raw.reward === 'string' || typeof raw.reward === 'number')) {
    const parsed = tryParseAmount(String(raw.reward), decimals);
    if (parsed.ok) pool = parsed.value;
  }
  return {
    enabled: license.plugins.race === true,
    currency,
    decimals: decimals ?? 8,
    pool,
  };
}

/** The prize of each paid place: floor(pool * share); what the floors leave stays with promotions. */
export function racePrizes(pool: bigint): bigint[] {
  return RACE_PRIZE_SHARES_PERMILLE.map((share) => (pool * BigInt(share)) / 1000n);
}

/** {@link racePrizes} as decimal strings. */
export function racePrizeStrings(pool: bigint, decimals: number): string[] {
  return racePrizes(pool).map((p) => toDecimalString(p, decimals));
}

/** Development only: gives the race plugin a pool when the licence has none (never overwrites one). */
export async function seedDevelopmentRaceSettings(database: Database): Promise<void> {
  const license = await readLicenseSettings(database);
  const race = license.pluginSettings.race ?? {};
  if ('reward' in race) return;
  license.pluginSettings.race = { ...DEVELOPMENT_RACE_SETTINGS, ...race };
  await putSetting(database, 'license', license);
}
