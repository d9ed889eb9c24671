import { cardIndexFromFloat } from '@nebula/fairness';
import { z } from 'zod';
import { type SingleRoundGame, expectFloats } from '../definition.js';
import { DEFAULT_HOUSE_EDGE_BPS, rtpOf } from '../house-edge.js';
import {
  type Ratio,
  ONE_RATIO,
  ZERO_RATIO,
  addRatio,
  cmpRatio,
  divRatio,
  mulRatioExact,
  ratio,
  subRatio,
} from '../ratio.js';
import { chance } from '../tables.js';

/**
 * Baccarat (punto banco) from an unlimited deck, as the public algorithm deals it: six floats, card i
 * = `floor(float_i * 52)` in the documented card index (♦2 .. ♣A, `@nebula/fairness` CARD_RANKS). Cards
 * are dealt like a shoe: card 0 to the player, 1 to the banker, 2 to the player, 3 to the banker, then
 * the next unused card (4, then 5) to whoever draws a third card. At most three cards each.
 *
 * Values: A = 1, 2-9 face value, 10/J/Q/K = 0; a hand's total is the sum mod 10.
 * Third-card rules (standard): a natural (8 or 9 on either hand's first two cards) ends the coup.
 * Otherwise the player draws on 0-5 and stands on 6-7. If the player stood, the banker draws on 0-5.
 * If the player drew a third card worth x, the banker draws on 0-2; on 3 unless x = 8; on 4 if x in
 * 2..7; on 5 if x in 4..7; on 6 if x is 6 or 7; stands on 7.
 *
 * Pays (true odds times the RTP, exact): with the exact probabilities pP, pB, pT of a player win, banker
 * win and tie (counts below over 13^6 rank sequences), a tie returns the stake on player and banker
 * bets (push) and:
 *   player win pays (rtp - pT) / pP (2.0051x at 1% edge; classic 2x is a 1.23% edge),
 *   banker win pays (rtp - pT) / pB (1.9513x; classic 1.95x is 1.06%),
 *   tie pays rtp / pT (10.3746x; classic 9x is 14.1%),
 * so each side returns exactly rtp = 1 - edge. A bet may stake any mix of the three sides; its
 * multiplier is the stake-weighted sum.
 */
export const BACCARAT_FLOATS = 6;
/** Rank sequences (of 13^6) in which the player wins, the banker wins, or they tie (proved by a test). */
export const BACCARAT_COUNTS = {
  player: 2_153_464n,
  banker: 2_212_744n,
  tie: 460_601n,
  total: 13n ** 6n,
} as const;

/** A baccarat side. */
export type BaccaratSide = 'player' | 'banker' | 'tie';

/** Baccarat value of a card index: A = 1, 2-9 = face, 10/J/Q/K = 0. */
export function baccaratCardValue(cardIndex: number): number {
  const rankIndex = Math.floor(cardIndex / 4); // 0 = '2' .. 12 = 'A'
  if (rankIndex === 12) return 1;
  return rankIndex <= 7 ? rankIndex + 2 : 0;
}

function handTotal(cards: readonly number[]): number {
  return cards.reduce((sum, card) => sum + baccaratCardValue(card), 0) % 10;
}

/** A baccarat outcome: card indices per hand in deal order, totals and the winner. */
export interface BaccaratOutcome {
  readonly player: readonly number[];
  readonly banker: readonly number[];
  readonly playerTotal: number;
  readonly bankerTotal: number;
  readonly winner: BaccaratSide;
}

