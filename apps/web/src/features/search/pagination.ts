/** Search pagination (spec 3 section 5): the pages shown are the current one and its neighbours within 2. */

/** Pages on each side of the current one. */
export const PAGINATION_NEIGHBOURS = 2;

/** Number of pages for `total` results of `size` per page (at least 1). */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, size)));
}

/** The page numbers to show: `current` and up to `neighbours` pages either side, within 1..pages. */
export function pageNeighbours(current: number, pages: number, neighbours = PAGINATION_NEIGHBOURS): number[] {
  const page = Math.min(Math.max(1, current), Math.max(1, pages));
  const from = Math.max(1, page - neighbours);
  const to = Math.min(pages, page + neighbours);
  const list: number[] = [];
  for (let p = from; p <= to; p++) list.push(p);
  return list;
}
