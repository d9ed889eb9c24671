import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  WHEEL_RISKS,
  WHEEL_SEGMENTS,
  type WheelOutcome,
  type WheelParams,
  ratioToDecimal,
  wheelLayout,
  wheelParamsSchema,
} from '@nebula/games';
import type { BoardProps, RoundView } from '../types';
import wheelUi from './index';
import { segmentAt, targetRotation, wheelLegend, wheelSegments } from './layout';

const { Board } = wheelUi;
const Controls = wheelUi.Controls!;

function roundOf(params: WheelParams, segment: number, delay: number): RoundView<WheelOutcome> {
  return {
    betId: '1',
    outcome: { segment },
    params,
    multiplier: ratioToDecimal(wheelLayout(params.segments, params.risk, 100)[segment]!, 8),
    win: true,
    status: 'win',
    profit: '0',
    payout: '0',
    wager: '0',
    currency: 'btc',
    quick: delay === 0,
    delay,
  };
}

function boardProps(
  params: WheelParams,
  round: RoundView<WheelOutcome> | null,
  roundKey: number,
  onAnimationEnd = vi.fn(),
  play = vi.fn(),
): BoardProps<WheelParams, WheelOutcome> {
  return {
    params,
    setParams: vi.fn(),
    locked: false,
    round,
    roundKey,
    onAnimationEnd,
    houseEdgeBps: 100,
    sound: { play },
    wager: 100n,
    currency: 'btc',
    decimals: 8,
  };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('wheel board', () => {
  it('draws one segment per layout entry and a legend of distinct multipliers with chances', () => {
    const params: WheelParams = { segments: 20, risk: 'medium' };
    render(<Board {...boardProps(params, null, 0)} />);
    expect(document.querySelectorAll('.wheel__segment')).toHaveLength(20);
    const items = document.querySelectorAll<HTMLElement>('.wheel__legend-item');
    const distinct = new Set(wheelLayout(20, 'medium', 100).map((m) => ratioToDecimal(m, 8)));
    expect(items).toHaveLength(distinct.size);
    // medium: every other segment is 0x, so 0x has a 50% chance.
    expect(items[0]!.dataset.multiplier).toBe('0.00');
    expect(items[0]!.textContent).toContain('50%');
  });

  it('quick mode shows the outcome segment at once and ends the animation', () => {
    const params: WheelParams = { segments: 10, risk: 'low' };
    const onEnd = vi.fn();
    const { rerender } = render(<Board {...boardProps(params, null, 0, onEnd)} />);
    rerender(<Board {...boardProps(params, roundOf(params, 4, 0), 3, onEnd)} />);
    expect(onEnd).toHaveBeenCalledWith(3);
    const result = screen.getByTestId('wheel-result');
    expect(result.dataset.segment).toBe('4');
    expect(result.textContent).toBe(`${ratioToDecimal(wheelLayout(10, 'low', 100)[4]!, 2)}×`);
    expect(document.querySelector('.wheel__legend-item.is-won')?.getAttribute('data-multiplier')).toBe(
      '0.00',
    );
  });

  it('spins to the segment, then ends after about the delay', () => {
    vi.useFakeTimers();
    const params: WheelParams = { segments: 50, risk: 'high' };
    const onEnd = vi.fn();
    const play = vi.fn();
    const { rerender } = render(<Board {...boardProps(params, null, 0, onEnd, play)} />);
    rerender(<Board {...boardProps(params, roundOf(params, 49, 1000), 1, onEnd, play)} />);
    act(() => vi.advanceTimersByTime(600));
    expect(onEnd).not.toHaveBeenCalled();
    expect(screen.getByTestId('wheel-result').textContent).toBe('');
    act(() => vi.advanceTimersByTime(1000));
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('wheel-result').textContent).toBe('49.50×');
    expect(play).toHaveBeenCalledWith('tick', expect.anything());
    const rotor = document.querySelector('.wheel__rotor') as SVGGElement;
    const degrees = Number(/rotate\(([-\d.]+)deg\)/.exec(rotor.style.transform)![1]);
    expect(segmentAt(degrees, 50)).toBe(49);
    expect(degrees).toBeGreaterThanOrEqual(3 * 360);
  });
});

describe('wheel layout', () => {
  it('the target rotation stops every segment under the pointer, ahead of the current angle', () => {
    for (const count of WHEEL_SEGMENTS) {
      for (const current of [0, 17.3, 725, -40]) {
        for (let segment = 0; segment < count; segment += 1) {
          for (const offset of [-0.34, 0, 0.34]) {
            const target = targetRotation(current, segment, count, 3, offset);
            expect(segmentAt(target, count)).toBe(segment);
            expect(target - current).toBeGreaterThanOrEqual(3 * 360);
          }
        }
      }
    }
  });

  it('colours each distinct multiplier differently', () => {
    for (const count of WHEEL_SEGMENTS) {
      for (const risk of WHEEL_RISKS) {
        const legend = wheelLegend(wheelSegments(count, risk, 100));
        expect(new Set(legend.map((entry) => entry.color)).size).toBe(legend.length);
        expect(legend.reduce((sum, entry) => sum + entry.count, 0)).toBe(count);
      }
    }
  });
});

describe('wheel controls', () => {
  it('produce params the package schema accepts', () => {
    let params: WheelParams = wheelUi.defaultParams;
    expect(wheelParamsSchema.safeParse(params).success).toBe(true);
    const setParams = vi.fn((next: WheelParams) => (params = next));
    const props = { setParams, locked: false, houseEdgeBps: 100, wager: 0n, currency: 'btc', decimals: 8 };
    const { rerender } = render(<Controls {...props} params={params} />);
    fireEvent.click(screen.getByRole('button', { name: 'Risk' }));
    fireEvent.click(screen.getByRole('option', { name: 'High' }));
    rerender(<Controls {...props} params={params} />);
    fireEvent.click(screen.getByRole('button', { name: 'Segments' }));
    fireEvent.click(screen.getByRole('option', { name: '40' }));
    expect(params).toEqual({ segments: 40, risk: 'high' });
    expect(wheelParamsSchema.safeParse(params).success).toBe(true);
    expect(wheelUi.winMultiplier?.(params, 100)).toBeNull();
  });

  it('are disabled while locked', () => {
    render(
      <Controls
        params={wheelUi.defaultParams}
        setParams={vi.fn()}
        locked
        houseEdgeBps={100}
        wager={0n}
        currency="btc"
        decimals={8}
      />,
    );
    for (const button of screen.getAllByRole('button'))
      expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});
