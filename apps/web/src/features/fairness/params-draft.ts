/**
 * The params editor's state: what the player types for each game, and its conversion to and from the
 * params JSON of `@nebula/games` (targets in hundredths, amounts in atomic-unit strings). Each game's
 * draft and its conversions are the game's verifier parts (`games/verifiers.ts`); this only holds one
 * draft per game and hands each game its own.
 */
import { EXTENDED_GAME_IDS } from '@nebula/games';
import { type DraftResult, type GameVerifier, fromHundredths, toHundredths } from '../../games/kit/verifier';
import { type DraftOf, GAME_VERIFIERS } from '../../games/verifiers';

export { formatJson, fromHundredths, toHundredths, type DraftResult } from '../../games/kit/verifier';

/** A verifiable game id: every single-round game of `@nebula/games`. */
export type VerifiableGame = keyof typeof GAME_VERIFIERS;

/** The games the verifier replays (the single-round games of `@nebula/games`, lobby order). */
export const VERIFIABLE_GAMES = Object.keys(GAME_VERIFIERS) as VerifiableGame[];

/**
 * The extended games the verifier replays with their decisions (mines, tower, stairs, hilo, coinflip,
 * blackjack, video poker: every game of the extended registry, lobby order).
 */
export const EXTENDED_VERIFIABLE_GAMES: readonly string[] = EXTENDED_GAME_IDS;

/** True when `game` is an extended game the verifier replays from its params and decisions. */
export function isExtendedVerifiable(game: string): boolean {
  return EXTENDED_VERIFIABLE_GAMES.includes(game);
}

/** True when the verifier can replay `game` as a single-round game. */
export function isVerifiableGame(game: string): game is VerifiableGame {
  return Object.hasOwn(GAME_VERIFIERS, game);
}

/** Editor state per game: strings where the player types, enums where they choose. */
export type ParamsDrafts = { [G in VerifiableGame]: DraftOf<G> };

function eachGame<T>(make: <G extends VerifiableGame>(game: G) => T): { [G in VerifiableGame]: T } {
  return Object.fromEntries(VERIFIABLE_GAMES.map((game) => [game, make(game)])) as {
    [G in VerifiableGame]: T;
  };
}

/** The editor's starting point for every game. */
export function defaultDrafts(): ParamsDrafts {
  return eachGame((game) => GAME_VERIFIERS[game].defaultDraft()) as ParamsDrafts;
}

/**
 * The params JSON for a game from its draft. Only shape errors are caught here (a number that is not
 * a number, JSON that does not parse); ranges are left to the game's own schema in `verify()`.
 */
export function draftToParams<G extends VerifiableGame>(game: G, drafts: ParamsDrafts): DraftResult {
  const verifier: GameVerifier<unknown> = GAME_VERIFIERS[game];
  return verifier.draftToParams(drafts[game]);
}

/**
 * Drafts pre-filled from a params JSON (the `&params=` of a verify link) for `game`; the other games
 * keep their defaults. Unreadable fields fall back to the defaults one by one.
 */
export function paramsToDrafts(game: string, params: unknown): ParamsDrafts {
  const drafts = defaultDrafts();
  if (params === undefined || !isVerifiableGame(game)) return drafts;
  const verifier: GameVerifier<unknown> = GAME_VERIFIERS[game];
  return { ...drafts, [game]: verifier.paramsToDraft(params, drafts[game]) };
}

/** Edge in percent as typed ("1", "1.5", "0.25") -> basis points, or NaN. */
export function percentToBps(value: string): number {
  const hundredths = toHundredths(value);
  return Number.isNaN(hundredths) ? Number.NaN : hundredths;
}

/** Basis points -> percent text ("1.00"). */
export function bpsToPercent(bps: number): string {
  return fromHundredths(bps);
}
