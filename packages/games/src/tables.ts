import { type Ratio, ratio, ratioFromDecimal } from './ratio.js';

/** Binomial coefficient C(n, k) as a bigint (0 outside 0..n). */
export function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  const small = Math.min(k, n - k);
  for (let i = 1; i <= small; i += 1) result = (result * BigInt(n - small + i)) / BigInt(i);
  return result;
}

/** A conventional table written as decimal literals, parsed to exact ratios. */
export function decimals(values: readonly string[]): Ratio[] {
  return values.map(ratioFromDecimal);
}

/** Memoises a table builder by a string key; tables are pure functions of their key. */
export function memo<K extends unknown[], V>(build: (...key: K) => V): (...key: K) => V {
  const cache = new Map<string, V>();
  return (...key: K) => {
    const id = key.join('|');
    let value = cache.get(id);
    if (value === undefined) {
      value = build(...key);
      cache.set(id, value);
    }
    return value;
  };
}

/** `count / total` as a ratio. */
export function chance(count: bigint | number, total: bigint | number): Ratio {
  return ratio(count, total);
}
