/**
 * The deal timeline of a baccarat coup: cards in shoe order (player, banker, player, banker, then the
 * third cards), each flying in and flipping, and the running totals as cards turn over.
 */
import { type BaccaratOutcome, baccaratCardValue } from '@nebula/games';
import { cardFromIndex } from '@nebula/fairness';

/** A hand of the table. */
export type Hand = 'player' | 'banker';

/** One card of the deal. */
export interface DealStep {
  hand: Hand;
  /** Position in its hand: 0, 1, or 2 for a third card. */
  slot: number;
  /** Card index 0..51 (`@nebula/fairness` order: 4 * rank + suit, suits ♦ ♥ ♠ ♣). */
  card: number;
  /** Milliseconds from the start of the deal when the card leaves the shoe. */
  start: number;
  /** Milliseconds of its flight and flip. */
  duration: number;
}

/** How long a deal runs for a round delay: a little longer than the delay, within the frame's grace. */
export function dealDuration(delay: number): number {
  if (delay <= 0) return 0;
  return Math.round(Math.min(delay * 1.4, delay + 450));
}

/** The cards in the order they leave the shoe. */
export function dealOrder(
  outcome: Pick<BaccaratOutcome, 'player' | 'banker'>,
): Omit<DealStep, 'start' | 'duration'>[] {
  const order: Omit<DealStep, 'start' | 'duration'>[] = [];
  for (let slot = 0; slot < 2; slot += 1) {
    const p = outcome.player[slot];
    const b = outcome.banker[slot];
    if (p !== undefined) order.push({ hand: 'player', slot, card: p });
    if (b !== undefined) order.push({ hand: 'banker', slot, card: b });
  }
  const p3 = outcome.player[2];
  const b3 = outcome.banker[2];
  if (p3 !== undefined) order.push({ hand: 'player', slot: 2, card: p3 });
  if (b3 !== undefined) order.push({ hand: 'banker', slot: 2, card: b3 });
  return order;
}

/**
 * The timeline over `total` ms: card i leaves at i * step and lands 1.8 steps later, so the last one
 * lands exactly at `total` (step = total / (cards + 0.8)). A zero total shows every card at once.
 */
export function dealSchedule(outcome: Pick<BaccaratOutcome, 'player' | 'banker'>, total: number): DealStep[] {
  const order = dealOrder(outcome);
  if (total <= 0) return order.map((step) => ({ ...step, start: 0, duration: 0 }));
  const step = total / (order.length + 0.8);
  const duration = Math.round(step * 1.8);
  return order.map((entry, i) => ({ ...entry, start: Math.round(i * step), duration }));
}

/** Baccarat total of some cards: the sum of their values mod 10. */
export function handTotal(cards: readonly number[]): number {
  return cards.reduce((sum, card) => sum + baccaratCardValue(card), 0) % 10;
}

/** Rank, suit symbol and colour of a card index for drawing it. */
export function cardFace(index: number): { rank: string; suit: string; red: boolean } {
  const card = cardFromIndex(index);
  const symbol = card.label.slice(0, 1);
  return { rank: card.rank, suit: symbol, red: card.suit === 'diamonds' || card.suit === 'hearts' };
}
