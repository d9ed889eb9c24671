import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type TowerParams,
  ratio,
  tower,
  towerMultiplier,
  towerParamsSchema,
  towerShape,
} from '@nebula/games';
import towerUi from './index';
import { ladderModel, randomTile, rowMultiplierText } from './ladder-model';
import { extendedProps, playedRound } from './ladder-test-helpers';
import { TowerActions } from './tower-actions';
import { type TowerRoundData, TowerBoard } from './tower-board';
import { TowerControls } from './tower-controls';

afterEach(cleanup);

/** Medium tower with the bomb on tile 0 of every level. */
const MEDIUM_ZERO = new Array<number>(9).fill(0);
/** High tower with bombs on tiles 0 and 1 of every level (only tile 2 is safe). */
const HIGH_ZERO = new Array<number>(18).fill(0);

function tiles(level: number): HTMLElement[] {
  return screen.getAllByTestId('tower-tile').filter((tile) => tile.dataset.level === String(level));
}

function states(level: number): (string | undefined)[] {
  return tiles(level).map((tile) => tile.dataset.state);
}

describe('ladder model', () => {
  const shape = towerShape('medium');
  const multiplier = (levels: number) => towerMultiplier('medium', levels, 100);

  it('is idle without a round: nothing playable, every tile hidden, a multiplier per row', () => {
    const model = ladderModel({ shape, round: null, multiplier });
    expect([model.phase, model.current, model.climbed, model.outcome]).toEqual(['idle', null, 0, null]);
    expect(model.rows).toHaveLength(9);
    expect(model.rows.every((row) => row.tiles.every((tile) => tile.state === 'hidden'))).toBe(true);
    expect(model.rows[0]?.multiplier).toEqual(ratio(297, 200));
  });

  it('marks the path of an open round, the fresh pick and the current row', () => {
    const round = playedRound(tower, { difficulty: 'medium' }, MEDIUM_ZERO, [{ tile: 1 }, { tile: 2 }]);
    const model = ladderModel({ shape, round, multiplier });
    expect([model.phase, model.current, model.climbed]).toEqual(['open', 2, 2]);
    expect(model.rows.map((row) => row.status).slice(0, 4)).toEqual(['done', 'done', 'current', 'ahead']);
    expect(model.rows[1]?.tiles.map((tile) => [tile.state, tile.picked, tile.fresh])).toEqual([
      ['hidden', false, false],
      ['hidden', false, false],
      ['safe', true, true],
    ]);
    expect(model.rows[0]?.tiles[1]?.fresh).toBe(false);
  });

  it('reveals everything once ended, ripples from the end row, and names the outcome', () => {
    const lost = ladderModel({
      shape,
      round: playedRound(tower, { difficulty: 'medium' }, MEDIUM_ZERO, [{ tile: 1 }, { tile: 0 }]),
      multiplier,
    });
    expect([lost.phase, lost.outcome, lost.climbed, lost.focus]).toEqual(['ended', 'lost', 1, 1]);
    expect(lost.rows[1]?.status).toBe('failed');
    expect(lost.rows[1]?.tiles[0]).toMatchObject({ state: 'hazard', picked: true, hit: true, fresh: true });
    expect(lost.rows[5]?.tiles.map((tile) => [tile.state, tile.shown, tile.wave])).toEqual([
      ['hazard', true, 4],
      ['safe', true, 4],
      ['safe', true, 4],
    ]);
    const taken = playedRound(tower, { difficulty: 'medium' }, MEDIUM_ZERO, [{ tile: 2 }], { take: true });
    expect(ladderModel({ shape, round: taken, multiplier }).outcome).toBe('taken');
    const cancelled = playedRound(tower, { difficulty: 'medium' }, MEDIUM_ZERO, [], { take: true });
    expect(ladderModel({ shape, round: cancelled, multiplier }).outcome).toBe('cancelled');
    const climb = Array.from({ length: 9 }, () => ({ tile: 1 }));
    const cleared = playedRound(tower, { difficulty: 'medium' }, MEDIUM_ZERO, climb);
    expect(ladderModel({ shape, round: cleared, multiplier }).outcome).toBe('cleared');
  });

  it('formats row multipliers rounded down, compact when huge', () => {
    expect(rowMultiplierText(ratio(297, 200))).toBe('1.48');
    expect(rowMultiplierText(ratio(72_171, 100))).toBe('721.71');
    expect(rowMultiplierText(ratio(627_492, 100))).toBe('6,274');
    expect(rowMultiplierText(ratio(1_948_617, 100))).toBe('19,486');
    expect(rowMultiplierText(ratio(123_456_789))).toBe('123.45M');
    expect(rowMultiplierText(ratio(96_889_010_407n))).toBe('96.88B');
  });

  it('picks random tiles uniformly, rejecting the biased top of the range', () => {
    const values = [0xffff_ffff, 7, 8];
    const random = vi.fn((array: Uint32Array) => {
      array[0] = values.shift() as number;
      return array;
    });
    expect(randomTile(3, random)).toBe(1); // 0xffffffff is rejected, 7 % 3 = 1
    expect(randomTile(3, random)).toBe(2);
    for (let i = 0; i < 50; i += 1) expect(randomTile(4)).toBeLessThan(4);
  });
});

