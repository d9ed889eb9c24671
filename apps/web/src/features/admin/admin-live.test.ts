import { describe, expect, it } from 'vitest';
import { AREA_QUERIES, queryKeysFor } from './admin-live';

const change = (area: string, targetType: string | null = null, targetId: string | null = null) => ({
  area,
  targetType,
  targetId,
});

describe('queryKeysFor (the area -> query key mapping, decision 0046)', () => {
  it("refreshes the area's own screens and the audit log", () => {
    expect(queryKeysFor(change('promocodes', 'promocode', '12'))).toEqual([
      ['admin', 'promocodes'],
      ['admin', 'promotions'],
      ['admin', 'audit'],
    ]);
    // A screen of a module with no entry follows rule 1 by its key alone.
    expect(queryKeysFor(change('emoji'))).toEqual([
      ['admin', 'emoji'],
      ['admin', 'audit'],
    ]);
  });

  it("refreshes the players' screens for the areas that change a player", () => {
    const keys = queryKeysFor(change('players', 'user', 'u-1'));
    expect(keys).toEqual([
      ['admin', 'players'],
      ['admin', 'users'],
      ['admin', 'player'],
      ['admin', 'dashboard'],
      ['admin', 'audit'],
    ]);
    // The player's own page is under ['admin', 'player'], already listed: not twice.
    expect(keys.filter((key) => key[1] === 'player')).toHaveLength(1);
    expect(queryKeysFor(change('chat', 'user', 'u-2'))).toContainEqual(['admin', 'users']);
  });

  it("refreshes the player's page of any change aimed at a user, and the withdrawal queue of a decision", () => {
    expect(queryKeysFor(change('notifications', 'user', 'u-3'))).toEqual([
      ['admin', 'notifications'],
      ['admin', 'audit'],
      ['admin', 'player', 'u-3'],
    ]);
    expect(queryKeysFor(change('withdrawal', 'withdrawal', 'w-1'))).toContainEqual(['admin', 'withdraws']);
    expect(queryKeysFor(change('settings', 'setting', 'games.house_edges'))).toContainEqual([
      'admin',
      'games',
    ]);
  });

  it('keeps a key whose name only starts like a listed one', () => {
    // ['admin', 'player'] does not cover ['admin', 'players'].
    expect(queryKeysFor(change('players'))).toContainEqual(['admin', 'players']);
  });

  it('maps every area to keys under admin', () => {
    for (const keys of Object.values(AREA_QUERIES)) for (const key of keys) expect(key[0]).toBe('admin');
  });
});
