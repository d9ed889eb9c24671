/**
 * Test support for the ladder games (tower, stairs): the exact float tuples behind every draw of a row,
 * and a deterministic strategy source. Used by tower.test.ts and stairs.test.ts only.
 */
import { floats } from '@nebula/fairness';

/**
 * Every ordered draw of `hazards` of `tiles` tiles, each as the floats that select it: float j of a
 * draw is `(index + 1/2) / (tiles - j)`, which picks position `index` of the `tiles - j` tiles still
 * free. Under ideal uniform floats every tuple is equally likely, so counting over this list gives exact
 * probabilities.
 */
export function idealRowDraws(tiles: number, hazards: number): number[][] {
  let draws: number[][] = [[]];
  for (let j = 0; j < hazards; j += 1) {
    const free = tiles - j;
    draws = draws.flatMap((draw) =>
      Array.from({ length: free }, (_, index) => [...draw, (index + 0.5) / free]),
    );
  }
  return draws;
}

/** `count` floats of the fixed strategy stream `nonce` (independent of any round's seeds). */
export function strategyFloats(nonce: number, count: number): number[] {
  return floats('ladder-strategy-server-seed', 'ladder-strategy', nonce, count);
}
