/** The home sliders' paging rules (spec 2 section 9): 3 tiles per view at 991 px or less, else 8. */

/** Widest window that counts as mobile for the sliders. */
export const SLIDER_MOBILE_MAX = 991;
export const PER_VIEW_MOBILE = 3;
export const PER_VIEW_DESKTOP = 8;

/** Tiles per view for a window width. */
export function perView(width: number): number {
  return width <= SLIDER_MOBILE_MAX ? PER_VIEW_MOBILE : PER_VIEW_DESKTOP;
}

/**
 * The first visible tile after moving one view left (-1) or right (+1), clamped so the last view is
 * full: `total` counts every tile, the final 'View all' tile included.
 */
export function nextStart(start: number, direction: 1 | -1, view: number, total: number): number {
  const last = Math.max(0, total - view);
  return Math.min(Math.max(0, start + direction * view), last);
}

/** Whether previous / next can move. */
export function canMove(start: number, view: number, total: number): { previous: boolean; next: boolean } {
  return { previous: start > 0, next: start + view < total };
}
