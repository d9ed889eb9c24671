/**
 * Baccarat's UI params: the stake on each side in atomic units (what the server receives) plus the
 * selected chip and the Undo history (UI only; `toPlayData` strips them).
 */
import {
  type BaccaratParams,
  type BaccaratSide,
  type Ratio,
  ZERO_RATIO,
  baccarat,
  baccaratTotalWager,
} from '@nebula/games';
import { type ChipValue, DEFAULT_CHIP } from '../chips/chip-unit';

/** The three betting spots in table order. */
export const BACCARAT_SIDES = ['player', 'tie', 'banker'] as const satisfies readonly BaccaratSide[];

/** Stakes per side, decimal strings of atomic units. */
export type BaccaratStakes = Pick<BaccaratParams, BaccaratSide>;

/** Undo steps kept. */
export const UNDO_LIMIT = 100;

/** What the baccarat board and controls edit. */
export interface BaccaratUiParams extends BaccaratStakes {
  /** The selected chip (UI only). */
  chip: ChipValue;
  /** Earlier stakes, newest last (UI only). */
  undo: BaccaratStakes[];
}

const NO_STAKES: BaccaratStakes = { player: '0', banker: '0', tie: '0' };

/** Nothing staked, chip 1 selected. */
export const DEFAULT_BACCARAT_PARAMS: BaccaratUiParams = { ...NO_STAKES, chip: DEFAULT_CHIP, undo: [] };

function stakesOf(params: BaccaratUiParams): BaccaratStakes {
  return { player: params.player, banker: params.banker, tie: params.tie };
}

function pushUndo(params: BaccaratUiParams): BaccaratStakes[] {
  return [...params.undo, stakesOf(params)].slice(-UNDO_LIMIT);
}

/** The stake on a side in atomic units. */
export function stakeOf(params: BaccaratStakes, side: BaccaratSide): bigint {
  return BigInt(params[side] || '0');
}

/** Adds `amount` atomic units to a side; unchanged params for a non-positive amount. */
export function addChip(params: BaccaratUiParams, side: BaccaratSide, amount: bigint): BaccaratUiParams {
  if (amount <= 0n) return params;
  return {
    ...params,
    [side]: (stakeOf(params, side) + amount).toString(),
    undo: pushUndo(params),
  };
}

/** Removes a side's stake (right-click); unchanged params when it holds none. */
export function removeSide(params: BaccaratUiParams, side: BaccaratSide): BaccaratUiParams {
  if (stakeOf(params, side) === 0n) return params;
  return { ...params, [side]: '0', undo: pushUndo(params) };
}

/** 'Undo': back to the stakes before the last change. */
export function undoLast(params: BaccaratUiParams): BaccaratUiParams {
  const previous = params.undo[params.undo.length - 1];
  if (!previous) return params;
  return { ...params, ...previous, undo: params.undo.slice(0, -1) };
}

/** Total of the stakes in atomic units. */
export function baccaratUiTotal(params: BaccaratUiParams): bigint {
  return baccaratTotalWager(stakesOf(params));
}

/** Every stake times num/den rounded down (the frame's ½, x2, auto increase). */
export function scaleBaccarat(params: BaccaratUiParams, num: bigint, den: bigint): BaccaratUiParams {
  if (den <= 0n || num < 0n) return params;
  const scale = (side: BaccaratSide) => ((stakeOf(params, side) * num) / den).toString();
  return {
    ...params,
    player: scale('player'),
    banker: scale('banker'),
    tie: scale('tie'),
    undo: pushUndo(params),
  };
}

/** No stakes and no history (the frame's reset, e.g. on a currency switch). */
export function clearBaccarat(params: BaccaratUiParams): BaccaratUiParams {
  return { ...params, ...NO_STAKES, undo: [] };
}

/** The Play call's `data`: the three stakes. */
export function baccaratToPlayData(params: BaccaratUiParams): BaccaratParams {
  return stakesOf(params);
}

/** The best multiplier the stakes can pay ('Profit on win'); 0 with no stakes. */
export function baccaratWinMultiplier(params: BaccaratUiParams, houseEdgeBps: number): Ratio {
  if (baccaratUiTotal(params) === 0n) return ZERO_RATIO;
  return baccarat.maxMultiplier(baccaratToPlayData(params), houseEdgeBps);
}
