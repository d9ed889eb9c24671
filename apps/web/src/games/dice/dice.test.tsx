import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type DiceOutcome,
  type DiceParams,
  diceParamsSchema,
  diceWinMultiplier,
  eqRatio,
} from '@nebula/games';
import diceUi from './index';
import { DiceBoard } from './dice-board';
import { DiceControls } from './dice-controls';
import { boardProps, makeRound } from '../kit/test-helpers';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const params: DiceParams = { condition: 'over', target: 5050 };

describe('dice game UI', () => {
  it('exports playable defaults and the package multiplier', () => {
    expect(diceUi.id).toBe('dice');
    expect(diceParamsSchema.safeParse(diceUi.defaultParams).success).toBe(true);
    const multiplier = diceUi.winMultiplier?.(params, 100);
    expect(multiplier && eqRatio(multiplier, diceWinMultiplier(params, 100))).toBe(true);
  });

  it('shows a quick round at once and reports its end', async () => {
    vi.useFakeTimers();
    const props = boardProps<DiceParams, DiceOutcome>(params);
    const { rerender } = render(<DiceBoard {...props} />);
    expect(screen.getByTestId('dice-board')).toBeTruthy();
    rerender(<DiceBoard {...props} round={makeRound({ roll: 7342 }, { win: true })} roundKey={1} />);
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(screen.getByTestId('dice-result').textContent).toBe('73.42');
    expect(props.onAnimationEnd).toHaveBeenCalledExactlyOnceWith(1);
    expect(screen.getByTestId('dice-result').closest('.dice-marker')?.className).toContain('is-win');
  });

  it('slides to the roll over the round delay, then lands red on a loss', async () => {
    vi.useFakeTimers();
    const props = boardProps<DiceParams, DiceOutcome>(params);
    const { rerender } = render(<DiceBoard {...props} />);
    rerender(
      <DiceBoard {...props} round={makeRound({ roll: 1205 }, { quick: false, delay: 1000 })} roundKey={1} />,
    );
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(props.onAnimationEnd).not.toHaveBeenCalled();
    expect(props.sound.play).toHaveBeenCalledWith('roll');
    await act(() => vi.advanceTimersByTimeAsync(750));
    expect(props.onAnimationEnd).toHaveBeenCalledExactlyOnceWith(1);
    expect(screen.getByTestId('dice-result').textContent).toBe('12.05');
    expect(screen.getByTestId('dice-result').closest('.dice-marker')?.className).toContain('is-lose');
  });

  it('shows a round it mounts with at once', async () => {
    vi.useFakeTimers();
    const round = makeRound({ roll: 10_000 }, { quick: false, delay: 1000, win: true });
    const props = boardProps<DiceParams, DiceOutcome>(params, { round, roundKey: 4 });
    render(<DiceBoard {...props} />);
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(screen.getByTestId('dice-result').textContent).toBe('100.00');
    expect(props.onAnimationEnd).toHaveBeenCalledExactlyOnceWith(4);
  });

  it('moves the target with the keyboard within the limits, not while locked', () => {
    const props = boardProps<DiceParams, DiceOutcome>({ condition: 'over', target: 9950 });
    const { rerender } = render(<DiceBoard {...props} />);
    const slider = screen.getByRole('slider');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(props.setParams).toHaveBeenLastCalledWith({ condition: 'over', target: 9999 });
    fireEvent.keyDown(slider, { key: 'Home' });
    expect(props.setParams).toHaveBeenLastCalledWith({ condition: 'over', target: 200 });
    for (const call of vi.mocked(props.setParams).mock.calls) {
      expect(diceParamsSchema.safeParse(call[0]).success).toBe(true);
    }
    vi.mocked(props.setParams).mockClear();
    rerender(<DiceBoard {...props} locked />);
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    expect(props.setParams).not.toHaveBeenCalled();
  });

  it('drags the target in whole numbers', () => {
    const props = boardProps<DiceParams, DiceOutcome>({ condition: 'under', target: 5000 });
    render(<DiceBoard {...props} />);
    const slider = screen.getByRole('slider');
    slider.getBoundingClientRect = () => ({ left: 0, width: 1000, top: 0, height: 30 }) as DOMRect;
    fireEvent.pointerDown(slider, { button: 0, clientX: 254, pointerId: 1 });
    expect(props.setParams).toHaveBeenLastCalledWith({ condition: 'under', target: 2500 });
    fireEvent.pointerMove(slider, { clientX: 999, pointerId: 1 });
    expect(props.setParams).toHaveBeenLastCalledWith({ condition: 'under', target: 9800 });
  });

  it('links multiplier, condition and win chance in the controls', () => {
    const setParams = vi.fn();
    const { rerender } = render(
      <DiceControls
        params={params}
        setParams={setParams}
        locked={false}
        houseEdgeBps={100}
        wager={1n}
        currency="btc"
        decimals={8}
      />,
    );
    expect((screen.getByTestId('dice-multiplier') as HTMLInputElement).value).toBe('2.0002');
    expect((screen.getByTestId('dice-chance') as HTMLInputElement).value).toBe('49.50');
    fireEvent.change(screen.getByTestId('dice-multiplier'), { target: { value: '4' } });
    expect(setParams).toHaveBeenLastCalledWith({ condition: 'over', target: 7525 });
    fireEvent.change(screen.getByTestId('dice-chance'), { target: { value: '25' } });
    expect(setParams).toHaveBeenLastCalledWith({ condition: 'over', target: 7500 });
    fireEvent.change(screen.getByTestId('dice-chance'), { target: { value: '99' } });
    expect(screen.getByTestId('dice-chance').getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByTestId('dice-condition'));
    expect(setParams).toHaveBeenLastCalledWith({ condition: 'under', target: 4950 });
    for (const call of setParams.mock.calls) expect(diceParamsSchema.safeParse(call[0]).success).toBe(true);

    // Steppers: plus disabled at the maximum, everything disabled while locked.
    rerender(
      <DiceControls
        params={{ condition: 'under', target: 9800 }}
        setParams={setParams}
        locked={false}
        houseEdgeBps={100}
        wager={1n}
        currency="btc"
        decimals={8}
      />,
    );
    expect((screen.getByRole('button', { name: 'Increase Win chance' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((screen.getByRole('button', { name: 'Decrease Multiplier' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    rerender(
      <DiceControls
        params={params}
        setParams={setParams}
        locked
        houseEdgeBps={100}
        wager={1n}
        currency="btc"
        decimals={8}
      />,
    );
    for (const button of screen.getAllByRole('button'))
      expect((button as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('dice-multiplier') as HTMLInputElement).disabled).toBe(true);
  });
});
