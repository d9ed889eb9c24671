import { describe, expect, it } from 'vitest';
import { baccaratParamsSchema, ratioToDecimal } from '@nebula/games';
import {
  DEFAULT_BACCARAT_PARAMS,
  addChip,
  baccaratToPlayData,
  baccaratUiTotal,
  baccaratWinMultiplier,
  clearBaccarat,
  removeSide,
  scaleBaccarat,
  undoLast,
} from './params';
import { dealDuration, dealOrder, dealSchedule, handTotal } from './deal';
import baccaratUi from './index';

describe('baccarat stakes', () => {
  it('starts empty (blocked) with chip 1; one click on Player is playable', () => {
    expect(baccaratUi.blockReason?.(DEFAULT_BACCARAT_PARAMS)).toBeTruthy();
    expect(baccaratParamsSchema.safeParse(baccaratToPlayData(DEFAULT_BACCARAT_PARAMS)).success).toBe(false);
    const params = addChip(DEFAULT_BACCARAT_PARAMS, 'player', 1n);
    expect(baccaratUi.blockReason?.(params)).toBeNull();
    expect(baccaratToPlayData(params)).toEqual({ player: '1', banker: '0', tie: '0' });
    expect(baccaratParamsSchema.safeParse(baccaratUi.toPlayData!(params)).success).toBe(true);
  });

  it('adds, removes, undoes and clears in bigint', () => {
    let params = addChip(DEFAULT_BACCARAT_PARAMS, 'player', 100n);
    params = addChip(params, 'tie', 10n);
    params = addChip(params, 'player', 1000n);
    expect(baccaratUiTotal(params)).toBe(1110n);
    expect(params.player).toBe('1100');
    params = removeSide(params, 'tie');
    expect(params.tie).toBe('0');
    params = undoLast(params);
    expect(params.tie).toBe('10');
    expect(clearBaccarat(params)).toMatchObject({ player: '0', banker: '0', tie: '0', undo: [] });
  });

  it('scales each stake rounding down', () => {
    const params = addChip(addChip(DEFAULT_BACCARAT_PARAMS, 'banker', 5n), 'tie', 1n);
    expect(baccaratToPlayData(scaleBaccarat(params, 1n, 2n))).toEqual({ player: '0', banker: '2', tie: '0' });
    expect(baccaratToPlayData(scaleBaccarat(params, 2n, 1n))).toEqual({
      player: '0',
      banker: '10',
      tie: '2',
    });
  });

  it('profit on win uses the package pays (best case)', () => {
    expect(
      ratioToDecimal(baccaratWinMultiplier(addChip(DEFAULT_BACCARAT_PARAMS, 'player', 1n), 100), 4),
    ).toBe('2.0051');
    expect(ratioToDecimal(baccaratWinMultiplier(addChip(DEFAULT_BACCARAT_PARAMS, 'tie', 1n), 100), 4)).toBe(
      '10.3745',
    );
    expect(baccaratWinMultiplier(DEFAULT_BACCARAT_PARAMS, 100).num).toBe(0n);
  });
});

describe('baccarat deal', () => {
  const outcome = { player: [0, 1, 2], banker: [48, 4, 8] }; // ♦2 ♥2 ♠2 vs ♦A ♦3 ♦4

  it('deals in shoe order: P, B, P, B, then third cards', () => {
    expect(dealOrder(outcome).map((step) => `${step.hand[0]}${step.slot}`)).toEqual([
      'p0',
      'b0',
      'p1',
      'b1',
      'p2',
      'b2',
    ]);
    expect(dealOrder({ player: [0, 1], banker: [2, 3] })).toHaveLength(4);
  });

  it('lands the last card exactly at the end, within the frame grace period', () => {
    const total = dealDuration(1000);
    expect(total).toBeLessThan(1600);
    const steps = dealSchedule(outcome, total);
    const last = steps[steps.length - 1]!;
    expect(Math.abs(last.start + last.duration - total)).toBeLessThanOrEqual(2);
    expect(dealSchedule(outcome, 0).every((step) => step.duration === 0)).toBe(true);
  });

  it('totals hands mod 10 with the card mapping index = 4 * rank + suit', () => {
    expect(handTotal([0, 1, 2])).toBe(6); // 2 + 2 + 2
    expect(handTotal([48, 4, 8])).toBe(8); // A + 3 + 4
    expect(handTotal([32, 36, 40, 44])).toBe(0); // 10 J Q K
  });
});
