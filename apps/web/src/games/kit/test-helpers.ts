/**
 * Test helpers for game boards (used by the dice, limbo and diamonds tests only): a settled round and
 * the board props around it.
 */
import { vi } from 'vitest';
import type { BoardProps, RoundView } from '../types';

/** A settled round with `outcome`; quick (delay 0) unless `delay` is given. */
export function makeRound<O>(outcome: O, overrides: Partial<RoundView<O>> = {}): RoundView<O> {
  return {
    betId: 'bet-1',
    outcome,
    params: {},
    multiplier: '0',
    win: false,
    status: 'lose',
    profit: '-1',
    payout: '0',
    wager: '1',
    currency: 'btc',
    quick: true,
    delay: 0,
    ...overrides,
  };
}

/** Board props with spies for every callback. */
export function boardProps<P, O>(params: P, overrides: Partial<BoardProps<P, O>> = {}): BoardProps<P, O> {
  return {
    params,
    setParams: vi.fn(),
    locked: false,
    round: null,
    roundKey: 0,
    onAnimationEnd: vi.fn(),
    houseEdgeBps: 100,
    sound: { play: vi.fn() },
    wager: 100_000_000n,
    currency: 'btc',
    decimals: 8,
    ...overrides,
  };
}
