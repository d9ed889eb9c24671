import { describe, expect, it } from 'vitest';
import { CRASH_MAX_TARGET, CRASH_MIN_TARGET, curveValue, timeFor } from '@nebula/games';
import {
  MIN_PEAK,
  MIN_SPAN_MS,
  niceStep,
  timeAt,
  viewportFor,
  withAlpha,
  xTicks,
  yTicks,
} from './crash-draw';
import { formatX, liveHundredths } from './crash-live';
import { EMPTY_ROOM, onBettingState, onDataUpdate, onTimerStart } from './crash-model';
import { parseTarget, stepTarget, targetText } from './crash-target';
import { HASH, at } from './test-fixtures';

describe('the curve viewport and axes', () => {
  it('starts at 10 s by 2x and grows to keep the head inside', () => {
    expect(viewportFor(0, 1)).toEqual({ maxMs: MIN_SPAN_MS, maxY: MIN_PEAK });
    const view = viewportFor(40_000, 11);
    expect(40_000 / view.maxMs).toBeCloseTo(0.86, 5);
    expect((11 - 1) / (view.maxY - 1)).toBeCloseTo(0.8, 5);
  });

  it('picks round steps and labels', () => {
    expect(niceStep(1, 4)).toBe(0.5);
    expect(niceStep(9, 4)).toBe(5);
    expect(niceStep(0.3, 4)).toBe(0.1);
    expect(yTicks(2).map((t) => t.label)).toEqual(['1.5x', '2.0x']);
    expect(yTicks(12).map((t) => t.label)).toEqual(['6x', '11x']);
    expect(xTicks(10_000).map((t) => t.label)).toEqual(['2s', '4s', '6s', '8s', '10s']);
    expect(xTicks(60_000).map((t) => t.label)).toEqual(['20s', '40s', '60s']);
  });

  it('places a cash-out on the curve at the time it reached the multiplier', () => {
    expect(curveValue(timeAt(2))).toBeCloseTo(2, 9);
    expect(timeAt(1)).toBe(0);
  });

  it('adds alpha to hex and rgb colours', () => {
    expect(withAlpha('#1fd67a', 0.5)).toBe('rgba(31, 214, 122, 0.5)');
    expect(withAlpha('rgb(10 20 30)', 0.2)).toBe('rgba(10, 20, 30, 0.2)');
    expect(withAlpha('red', 0.2)).toBe('red');
  });
});

describe('the live multiplier', () => {
  it('is 1.00x while betting and the exact curve value while running', () => {
    let state = onTimerStart(
      EMPTY_ROOM,
      {
        round: '1',
        duration: 15_000,
        endsAt: at(15_000),
        serverTime: at(0),
        chain: { id: 1, terminatingHash: HASH },
      },
      0,
    );
    expect(liveHundredths(state.round, 5_000)).toBe(100n);
    state = onBettingState(state, { round: '1', state: 'running', startedAt: at(0), serverTime: at(0) }, 0);
    const two = timeFor(200n);
    state = onDataUpdate(
      state,
      { round: '1', elapsed: two - 100, multiplier: '1.99', cashOuts: [] },
      two - 100,
      null,
    );
    // The first millisecond the curve shows 2.00x, as the server computes it.
    expect(liveHundredths(state.round, two - 1)).toBe(199n);
    expect(liveHundredths(state.round, two)).toBe(200n);
    expect(formatX(123456n)).toBe('1,234.56x');
    expect(formatX(5n)).toBe('0.05x');
  });
});

describe('the auto cash-out target', () => {
  it('parses 1.01x up to 1,000,000x; empty is off', () => {
    expect(parseTarget('')).toBeNull();
    expect(parseTarget('2')).toBe(200);
    expect(parseTarget('1,5')).toBe(150);
    expect(parseTarget('2.5x')).toBe(250);
    expect(parseTarget('1.01')).toBe(CRASH_MIN_TARGET);
    expect(parseTarget('1.00')).toBe('invalid');
    expect(parseTarget('1000000')).toBe(CRASH_MAX_TARGET);
    expect(parseTarget('1000000.01')).toBe('invalid');
    expect(parseTarget('abc')).toBe('invalid');
    expect(targetText(null)).toBe('');
    expect(targetText(123456)).toBe('1,234.56');
  });

  it('steps along a ladder that grows with the target, within the limits', () => {
    expect(stepTarget(200, 1)).toBe(250);
    expect(stepTarget(200, -1)).toBe(190);
    expect(stepTarget(110, -1)).toBe(CRASH_MIN_TARGET);
    expect(stepTarget(CRASH_MIN_TARGET, 1)).toBe(110);
    expect(stepTarget(null, 1)).toBe(200);
    expect(stepTarget(1_000, 1)).toBe(1_500);
    expect(stepTarget(1_000, -1)).toBe(950);
    expect(stepTarget(CRASH_MAX_TARGET, 1)).toBe(CRASH_MAX_TARGET);
    let target = CRASH_MIN_TARGET;
    for (let i = 0; i < 200; i += 1) {
      const next = stepTarget(target, 1);
      expect(next).toBeGreaterThanOrEqual(target);
      target = next;
    }
    expect(target).toBe(CRASH_MAX_TARGET);
  });
});
