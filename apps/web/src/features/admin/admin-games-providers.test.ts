import { describe, expect, it } from 'vitest';
import { parseTerritories } from './admin-games-providers';

describe('parseTerritories', () => {
  it('reads codes in any case and separator, unique and sorted', () => {
    expect(parseTerritories('us, fr;de  GB,US')).toEqual(['DE', 'FR', 'GB', 'US']);
    expect(parseTerritories('')).toEqual([]);
    expect(parseTerritories(' , ')).toEqual([]);
  });

  it('refuses an entry that is not two letters', () => {
    expect(parseTerritories('US, USA')).toBeNull();
    expect(parseTerritories('France')).toBeNull();
    expect(parseTerritories('U1')).toBeNull();
  });
});