describe('tower board', () => {
  it('shows an idle tower of the chosen difficulty with its multipliers', () => {
    render(<TowerBoard {...extendedProps<TowerParams, TowerRoundData>({ difficulty: 'low' })} />);
    const board = screen.getByTestId('tower-board');
    expect(board.dataset.phase).toBe('idle');
    expect(screen.getAllByTestId('tower-tile')).toHaveLength(36);
    expect(screen.getAllByTestId('tower-tile').every((tile) => (tile as HTMLButtonElement).disabled)).toBe(
      true,
    );
    expect(board.textContent).toContain(`${rowMultiplierText(towerMultiplier('low', 1, 100))}×`);
    expect(board.textContent).toContain(`${rowMultiplierText(towerMultiplier('low', 9, 100))}×`);
  });

  it('lets the player pick on the current level only, and not while busy', () => {
    const round = playedRound(tower, { difficulty: 'medium' }, MEDIUM_ZERO, [{ tile: 2 }]);
    const props = extendedProps<TowerParams, TowerRoundData>(
      { difficulty: 'medium' },
      { round, roundKey: 3 },
    );
    const { rerender } = render(<TowerBoard {...props} />);
    expect(states(0)).toEqual(['hidden', 'hidden', 'safe']);
    expect(tiles(1).every((tile) => !(tile as HTMLButtonElement).disabled)).toBe(true);
    expect(tiles(2).every((tile) => (tile as HTMLButtonElement).disabled)).toBe(true);
    fireEvent.click(tiles(1)[1] as HTMLElement);
    expect(props.turn).toHaveBeenCalledExactlyOnceWith({ tile: 1 });
    rerender(<TowerBoard {...props} busy />);
    expect(tiles(1)[1]?.className).toContain('is-pending');
    expect(tiles(1).every((tile) => (tile as HTMLButtonElement).disabled)).toBe(true);
    fireEvent.click(tiles(1)[0] as HTMLElement);
    expect(props.turn).toHaveBeenCalledTimes(1);
  });

  it('keeps the open round on its own difficulty and plays a pop per safe level', () => {
    const props = extendedProps<TowerParams, TowerRoundData>({ difficulty: 'low' });
    const { rerender } = render(<TowerBoard {...props} />);
    const round = playedRound(tower, { difficulty: 'high' }, HIGH_ZERO, [{ tile: 2 }]);
    rerender(<TowerBoard {...props} round={round} roundKey={1} />);
    expect(screen.getByTestId('tower-board').dataset.difficulty).toBe('high');
    expect(tiles(0)).toHaveLength(3);
    expect(props.sound.play).toHaveBeenCalledWith(
      'pop',
      expect.objectContaining({ pitch: expect.any(Number) }),
    );
  });

  it('explodes the bomb and reveals the whole tower when the round is lost', () => {
    const props = extendedProps<TowerParams, TowerRoundData>({ difficulty: 'high' });
    const round = playedRound(tower, { difficulty: 'high' }, HIGH_ZERO, [{ tile: 2 }, { tile: 1 }]);
    const { rerender } = render(<TowerBoard {...props} />);
    rerender(<TowerBoard {...props} round={round} roundKey={1} />);
    expect(screen.getByTestId('tower-board').dataset.outcome).toBe('lost');
    const hit = tiles(1)[1] as HTMLElement;
    expect([hit.dataset.state, hit.className.includes('is-hit')]).toEqual(['hazard', true]);
    for (let level = 0; level < 9; level += 1) expect(states(level)).toEqual(['hazard', 'hazard', 'safe']);
    expect(props.sound.play).toHaveBeenCalledWith('roll', expect.anything());
    expect(screen.getByTestId('tower-status').textContent).toBe('Boom!');
    // The controls moved to another difficulty: the ended round gives way to an idle tower.
    rerender(<TowerBoard {...props} params={{ difficulty: 'low' }} round={round} roundKey={1} />);
    expect(screen.getByTestId('tower-board').dataset.phase).toBe('idle');
    expect(screen.getAllByTestId('tower-tile').every((tile) => tile.dataset.state === 'hidden')).toBe(true);
  });
  it('keeps a restored round of another difficulty on the board, then the controls follow it', () => {
    const props = extendedProps<TowerParams, TowerRoundData>({ difficulty: 'medium' });
    const restored = {
      ...playedRound(tower, { difficulty: 'high' }, HIGH_ZERO, [{ tile: 2 }]),
      last: 'restore' as const,
    };
    const { rerender } = render(<TowerBoard {...props} locked round={restored} roundKey={1} />);
    expect(screen.getByTestId('tower-board').dataset.difficulty).toBe('high');
    expect(props.setParams).not.toHaveBeenCalled();
    const lost = playedRound(tower, { difficulty: 'high' }, HIGH_ZERO, [{ tile: 2 }, { tile: 0 }]);
    rerender(<TowerBoard {...props} round={lost} roundKey={2} />);
    expect(screen.getByTestId('tower-board').dataset.outcome).toBe('lost');
    expect(screen.getByTestId('tower-board').dataset.difficulty).toBe('high');
    // Unlocked again: the controls follow the restored round's difficulty.
    expect(props.setParams).toHaveBeenCalledExactlyOnceWith({ difficulty: 'high' });
    rerender(<TowerBoard {...props} params={{ difficulty: 'high' }} round={lost} roundKey={2} />);
    expect(screen.getByTestId('tower-board').dataset.outcome).toBe('lost');
    rerender(<TowerBoard {...props} params={{ difficulty: 'low' }} round={lost} roundKey={2} />);
    expect(screen.getByTestId('tower-board').dataset.phase).toBe('idle');
    expect(screen.getByTestId('tower-board').dataset.difficulty).toBe('low');
  });
});

