/**
 * Test support: extended rounds played with legal decisions from fixed seeds, for the verifier's
 * model and page tests. Legality is the game's own (a decision is kept when the replay accepts it).
 */
import {
  EXTENDED_GAME_IDS,
  type ExtendedGameId,
  ExtendedVerifyError,
  isExtendedGameId,
  verifyExtended,
} from '@nebula/games';
import { SEED } from './test-vectors';

/** One round to verify. */
export interface TestRound {
  game: string;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  params: unknown;
  actions: unknown[];
  edgeBps: number;
}

const PARAMS: Record<string, unknown> = {
  mines: { mines: 3 },
  tower: { difficulty: 'medium' },
  stairs: { hazards: 2 },
};

/** The decisions tried at each step, in order of preference, for each game. */
const CANDIDATES: { readonly [G in ExtendedGameId]: (step: number) => unknown[] } = {
  mines: (step) => Array.from({ length: 25 }, (_, i) => ({ cell: (i * 7 + step * 3) % 25 })),
  tower: (step) => [{ tile: step % 3 }, { tile: 0 }],
  stairs: (step) => [{ stone: (step * 2) % 7 }, { stone: 0 }],
  hilo: (step) => [{ guess: step % 2 ? 'lower' : 'higher' }, { guess: 'equal' }, { skip: true }],
  coinflip: (step) => [{ side: step % 2 ? 'tails' : 'heads' }],
  blackjack: () => [{ action: 'insurance', accept: false }, { action: 'hit' }, { action: 'stand' }],
  videopoker: (step) => [{ hold: [true, false, true, false, step % 2 === 0] }],
};

function candidates(game: string, step: number): unknown[] {
  return isExtendedGameId(game) ? CANDIDATES[game](step) : [];
}

/**
 * A round of `game` on (SEED, "nebula", nonce): up to `decisions` decisions, each the first candidate
 * the replay accepts, stopping early when the round ends.
 */
export function testRound(game: string, nonce = 0, decisions = 3): TestRound {
  const round: TestRound = {
    game,
    serverSeed: SEED,
    clientSeed: 'nebula',
    nonce,
    params: PARAMS[game] ?? {},
    actions: [],
    edgeBps: 100,
  };
  const replay = (actions: unknown[]) =>
    verifyExtended(game, SEED, 'nebula', nonce, round.params, actions, round.edgeBps);
  for (let step = 0; step < decisions; step += 1) {
    const { ending } = replay(round.actions);
    if (ending === 'lose' || ending === 'finish') break;
    const next = candidates(game, step).find((action) => {
      try {
        replay([...round.actions, action]);
        return true;
      } catch (error) {
        if (error instanceof ExtendedVerifyError && error.reason === 'action') return false;
        throw error;
      }
    });
    if (next === undefined) break;
    round.actions.push(next);
  }
  return round;
}

/** Every extended game id (the verifier's list). */
export const EXTENDED_IDS: readonly string[] = EXTENDED_GAME_IDS;
