import { describe, expect, it } from 'vitest';
import {
  ROULETTE_MAX_PLACEMENTS,
  ratio,
  ratioToDecimal,
  roulette,
  rouletteParamsSchema,
  roulettePlacementSchema,
} from '@nebula/games';
import { TABLE_CELLS, TABLE_HOTSPOTS, orientPoint, orientRect } from './layout';
import {
  DEFAULT_ROULETTE_PARAMS,
  addChip,
  clearRoulette,
  removeSpot,
  type RouletteSpot,
  rouletteToPlayData,
  rouletteUiTotal,
  rouletteWinMultiplier,
  scaleRoulette,
  spotKey,
  undoLast,
} from './params';
import rouletteUi from './index';

const red = { type: 'red' } as const;
const seventeen: RouletteSpot = { type: 'straight', numbers: [17] };

describe('roulette stakes', () => {
  it('starts empty with chip 1 selected and is blocked until a chip is placed', () => {
    expect(DEFAULT_ROULETTE_PARAMS.placements).toEqual([]);
    expect(DEFAULT_ROULETTE_PARAMS.chip).toBe(1);
    expect(rouletteUi.blockReason?.(DEFAULT_ROULETTE_PARAMS)).toBeTruthy();
    expect(rouletteUi.stakes?.total(DEFAULT_ROULETTE_PARAMS)).toBe(0n);
  });

  it('one click on red makes params the server schema accepts', () => {
    const params = addChip(DEFAULT_ROULETTE_PARAMS, red, 10n)!;
    const data = rouletteUi.toPlayData!(params);
    expect(rouletteParamsSchema.safeParse(data).success).toBe(true);
    expect(data).toEqual({ placements: [{ type: 'red', amount: '10' }] });
    expect(rouletteUi.blockReason?.(params)).toBeNull();
  });

  it('merges chips on the same spot and totals in bigint', () => {
    let params = addChip(DEFAULT_ROULETTE_PARAMS, red, 10n)!;
    params = addChip(params, seventeen, 100n)!;
    params = addChip(params, red, 1000n)!;
    params = addChip(params, { type: 'split', numbers: [4, 1] }, 5n)!;
    expect(params.placements).toEqual([
      { type: 'red', amount: '1010' },
      { type: 'straight', numbers: [17], amount: '100' },
      { type: 'split', numbers: [1, 4], amount: '5' },
    ]);
    expect(rouletteUiTotal(params)).toBe(1115n);
    expect(roulette.totalWager!(rouletteToPlayData(params))).toBe(1115n);
  });

  it('undo walks back every change', () => {
    let params = addChip(DEFAULT_ROULETTE_PARAMS, red, 10n)!;
    params = addChip(params, red, 10n)!;
    params = removeSpot(params, 'red');
    expect(params.placements).toEqual([]);
    params = undoLast(params);
    expect(params.placements).toEqual([{ type: 'red', amount: '20' }]);
    params = undoLast(params);
    expect(params.placements).toEqual([{ type: 'red', amount: '10' }]);
    expect(undoLast(undoLast(params)).placements).toEqual([]);
  });

  it('scales every stake rounding down and drops zeros; the frame clear forgets the history', () => {
    let params = addChip(DEFAULT_ROULETTE_PARAMS, red, 3n)!;
    params = addChip(params, seventeen, 1n)!;
    const half = scaleRoulette(params, 1n, 2n);
    expect(half.placements).toEqual([{ type: 'red', amount: '1' }]);
    expect(scaleRoulette(params, 2n, 1n).placements.map((p) => p.amount)).toEqual(['6', '2']);
    expect(undoLast(half).placements).toEqual(params.placements);
    const cleared = clearRoulette(params);
    expect(cleared).toMatchObject({ placements: [], undo: [], chip: params.chip });
  });

  it(`refuses a new spot beyond ${ROULETTE_MAX_PLACEMENTS} but still stacks on a used one`, () => {
    const spots = [...TABLE_CELLS, ...TABLE_HOTSPOTS].map((entry) => entry.spot);
    expect(spots.length).toBeLessThan(ROULETTE_MAX_PLACEMENTS);
    let params = DEFAULT_ROULETTE_PARAMS;
    for (const spot of spots) params = addChip(params, spot, 1n)!;
    expect(params.placements.length).toBe(spots.length);
    // Every spot of the table is fewer than the limit: pretend a full bet to check the refusal.
    const filler = params.placements[0]!;
    const full = { ...params, placements: Array.from({ length: ROULETTE_MAX_PLACEMENTS }, () => filler) };
    expect(addChip(full, { type: 'straight', numbers: [36] }, 1n)).toBeNull();
    expect(addChip(full, { type: 'straight', numbers: [0] }, 1n)).not.toBeNull();
    expect(rouletteParamsSchema.safeParse(rouletteToPlayData(params)).success).toBe(true);
  });

  it('shows the best case for Profit on win, 0 with no stakes', () => {
    expect(rouletteWinMultiplier(DEFAULT_ROULETTE_PARAMS, 100)).toEqual(ratio(0n));
    const params = addChip(DEFAULT_ROULETTE_PARAMS, red, 10n)!;
    expect(ratioToDecimal(rouletteWinMultiplier(params, 100), 2)).toBe('2.03'); // 0.99 * 37 / 18
  });
});

describe('roulette table layout', () => {
  it('has every pocket, outside bet and a valid inside bet on each hotspot', () => {
    const cells = TABLE_CELLS.filter((cell) => cell.number !== undefined).map((cell) => cell.number);
    expect(cells.sort((a, b) => a! - b!)).toEqual(Array.from({ length: 37 }, (_, i) => i));
    for (const entry of [...TABLE_CELLS, ...TABLE_HOTSPOTS]) {
      const result = roulettePlacementSchema.safeParse({ ...entry.spot, amount: '1' });
      expect(result.success, spotKey(entry.spot)).toBe(true);
    }
    const keys = [...TABLE_CELLS, ...TABLE_HOTSPOTS].map((entry) => entry.key);
    expect(new Set(keys).size).toBe(keys.length);
    const types = new Set(TABLE_HOTSPOTS.map((spot) => spot.spot.type));
    expect([...types].sort()).toEqual(['corner', 'line', 'split', 'street']);
    // 60 splits, 14 streets, 23 corners, 11 six lines on the European table
    const count = (type: string) => TABLE_HOTSPOTS.filter((spot) => spot.spot.type === type).length;
    expect([count('split'), count('street'), count('corner'), count('line')]).toEqual([60, 14, 23, 11]);
  });

  it('turns the table for phones: zero on top, 1-2-3 in the first row', () => {
    const rect = (n: number) => orientRect(TABLE_CELLS.find((cell) => cell.number === n)!.rect, 'vertical');
    expect(rect(0)).toEqual({ x: 2, y: 0, w: 3, h: 1 });
    expect([rect(1), rect(2), rect(3)].map((r) => [r.x, r.y])).toEqual([
      [2, 1],
      [3, 1],
      [4, 1],
    ]);
    expect(orientPoint(1, 2.5, 'vertical')).toEqual({ x: 2.5, y: 1 });
  });
});
