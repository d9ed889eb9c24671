/**
 * The operator settings crash reads: the in-house games' switches and limits (`games.*` keys of the
 * games module) and crash's house edge (`games.house_edge_bps` -> `crash`). Malformed values fall back
 * to the defaults, as the games engine does.
 */
import { MAX_HOUSE_EDGE_BPS, crash } from '@nebula/games';
import type { Database } from '../../db/client.js';
import { GAME_SETTINGS } from '../games/index.js';

export interface CrashSettings {
  /** All in-house games off (-99). */
  disabled: boolean;
  /** Crash switched off by the operator (-5). */
  unavailable: boolean;
  maxBetEur: string;
  maxProfitUsd: string;
  houseEdgeBps: number;
}

/**
 * Every setting key crash reads. A function, not a constant: the games module imports this module (to
 * route Play of 'crash'), so nothing here may read its exports while the modules are being loaded.
 */
export function crashSettingKeys(): string[] {
  return [
    GAME_SETTINGS.disabled,
    GAME_SETTINGS.disabledIds,
    GAME_SETTINGS.maxBetEur,
    GAME_SETTINGS.maxProfitUsd,
    GAME_SETTINGS.houseEdgeBps,
  ];
}

const DECIMAL = /^\d+(\.\d+)?$/;

/** Parses the raw values of {@link crashSettingKeys} (a `key -> jsonb value` object). */
export function parseCrashSettings(raw: Record<string, unknown> | null | undefined): CrashSettings {
  const get = (key: string) => raw?.[key];
  const text = (key: string, fallback: string) => {
    const v = get(key);
    const s = typeof v === 'number' ? String(v) : v;
    return typeof s === 'string' && DECIMAL.test(s) ? s : fallback;
  };
  const ids = get(GAME_SETTINGS.disabledIds);
  const edges = get(GAME_SETTINGS.houseEdgeBps);
  const edge =
    edges && typeof edges === 'object' && !Array.isArray(edges)
      ? (edges as Record<string, unknown>)[crash.id]
      : undefined;
  return {
    disabled: get(GAME_SETTINGS.disabled) === true,
    unavailable: Array.isArray(ids) && ids.includes(crash.id),
    maxBetEur: text(GAME_SETTINGS.maxBetEur, '20'),
    maxProfitUsd: text(GAME_SETTINGS.maxProfitUsd, '10000'),
    houseEdgeBps:
      typeof edge === 'number' && Number.isInteger(edge) && edge >= 0 && edge <= MAX_HOUSE_EDGE_BPS
        ? edge
        : crash.defaultHouseEdgeBps,
  };
}

/** Reads the settings (one query). */
export async function loadCrashSettings(database: Pick<Database, 'query'>): Promise<CrashSettings> {
  const rows = await database.query<{ settings: Record<string, unknown> | null }>(
    'select jsonb_object_agg(key, value) as settings from settings where key = any($1::text[])',
    [crashSettingKeys()],
  );
  return parseCrashSettings(rows[0]?.settings);
}
