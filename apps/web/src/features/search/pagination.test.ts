import { describe, expect, it } from 'vitest';
import { pageCount, pageNeighbours } from './pagination';

describe('search pagination', () => {
  it('counts pages of 6', () => {
    expect(pageCount(0, 6)).toBe(1);
    expect(pageCount(6, 6)).toBe(1);
    expect(pageCount(7, 6)).toBe(2);
    expect(pageCount(120, 6)).toBe(20);
  });
  it('shows neighbours within 2 pages', () => {
    expect(pageNeighbours(1, 20)).toEqual([1, 2, 3]);
    expect(pageNeighbours(2, 20)).toEqual([1, 2, 3, 4]);
    expect(pageNeighbours(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pageNeighbours(20, 20)).toEqual([18, 19, 20]);
    expect(pageNeighbours(1, 1)).toEqual([1]);
    expect(pageNeighbours(9, 3)).toEqual([1, 2, 3]);
  });
});
