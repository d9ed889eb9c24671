/**
 * The verified outcome, drawn by the game's own outcome view (games/verifiers.ts): dice roll on its
 * scale, limbo result, plinko path and slot, keno board, wheel segment, roulette pocket, diamonds gems,
 * baccarat hands. Only reads the outcome `verify()` returned.
 */
import type { VerifyResult } from '@nebula/games';
import { GAME_VERIFIERS } from '../../games/verifiers';
import { isVerifiableGame } from './params-draft';

/** The game's outcome, readable. */
export function OutcomeView({ result }: { result: VerifyResult }) {
  if (!isVerifiableGame(result.gameId)) return null;
  const { OutcomeView: View } = GAME_VERIFIERS[result.gameId];
  return <View result={result} />;
}
