import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type StairsParams, stairs, stairsMultiplier, stairsParamsSchema } from '@nebula/games';
import { rowMultiplierText } from '../tower/ladder-model';
import { extendedProps, playedRound } from '../tower/ladder-test-helpers';
import stairsUi from './index';
import { StairsActions } from './stairs-actions';
import { type StairsRoundData, StairsBoard, climberSpot } from './stairs-board';
import { StairsControls, parseHazards } from './stairs-controls';

afterEach(cleanup);

/** Two crumbling stones per row, always stones 0 and 1. */
const TWO_ZERO = new Array<number>(26).fill(0);

function stones(row: number): HTMLElement[] {
  return screen.getAllByTestId('stairs-stone').filter((stone) => stone.dataset.row === String(row));
}

function states(row: number): (string | undefined)[] {
  return stones(row).map((stone) => stone.dataset.state);
}

describe('stairs board', () => {
  it('shows an idle staircase: 13 rows of 7 stones, the climber on the ground, a multiplier per row', () => {
    render(<StairsBoard {...extendedProps<StairsParams, StairsRoundData>({ hazards: 3 })} />);
    const board = screen.getByTestId('stairs-board');
    expect([board.dataset.phase, board.dataset.hazards]).toEqual(['idle', '3']);
    expect(screen.getAllByTestId('stairs-stone')).toHaveLength(91);
    expect(
      screen.getAllByTestId('stairs-stone').every((stone) => (stone as HTMLButtonElement).disabled),
    ).toBe(true);
    expect(screen.getByTestId('stairs-climber').dataset.row).toBe('-1');
    expect(board.textContent).toContain(`${rowMultiplierText(stairsMultiplier(3, 13, 100))}×`);
  });

  it('climbs: the climber stands on the last stone, only the next row is playable', () => {
    const round = playedRound(stairs, { hazards: 2 }, TWO_ZERO, [{ stone: 4 }, { stone: 6 }]);
    const props = extendedProps<StairsParams, StairsRoundData>({ hazards: 2 }, { round, roundKey: 2 });
    const { rerender } = render(<StairsBoard {...props} />);
    expect(states(1)).toEqual(['hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'safe']);
    expect(screen.getByTestId('stairs-climber').dataset.row).toBe('1');
    expect(stones(2).every((stone) => !(stone as HTMLButtonElement).disabled)).toBe(true);
    expect(stones(3).every((stone) => (stone as HTMLButtonElement).disabled)).toBe(true);
    fireEvent.click(stones(2)[5] as HTMLElement);
    expect(props.turn).toHaveBeenCalledExactlyOnceWith({ stone: 5 });
    rerender(<StairsBoard {...props} busy />);
    expect(stones(2).every((stone) => (stone as HTMLButtonElement).disabled)).toBe(true);
    expect(climberSpot([])).toEqual({ row: -1, index: 3 });
    expect(climberSpot([2, 5])).toEqual({ row: 1, index: 5 });
  });

  it('cracks every crumbling stone once lost; the stepped-on one falls with the climber', () => {
    const props = extendedProps<StairsParams, StairsRoundData>({ hazards: 2 });
    const round = playedRound(stairs, { hazards: 2 }, TWO_ZERO, [{ stone: 3 }, { stone: 1 }]);
    const { rerender } = render(<StairsBoard {...props} />);
    rerender(<StairsBoard {...props} round={round} roundKey={1} />);
    expect(screen.getByTestId('stairs-board').dataset.outcome).toBe('lost');
    for (let row = 0; row < 13; row += 1) {
      expect(states(row)).toEqual(['hazard', 'hazard', 'safe', 'safe', 'safe', 'safe', 'safe']);
    }
    expect(stones(1)[1]?.className).toContain('is-hit');
    expect(stones(5)[0]?.className).toContain('is-shown');
    expect(screen.getByTestId('stairs-climber').className).toContain('is-falling');
    expect(props.sound.play).toHaveBeenCalledWith('roll', expect.anything());
    rerender(<StairsBoard {...props} params={{ hazards: 5 }} round={round} roundKey={1} />);
    expect(screen.getByTestId('stairs-board').dataset.phase).toBe('idle');
  });

  it('cheers at the top after 13 rows', () => {
    const climb = Array.from({ length: 13 }, () => ({ stone: 6 }));
    const round = playedRound(stairs, { hazards: 2 }, TWO_ZERO, climb);
    render(
      <StairsBoard
        {...extendedProps<StairsParams, StairsRoundData>({ hazards: 2 }, { round, roundKey: 1 })}
      />,
    );
    expect(screen.getByTestId('stairs-board').dataset.outcome).toBe('cleared');
    expect(screen.getByTestId('stairs-climber').className).toContain('is-cheering');
    expect(screen.getByTestId('stairs-progress').textContent).toBe('13 / 13');
  });
});

describe('stairs controls, actions and module', () => {
  it('parses and steps the hazard count 1..6', () => {
    expect([
      parseHazards('1'),
      parseHazards(' 6 '),
      parseHazards('0'),
      parseHazards('7'),
      parseHazards('2.5'),
    ]).toEqual([1, 6, null, null, null]);
    const setParams = vi.fn();
    const money = { wager: 1n, currency: 'btc', decimals: 8, houseEdgeBps: 100 };
    const { rerender } = render(
      <StairsControls params={{ hazards: 6 }} setParams={setParams} locked={false} {...money} />,
    );
    const input = screen.getByTestId('stairs-hazards-input') as HTMLInputElement;
    expect(input.value).toBe('6');
    expect((screen.getByRole('button', { name: 'More hazards' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Fewer hazards' }));
    expect(setParams).toHaveBeenLastCalledWith({ hazards: 5 });
    fireEvent.change(input, { target: { value: '3' } });
    expect(setParams).toHaveBeenLastCalledWith({ hazards: 3 });
    fireEvent.change(input, { target: { value: '9' } });
    expect(setParams).toHaveBeenCalledTimes(2);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    rerender(<StairsControls params={{ hazards: 2 }} setParams={setParams} locked {...money} />);
    expect((screen.getByTestId('stairs-hazards-input') as HTMLInputElement).disabled).toBe(true);
  });

  it('sends a random stone of the next row while a round is open', () => {
    const round = playedRound(stairs, { hazards: 1 }, new Array<number>(13).fill(0), []);
    const props = extendedProps<StairsParams, StairsRoundData>({ hazards: 1 }, { round });
    const { rerender } = render(<StairsActions {...props} />);
    fireEvent.click(screen.getByTestId('stairs-random'));
    const sent = vi.mocked(props.turn).mock.calls[0]?.[0] as { stone: number };
    expect(Number.isInteger(sent.stone) && sent.stone >= 0 && sent.stone < 7).toBe(true);
    rerender(<StairsActions {...props} round={null} />);
    expect(screen.queryByTestId('stairs-random')).toBeNull();
  });

  it('is an extended game with cash-out and playable defaults', () => {
    expect([stairsUi.id, stairsUi.kind, stairsUi.cashOut]).toEqual(['stairs', 'extended', true]);
    expect(stairsParamsSchema.parse(stairsUi.defaultParams)).toEqual({ hazards: 2 });
  });
});
