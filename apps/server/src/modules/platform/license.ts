import { pluginIds, type License, type PluginId } from '@nebula/contracts';
import type { Database } from '../../db/client.js';
import { getSetting, insertSettingIfMissing, putSetting } from './platform.repository.js';

/** The stored licence settings: every known feature and plugin with its on/off state. */
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

const LICENSE_KEY = 'license';

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
    // No reward by default: the operator sets the weekly pool (development seeds one); see modules/race.
    race: { currency: 'usdt' },
  },
};

export async function seedLicense(database: Database): Promise<void> {
  await insertSettingIfMissing(database, LICENSE_KEY, DEFAULT_LICENSE);
  // A newer release may know features or plugins an older database lacks: add them, switched as default.
  const current = await readLicenseSettings(database);
  let changed = false;
  for (const [id, on] of Object.entries(DEFAULT_LICENSE.features)) {
    if (!(id in current.features)) {
      current.features[id] = on;
      changed = true;
    }
  }
  for (const id of pluginIds) {
    if (!(id in current.plugins)) {
      current.plugins[id] = DEFAULT_LICENSE.plugins[id] ?? false;
      changed = true;
    }
  }
  if (changed) await putSetting(database, LICENSE_KEY, current);
}

export async function readLicenseSettings(database: Database): Promise<LicenseSettings> {
  const stored = await getSetting<Partial<LicenseSettings>>(database, LICENSE_KEY);
  return {
    ...DEFAULT_LICENSE,
    ...stored,
    features: { ...(stored?.features ?? DEFAULT_LICENSE.features) },
    plugins: { ...(stored?.plugins ?? DEFAULT_LICENSE.plugins) },
    pluginSettings: { ...(stored?.pluginSettings ?? DEFAULT_LICENSE.pluginSettings) },
  };
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
