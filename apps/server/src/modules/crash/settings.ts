/**
 * The operator settings crash reads: its own round timings (`crash.*`, declared here in the settings
 * registry), the in-house games' switches and limits (the `games.*` settings of the games module) and
 * crash's house edge (`games.house_edge_bps` -> `crash`). What a deployment needs to start (the tick
 * cadence, the hash-chain shape, the salt chain and its explorer links, the repair grace) stays in the
 * environment (config.ts; decision 0016).
 *
 * Invariants:
 *  - The loop reads the round timings when it opens a round (betting time) and while it waits after a
 *    bust (pause), through the node's settings cache: a change applies from the next round, on every
 *    node that becomes leader, never to a round already open (its betting time is stored with it).
 */
import { crash } from '@nebula/games';
import { z } from 'zod';
import { defineSetting, type Setting, type SettingsStore } from '../../platform/settings/index.js';
import { edgeFor, isGameAvailable, loadGameSettings } from '../games/index.js';

export const crashBettingMs = defineSetting(
  'crash.betting_ms',
  z.number().int().min(1_000).max(600_000),
  15_000,
  'crash',
  'Betting time of a crash round, ms (spec: 15 s; 1 s to 10 min). Applies from the next round.',
);
export const crashPauseMs = defineSetting(
  'crash.pause_ms',
  z.number().int().min(0).max(600_000),
  3_000,
  'crash',
  'Pause after a crash round busts before the next one opens, ms (players see the crash point; 0 to 10 min).',
);

/** Crash's own settings (its module definition's `settings`). */
export const crashSettings: readonly Setting[] = [crashBettingMs, crashPauseMs];

/** The round timings in force. */
export interface CrashTimings {
  bettingMs: number;
  pauseMs: number;
}

/** The round timings in force, from the node's settings cache. */
export async function loadCrashTimings(settings: SettingsStore): Promise<CrashTimings> {
  const [bettingMs, pauseMs] = await Promise.all([settings.get(crashBettingMs), settings.get(crashPauseMs)]);
  return { bettingMs, pauseMs };
}

export interface CrashSettings {
  /** All in-house games off (-99). */
  disabled: boolean;
  /** Crash switched off by the operator (-5). */
  unavailable: boolean;
  maxBetEur: string;
  maxProfitUsd: string;
  houseEdgeBps: number;
}

/** The game settings in force for crash, from the node's settings cache. */
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
