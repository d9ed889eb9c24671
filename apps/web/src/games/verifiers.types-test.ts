/**
 * Compile-time test of the verifier registry's type, checked by `tsc` (typecheck), never run: each
 * `@ts-expect-error` below fails the typecheck if its line compiles, that is if the registry's type
 * stopped catching a game without verifier parts or a verifier without one of its parts.
 */
import type { ExtendedGameVerifier, GameVerifier } from './kit/verifier';
import {
  EXTENDED_GAME_VERIFIERS,
  type ExtendedGameVerifiers,
  GAME_VERIFIERS,
  type GameVerifiers,
} from './verifiers';

// The real registry satisfies the type.
export const complete: GameVerifiers = GAME_VERIFIERS;

// A game of `@nebula/games` left out of the registry.
const { baccarat: _left, ...withoutBaccarat } = GAME_VERIFIERS;
// @ts-expect-error baccarat is missing
export const missingGame: GameVerifiers = withoutBaccarat;

// A game the registry does not know.
// @ts-expect-error 'blackjack-2' is not a single-round game of @nebula/games
export const unknownGame: GameVerifiers = { ...GAME_VERIFIERS, 'blackjack-2': GAME_VERIFIERS.dice };

// A verifier without its float steps (each part is required).
const { floatSteps: _steps, ...diceWithoutSteps } = GAME_VERIFIERS.dice;
// @ts-expect-error dice has no floatSteps
export const missingPart: GameVerifiers = { ...GAME_VERIFIERS, dice: diceWithoutSteps };

// A verifier without its outcome view.
const { OutcomeView: _view, ...kenoWithoutView } = GAME_VERIFIERS.keno;
// @ts-expect-error keno has no OutcomeView
export const missingView: GameVerifier<unknown> = kenoWithoutView;

// The same for the extended games.
export const completeExtended: ExtendedGameVerifiers = EXTENDED_GAME_VERIFIERS;

const { videopoker: _vp, ...withoutVideoPoker } = EXTENDED_GAME_VERIFIERS;
// @ts-expect-error videopoker is missing
export const missingExtendedGame: ExtendedGameVerifiers = withoutVideoPoker;

const { describeAction: _describe, ...minesWithoutWords } = EXTENDED_GAME_VERIFIERS.mines;
// @ts-expect-error mines has no describeAction
export const missingExtendedPart: ExtendedGameVerifier = minesWithoutWords;

// A verifier without its texts.
const { texts: _texts, ...wheelWithoutTexts } = GAME_VERIFIERS.wheel;
// @ts-expect-error wheel has no texts
export const missingTexts: GameVerifier<unknown> = wheelWithoutTexts;
