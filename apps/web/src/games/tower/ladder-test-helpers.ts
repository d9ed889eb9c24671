/**
 * Test helpers for the ladder boards (tower and stairs tests only): rounds played by the real reducer
 * on fixed floats, turned into the frame's round view, and board props with spies.
 */
import { vi } from 'vitest';
import { type ExtendedGame, arraySource, ratioToDecimal } from '@nebula/games';
import type { ExtendedBoardProps, ExtendedRoundView } from '../types';

/**
 * Plays `actions` from `start` on `values` and returns the frame's view of the last answer (`take`: the
 * player then took or cancelled).
 */
export function playedRound<P, S, A>(
  game: ExtendedGame<string, P, S, A>,
  params: P,
  values: number[],
  actions: A[],
  options: { take?: boolean; delay?: number; betId?: string } = {},
): ExtendedRoundView<never> {
  const rng = arraySource(values);
  let step = game.start(params, rng, 100);
  let last: ExtendedRoundView['last'] = 'start';
  for (const action of actions) {
    step = game.turn(step.state, action, rng, 100);
    last = step.type;
  }
  const open = step.type === 'continue' && !options.take;
  if (options.take) last = game.canTake(step.state) ? 'take' : 'cancel';
  return {
    betId: options.betId ?? 'bet-1',
    state: open ? 'in-progress' : 'finished',
    last,
    // `never` so the round fits any board's view type (the view is the game's own).
    view: (open ? game.view(step.state) : step.state) as never,
    multiplier: ratioToDecimal(game.payout(step.state, 100), 8),
    wager: '1',
    payout: '0',
    profit: '0',
    currency: 'btc',
    canTake: open && game.canTake(step.state),
    canCancel: open && game.canCancel(step.state),
    delay: options.delay ?? 0,
  };
}

/** Extended board props with spies for every callback. */
export function extendedProps<P, V>(
  params: P,
  overrides: Partial<ExtendedBoardProps<P, V>> = {},
): ExtendedBoardProps<P, V> {
  return {
    params,
    setParams: vi.fn(),
    locked: false,
    round: null,
    roundKey: 0,
    turn: vi.fn(),
    busy: false,
    houseEdgeBps: 100,
    sound: { play: vi.fn() },
    wager: 100_000_000n,
    currency: 'btc',
    decimals: 8,
    ...overrides,
  };
}
