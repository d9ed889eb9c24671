import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MINES_DEFAULT,
  type MinesParams,
  type MinesState,
  type MinesView,
  minesMultiplier,
  minesParamsSchema,
} from '@nebula/games';
import type { ExtendedBoardProps } from '../types';
import { formatMultiplier } from './board-model';
import minesUi from './index';
import { roundWith } from './test-round';

const { Board } = minesUi;
const Controls = minesUi.Controls!;
const Actions = minesUi.Actions!;

type Props = ExtendedBoardProps<MinesParams, MinesView | MinesState>;

function props(overrides: Partial<Props> = {}): Props {
  return {
    params: { mines: 3 },
    setParams: vi.fn(),
    locked: false,
    round: null,
    roundKey: 0,
    turn: vi.fn(),
    busy: false,
    houseEdgeBps: 100,
    sound: { play: vi.fn() },
    wager: 100_000_000n,
    currency: 'btc',
    decimals: 8,
    ...overrides,
  };
}

const tiles = () => screen.getAllByTestId('mines-tile') as HTMLButtonElement[];
const tile = (index: number) => tiles()[index]!;

afterEach(() => cleanup());

describe('mines game UI', () => {
  it('is an extended game with cash-out and playable default params', () => {
    expect(minesUi.kind).toBe('extended');
    expect(minesUi.cashOut).toBe(true);
    expect(minesUi.defaultParams).toEqual({ mines: MINES_DEFAULT });
    expect(minesParamsSchema.safeParse(minesUi.defaultParams).success).toBe(true);
  });
});

describe('mines board', () => {
  it('before a round: 25 inert hidden tiles under a hint, next multiplier of the chosen count', () => {
    const turn = vi.fn();
    render(<Board {...props({ turn, params: { mines: 5 } })} />);
    expect(screen.getByTestId('mines-board').dataset.phase).toBe('idle');
    expect(tiles()).toHaveLength(25);
    tiles().forEach((button, index) => {
      expect(button.dataset.index).toBe(String(index));
      expect(button.dataset.state).toBe('hidden');
      expect(button.disabled).toBe(true);
    });
    fireEvent.click(tile(3));
    expect(turn).not.toHaveBeenCalled();
    expect(screen.getByTestId('mines-hint').textContent).toContain('Choose the number of mines');
    expect(screen.getByTestId('mines-next').textContent).toBe(
      `${formatMultiplier(minesMultiplier(5, 1, 100))}×`,
    );
    expect(screen.getByTestId('mines-gems-left').textContent).toBe('20');
    expect(screen.getByTestId('mines-ladder').children).toHaveLength(20);
  });

  it('while open: hidden tiles send turn({cell}), found gems and a busy board do not', () => {
    const turn = vi.fn();
    const round = roundWith({ mineCount: 3, revealed: [6] });
    const { rerender } = render(<Board {...props({ turn, round, roundKey: 2 })} />);
    expect(screen.queryByTestId('mines-hint')).toBeNull();
    expect(tile(6).dataset.state).toBe('gem');
    expect(tile(6).disabled).toBe(true);
    fireEvent.click(tile(6));
    expect(turn).not.toHaveBeenCalled();
    fireEvent.click(tile(11));
    expect(turn).toHaveBeenCalledWith({ cell: 11 });
    turn.mockClear();
    rerender(<Board {...props({ turn, round, roundKey: 2, busy: true })} />);
    expect(tile(11).className).toContain('is-pending');
    fireEvent.click(tile(12));
    expect(turn).not.toHaveBeenCalled();
    expect(screen.getByTestId('mines-current').textContent).toBe(
      `${formatMultiplier(minesMultiplier(3, 1, 100))}×`,
    );
    expect(screen.getByTestId('mines-next').textContent).toBe(
      `${formatMultiplier(minesMultiplier(3, 2, 100))}×`,
    );
    expect(document.querySelector('.mines-ladder__step.is-current')?.textContent).toContain(
      formatMultiplier(minesMultiplier(3, 1, 100)),
    );
  });

  it('pops a gem with a sound per answer, rumbles on a mine, and stays quiet on mount', () => {
    const play = vi.fn();
    const sound = { play };
    const first = roundWith({ mineCount: 3, revealed: [1] });
    const { rerender } = render(<Board {...props({ sound, round: first, roundKey: 1 })} />);
    expect(play).not.toHaveBeenCalled();
    rerender(
      <Board {...props({ sound, round: roundWith({ mineCount: 3, revealed: [1, 2] }), roundKey: 2 })} />,
    );
    expect(play).toHaveBeenCalledWith('pop', { pitch: 1.1 });
    expect(tile(2).className).toContain('is-fresh');
    expect(tile(1).className).not.toContain('is-fresh');
    const lost: MinesState = { mineCount: 3, mines: [0, 9, 20], revealed: [1, 2], hit: 9, status: 'lost' };
    rerender(<Board {...props({ sound, round: roundWith(lost, { last: 'lose' }), roundKey: 3 })} />);
    expect(play).toHaveBeenLastCalledWith('roll', { pitch: 0.45 });
    expect(play).toHaveBeenCalledTimes(2);
  });

  it('after a loss: the mine explodes and the whole board is revealed, inert', () => {
    const lost: MinesState = { mineCount: 3, mines: [0, 9, 20], revealed: [1, 2], hit: 9, status: 'lost' };
    render(<Board {...props({ round: roundWith(lost, { last: 'lose' }), roundKey: 4 })} />);
    expect(screen.getByTestId('mines-board').dataset.phase).toBe('ended');
    expect(tile(9).dataset.state).toBe('mine');
    expect(tile(9).className).toContain('is-hit');
    expect(tile(9).querySelector('.mines-tile__blast')).not.toBeNull();
    expect(tile(0).dataset.state).toBe('mine');
    expect(tile(0).className).toContain('is-shown');
    expect(tile(20).dataset.state).toBe('mine');
    expect(tile(1).className).toContain('is-found');
    expect(tile(5).dataset.state).toBe('gem');
    expect(tile(5).className).toContain('is-shown');
    expect(tiles().filter((button) => button.dataset.state === 'hidden')).toHaveLength(0);
    expect(tiles().every((button) => button.disabled)).toBe(true);
    expect(screen.getByTestId('mines-current').textContent).toBe('0.00×');
    expect(screen.getByTestId('mines-next').textContent).toBe('–');
  });

  it('never shows mines while the round is open', () => {
    render(<Board {...props({ round: roundWith({ mineCount: 24, revealed: [] }, { last: 'start' }) })} />);
    expect(tiles().filter((button) => button.dataset.state === 'mine')).toHaveLength(0);
    expect(tiles().every((button) => button.className.includes('is-dealt'))).toBe(true);
  });
});

