import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type DiamondsOutcome,
  type DiamondsParams,
  diamondsParamsSchema,
  diamondsPattern,
  diamondsTable,
  ratioToDecimal,
} from '@nebula/games';
import diamondsUi from './index';
import { DiamondsBoard, matchingGroups } from './diamonds-board';
import { boardProps, makeRound } from '../kit/test-helpers';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const outcome = (gems: number[]): DiamondsOutcome => ({ gems, pattern: diamondsPattern(gems) });

describe('diamonds game UI', () => {
  it('has no params and no fixed win multiplier', () => {
    expect(diamondsParamsSchema.safeParse(diamondsUi.defaultParams).success).toBe(true);
    expect(diamondsUi.Controls).toBeUndefined();
    expect(diamondsUi.winMultiplier?.({}, 100)).toBeNull();
  });

  it('groups matching gems, largest group first', () => {
    expect(matchingGroups([1, 2, 1, 2, 2])).toEqual([
      { gem: 2, count: 3 },
      { gem: 1, count: 2 },
    ]);
    expect(matchingGroups([0, 1, 2, 3, 4])).toEqual([]);
    expect(matchingGroups([5, 3, 5, 3, 6])).toEqual([
      { gem: 5, count: 2 },
      { gem: 3, count: 2 },
    ]);
  });

  it('shows the pay table of the house edge', () => {
    render(<DiamondsBoard {...boardProps<DiamondsParams, DiamondsOutcome>({}, { houseEdgeBps: 200 })} />);
    const rows = screen.getAllByTestId('diamonds-pattern');
    expect(rows).toHaveLength(7);
    const table = diamondsTable(200);
    rows.forEach((row, index) => {
      expect(row.textContent).toContain(`${ratioToDecimal(table[index]!, 2)}×`);
    });
    expect(screen.getAllByTestId('diamonds-gem')).toHaveLength(5);
    expect(screen.getAllByTestId('diamonds-gem').every((gem) => gem.dataset.gem === '')).toBe(true);
  });

  it('shows a quick round with its colours, the matches and the won row', async () => {
    vi.useFakeTimers();
    const props = boardProps<DiamondsParams, DiamondsOutcome>({});
    const { rerender } = render(<DiamondsBoard {...props} />);
    rerender(<DiamondsBoard {...props} round={makeRound(outcome([3, 0, 3, 6, 0]))} roundKey={2} />);
    await act(() => vi.advanceTimersByTimeAsync(20));
    const gems = screen.getAllByTestId('diamonds-gem');
    expect(gems.map((gem) => gem.dataset.gem)).toEqual(['red', 'green', 'red', 'blue', 'green']);
    expect(gems.map((gem) => gem.dataset.match)).toEqual(['true', 'true', 'true', 'false', 'true']);
    const hit = screen.getAllByTestId('diamonds-pattern').filter((row) => row.getAttribute('aria-current'));
    expect(hit.map((row) => row.dataset.pattern)).toEqual(['twoPair']);
    expect(props.onAnimationEnd).toHaveBeenCalledExactlyOnceWith(2);
  });

  it('drops the gems one by one, then highlights the pattern and ends', async () => {
    vi.useFakeTimers();
    const props = boardProps<DiamondsParams, DiamondsOutcome>({});
    const { rerender } = render(<DiamondsBoard {...props} />);
    rerender(
      <DiamondsBoard
        {...props}
        round={makeRound(outcome([4, 4, 4, 4, 4]), { quick: false, delay: 1000 })}
        roundKey={1}
      />,
    );
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(screen.getAllByTestId('diamonds-gem').every((gem) => gem.dataset.gem === 'cyan')).toBe(true);
    expect(screen.getAllByTestId('diamonds-gem').every((gem) => gem.dataset.match === 'false')).toBe(true);
    const pops = vi.mocked(props.sound.play).mock.calls.filter(([name]) => name === 'pop').length;
    expect(pops).toBeGreaterThan(0);
    expect(pops).toBeLessThan(5);
    await act(() => vi.advanceTimersByTimeAsync(650));
    expect(vi.mocked(props.sound.play).mock.calls.filter(([name]) => name === 'pop')).toHaveLength(5);
    expect(screen.getAllByTestId('diamonds-gem').every((gem) => gem.dataset.match === 'true')).toBe(true);
    expect(screen.getAllByRole('img', { name: 'Cyan' })).toHaveLength(5);
    const hit = screen.getAllByTestId('diamonds-pattern').find((row) => row.getAttribute('aria-current'));
    expect(hit?.dataset.pattern).toBe('fiveOfAKind');
    expect(props.onAnimationEnd).toHaveBeenCalledExactlyOnceWith(1);
  });
});
