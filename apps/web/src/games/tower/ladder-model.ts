/**
 * What a ladder board (tower, stairs) shows, derived from the frame's round (pure, unit tested): every
 * row's tiles with their state, which row is playable, which tiles animate for the latest answer, and
 * each row's multiplier. Stairs imports this module too; only the drawing differs.
 */
import { useState } from 'react';
import type { LadderShape, LadderStatus, Ratio } from '@nebula/games';
import type { ExtendedRoundView } from '../types';

/** `data-state` of a tile. */
export type LadderTileState = 'hidden' | 'safe' | 'hazard';

/** One tile (tower tile, stairs stone). */
export interface LadderTileModel {
  index: number;
  state: LadderTileState;
  /** The tile the player picked on this row. */
  picked: boolean;
  /** The hazard that ended the round. */
  hit: boolean;
  /** Revealed by the latest answer (animates: a gem pops, a bomb explodes, a stone falls). */
  fresh: boolean;
  /** Shown by the end-of-round reveal (not picked); animates after a delay growing with {@link wave}. */
  shown: boolean;
  /** Rows between this one and where the round ended: the reveal ripples outwards from there. */
  wave: number;
}

/** `done`: climbed; `failed`: the hazard row; `current`: playable now; `ahead`: not reached. */
export type LadderRowStatus = 'done' | 'failed' | 'current' | 'ahead';

/** One row (tower level, stairs step), bottom first. */
export interface LadderRowModel {
  row: number;
  status: LadderRowStatus;
  /** What the base wager pays once this row is climbed. */
  multiplier: Ratio;
  tiles: LadderTileModel[];
}

/**
 * `idle`: nothing of these params to show (before the first round, or the params changed after one);
 * `open`: a round in progress; `ended`: the last round, fully revealed.
 */
export type LadderPhase = 'idle' | 'open' | 'ended';

/** How the shown round ended. */
export type LadderOutcome = 'lost' | 'cleared' | 'taken' | 'cancelled';

export interface LadderModel {
  phase: LadderPhase;
  /** Rows climbed safely. */
  climbed: number;
  /** The row a pick goes to now (open rounds only), else null. */
  current: number | null;
  /** Bottom first. */
  rows: LadderRowModel[];
  outcome: LadderOutcome | null;
  /** The row the round ended on (the hazard row, or the last row climbed), for the reveal ripple. */
  focus: number;
}

/** The part of a ladder view (tower, stairs) the board reads; `layout` only once the round ended. */
export interface LadderViewLike {
  picks: readonly number[];
  status: LadderStatus;
  layout?: readonly (readonly number[])[];
}

/**
 * True when `value` (a board's params, as a key) changed since the latest answer about the round
 * (`roundKey`). An ended round stays on the board until the player changes the params: even when it was
 * played with others (a round restored after a reload, where the controls start from the defaults).
 */
export function useChangedSinceAnswer(roundKey: number, value: string | number): boolean {
  const [mark, setMark] = useState({ roundKey, value });
  if (mark.roundKey !== roundKey) {
    setMark({ roundKey, value });
    return false;
  }
  return mark.value !== value;
}

/**
 * The round a ladder board shows: an open one always, an ended one until the params change after it
 * (`changed`, see {@link useChangedSinceAnswer}); otherwise none (an idle board of the params).
 */
export function shownLadderRound(
  round: ExtendedRoundView<unknown> | null,
  changed: boolean,
): ExtendedRoundView<LadderViewLike> | null {
  if (!round || !isLadderView(round.view)) return null;
  if (round.state === 'in-progress' || !changed) return round as ExtendedRoundView<LadderViewLike>;
  return null;
}

/** True when `view` looks like a ladder game's view or full state. */
export function isLadderView(view: unknown): view is LadderViewLike {
  if (typeof view !== 'object' || view === null) return false;
  const { picks, status, layout } = view as Partial<LadderViewLike>;
  return (
    Array.isArray(picks) &&
    picks.every((pick) => Number.isInteger(pick)) &&
    (status === 'open' || status === 'lost' || status === 'cleared') &&
    (layout === undefined || (Array.isArray(layout) && layout.every((row) => Array.isArray(row))))
  );
}

