import { floatToIndex } from './rng.js';

/**
 * Sequential selection without replacement (the public "shuffle" algorithm): for each float in order,
 * take `remaining[floor(float * remaining.length)]` and remove it from `remaining`. Returns one item per
 * float, all distinct positions of `pool`. The pool is not modified.
 *
 * Keno draws 10 of the squares 1..40 this way; a partial deck shuffle is the same call over card indices.
 *
 * @throws RangeError when there are more floats than items, or a float is outside `[0, 1)`
 */
export function selectWithoutReplacement<T>(values: readonly number[], pool: readonly T[]): T[] {
  if (values.length > pool.length) {
    throw new RangeError(`cannot select ${values.length} items from a pool of ${pool.length}`);
  }
  const remaining = [...pool];
  const picked: T[] = [];
  for (const value of values) {
    const [item] = remaining.splice(floatToIndex(value, remaining.length), 1);
    picked.push(item as T);
  }
  return picked;
}
