/**
 * What the blackjack table draws for one server answer, and how it animates from the previous one:
 * which cards are new (they fly in from the shoe one after another in deal order), which card moved
 * over by a split, when the dealer's hole card turns over, and when totals and result badges appear.
 * Pure: the board keeps the returned snapshot and passes it back with the next answer.
 */
import {
  type BlackjackHand,
  type BlackjackResult,
  type BlackjackState,
  blackjackAllowedActions,
  blackjackTotal,
} from '@nebula/games';
import type { ExtendedRoundView } from '../types';
import type { CardMotion } from './playing-card';

/** The round as the board receives it: the view while open, the full state once finished. */
export type BlackjackRound = ExtendedRoundView<BlackjackState>;

/** One card on the table. */
export interface SeatCard {
  key: string;
  /** Card index, or null for the hidden hole card. */
  card: number | null;
  faceDown: boolean;
  motion: CardMotion;
}

/** One player hand as drawn. */
export interface SeatHand {
  /** Stable across splits (React key). */
  id: number;
  cards: SeatCard[];
  /** Best total and the text shown (`7/17` for a soft total still in play). */
  total: number;
  totalText: string;
  active: boolean;
  doubled: boolean;
  /** Set once the round is settled. */
  result: BlackjackResult | null;
  /** Milliseconds after the answer when the hand's newest card has landed. */
  readyAt: number;
}

/** The table for one answer. */
export interface TablePlan {
  dealer: SeatCard[];
  /** Null before any card; the up card's value while the hole card is hidden. */
  dealerTotal: number | null;
  dealerText: string;
  dealerReadyAt: number;
  hands: SeatHand[];
  settled: boolean;
  /** Milliseconds after the answer when every card has landed (results show then). */
  doneAt: number;
  /** Sound cues: a card leaving the shoe or turning over. */
  cues: { at: number; kind: 'deal' | 'reveal' }[];
  snapshot: TableSnapshot;
}

/** What the next answer is compared with. */
export interface TableSnapshot {
  betId: string;
  handIds: number[];
  /** Per hand: bumped by each split of it. */
  versions: number[];
  nextId: number;
  active: number;
  seen: string[];
  holeHidden: boolean;
}

/** Longest step between two cards, and the shortest. */
const MAX_STEP = 320;
const MIN_STEP = 150;

/** A hand's total text: `7/17` while soft and still open below 21, else the best total. */
export function totalText(cards: readonly number[], open: boolean): string {
  if (cards.length === 0) return '';
  const { total, soft } = blackjackTotal(cards);
  return soft && open && total < 21 ? `${total - 10}/${total}` : String(total);
}

/**
 * Stable ids of the hands (React keys, the animation's memory) and a version per hand that a split
 * bumps: a split hand's second card is a new card even where the old second card lay.
 */
function handIdsFor(hands: readonly BlackjackHand[], previous: TableSnapshot | null, betId: string) {
  if (!previous || previous.betId !== betId) {
    return { ids: hands.map((_, i) => i), versions: hands.map(() => 0), nextId: hands.length, splitAt: -1 };
  }
  const ids = [...previous.handIds];
  const versions = [...previous.versions];
  let nextId = previous.nextId;
  let splitAt = -1;
  while (ids.length < hands.length) {
    // A split inserts the new hand right after the hand that was active.
    splitAt = Math.min(Math.max(previous.active, 0), ids.length - 1);
    versions[splitAt] = (versions[splitAt] ?? 0) + 1;
    ids.splice(splitAt + 1, 0, nextId);
    versions.splice(splitAt + 1, 0, 0);
    nextId += 1;
  }
  return { ids: ids.slice(0, hands.length), versions: versions.slice(0, hands.length), nextId, splitAt };
}

