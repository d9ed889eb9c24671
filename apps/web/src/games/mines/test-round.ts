/** Test helper for the mines board tests: a round answer as the frame hands it to the board. */
import type { MinesState, MinesView } from '@nebula/games';
import type { ExtendedRoundView } from '../types';

/** A round answer around `view`. */
export function roundWith(
  view: MinesView | MinesState,
  overrides: Partial<ExtendedRoundView<MinesView | MinesState>> = {},
): ExtendedRoundView<MinesView | MinesState> {
  return {
    betId: '7',
    state: 'mines' in view ? 'finished' : 'in-progress',
    last: 'continue',
    view,
    multiplier: '0',
    wager: '1',
    payout: '0',
    profit: '-1',
    currency: 'btc',
    canTake: false,
    canCancel: false,
    delay: 400,
    ...overrides,
  };
}