describe('tower controls, actions and module', () => {
  it('switches difficulty with segmented buttons, locked while a round is open', () => {
    const setParams = vi.fn();
    const props = { params: { difficulty: 'medium' as const }, setParams, locked: false, houseEdgeBps: 100 };
    const money = { wager: 1n, currency: 'btc', decimals: 8 };
    const { rerender } = render(<TowerControls {...props} {...money} />);
    expect(screen.getByTestId('tower-difficulty-medium').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('tower-difficulty-high'));
    expect(setParams).toHaveBeenCalledExactlyOnceWith({ difficulty: 'high' });
    rerender(<TowerControls {...props} {...money} locked />);
    expect((screen.getByTestId('tower-difficulty-low') as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends a random tile of the open level; nothing without an open round', () => {
    const round = playedRound(tower, { difficulty: 'low' }, new Array<number>(9).fill(0), []);
    const props = extendedProps<TowerParams, TowerRoundData>({ difficulty: 'low' }, { round });
    const { rerender, container } = render(<TowerActions {...props} />);
    fireEvent.click(screen.getByTestId('tower-random'));
    const sent = vi.mocked(props.turn).mock.calls[0]?.[0] as { tile: number };
    expect(sent.tile).toBeGreaterThanOrEqual(0);
    expect(sent.tile).toBeLessThan(4);
    rerender(<TowerActions {...props} busy />);
    expect((screen.getByTestId('tower-random') as HTMLButtonElement).disabled).toBe(true);
    rerender(<TowerActions {...props} round={null} />);
    expect(within(container).queryByTestId('tower-random')).toBeNull();
  });

  it('is an extended game with cash-out and playable defaults', () => {
    expect([towerUi.id, towerUi.kind, towerUi.cashOut]).toEqual(['tower', 'extended', true]);
    expect(towerParamsSchema.parse(towerUi.defaultParams)).toEqual({ difficulty: 'medium' });
  });
});
