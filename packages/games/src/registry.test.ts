import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { type GameDefinition, type GameId, gameRegistry, getGame, registerGame } from './index.js';

describe('game registry', () => {
  it('starts empty, registers a game once and finds it by id', () => {
    expect(getGame('test-dice')).toBeUndefined();
    const game: GameDefinition = {
      id: 'test-dice' as GameId,
      kind: 'single',
      name: 'Test dice',
      params: z.object({ target: z.number() }).strict(),
      houseEdgeBps: 100,
    };
    expect(registerGame(game)).toBe(game);
    expect(getGame('test-dice')).toBe(game);
    expect(gameRegistry.size).toBe(1);
    expect(() => registerGame(game)).toThrow(/registered twice/);
  });
});
