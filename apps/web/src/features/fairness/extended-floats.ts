/**
 * How an extended game turned each float it read into a piece of its round (the mines, a card, a
 * coin), as lines for the step table: each game's own `floatSteps` (games/verifiers.ts). Pure; built
 * from the replay `verifyExtended` returned (its final state and each step's state), so it always agrees
 * with the verified round.
 */
import { type ExtendedVerifyResult, isExtendedGameId } from '@nebula/games';
import type { FloatMapping } from '../../games/kit/verifier';
import { EXTENDED_GAME_VERIFIERS } from '../../games/verifiers';

/** One mapping per float the extended round read. */
export function extendedFloatMappings(result: ExtendedVerifyResult): FloatMapping[] {
  if (!isExtendedGameId(result.gameId)) {
    return result.floats.map((read) => ({ formula: 'f', value: String(read.value) }));
  }
  return EXTENDED_GAME_VERIFIERS[result.gameId].floatSteps(result);
}
