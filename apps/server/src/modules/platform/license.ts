/**
 * The vendor licence: the site's name, whether it is a demo build, and which features and plugins are
 * on, with the plugins' settings. One setting of the registry (`license`, owned by the platform
 * module; decision 0016), read through the node's settings store like every other.
 *
 * Invariants:
 *  - The defaults are declared once, here ({@link DEFAULT_LICENSE}); a stored licence is read over
 *    them field by field, and a feature or plugin it does not name (one a newer release added) has its
 *    default state, so nothing is seeded into the table.
 *  - A stored licence the schema refuses (only a hand edit can store one) gives the default licence,
 *    logged by the store (decision 0016).
 */
import { pluginIds, type License, type PluginId } from '@nebula/contracts';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { defineSetting, parseStored, type SettingsStore } from '../../platform/settings/index.js';

/** The licence settings: every known feature and plugin with its on/off state. */
export interface LicenseSettings {
  isValid: boolean;
  siteName: string;
  demo: boolean;
  features: Record<string, boolean>;
  plugins: Record<string, boolean>;
  pluginSettings: Record<string, Record<string, unknown>>;
}

export const FEATURE_NAMES: Record<string, string> = {
  casino: 'Casino originals',
  chat: 'Live chat',
  wallet: 'Crypto wallet',
  promotions: 'Promotions and promo codes',
  bonus_wheel: 'Bonus wheel',
  faucet: 'Daily faucet',
  rakeback: 'Rakeback',
  vip: 'VIP programme',
  token: 'Token analytics',
  fairness: 'Provably fair verification',
};

export const PLUGIN_NAMES: Record<PluginId, string> = {
  sportsbook: 'Sportsbook',
  sportsbook_external: 'External sportsbook',
  poker: 'Poker and PvP pools',
  trading: 'Futures trading',
  race: 'Weekly race',
  solo_currency: 'Single currency',
  support_chat: 'Support chat',
};

export const DEFAULT_LICENSE: LicenseSettings = {
  isValid: true,
  siteName: 'Nebula',
  demo: false,
  features: Object.fromEntries(Object.keys(FEATURE_NAMES).map((id) => [id, true])),
  plugins: {
    sportsbook: false,
    sportsbook_external: false,
    poker: false,
    trading: false,
    race: true,
    solo_currency: false,
    support_chat: true,
  },
  pluginSettings: {
    trading: { pnl_fee: 0, max_roi: 1000 },
    solo_currency: { currency: 'usdt' },
    // No reward by default: the operator sets the weekly pool (race.prize_pool); see modules/race.
    race: { currency: 'usdt' },
  },
};

const id = z.string().min(1).max(64);
/** On/off states by id, read over `defaults` (an id not stored keeps its default state). */
const switches = (defaults: Readonly<Record<string, boolean>>) =>
  z
    .record(id, z.boolean())
    .optional()
    .transform((stored) => ({ ...defaults, ...stored }));

export const licenseSetting = defineSetting(
  'license',
  z.object({
    isValid: z.boolean().default(DEFAULT_LICENSE.isValid),
    siteName: z.string().min(1).max(100).default(DEFAULT_LICENSE.siteName),
    demo: z.boolean().default(DEFAULT_LICENSE.demo),
    features: switches(DEFAULT_LICENSE.features),
    plugins: switches({
      ...DEFAULT_LICENSE.plugins,
      // Every plugin the contracts know has a state (off unless the default says otherwise).
      ...Object.fromEntries(pluginIds.filter((p) => !(p in DEFAULT_LICENSE.plugins)).map((p) => [p, false])),
    }),
    pluginSettings: z
      .record(id, z.record(z.string().max(64), z.unknown()))
      .optional()
      .transform((stored) => stored ?? DEFAULT_LICENSE.pluginSettings),
  }),
  DEFAULT_LICENSE,
  'platform',
  "The licence: site name, demo build, the features and plugins switched on (by id) and the plugins' settings. " +
    'A feature or plugin not listed has its default state.',
);

/** The licence in force, from the node's settings cache. */
export async function readLicenseSettings(settings: Pick<SettingsStore, 'get'>): Promise<LicenseSettings> {
  return settings.get(licenseSetting);
}

/**
 * The licence in force read straight from the table, parsed by the same setting: for the start-up seed,
 * which runs before the node's settings store exists, and for readers handed only the database.
 */
export async function readLicenseFrom(database: Pick<Database, 'query'>): Promise<LicenseSettings> {
  const rows = await database.query<{ value: unknown }>('select value from settings where key = $1', [
    licenseSetting.key,
  ]);
  return parseStored(licenseSetting, rows[0]?.value).value;
}

/** The client's view of the licence (spec 3 section 3): enabled features and plugins only. */
export function toLicense(s: LicenseSettings): License {
  const plugins = Object.entries(s.plugins)
    .filter(([, on]) => on)
    .map(([id]) => id);
  return {
    isValid: s.isValid,
    siteName: s.siteName,
    demo: s.demo,
    enabledFeatures: Object.entries(s.features)
      .filter(([, on]) => on)
      .map(([id]) => ({ id })),
    plugins,
    pluginSettings: Object.fromEntries(
      Object.entries(s.pluginSettings).filter(([id]) => plugins.includes(id)),
    ),
  };
}