/** Plans the table for `round` after `previous` (null for the first answer the board sees). */
export function planTable(round: BlackjackRound | null, previous: TableSnapshot | null): TablePlan | null {
  if (!round) return null;
  const state = round.view;
  const settled = state.phase === 'settled';
  const { ids, versions, nextId, splitAt } = handIdsFor(state.hands, previous, round.betId);
  const sameBet = previous?.betId === round.betId;
  const seen = new Set(sameBet ? previous.seen : []);
  const animate = round.delay > 0 && round.last !== 'restore';

  // The cards in the order they reach the table in this answer.
  type Entry = { key: string; kind: 'deal' | 'slide' | 'reveal' };
  const order: Entry[] = [];
  const handKey = (h: number, i: number) => `h${ids[h]}v${versions[h]}-${i}`;
  if (!sameBet) {
    order.push({ key: handKey(0, 0), kind: 'deal' }, { key: 'd0', kind: 'deal' });
    order.push({ key: handKey(0, 1), kind: 'deal' }, { key: 'd1', kind: 'deal' });
    if (settled) order.push({ key: 'd1', kind: 'reveal' });
  } else {
    state.hands.forEach((hand, h) => {
      hand.cards.forEach((_, i) => {
        const key = handKey(h, i);
        // A split keeps the first card where it was and moves the second over to the new hand.
        if (seen.has(key) || (h === splitAt && i === 0)) return;
        order.push({ key, kind: h === splitAt + 1 && i === 0 && splitAt >= 0 ? 'slide' : 'deal' });
      });
    });
    if (settled && previous.holeHidden) order.push({ key: 'd1', kind: 'reveal' });
  }
  state.dealer.forEach((_, i) => {
    const key = `d${i}`;
    if (i >= 2 && !seen.has(key)) order.push({ key, kind: 'deal' });
  });

  const timed = order.filter((entry) => entry.kind !== 'slide');
  const step = animate
    ? Math.round(Math.min(MAX_STEP, Math.max(MIN_STEP, (round.delay * 1.2) / Math.max(timed.length, 1))))
    : 0;
  const duration = animate ? Math.round(step * 1.7) : 0;
  const motions = new Map<string, CardMotion>();
  const landing = new Map<string, number>();
  const cues: TablePlan['cues'] = [];
  let slot = 0;
  for (const entry of order) {
    if (!animate) break;
    if (entry.kind === 'slide') {
      motions.set(entry.key, { kind: 'slide', delay: 0, duration: Math.round(step * 1.2) });
      landing.set(entry.key, Math.round(step * 1.2));
      continue;
    }
    const delay = slot * step;
    slot += 1;
    motions.set(entry.key, { kind: entry.kind, delay, duration });
    landing.set(entry.key, delay + duration);
    cues.push({ at: delay, kind: entry.kind === 'reveal' ? 'reveal' : 'deal' });
  }
  const doneAt = Math.max(0, ...landing.values());

  const dealer: SeatCard[] = [];
  const dealerCards = settled ? state.dealer : state.dealer.slice(0, 1);
  dealerCards.forEach((card, i) => {
    dealer.push({ key: `d${i}`, card, faceDown: false, motion: motions.get(`d${i}`) });
  });
  if (!settled && dealerCards.length > 0) {
    dealer.push({ key: 'd1', card: null, faceDown: true, motion: motions.get('d1') });
  }
  const dealerKeys = dealer.map((card) => card.key);
  const dealerReadyAt = Math.max(0, ...dealerKeys.map((key) => landing.get(key) ?? 0));

  const active = !settled && state.phase === 'player' && blackjackAllowedActions(state).length > 0;
  const hands: SeatHand[] = state.hands.map((hand, h) => {
    const cards = hand.cards.map((card, i) => ({
      key: handKey(h, i),
      card,
      faceDown: false,
      motion: motions.get(handKey(h, i)),
    }));
    return {
      id: ids[h] as number,
      cards,
      total: blackjackTotal(hand.cards).total,
      totalText: totalText(hand.cards, !settled && !hand.done),
      active: active && h === state.active,
      doubled: hand.doubled,
      result: settled ? hand.result : null,
      readyAt: Math.max(0, ...cards.map((card) => landing.get(card.key) ?? 0)),
    };
  });

  return {
    dealer,
    dealerTotal: dealerCards.length > 0 ? blackjackTotal(dealerCards).total : null,
    dealerText: totalText(dealerCards, !settled),
    dealerReadyAt,
    hands,
    settled,
    doneAt,
    cues,
    snapshot: {
      betId: round.betId,
      handIds: ids,
      versions,
      nextId,
      active: state.active,
      seen: [...dealerKeys, ...hands.flatMap((hand) => hand.cards.map((card) => card.key))],
      holeHidden: !settled,
    },
  };
}