/** Plays one coup from a sequence of at least six card indices (only as many as needed are used). */
export function playBaccarat(cards: readonly number[]): BaccaratOutcome {
  let next = 0;
  const draw = () => {
    const card = cards[next];
    if (card === undefined) throw new RangeError('baccarat needs six cards');
    next += 1;
    return card;
  };
  const c0 = draw();
  const c1 = draw();
  const c2 = draw();
  const c3 = draw();
  const player = [c0, c2];
  const banker = [c1, c3];
  const playerFirst = handTotal(player);
  const bankerFirst = handTotal(banker);
  if (playerFirst < 8 && bankerFirst < 8) {
    let playerThird: number | undefined;
    if (playerFirst <= 5) {
      playerThird = draw();
      player.push(playerThird);
    }
    if (playerThird === undefined) {
      if (bankerFirst <= 5) banker.push(draw());
    } else if (bankerDraws(bankerFirst, baccaratCardValue(playerThird))) {
      banker.push(draw());
    }
  }
  const playerTotal = handTotal(player);
  const bankerTotal = handTotal(banker);
  const winner: BaccaratSide =
    playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie';
  return { player, banker, playerTotal, bankerTotal, winner };
}

function bankerDraws(bankerTotal: number, playerThird: number): boolean {
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

/** What one unit staked on `side` returns for a coup won by `winner` (exact; see the file comment). */
export function baccaratSideMultiplier(
  side: BaccaratSide,
  winner: BaccaratSide,
  houseEdgeBps: number,
): Ratio {
  const rtp = rtpOf(houseEdgeBps);
  const { player, banker, tie, total } = BACCARAT_COUNTS;
  if (side === 'tie') return winner === 'tie' ? divRatio(rtp, chance(tie, total)) : ZERO_RATIO;
  if (winner === 'tie') return ONE_RATIO;
  if (winner !== side) return ZERO_RATIO;
  return divRatio(subRatio(rtp, chance(tie, total)), chance(side === 'player' ? player : banker, total));
}

const amountSchema = z
  .string()
  .regex(/^(0|[1-9]\d{0,37})$/, 'amount: non-negative integer of atomic units')
  .default('0');

/** Bet parameters: the stake on each side in atomic units (strings; JSON has no bigint); total > 0. */
export const baccaratParamsSchema = z
  .object({ player: amountSchema, banker: amountSchema, tie: amountSchema })
  .strict()
  .refine((p) => BigInt(p.player) + BigInt(p.banker) + BigInt(p.tie) > 0n, {
    message: 'stake at least one side',
  });

/** Parsed baccarat params. */
export type BaccaratParams = z.infer<typeof baccaratParamsSchema>;

/** Sum of the three stakes in atomic units: the engine checks it equals the bet amount. */
export function baccaratTotalWager(params: BaccaratParams): bigint {
  return BigInt(params.player) + BigInt(params.banker) + BigInt(params.tie);
}

function multiplierFor(params: BaccaratParams, winner: BaccaratSide, houseEdgeBps: number): Ratio {
  let returned: Ratio = ZERO_RATIO;
  for (const side of ['player', 'banker', 'tie'] as const) {
    const stake = BigInt(params[side]);
    if (stake > 0n) {
      returned = addRatio(
        returned,
        mulRatioExact(ratio(stake), baccaratSideMultiplier(side, winner, houseEdgeBps)),
      );
    }
  }
  return mulRatioExact(returned, ratio(1n, baccaratTotalWager(params)));
}

/** Baccarat: see {@link BACCARAT_FLOATS}. */
export const baccarat: SingleRoundGame<'baccarat', BaccaratParams, BaccaratOutcome> = {
  id: 'baccarat',
  kind: 'single',
  name: 'Baccarat',
  params: baccaratParamsSchema,
  defaultHouseEdgeBps: DEFAULT_HOUSE_EDGE_BPS,
  floatsNeeded: () => BACCARAT_FLOATS,
  outcome(values) {
    expectFloats(values, BACCARAT_FLOATS);
    return playBaccarat(values.map(cardIndexFromFloat));
  },
  multiplier: (params, outcome, houseEdgeBps) => multiplierFor(params, outcome.winner, houseEdgeBps),
  maxMultiplier(params, houseEdgeBps) {
    return (['player', 'banker', 'tie'] as const)
      .map((winner) => multiplierFor(params, winner, houseEdgeBps))
      .reduce((a, b) => (cmpRatio(a, b) >= 0 ? a : b));
  },
  totalWager: baccaratTotalWager,
};
