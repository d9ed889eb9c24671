/**
 * Test helper of the blackjack UI tests: rounds played through the real game (`@nebula/games`), as
 * the server would answer them, and board props around them.
 */
import { vi } from 'vitest';
import { CARD_RANKS } from '@nebula/fairness';
import {
  type BlackjackAction,
  type BlackjackParams,
  type BlackjackState,
  arraySource,
  blackjack,
  ratioToDecimal,
  replayExtended,
} from '@nebula/games';
import type { ExtendedBoardProps, ExtendedRoundView } from '../types';

type Rank = (typeof CARD_RANKS)[number];

/** The float that deals `rank` (♦) from the unlimited deck. */
const floatOf = (rank: Rank) => (4 * CARD_RANKS.indexOf(rank) + 0.5) / 52;

/** A round dealt from `ranks` (player, dealer, player, dealer, then draws) after `actions`. */
export function blackjackRound(
  ranks: Rank[],
  actions: BlackjackAction[] = [],
  overrides: Partial<ExtendedRoundView<BlackjackState>> = {},
): ExtendedRoundView<BlackjackState> {
  const replay = replayExtended(blackjack, {}, actions, arraySource(ranks.map(floatOf)), 100);
  const open = replay.type === 'continue';
  return {
    betId: '11',
    state: open ? 'in-progress' : 'finished',
    last: actions.length === 0 ? 'start' : replay.type,
    view: open ? (blackjack.view(replay.state) as BlackjackState) : replay.state,
    multiplier: ratioToDecimal(blackjack.payout(replay.state, 100), 8),
    wager: '1',
    payout: '0',
    profit: '0',
    currency: 'btc',
    canTake: false,
    canCancel: false,
    delay: 0,
    ...overrides,
  };
}

/** Board props with spies. */
export function blackjackProps(
  overrides: Partial<ExtendedBoardProps<BlackjackParams, BlackjackState>> = {},
): ExtendedBoardProps<BlackjackParams, BlackjackState> {
  return {
    params: {},
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
