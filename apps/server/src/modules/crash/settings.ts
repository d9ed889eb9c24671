/**
 * The operator settings crash reads: the in-house games' switches and limits (the `games.*` settings
 * of the games module, in the settings registry) and crash's house edge (`games.house_edge_bps` ->
 * `crash`). Crash declares no setting of its own; its timings are start-up configuration (config.ts).
 */
import { crash } from '@nebula/games';
import type { SettingsStore } from '../../platform/settings/index.js';
import { edgeFor, isGameAvailable, loadGameSettings } from '../games/index.js';

export interface CrashSettings {
  /** All in-house games off (-99). */
  disabled: boolean;
  /** Crash switched off by the operator (-5). */
  unavailable: boolean;
  maxBetEur: string;
  maxProfitUsd: string;
  houseEdgeBps: number;
}

/** The settings in force, from the node's settings cache. */
export async function loadCrashSettings(settings: SettingsStore): Promise<CrashSettings> {
  const games = await loadGameSettings(settings);
  return {
    disabled: games.disabled,
    unavailable: !isGameAvailable(games, crash),
    maxBetEur: games.maxBetEur,
    maxProfitUsd: games.maxProfitUsd,
    houseEdgeBps: edgeFor(games, crash),
  };
}
