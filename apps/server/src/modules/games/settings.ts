/**
 * Operator settings of the in-house games (declared in the settings registry, platform/settings), the
 * pure checks the engine and the GameData whisper share, and the house edge per game.
 */
import { DEFAULT_HOUSE_EDGE_BPS, MAX_HOUSE_EDGE_BPS, type GameDefinition } from '@nebula/games';
import { z } from 'zod';
import { defineSetting, type Setting, type SettingsStore } from '../../platform/settings/index.js';

const DECIMAL = /^\d{1,15}(\.\d{1,8})?$/;
/** A non-negative amount as a decimal string (a whole JSON number is accepted too). */
const amount = z.union([
  z.string().regex(DECIMAL, 'a decimal amount such as 20 or 0.5'),
  z.number().int().min(0).max(999_999_999_999_999).transform(String),
]);
const gameId = z.string().min(1).max(64);

export const gamesDisabled = defineSetting(
  'games.disabled',
  z.boolean(),
  false,
  'games',
  'true switches every in-house game off (play error -99).',
);
export const gamesDisabledIds = defineSetting(
  'games.disabled_ids',
  z.array(gameId).max(1000),
  [],
  'games',
  'Game ids the operator switched off one by one (play error -5).',
);
export const gamesMaxBetEur = defineSetting(
  'games.max_bet_eur',
  amount,
  '20',
  'games',
  'The largest real-money bet, in EUR (converted with the currency price; play error -9).',
);
export const gamesMaxProfitUsd = defineSetting(
  'games.max_profit_usd',
  amount,
  '10000',
  'games',
  'The largest profit one real-money bet may win, in USD (play error -11).',
);
export const gamesHouseEdgeBps = defineSetting(
  'games.house_edge_bps',
  z.record(gameId, z.number().int().min(0).max(MAX_HOUSE_EDGE_BPS)),
  {},
  'games',
  'House edge per game id in basis points; a game not listed uses its default (1%).',
);

/** The games module's settings (crash reads them too). */
export const gamesSettings: readonly Setting[] = [
  gamesDisabled,
  gamesDisabledIds,
  gamesMaxBetEur,
  gamesMaxProfitUsd,
  gamesHouseEdgeBps,
];

/** The settings as the engine reads them. */
export interface GameSettings {
  disabled: boolean;
  disabledIds: ReadonlySet<string>;
  maxBetEur: string;
  maxProfitUsd: string;
  houseEdgeBps: Readonly<Record<string, number>>;
}

/**
 * A game as the engine sees it. `demo: false` marks a game that takes no demo bets (play error -7);
 * none of the eight single-round games sets it. (The flag belongs on `SingleRoundGame` in
 * @nebula/games; until it is declared there the engine reads it through this type.)
 */
export type EngineGame = GameDefinition & { readonly demo?: boolean };

/** The game settings in force (from the node's settings cache). */
export async function loadGameSettings(settings: SettingsStore): Promise<GameSettings> {
  const [disabled, disabledIds, maxBetEur, maxProfitUsd, houseEdgeBps] = await Promise.all([
    settings.get(gamesDisabled),
    settings.get(gamesDisabledIds),
    settings.get(gamesMaxBetEur),
    settings.get(gamesMaxProfitUsd),
    settings.get(gamesHouseEdgeBps),
  ]);
  return { disabled, disabledIds: new Set(disabledIds), maxBetEur, maxProfitUsd, houseEdgeBps };
}

/** The house edge in force for `game`: the setting when it names the game, else the game's default. */
export function edgeFor(
  settings: GameSettings,
  game: { readonly id: string; readonly defaultHouseEdgeBps?: number },
): number {
  return settings.houseEdgeBps[game.id] ?? game.defaultHouseEdgeBps ?? DEFAULT_HOUSE_EDGE_BPS;
}

/** False when the operator switched this game off (play error -5). */
export function isGameAvailable(settings: GameSettings, game: { readonly id: string }): boolean {
  return !settings.disabledIds.has(game.id);
}

/** False for a game whose definition says it takes no demo bets (play error -7). */
export function acceptsDemo(game: Pick<EngineGame, 'demo'>): boolean {
  return game.demo !== false;
}
