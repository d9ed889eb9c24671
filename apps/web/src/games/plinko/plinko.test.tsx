import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type PlinkoOutcome,
  type PlinkoParams,
  plinko,
  plinkoParamsSchema,
  plinkoTable,
  ratioToDecimal,
} from '@nebula/games';
import type { BoardProps, RoundView } from '../types';
import plinkoUi from './index';
import { ballAt, ballWaypoints, plinkoGeometry, slotLabel, slotX } from './layout';

const { Board } = plinkoUi;
const Controls = plinkoUi.Controls!;

function roundOf(params: PlinkoParams, path: (0 | 1)[], delay: number): RoundView<PlinkoOutcome> {
  const outcome = { path, bucket: path.reduce<number>((a, b) => a + b, 0) };
  return {
    betId: '1',
    outcome,
    params,
    multiplier: ratioToDecimal(plinko.multiplier(params, outcome, 100), 8),
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
  params: PlinkoParams,
  round: RoundView<PlinkoOutcome> | null,
  roundKey: number,
  onAnimationEnd = vi.fn(),
  play = vi.fn(),
): BoardProps<PlinkoParams, PlinkoOutcome> {
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

describe('plinko board', () => {
  it('shows rows + 1 slots with the package table for the house edge', () => {
    const params: PlinkoParams = { rows: 12, risk: 'high' };
    render(<Board {...boardProps(params, null, 0)} />);
    expect(screen.getByTestId('plinko-board').dataset.rows).toBe('12');
    const slots = screen.getAllByTestId('plinko-slot');
    const table = plinkoTable(12, 'high', 100);
    expect(slots).toHaveLength(13);
    slots.forEach((slot, k) => {
      expect(slot.dataset.multiplier).toBe(ratioToDecimal(table[k]!, 2));
      expect(slot.textContent).toContain(`${slotLabel(table[k]!)}×`);
    });
    expect(document.querySelectorAll('.plinko__pin')).toHaveLength(12 * 3 + (11 * 12) / 2);
  });

  it('quick mode lands at once in the outcome slot and ends the animation', () => {
    const params: PlinkoParams = { rows: 8, risk: 'low' };
    const onEnd = vi.fn();
    const { rerender } = render(<Board {...boardProps(params, null, 0, onEnd)} />);
    rerender(<Board {...boardProps(params, roundOf(params, [1, 1, 0, 1, 0, 0, 1, 1], 0), 1, onEnd)} />);
    expect(onEnd).toHaveBeenCalledWith(1);
    const active = document.querySelector('.plinko__slot.is-active') as HTMLElement;
    expect(active.dataset.bucket).toBe('5');
  });

  it('drops a ball along the path, ticking each pin, and ends after about the delay', () => {
    vi.useFakeTimers();
    const params: PlinkoParams = { rows: 8, risk: 'medium' };
    const onEnd = vi.fn();
    const play = vi.fn();
    const { rerender } = render(<Board {...boardProps(params, null, 0, onEnd, play)} />);
    rerender(
      <Board {...boardProps(params, roundOf(params, [0, 0, 0, 0, 0, 0, 0, 1], 1000), 1, onEnd, play)} />,
    );
    expect(document.querySelectorAll('.plinko__ball')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(500));
    expect(onEnd).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1200));
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(onEnd).toHaveBeenCalledWith(1);
    expect(play.mock.calls.filter(([name]) => name === 'tick')).toHaveLength(8);
    expect((document.querySelector('.plinko__slot.is-active') as HTMLElement).dataset.bucket).toBe('1');
    act(() => vi.advanceTimersByTime(500));
    expect(document.querySelectorAll('.plinko__ball')).toHaveLength(0);
  });
});

describe('plinko geometry', () => {
  it('the ball touches one pin per row and ends over the bucket slot', () => {
    for (const rows of [8, 13, 16]) {
      const geometry = plinkoGeometry(rows);
      const path = Array.from({ length: rows }, (_, i) => (i % 3 === 0 ? 1 : 0)) as (0 | 1)[];
      const bucket = path.reduce<number>((a, b) => a + b, 0);
      const points = ballWaypoints(geometry, path);
      expect(points).toHaveLength(rows + 2);
      expect(points.at(-1)!.x).toBeCloseTo(slotX(geometry, bucket));
      const end = ballAt(geometry, points, 1);
      expect(end.x).toBeCloseTo(slotX(geometry, bucket));
      // Every leg moves half a pin pitch sideways.
      for (let i = 2; i < points.length; i += 1) {
        expect(Math.abs(points[i]!.x - points[i - 1]!.x)).toBeCloseTo(geometry.spacing / 2);
      }
    }
  });
});

describe('plinko controls', () => {
  it('produce params the package schema accepts', () => {
    let params: PlinkoParams = plinkoUi.defaultParams;
    expect(plinkoParamsSchema.safeParse(params).success).toBe(true);
    const setParams = vi.fn((next: PlinkoParams) => (params = next));
    const props = { setParams, locked: false, houseEdgeBps: 100, wager: 0n, currency: 'btc', decimals: 8 };
    const { rerender } = render(<Controls {...props} params={params} />);
    fireEvent.click(screen.getByRole('button', { name: 'Risk' }));
    fireEvent.click(screen.getByRole('option', { name: 'High' }));
    rerender(<Controls {...props} params={params} />);
    fireEvent.click(screen.getByRole('button', { name: 'Rows' }));
    fireEvent.click(screen.getByRole('option', { name: '9' }));
    expect(params).toEqual({ rows: 9, risk: 'high' });
    expect(plinkoParamsSchema.safeParse(params).success).toBe(true);
    expect(plinkoUi.winMultiplier?.(params, 100)).toBeNull();
  });

  it('are disabled while locked', () => {
    render(
      <Controls
        params={plinkoUi.defaultParams}
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
