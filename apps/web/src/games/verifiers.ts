/**
 * The verifier parts of every single-round game (params editor and draft, outcome view, float steps),
 * for the fairness verifier (`features/fairness`), which iterates over them instead of switching on
 * the game. Typed over `GameId`, like `GAME_UI_LOADERS`: a game added to `@nebula/games` without its
 * verifier parts here, or with one part missing, does not compile (see verifiers.types-test.ts); so
 * for the extended games (typed over `ExtendedGameId`, like `EXTENDED_UI_LOADERS`).
 *
 * Each single-round game's parts carry their texts, registered here under `verifier.{id}`.
 * Only the fairness page imports this module, so the parts load in its lazy chunk, never on the first
 * visit nor with a game's page.
 */
import type { ExtendedGameId, GameId } from '@nebula/games';
import { addTranslations } from '../lib/i18n';
import { baccaratVerifier } from './baccarat/verifier';
import { blackjackVerifier } from './blackjack/verifier';
import { coinflipVerifier } from './coinflip/verifier';
import { diamondsVerifier } from './diamonds/verifier';
import { diceVerifier } from './dice/verifier';
import { hiloVerifier } from './hilo/verifier';
import { kenoVerifier } from './keno/verifier';
import type { ExtendedGameVerifier, GameVerifier } from './kit/verifier';
import { limboVerifier } from './limbo/verifier';
import { minesVerifier } from './mines/verifier';
import { plinkoVerifier } from './plinko/verifier';
import { rouletteVerifier } from './roulette/verifier';
import { stairsVerifier } from './stairs/verifier';
import { towerVerifier } from './tower/verifier';
import { videopokerVerifier } from './videopoker/verifier';
import { wheelVerifier } from './wheel/verifier';

/** What the verifier registry must hold: every single-round game, each with all of its parts. */
export type GameVerifiers = { readonly [G in GameId]: GameVerifier<unknown> };

/** In lobby order (the verifier's game picker lists them so). */
export const GAME_VERIFIERS = {
  dice: diceVerifier,
  limbo: limboVerifier,
  plinko: plinkoVerifier,
  keno: kenoVerifier,
  wheel: wheelVerifier,
  roulette: rouletteVerifier,
  diamonds: diamondsVerifier,
  baccarat: baccaratVerifier,
} as const satisfies GameVerifiers;

// The single-round verifiers' texts, under `verifier.{id}` (with the parts: in the fairness page's chunk).
for (const [game, verifier] of Object.entries(GAME_VERIFIERS)) {
  addTranslations('en', { verifier: { [game]: verifier.texts.en } });
  addTranslations('de', { verifier: { [game]: verifier.texts.de } });
}

/** The draft type of a game's params editor. */
export type DraftOf<G extends GameId> = ReturnType<(typeof GAME_VERIFIERS)[G]['defaultDraft']>;

/** What the extended verifier registry must hold: every extended game, each with all of its parts. */
export type ExtendedGameVerifiers = { readonly [G in ExtendedGameId]: ExtendedGameVerifier };

/** In lobby order. */
export const EXTENDED_GAME_VERIFIERS = {
  mines: minesVerifier,
  tower: towerVerifier,
  stairs: stairsVerifier,
  hilo: hiloVerifier,
  coinflip: coinflipVerifier,
  blackjack: blackjackVerifier,
  videopoker: videopokerVerifier,
} as const satisfies ExtendedGameVerifiers;
