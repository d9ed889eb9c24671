/**
 * Pure helpers of the hilo UI: card faces, the history row and the button odds, all derived from the
 * round's cards with `@nebula/games` (the same math the server pays with).
 */
import { cardFromIndex } from '@nebula/fairness';
import {
  type HiloCard,
  type HiloDecision,
  type HiloGuess,
  type HiloState,
  type Ratio,
  hiloFactor,
  hiloGuessWins,
  hiloOptions,
  hiloRank,
  mulRatioExact,
  ratioToDecimal,
  ratioToNumber,
  rtpOf,
} from '@nebula/games';
import type { ExtendedRoundView } from '../types';
import { formatDisplay, groupDigits } from '../kit/format';

/** How a card prints: rank, suit symbol, red or black. */
export interface CardFace {
  rank: string;
  suit: string;
  red: boolean;
  /** e.g. `♠Q`. */
  label: string;
}

/** The face of card `index` (0..51, `@nebula/fairness` order). */
export function cardFace(index: number): CardFace {
  const card = cardFromIndex(index);
  return {
    rank: card.rank,
    suit: card.label.slice(0, 1),
    red: card.suit === 'diamonds' || card.suit === 'hearts',
    label: card.label,
  };
}

/** One card of the history row. */
export interface HistoryEntry {
  /** Position in the round (0 = the start card). */
  index: number;
  card: number;
  decision: HiloDecision | null;
  /** What the decision made on this card led to: a skip, a guess that came true, a wrong one. */
  result: 'skip' | 'correct' | 'wrong' | null;
  /** The round's multiplier after a guess that came true (house edge applied), else null. */
  multiplier: Ratio | null;
}

/**
 * The history row: every card before the current one with the decision made on it. For a lost round
 * the wrong card itself is the current card, so the row ends with the wrong guess.
 */
export function historyEntries(cards: readonly HiloCard[], houseEdgeBps: number): HistoryEntry[] {
  const rtp = rtpOf(houseEdgeBps);
  return cards.slice(0, -1).map((entry, index) => {
    const next = cards[index + 1] as HiloCard;
    const { decision } = entry;
    if (decision === null || decision === 'skip') {
      return { index, card: entry.card, decision, result: decision && 'skip', multiplier: null };
    }
    const correct = hiloGuessWins(hiloRank(entry.card), decision, hiloRank(next.card));
    return {
      index,
      card: entry.card,
      decision,
      result: correct ? 'correct' : 'wrong',
      multiplier: correct ? mulRatioExact(rtp, hiloFactor(cards.slice(0, index + 2))) : null,
    };
  });
}

/** A guess button's content: the odds and what the round pays if it comes true. */
export interface GuessOdds {
  guess: HiloGuess;
  /** e.g. `53.84` (percent, 2 decimals, rounded down). */
  chance: string;
  /** e.g. `1.83` (rounded down, 2 decimals). */
  multiplier: string;
}

/** The three guesses' odds from the round's current card. */
export function guessOdds(state: HiloState, houseEdgeBps: number): GuessOdds[] {
  return hiloOptions(state, houseEdgeBps).map((option) => ({
    guess: option.guess,
    chance: formatDisplay(ratioToNumber(option.chance) * 100, 2),
    multiplier: multiplierText(option.multiplier),
  }));
}

/** A multiplier as the board prints it: 2 decimals rounded down, thousands grouped. */
export function multiplierText(value: Ratio): string {
  const [whole = '0', fraction = '00'] = ratioToDecimal(value, 2).split('.');
  return `${groupDigits(whole)}.${fraction}`;
}

/** True while the round is open and the player may decide. */
export function isOpen(round: ExtendedRoundView<HiloState> | null): round is ExtendedRoundView<HiloState> {
  return (
    !!round &&
    round.state === 'in-progress' &&
    Array.isArray(round.view?.cards) &&
    round.view.cards.length > 0
  );
}
