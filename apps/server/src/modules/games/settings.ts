/**
 * Operator settings of the in-house games (table `settings`), the pure checks the engine and the
 * GameData whisper share, and the house edge per game.
 */
import { DEFAULT_HOUSE_EDGE_BPS, MAX_HOUSE_EDGE_BPS, type GameDefinition } from '@nebula/games';
import type { Database } from '../../db/client.js';

/** Setting keys, seeded with {@link GAME_SETTING_DEFAULTS} and never overwritten. */
export const GAME_SETTINGS = {
  /** true switches every in-house game off (play error -99). */
  disabled: 'games.disabled',
  /** A JSON array of game ids the operator switched off one by one (play error -5). */
  disabledIds: 'games.disabled_ids',
  maxBetEur: 'games.max_bet_eur',
  maxProfitUsd: 'games.max_profit_usd',
  /** {gameId: basis points}; a game not listed uses its default (1%). */
  houseEdgeBps: 'games.house_edge_bps',
} as const;

export const GAME_SETTING_DEFAULTS: Record<string, unknown> = {
  [GAME_SETTINGS.disabled]: false,
  [GAME_SETTINGS.disabledIds]: [],
  [GAME_SETTINGS.maxBetEur]: '20',
  [GAME_SETTINGS.maxProfitUsd]: '10000',
  [GAME_SETTINGS.houseEdgeBps]: {},
};

/** The settings as the engine reads them (malformed values fall back to the defaults). */
export interface GameSettings {
  disabled: boolean;
  disabledIds: ReadonlySet<string>;
  maxBetEur: string;
  maxProfitUsd: string;
  houseEdgeBps: Record<string, unknown>;
}

/**
 * A game as the engine sees it. `demo: false` marks a game that takes no demo bets (play error -7);
 * none of the eight single-round games sets it. (The flag belongs on `SingleRoundGame` in
 * @nebula/games; until it is declared there the engine reads it through this type.)
 */
export type EngineGame = GameDefinition & { readonly demo?: boolean };

const DECIMAL = /^\d+(\.\d+)?$/;

/** Parses the raw setting values (pure; exported for tests). */
export function parseGameSettings(byKey: ReadonlyMap<string, unknown>): GameSettings {
  const text = (key: string, fallback: string): string => {
    const v = byKey.get(key);
    const s = typeof v === 'number' ? String(v) : v;
    return typeof s === 'string' && DECIMAL.test(s) ? s : fallback;
  };
  const edges = byKey.get(GAME_SETTINGS.houseEdgeBps);
  const ids = byKey.get(GAME_SETTINGS.disabledIds);
  return {
    disabled: byKey.get(GAME_SETTINGS.disabled) === true,
    disabledIds: new Set(Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : []),
    maxBetEur: text(GAME_SETTINGS.maxBetEur, '20'),
    maxProfitUsd: text(GAME_SETTINGS.maxProfitUsd, '10000'),
    houseEdgeBps:
      edges && typeof edges === 'object' && !Array.isArray(edges) ? (edges as Record<string, unknown>) : {},
  };
}

/** Every game setting key, for `where key = any($n::text[])`. */
export const GAME_SETTING_KEYS: readonly string[] = Object.values(GAME_SETTINGS);

/** Reads the game settings (one query). The engine reads them inside its pre-bet statement instead. */
export async function loadGameSettings(database: Pick<Database, 'query'>): Promise<GameSettings> {
  const rows = await database.query<{ key: string; value: unknown }>(
    'select key, value from settings where key = any($1::text[])',
    [GAME_SETTING_KEYS],
  );
  return parseGameSettings(new Map(rows.map((r) => [r.key, r.value])));
}

/** The house edge in force for `game`: the setting when it is a valid integer, else the game's default. */
export function edgeFor(
  settings: GameSettings,
  game: { readonly id: string; readonly defaultHouseEdgeBps?: number },
): number {
  const v = settings.houseEdgeBps[game.id];
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_HOUSE_EDGE_BPS
    ? v
    : (game.defaultHouseEdgeBps ?? DEFAULT_HOUSE_EDGE_BPS);
}

/** False when the operator switched this game off (play error -5). */
export function isGameAvailable(settings: GameSettings, game: { readonly id: string }): boolean {
  return !settings.disabledIds.has(game.id);
}

/** False for a game whose definition says it takes no demo bets (play error -7). */
export function acceptsDemo(game: Pick<EngineGame, 'demo'>): boolean {
  return game.demo !== false;
}
