import { describe, expect, it } from 'vitest';
import { type MinesState, minesMultiplier, ratio } from '@nebula/games';
import {
  boardModel,
  formatMultiplier,
  isFullState,
  ladder,
  parseMineCount,
  stepMineCount,
  stripModel,
  tileDistance,
} from './board-model';
import { roundWith } from './test-round';

const states = (model: ReturnType<typeof boardModel>) => model.tiles.map((tile) => tile.state);

describe('mines board model', () => {
  it('is idle (all hidden) before a round', () => {
    const model = boardModel(null, { mines: 5 });
    expect(model.phase).toBe('idle');
    expect(model.mineCount).toBe(5);
    expect(states(model).every((state) => state === 'hidden')).toBe(true);
    expect(model.outcome).toBeNull();
  });

  it('shows the found gems of an open round and animates only the newest', () => {
    const model = boardModel(roundWith({ mineCount: 3, revealed: [4, 12] }), { mines: 3 });
    expect(model.phase).toBe('open');
    expect(model.found).toBe(2);
    expect(model.tiles[4]).toMatchObject({ state: 'gem', found: true, fresh: false });
    expect(model.tiles[12]).toMatchObject({ state: 'gem', found: true, fresh: true });
    expect(states(model).filter((state) => state === 'hidden')).toHaveLength(23);
    const restored = boardModel(roundWith({ mineCount: 3, revealed: [4, 12] }, { last: 'restore' }), {
      mines: 3,
    });
    expect(restored.tiles[12]!.fresh).toBe(false);
    // An open round shows even if the sidebar count differs (the controls are locked meanwhile).
    expect(boardModel(roundWith({ mineCount: 3, revealed: [] }, { last: 'start' }), { mines: 9 }).phase).toBe(
      'open',
    );
  });

  it('reveals the whole board once a round is lost, rippling out from the mine', () => {
    const full: MinesState = { mineCount: 2, mines: [0, 24], revealed: [6, 7], hit: 24, status: 'lost' };
    const model = boardModel(roundWith(full, { last: 'lose' }), { mines: 2 });
    expect(model.phase).toBe('ended');
    expect(model.outcome).toBe('lost');
    expect(model.tiles[24]).toMatchObject({ state: 'mine', hit: true, fresh: true, shown: false });
    expect(model.tiles[0]).toMatchObject({ state: 'mine', hit: false, shown: true, wave: 4 });
    expect(model.tiles[7]).toMatchObject({ state: 'gem', found: true, shown: false, fresh: false });
    expect(model.tiles[18]).toMatchObject({ state: 'gem', found: false, shown: true, wave: 1 });
    expect(states(model).filter((state) => state === 'mine')).toHaveLength(2);
    expect(states(model).filter((state) => state === 'gem')).toHaveLength(23);
  });

  it('tells a cleared board, a take and a cancel apart', () => {
    const cleared: MinesState = {
      mineCount: 24,
      mines: Array.from({ length: 25 }, (_, i) => i).filter((cell) => cell !== 3),
      revealed: [3],
      hit: null,
      status: 'cleared',
    };
    expect(boardModel(roundWith(cleared, { last: 'finish' }), { mines: 24 }).outcome).toBe('cleared');
    const taken: MinesState = { mineCount: 1, mines: [9], revealed: [1], hit: null, status: 'open' };
    expect(boardModel(roundWith(taken, { last: 'take' }), { mines: 1 }).outcome).toBe('taken');
    const cancelled: MinesState = { ...taken, revealed: [] };
    expect(boardModel(roundWith(cancelled, { last: 'cancel' }), { mines: 1 }).outcome).toBe('cancelled');
  });

  it('previews the new count when the player changes it after a round', () => {
    const full: MinesState = { mineCount: 2, mines: [0, 24], revealed: [6], hit: null, status: 'open' };
    const model = boardModel(roundWith(full, { last: 'take' }), { mines: 4 });
    expect(model.phase).toBe('idle');
    expect(model.mineCount).toBe(4);
    expect(isFullState(full)).toBe(true);
    expect(isFullState({ mineCount: 2, revealed: [] })).toBe(false);
    expect(
      boardModel(roundWith({ mineCount: 2, revealed: [] }, { view: null as never }), { mines: 2 }).phase,
    ).toBe('idle');
  });

  it('strip: current and next multiplier with the safe chance', () => {
    const open = boardModel(roundWith({ mineCount: 3, revealed: [1, 2] }), { mines: 3 });
    expect(stripModel(open, 100)).toEqual({
      current: minesMultiplier(3, 2, 100),
      next: minesMultiplier(3, 3, 100),
      nextChance: (20 / 23) * 100,
    });
    const idle = stripModel(boardModel(null, { mines: 24 }), 100);
    expect(idle).toEqual({ current: null, next: ratio(99 * 25, 100), nextChance: 4 });
    const lost: MinesState = { mineCount: 3, mines: [0, 1, 2], revealed: [5], hit: 0, status: 'lost' };
    expect(stripModel(boardModel(roundWith(lost, { last: 'lose' }), { mines: 3 }), 100)).toEqual({
      current: null,
      next: null,
      nextChance: null,
    });
  });

  it('ladder, formats, distance and the typed mine count', () => {
    expect(ladder(24, 100)).toEqual([ratio(99 * 25, 100)]);
    expect(ladder(1, 0)).toHaveLength(24);
    expect(formatMultiplier(ratio(99, 100))).toBe('0.99');
    expect(formatMultiplier(minesMultiplier(12, 13, 100))).toBe('5,148,297.00');
    expect(tileDistance(0, 24)).toBe(4);
    expect(tileDistance(12, 6)).toBe(1);
    expect(tileDistance(4, 5)).toBe(4);
    expect(parseMineCount(' 7 ')).toEqual({ value: 7 });
    expect(parseMineCount('')).toEqual({ problem: 'required' });
    expect(parseMineCount('0')).toEqual({ problem: 'tooSmall' });
    expect(parseMineCount('-3')).toEqual({ problem: 'tooSmall' });
    expect(parseMineCount('25')).toEqual({ problem: 'tooLarge' });
    expect(parseMineCount('2.5')).toEqual({ problem: 'invalid' });
    expect(parseMineCount('3a')).toEqual({ problem: 'invalid' });
    expect(stepMineCount(24, 1)).toBe(24);
    expect(stepMineCount(1, -1)).toBe(1);
    expect(stepMineCount(3, 1)).toBe(4);
  });
});
