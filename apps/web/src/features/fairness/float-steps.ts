/**
 * How each game turns each float into a piece of its outcome, as lines the step table prints
 * (`floor(f × 10001) = 943` then `9.43`): each game's own `floatSteps` (games/verifiers.ts). Pure; built
 * from the verified result, so it always agrees with the outcome `verify()` returned.
 */
import type { VerifyResult } from '@nebula/games';
import type { FloatMapping } from '../../games/kit/verifier';
import { GAME_VERIFIERS } from '../../games/verifiers';
import { isVerifiableGame } from './params-draft';

export type { FloatMapping } from '../../games/kit/verifier';

/** One mapping per float of `result`. */
export function floatMappings(result: VerifyResult): FloatMapping[] {
  if (!isVerifiableGame(result.gameId)) return result.floats.map(() => ({ formula: '', value: '' }));
  return GAME_VERIFIERS[result.gameId].floatSteps(result);
}
