import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  KENO_RISKS,
  type KenoOutcome,
  type KenoParams,
  keno,
  kenoParamsSchema,
  kenoTable,
  ratioToDecimal,
} from '@nebula/games';
import type { BoardProps, RoundView } from '../types';
import kenoUi from './index';
import { autoPick, randomBelow, togglePick } from './picks';

const { Board } = kenoUi;
const Controls = kenoUi.Controls!;
const DRAWN = [5, 12, 40, 1, 33, 18, 27, 9, 22, 36];

function roundOf(params: KenoParams, drawn: number[], delay: number): RoundView<KenoOutcome> {
  const set = new Set(drawn);
  const outcome = { drawn, hits: params.picks.filter((pick) => set.has(pick)).sort((a, b) => a - b) };
  return {
    betId: '1',
    outcome,
    params,
    multiplier: ratioToDecimal(keno.multiplier(params, outcome, 100), 8),
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
  params: KenoParams,
  round: RoundView<KenoOutcome> | null,
  roundKey: number,
  extra: Partial<BoardProps<KenoParams, KenoOutcome>> = {},
): BoardProps<KenoParams, KenoOutcome> {
  return {
    params,
    setParams: vi.fn(),
    locked: false,
    round,
    roundKey,
    onAnimationEnd: vi.fn(),
    houseEdgeBps: 100,
    sound: { play: vi.fn() },
    wager: 100n,
    currency: 'btc',
    decimals: 8,
    ...extra,
  };
}

const cell = (n: number) => screen.getByTestId(`keno-cell-${n}`);

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('keno board', () => {
  it('shows 40 squares and the payout row for the current picks', () => {
    const params: KenoParams = { picks: [3, 5, 12], risk: 'high' };
    render(<Board {...boardProps(params, null, 0)} />);
    for (let n = 1; n <= 40; n += 1) {
      expect(cell(n).dataset.state).toBe([3, 5, 12].includes(n) ? 'picked' : 'idle');
    }
    const payouts = document.querySelectorAll<HTMLElement>('.keno__payout');
    expect(payouts).toHaveLength(4);
    const table = kenoTable('high', 3, 100);
    expect(payouts[3]!.getAttribute('title')).toContain(`${ratioToDecimal(table[3]!, 2)}×`);
    expect(screen.queryByTestId('keno-result')).toBeNull();
  });

  it('picks by clicking, at most 10, and not while locked', () => {
    const setParams = vi.fn();
    const params: KenoParams = { picks: [1, 2, 3, 4, 5, 6, 7, 8, 9], risk: 'classic' };
    const { rerender } = render(<Board {...boardProps(params, null, 0, { setParams })} />);
    fireEvent.click(cell(20));
    expect(setParams).toHaveBeenLastCalledWith({ picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 20], risk: 'classic' });
    fireEvent.click(cell(2));
    expect(setParams).toHaveBeenLastCalledWith({ picks: [1, 3, 4, 5, 6, 7, 8, 9], risk: 'classic' });
    const full: KenoParams = { picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], risk: 'classic' };
    setParams.mockClear();
    rerender(<Board {...boardProps(full, null, 0, { setParams })} />);
    fireEvent.click(cell(30));
    expect(setParams).not.toHaveBeenCalled();
    rerender(<Board {...boardProps(full, null, 0, { setParams, locked: true })} />);
    expect((cell(1) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(cell(1));
    expect(setParams).not.toHaveBeenCalled();
  });

  it('quick mode shows hits, misses and the payout at once', () => {
    const params: KenoParams = { picks: [1, 2, 5, 40], risk: 'classic' };
    const onAnimationEnd = vi.fn();
    const { rerender } = render(<Board {...boardProps(params, null, 0, { onAnimationEnd })} />);
    rerender(<Board {...boardProps(params, roundOf(params, DRAWN, 0), 7, { onAnimationEnd })} />);
    expect(onAnimationEnd).toHaveBeenCalledWith(7);
    expect(cell(1).dataset.state).toBe('hit');
    expect(cell(5).dataset.state).toBe('hit');
    expect(cell(40).dataset.state).toBe('hit');
    expect(cell(2).dataset.state).toBe('picked');
    expect(cell(2).className).toContain('is-outlined');
    expect(cell(12).dataset.state).toBe('miss');
    expect(cell(13).dataset.state).toBe('idle');
    const result = screen.getByTestId('keno-result');
    expect(result.dataset.hits).toBe('3');
    expect(result.dataset.multiplier).toBe(ratioToDecimal(kenoTable('classic', 4, 100)[3]!, 2));
    expect(document.querySelector('.keno__payout.is-active')?.getAttribute('data-hits')).toBe('3');
  });

  it('changing the picks after a draw clears it from the table', () => {
    const params: KenoParams = { picks: [1, 2], risk: 'classic' };
    const round = roundOf(params, DRAWN, 0);
    const { rerender } = render(<Board {...boardProps(params, round, 1)} />);
    expect(cell(1).dataset.state).toBe('hit');
    const next: KenoParams = { picks: [1, 2, 3], risk: 'classic' };
    rerender(<Board {...boardProps(next, round, 1)} />);
    expect(cell(1).dataset.state).toBe('picked');
    expect(cell(12).dataset.state).toBe('idle');
    expect(screen.queryByTestId('keno-result')).toBeNull();
  });

  it('reveals the drawn numbers one by one, then ends', () => {
    vi.useFakeTimers();
    const params: KenoParams = { picks: [5, 6], risk: 'low' };
    const onAnimationEnd = vi.fn();
    const play = vi.fn();
    const { rerender } = render(
      <Board {...boardProps(params, null, 0, { onAnimationEnd, sound: { play } })} />,
    );
    rerender(
      <Board {...boardProps(params, roundOf(params, DRAWN, 1000), 1, { onAnimationEnd, sound: { play } })} />,
    );
    expect(cell(5).dataset.state).toBe('picked');
    act(() => vi.advanceTimersByTime(100));
    expect(cell(5).dataset.state).toBe('hit');
    expect(cell(12).dataset.state).toBe('idle');
    act(() => vi.advanceTimersByTime(200));
    expect(cell(12).dataset.state).toBe('miss');
    expect(cell(40).dataset.state).toBe('miss');
    expect(onAnimationEnd).not.toHaveBeenCalled();
    expect(screen.queryByTestId('keno-result')).toBeNull();
    act(() => vi.advanceTimersByTime(800));
    expect(onAnimationEnd).toHaveBeenCalledTimes(1);
    expect(onAnimationEnd).toHaveBeenCalledWith(1);
    expect(DRAWN.every((n) => cell(n).dataset.state !== 'idle')).toBe(true);
    expect(screen.getByTestId('keno-result').dataset.hits).toBe('1');
    expect(play.mock.calls.filter(([name]) => name === 'pop')).toHaveLength(1);
    expect(play.mock.calls.filter(([name]) => name === 'tick')).toHaveLength(9);
  });
});

describe('keno picks', () => {
  it('toggle keeps picks distinct, ascending and at most 10', () => {
    expect(togglePick([4, 9], 1)).toEqual([1, 4, 9]);
    expect(togglePick([4, 9], 4)).toEqual([9]);
    const ten = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(togglePick(ten, 11)).toEqual(ten);
  });

  it('auto pick draws distinct squares with crypto randomness, respecting the count', () => {
    const spy = vi.spyOn(crypto, 'getRandomValues');
    for (const count of [1, 4, 10]) {
      const picks = autoPick(count);
      expect(picks).toHaveLength(count);
      expect(kenoParamsSchema.safeParse({ picks, risk: 'low' }).success).toBe(true);
    }
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
    // Rejection sampling: values in the biased tail are redrawn.
    const values = [0xffff_ffff, 7];
    const random = (array: Uint32Array) => {
      array[0] = values.shift()!;
      return array;
    };
    expect(randomBelow(40, random)).toBe(7);
  });
});

describe('keno controls', () => {
  const props = { locked: false, houseEdgeBps: 100, wager: 0n, currency: 'btc', decimals: 8 };

  it('default params have no picks and are blocked with "Select cells!"', () => {
    expect(kenoUi.defaultParams.picks).toEqual([]);
    expect(kenoUi.blockReason?.(kenoUi.defaultParams)).toBe('Select cells!');
    expect(kenoUi.blockReason?.({ picks: [3], risk: 'classic' })).toBeNull();
    expect(kenoUi.winMultiplier?.({ picks: [3], risk: 'classic' }, 100)).toBeNull();
  });

  it('risk, auto pick and clear produce params the package schema accepts', () => {
    let params: KenoParams = { picks: [7, 8, 9], risk: 'classic' };
    const setParams = vi.fn((next: KenoParams) => (params = next));
    const { rerender } = render(<Controls {...props} params={params} setParams={setParams} />);
    fireEvent.click(screen.getByRole('button', { name: 'Risk' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(
      KENO_RISKS.map((risk) => risk[0]!.toUpperCase() + risk.slice(1)),
    );
    fireEvent.click(screen.getByRole('option', { name: 'Medium' }));
    expect(params).toEqual({ picks: [7, 8, 9], risk: 'medium' });
    rerender(<Controls {...props} params={params} setParams={setParams} />);
    fireEvent.click(screen.getByRole('button', { name: 'Auto pick' }));
    expect(params.picks).toHaveLength(3);
    expect(kenoParamsSchema.safeParse(params).success).toBe(true);
    rerender(<Controls {...props} params={params} setParams={setParams} />);
    fireEvent.click(screen.getByRole('button', { name: 'Clear table' }));
    expect(params.picks).toEqual([]);
    rerender(<Controls {...props} params={params} setParams={setParams} />);
    fireEvent.click(screen.getByRole('button', { name: 'Auto pick' }));
    expect(params.picks).toHaveLength(10);
    expect(kenoParamsSchema.safeParse(params).success).toBe(true);
  });

  it('are disabled while locked', () => {
    render(<Controls {...props} locked params={{ picks: [1], risk: 'low' }} setParams={vi.fn()} />);
    for (const button of screen.getAllByRole('button'))
      expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});