/** Inputs of {@link ladderModel}. */
export interface LadderModelInput {
  shape: LadderShape;
  /** The round to show, or null for an idle board (the caller checks it was played with `shape`). */
  round: ExtendedRoundView<LadderViewLike> | null;
  /** The multiplier after `rows` safe rows. */
  multiplier(rows: number): Ratio;
}

/** The board's model: see the file comment. */
export function ladderModel({ shape, round, multiplier }: LadderModelInput): LadderModel {
  const view = round && isLadderView(round.view) ? round.view : null;
  const phase: LadderPhase = !round || !view ? 'idle' : round.state === 'in-progress' ? 'open' : 'ended';
  const picks = view?.picks ?? [];
  const status = view?.status ?? 'open';
  const lost = status === 'lost';
  const climbed = lost ? picks.length - 1 : picks.length;
  const layout = phase === 'ended' ? view?.layout : undefined;
  const current = phase === 'open' && climbed < shape.rows ? climbed : null;
  const last = round?.last;
  const freshPick = phase !== 'idle' && (last === 'continue' || last === 'lose' || last === 'finish');
  const revealing = phase === 'ended' && last !== 'restore';
  const focus = Math.max(0, picks.length - 1);

  const rows: LadderRowModel[] = Array.from({ length: shape.rows }, (_, row) => {
    const pick = picks[row];
    const hazards = layout?.[row];
    const rowStatus: LadderRowStatus =
      row < climbed
        ? 'done'
        : lost && row === picks.length - 1
          ? 'failed'
          : row === current
            ? 'current'
            : 'ahead';
    const tiles = Array.from({ length: shape.tiles }, (_, index): LadderTileModel => {
      const picked = pick === index;
      const hit = picked && rowStatus === 'failed';
      let state: LadderTileState = 'hidden';
      if (hazards) state = hazards.includes(index) ? 'hazard' : 'safe';
      else if (picked) state = hit ? 'hazard' : 'safe';
      return {
        index,
        state,
        picked,
        hit,
        fresh: picked && freshPick && row === picks.length - 1,
        shown: !picked && revealing && state !== 'hidden',
        wave: Math.abs(row - focus),
      };
    });
    return { row, status: rowStatus, multiplier: multiplier(row + 1), tiles };
  });

  let outcome: LadderOutcome | null = null;
  if (phase === 'ended') {
    if (lost) outcome = 'lost';
    else if (status === 'cleared') outcome = 'cleared';
    else outcome = last === 'cancel' || picks.length === 0 ? 'cancelled' : 'taken';
  }
  return { phase, climbed: Math.max(0, climbed), current, rows, outcome, focus };
}

/**
 * A uniform tile 0..count - 1 from `crypto.getRandomValues` (rejection sampling, no modulo bias): the
 * 'Random' pick. It only chooses which tile to send; the outcome was fixed when the round opened.
 */
export function randomTile(
  count: number,
  random: (array: Uint32Array) => Uint32Array = (array) => crypto.getRandomValues(array),
): number {
  const limit = Math.floor(0x1_0000_0000 / count) * count;
  const buffer = new Uint32Array(1);
  for (;;) {
    const value = (random(buffer)[0] as number) >>> 0;
    if (value < limit) return value % count;
  }
}

const GROUP = /\B(?=(\d{3})+(?!\d))/g;
const COMPACT: readonly [bigint, string][] = [
  [10n ** 12n, 'T'],
  [10n ** 9n, 'B'],
  [10n ** 6n, 'M'],
];

/**
 * A multiplier for a row label, rounded down so a label never promises more than is paid: 2 decimals
 * below 1,000 (`1.48`, `721.71`), whole above (`6,495`, `19,486`), compact from a million (`1.23M`,
 * `96.88B`).
 */
export function rowMultiplierText(multiplier: Ratio): string {
  const whole = multiplier.num / multiplier.den;
  for (const [unit, suffix] of COMPACT) {
    if (whole >= unit) {
      const hundredths = (multiplier.num * 100n) / (multiplier.den * unit);
      const text = `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
      return `${text.replace(GROUP, ',')}${suffix}`;
    }
  }
  const grouped = whole.toString().replace(GROUP, ',');
  if (whole >= 1_000n) return grouped;
  const hundredths = ((multiplier.num * 100n) / multiplier.den) % 100n;
  return `${grouped}.${hundredths.toString().padStart(2, '0')}`;
}
