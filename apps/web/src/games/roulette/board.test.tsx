import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RouletteOutcome, rouletteParamsSchema } from '@nebula/games';
import '../../lib/i18n';
import type { BoardProps, RoundView } from '../types';
import { RouletteBoard, spinDuration } from './board';
import { RouletteControls } from './controls';
import { DEFAULT_ROULETTE_PARAMS, type RouletteUiParams, addChip } from './params';
import rouletteUi from './index';

function roundOf(number: number, delay = 1000): RoundView<RouletteOutcome> {
  return {
    betId: 'b1',
    outcome: { number },
    params: {},
    multiplier: '0',
    win: false,
    status: 'lose',
    profit: '-0.00000010',
    payout: '0',
    wager: '0.00000010',
    currency: 'btc',
    quick: delay === 0,
    delay,
  };
}

function props(overrides: Partial<BoardProps<RouletteUiParams, RouletteOutcome>> = {}) {
  return {
    params: DEFAULT_ROULETTE_PARAMS,
    setParams: vi.fn(),
    locked: false,
    round: null,
    roundKey: 0,
    onAnimationEnd: vi.fn(),
    houseEdgeBps: 100,
    sound: { play: vi.fn() },
    wager: 0n,
    currency: 'btc',
    decimals: 8,
    ...overrides,
  } satisfies BoardProps<RouletteUiParams, RouletteOutcome>;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('RouletteBoard', () => {
  it('exports the game UI with stakes', () => {
    expect(rouletteUi.id).toBe('roulette');
    expect(rouletteUi.stakes).toBeDefined();
    expect(rouletteUi.Board).toBe(RouletteBoard);
  });

  it('places the selected chip on one click and the params are playable', () => {
    const setParams = vi.fn();
    render(<RouletteBoard {...props({ setParams })} />);
    expect(screen.getByTestId('roulette-board')).toBeTruthy();
    fireEvent.click(screen.getByTestId('roulette-bet-red'));
    const next = setParams.mock.calls[0]![0] as RouletteUiParams;
    expect(next.placements).toEqual([{ type: 'red', amount: '1' }]); // no price in the store: 1 atomic unit
    expect(rouletteParamsSchema.safeParse(rouletteUi.toPlayData!(next)).success).toBe(true);
    fireEvent.click(screen.getByTestId('roulette-bet-split-1-4'));
    expect(setParams).toHaveBeenCalledTimes(2);
  });

  it('removes a spot on right-click and ignores clicks while locked', () => {
    const params = addChip(DEFAULT_ROULETTE_PARAMS, { type: 'black' }, 10n)!;
    const setParams = vi.fn();
    const { rerender } = render(<RouletteBoard {...props({ params, setParams })} />);
    fireEvent.contextMenu(screen.getByTestId('roulette-bet-black'));
    expect((setParams.mock.calls[0]![0] as RouletteUiParams).placements).toEqual([]);
    rerender(<RouletteBoard {...props({ params, setParams, locked: true })} />);
    fireEvent.click(screen.getByTestId('roulette-bet-straight-5'));
    expect(setParams).toHaveBeenCalledTimes(1);
  });

  it('spins, then shows the pocket, highlights it and calls onAnimationEnd', () => {
    const onAnimationEnd = vi.fn();
    const base = props({ onAnimationEnd });
    const { rerender } = render(<RouletteBoard {...base} />);
    rerender(<RouletteBoard {...base} round={roundOf(17)} roundKey={1} />);
    expect(screen.queryByTestId('roulette-result')).toBeNull();
    act(() => vi.advanceTimersByTime(spinDuration(1000) - 10));
    expect(onAnimationEnd).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(20));
    expect(onAnimationEnd).toHaveBeenCalledWith(1);
    expect(screen.getByTestId('roulette-result').textContent).toBe('17');
    expect(screen.getByTestId('roulette-bet-straight-17').className).toContain('is-winner');
    expect(screen.getByTestId('roulette-bet-black').className).toContain('is-hit');
    expect(screen.getByTestId('roulette-bet-red').className).not.toContain('is-hit');
    expect(base.sound.play).toHaveBeenCalledWith('roll');
  });

  it('shows the result at once in quick mode', () => {
    const onAnimationEnd = vi.fn();
    const base = props({ onAnimationEnd });
    const { rerender } = render(<RouletteBoard {...base} />);
    rerender(<RouletteBoard {...base} round={roundOf(0, 0)} roundKey={4} />);
    expect(onAnimationEnd).toHaveBeenCalledWith(4);
    expect(screen.getByTestId('roulette-result').textContent).toBe('0');
    expect(screen.getByRole('list').textContent).toBe('0');
  });

  it('keeps spins under the frame grace period', () => {
    expect(spinDuration(0)).toBe(0);
    expect(spinDuration(1000)).toBeLessThan(1600);
    expect(spinDuration(3000)).toBeLessThan(3600);
  });
});

describe('RouletteControls', () => {
  it('selects chips, undoes and clears; all disabled while locked', () => {
    const setParams = vi.fn();
    const params = addChip(DEFAULT_ROULETTE_PARAMS, { type: 'odd' }, 1n)!;
    const base = {
      params,
      setParams,
      locked: false,
      houseEdgeBps: 100,
      wager: 1n,
      currency: 'usd',
      decimals: 2,
    };
    const { rerender } = render(<RouletteControls {...base} />);
    expect(screen.getByTestId('roulette-chip-1').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByTestId('roulette-chip-1000'));
    expect(setParams).toHaveBeenLastCalledWith({ ...params, chip: 1000 });
    fireEvent.click(screen.getByTestId('roulette-undo'));
    expect(setParams.mock.lastCall![0].placements).toEqual([]);
    expect(screen.getByText('Chip 1 = 0.01 USD')).toBeTruthy();
    rerender(<RouletteControls {...base} locked />);
    for (const value of [1, 10, 100, 1000, 10000]) {
      expect((screen.getByTestId(`roulette-chip-${value}`) as HTMLButtonElement).disabled).toBe(true);
    }
    expect((screen.getByTestId('roulette-undo') as HTMLButtonElement).disabled).toBe(true);
  });
});
