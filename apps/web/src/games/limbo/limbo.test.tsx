import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  LIMBO_MAX,
  type LimboOutcome,
  type LimboParams,
  eqRatio,
  limboParamsSchema,
  ratio,
} from '@nebula/games';
import limboUi from './index';
import { LimboBoard, limboCounterAt } from './limbo-board';
import { LimboControls } from './limbo-controls';
import { limboChanceText, stepLimboTarget, targetFromChanceText, targetFromText } from './limbo-math';
import { boardProps, makeRound } from '../kit/test-helpers';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const valid = (target: number) => limboParamsSchema.safeParse({ target }).success;

describe('limbo maths', () => {
  it('pays the target and opens at a playable 2.00x', () => {
    expect(limboParamsSchema.safeParse(limboUi.defaultParams).success).toBe(true);
    const multiplier = limboUi.winMultiplier?.({ target: 250 }, 100);
    expect(multiplier && eqRatio(multiplier, ratio(5, 2))).toBe(true);
  });

  it('links the target and the win chance', () => {
    expect(limboChanceText({ target: 200 }, 100)).toBe('49.50');
    expect(limboChanceText({ target: 101 }, 100)).toBe('98.019801');
    expect(limboChanceText({ target: LIMBO_MAX }, 100)).toBe('0.000099');
    expect(limboChanceText({ target: 300 }, 0)).toBe('33.333333');
    expect(targetFromChanceText('49.5', 100)).toBe(200);
    expect(targetFromChanceText('99', 100)).toBeNull();
    expect(targetFromChanceText('0', 100)).toBeNull();
    expect(targetFromText('2')).toBe(200);
    expect(targetFromText('1,5')).toBe(150);
    expect(targetFromText('1.00')).toBeNull();
    expect(targetFromText('1000000')).toBe(LIMBO_MAX);
    expect(targetFromText('1000000.01')).toBeNull();
    expect(targetFromText('x2')).toBeNull();
  });

  it('steps along a 1-2-3 ladder within 1.01x .. 1,000,000x', () => {
    expect(stepLimboTarget(101, 1)).toBe(200);
    expect(stepLimboTarget(200, -1)).toBe(101);
    expect(stepLimboTarget(250, 1)).toBe(300);
    expect(stepLimboTarget(250, -1)).toBe(200);
    expect(stepLimboTarget(900, 1)).toBe(1000);
    expect(stepLimboTarget(1000, 1)).toBe(2000);
    expect(stepLimboTarget(1000, -1)).toBe(900);
    expect(stepLimboTarget(LIMBO_MAX - 1, 1)).toBe(LIMBO_MAX);
    let target = 101;
    for (let i = 0; i < 80; i += 1) {
      target = stepLimboTarget(target, 1);
      expect(valid(target)).toBe(true);
    }
    expect(target).toBe(LIMBO_MAX);
    for (let i = 0; i < 80; i += 1) {
      target = stepLimboTarget(target, -1);
      expect(valid(target)).toBe(true);
    }
    expect(target).toBe(101);
  });

  it('climbs the counter from 1.00x to the result', () => {
    expect(limboCounterAt(0, 5000)).toBe(1);
    expect(limboCounterAt(1, 5000)).toBeCloseTo(50);
    expect(limboCounterAt(0.5, 5000)).toBeGreaterThan(1);
    expect(limboCounterAt(0.5, 5000)).toBeLessThan(50);
    expect(limboCounterAt(0.7, 100)).toBe(1);
  });
});

describe('limbo board and controls', () => {
  it('shows a quick round at once in green when it reaches the target', async () => {
    vi.useFakeTimers();
    const props = boardProps<LimboParams, LimboOutcome>({ target: 200 });
    const { rerender } = render(<LimboBoard {...props} />);
    expect(screen.getByTestId('limbo-result').textContent).toBe('1.00');
    rerender(<LimboBoard {...props} round={makeRound({ result: 123456 }, { win: true })} roundKey={3} />);
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(screen.getByTestId('limbo-result').textContent).toBe('1,234.56');
    expect(screen.getByTestId('limbo-board').className).toContain('is-win');
    expect(props.onAnimationEnd).toHaveBeenCalledExactlyOnceWith(3);
  });

  it('counts up over the delay and lands red below the target', async () => {
    vi.useFakeTimers();
    const props = boardProps<LimboParams, LimboOutcome>({ target: 200 });
    const { rerender } = render(<LimboBoard {...props} />);
    rerender(
      <LimboBoard
        {...props}
        round={makeRound({ result: 187 }, { quick: false, delay: 1000 })}
        roundKey={1}
      />,
    );
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(props.onAnimationEnd).not.toHaveBeenCalled();
    const midway = Number(screen.getByTestId('limbo-result').textContent);
    expect(midway).toBeGreaterThanOrEqual(1);
    expect(midway).toBeLessThanOrEqual(1.87);
    await act(() => vi.advanceTimersByTimeAsync(650));
    expect(screen.getByTestId('limbo-result').textContent).toBe('1.87');
    expect(screen.getByTestId('limbo-board').className).toContain('is-lose');
    expect(props.onAnimationEnd).toHaveBeenCalledExactlyOnceWith(1);
  });

  it('turns green as the counter passes the target of a winning round', async () => {
    vi.useFakeTimers();
    const props = boardProps<LimboParams, LimboOutcome>({ target: 150 });
    const { rerender } = render(<LimboBoard {...props} />);
    const round = makeRound(
      { result: 100_000 },
      { quick: false, delay: 1000, win: true, params: { target: 150 } },
    );
    rerender(<LimboBoard {...props} round={round} roundKey={1} />);
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(Number(screen.getByTestId('limbo-result').textContent?.replace(/,/g, ''))).toBeGreaterThan(1.5);
    expect(screen.getByTestId('limbo-board').className).toContain('is-over');
    await act(() => vi.advanceTimersByTimeAsync(750));
    expect(screen.getByTestId('limbo-result').textContent).toBe('1,000.00');
    expect(screen.getByTestId('limbo-board').className).toContain('is-win');
  });

  it('controls produce valid targets and respect the limits', () => {
    const setParams = vi.fn();
    const common = { setParams, houseEdgeBps: 100, wager: 1n, currency: 'btc', decimals: 8 };
    const { rerender } = render(<LimboControls params={{ target: 200 }} locked={false} {...common} />);
    fireEvent.change(screen.getByTestId('limbo-target'), { target: { value: '10' } });
    expect(setParams).toHaveBeenLastCalledWith({ target: 1000 });
    fireEvent.change(screen.getByTestId('limbo-chance'), { target: { value: '9.9' } });
    expect(setParams).toHaveBeenLastCalledWith({ target: 1000 });
    fireEvent.change(screen.getByTestId('limbo-target'), { target: { value: '0.5' } });
    expect(screen.getByTestId('limbo-target').getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Increase Target multiplier' }));
    expect(setParams).toHaveBeenLastCalledWith({ target: 300 });
    for (const call of setParams.mock.calls) expect(limboParamsSchema.safeParse(call[0]).success).toBe(true);

    rerender(<LimboControls params={{ target: 101 }} locked={false} {...common} />);
    expect(
      (screen.getByRole('button', { name: 'Decrease Target multiplier' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    rerender(<LimboControls params={{ target: LIMBO_MAX }} locked={false} {...common} />);
    expect(
      (screen.getByRole('button', { name: 'Increase Target multiplier' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    rerender(<LimboControls params={{ target: 500 }} locked {...common} />);
    for (const button of screen.getAllByRole('button'))
      expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});
