/**
 * Roulette's UI params: the chip placements the server receives, plus two UI-only fields (the
 * selected chip and the Undo history) that `toPlayData` strips. Placements on the same spot merge into
 * one stake, so a bet never holds more than ROULETTE_MAX_PLACEMENTS distinct spots.
 */
import {
  ROULETTE_MAX_PLACEMENTS,
  type Ratio,
  type RouletteParams,
  type RoulettePlacement,
  ZERO_RATIO,
  roulette,
  rouletteTotalWager,
} from '@nebula/games';
import { type ChipValue, DEFAULT_CHIP } from '../chips/chip-unit';

/** A betting spot: a placement without its amount. */
export type RouletteSpot = RoulettePlacement extends infer P
  ? P extends RoulettePlacement
    ? Omit<P, 'amount'>
    : never
  : never;

/** Undo steps kept (older ones are dropped). */
export const UNDO_LIMIT = 100;

/** What the roulette board and controls edit. */
export interface RouletteUiParams {
  placements: RoulettePlacement[];
  /** The selected chip (UI only). */
  chip: ChipValue;
  /** Earlier `placements`, newest last (UI only): 'Undo' restores the last one. */
  undo: RoulettePlacement[][];
}

/** Nothing staked, chip 1 selected. */
export const DEFAULT_ROULETTE_PARAMS: RouletteUiParams = {
  placements: [],
  chip: DEFAULT_CHIP,
  undo: [],
};

/** A stable key of a spot: `straight:17`, `split:1,4`, `dozen:2`, `red`. */
export function spotKey(spot: RouletteSpot): string {
  if ('numbers' in spot) return `${spot.type}:${[...spot.numbers].sort((a, b) => a - b).join(',')}`;
  if ('index' in spot) return `${spot.type}:${spot.index}`;
  return spot.type;
}

function withAmount(spot: RouletteSpot, amount: bigint): RoulettePlacement {
  const placement = { ...spot, amount: amount.toString() } as RoulettePlacement;
  if ('numbers' in placement) placement.numbers = [...placement.numbers].sort((a, b) => a - b);
  return placement;
}

function pushUndo(params: RouletteUiParams): RoulettePlacement[][] {
  return [...params.undo, params.placements].slice(-UNDO_LIMIT);
}

/** The stake on a spot in atomic units (0 when none). */
export function stakeOn(params: RouletteUiParams, key: string): bigint {
  const found = params.placements.find((placement) => spotKey(placement) === key);
  return found ? BigInt(found.amount) : 0n;
}

/**
 * Adds `amount` atomic units to a spot (merging with its stake). Returns null when the spot is new and
 * the bet already holds ROULETTE_MAX_PLACEMENTS spots, or the amount is not positive.
 */
export function addChip(
  params: RouletteUiParams,
  spot: RouletteSpot,
  amount: bigint,
): RouletteUiParams | null {
  if (amount <= 0n) return null;
  const key = spotKey(spot);
  const index = params.placements.findIndex((placement) => spotKey(placement) === key);
  let placements: RoulettePlacement[];
  if (index >= 0) {
    placements = params.placements.map((placement, i) =>
      i === index ? withAmount(spot, BigInt(placement.amount) + amount) : placement,
    );
  } else {
    if (params.placements.length >= ROULETTE_MAX_PLACEMENTS) return null;
    placements = [...params.placements, withAmount(spot, amount)];
  }
  return { ...params, placements, undo: pushUndo(params) };
}

/** Removes the whole stake of a spot (right-click); unchanged params when it holds none. */
export function removeSpot(params: RouletteUiParams, key: string): RouletteUiParams {
  const placements = params.placements.filter((placement) => spotKey(placement) !== key);
  if (placements.length === params.placements.length) return params;
  return { ...params, placements, undo: pushUndo(params) };
}

/** 'Undo': back to the placements before the last change. */
export function undoLast(params: RouletteUiParams): RouletteUiParams {
  const previous = params.undo[params.undo.length - 1];
  if (!previous) return params;
  return { ...params, placements: previous, undo: params.undo.slice(0, -1) };
}

/** Total of the stakes in atomic units. */
export function rouletteUiTotal(params: RouletteUiParams): bigint {
  return rouletteTotalWager({ placements: params.placements });
}

/** Every stake times num/den rounded down; stakes reaching 0 are removed (the frame's ½, x2, auto increase). */
export function scaleRoulette(params: RouletteUiParams, num: bigint, den: bigint): RouletteUiParams {
  if (den <= 0n || num < 0n) return params;
  const placements = params.placements
    .map((placement) => ({ ...placement, amount: ((BigInt(placement.amount) * num) / den).toString() }))
    .filter((placement) => placement.amount !== '0');
  return { ...params, placements, undo: pushUndo(params) };
}

/** No stakes and no history (the frame's reset, e.g. on a currency switch). */
export function clearRoulette(params: RouletteUiParams): RouletteUiParams {
  return { ...params, placements: [], undo: [] };
}

/** The Play call's `data`: only the placements. */
export function rouletteToPlayData(params: RouletteUiParams): RouletteParams {
  return { placements: params.placements.map((placement) => ({ ...placement })) };
}

/**
 * The best multiplier the stakes can pay (what 'Profit on win' shows); 0 with no stakes (the
 * package's maxMultiplier divides by the total).
 */
export function rouletteWinMultiplier(params: RouletteUiParams, houseEdgeBps: number): Ratio {
  if (params.placements.length === 0) return ZERO_RATIO;
  return roulette.maxMultiplier(rouletteToPlayData(params), houseEdgeBps);
}
