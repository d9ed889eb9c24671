import { describe, expect, it } from 'vitest';
import { canMove, nextStart, perView } from './slider-model';

describe('slider per view', () => {
  it('shows 3 tiles at 991 px or less, 8 above', () => {
    expect(perView(390)).toBe(3);
    expect(perView(991)).toBe(3);
    expect(perView(992)).toBe(8);
    expect(perView(1440)).toBe(8);
  });
  it('pages by one view and clamps to a full last view', () => {
    // 10 games + the final tile = 11 tiles, 8 per view.
    expect(nextStart(0, 1, 8, 11)).toBe(3);
    expect(nextStart(3, 1, 8, 11)).toBe(3);
    expect(nextStart(3, -1, 8, 11)).toBe(0);
    expect(nextStart(0, 1, 3, 11)).toBe(3);
    expect(nextStart(6, 1, 3, 11)).toBe(8);
    expect(nextStart(0, 1, 8, 5)).toBe(0);
  });
  it('knows when previous and next can move', () => {
    expect(canMove(0, 8, 11)).toEqual({ previous: false, next: true });
    expect(canMove(3, 8, 11)).toEqual({ previous: true, next: false });
    expect(canMove(0, 8, 4)).toEqual({ previous: false, next: false });
  });
});