describe('mines controls', () => {
  const base = { locked: false, houseEdgeBps: 100, wager: 0n, currency: 'btc', decimals: 8 };

  it('typed counts 1..24 apply; anything else is flagged with the form message', () => {
    let params: MinesParams = { mines: 3 };
    const setParams = vi.fn((next: MinesParams) => (params = next));
    const { rerender } = render(<Controls {...base} params={params} setParams={setParams} />);
    const input = screen.getByTestId('mines-count-input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '12' } });
    expect(params).toEqual({ mines: 12 });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    rerender(<Controls {...base} params={params} setParams={setParams} />);
    expect(screen.getByTestId('mines-gems').textContent).toBe('13');
    for (const [text, message] of [
      ['25', 'Value is too large'],
      ['0', 'Value is too small'],
      ['2.5', 'Invalid value'],
      ['', 'Fill in this field'],
    ] as const) {
      fireEvent.change(input, { target: { value: text } });
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(screen.getByTestId('mines-count-error').textContent).toBe(message);
    }
    expect(params).toEqual({ mines: 12 });
    fireEvent.blur(input);
    expect(screen.queryByTestId('mines-count-error')).toBeNull();
    expect(input.value).toBe('12');
  });

  it('stepper stops at 1 and 24; presets set the count', () => {
    const setParams = vi.fn();
    const { rerender } = render(<Controls {...base} params={{ mines: 24 }} setParams={setParams} />);
    expect((screen.getByRole('button', { name: 'More mines' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Fewer mines' }));
    expect(setParams).toHaveBeenLastCalledWith({ mines: 23 });
    rerender(<Controls {...base} params={{ mines: 1 }} setParams={setParams} />);
    expect((screen.getByRole('button', { name: 'Fewer mines' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '10 mines' }));
    expect(setParams).toHaveBeenLastCalledWith({ mines: 10 });
    expect(screen.getByRole('button', { name: '1 mine' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('everything is disabled while locked', () => {
    render(<Controls {...base} locked params={{ mines: 3 }} setParams={vi.fn()} />);
    expect((screen.getByTestId('mines-count-input') as HTMLInputElement).disabled).toBe(true);
    for (const button of screen.getAllByRole('button'))
      expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('Random tile sends the auto-pick while a round is open and nothing is in flight', () => {
    const turn = vi.fn();
    const round = roundWith({ mineCount: 3, revealed: [] }, { last: 'start' });
    const { rerender } = render(<Actions {...props({ turn, round })} />);
    const button = screen.getByTestId('mines-random') as HTMLButtonElement;
    expect(button.textContent).toContain('Random tile');
    fireEvent.click(button);
    expect(turn).toHaveBeenCalledWith({ random: true });
    rerender(<Actions {...props({ turn, round, busy: true })} />);
    expect((screen.getByTestId('mines-random') as HTMLButtonElement).disabled).toBe(true);
    rerender(<Actions {...props({ turn, round: null })} />);
    expect((screen.getByTestId('mines-random') as HTMLButtonElement).disabled).toBe(true);
  });
});
