/**
 * Text that PostgreSQL cannot store. Invariants:
 * - NUL (U+0000) is refused by PostgreSQL in `text`, `varchar` and `jsonb` (error 22021/22P05).
 * - A UTF-16 surrogate without its pair has no UTF-8 encoding: PGlite refuses it and node-postgres
 *   silently turns it into U+FFFD, so what is stored would not be what was sent.
 * Every contract call (HTTP body, query string, path parameters, realtime frame and whisper data) is
 * checked with `findUnstorableText` before its schema or handler sees it, so such input is always a
 * 422 `validation_failed` and never reaches the database. Object keys are checked like values.
 */
export const UNSTORABLE_TEXT_MESSAGE = 'Text must not contain NUL characters or unpaired UTF-16 surrogates.';

/** True when `s` has no NUL and no unpaired surrogate (every UTF-16 code unit is encodable). */
export function isStorableText(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) return false;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      return false;
    }
  }
  return true;
}

/**
 * Walks a parsed JSON value (objects, arrays, strings; keys included) and returns the path of the
 * first string PostgreSQL cannot store, as path segments, or null when everything is storable.
 * Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findUnstorableText(value: unknown): (string | number)[] | null {
  interface Item {
    value: unknown;
    parent: Item | null;
    segment: string | number;
  }
  // Each item links to its parent (no path copies), so the walk stays linear in the input size.
  const pathOf = (item: Item | null, last?: string): (string | number)[] => {
    const path: (string | number)[] = last === undefined ? [] : [last];
    for (let i = item; i?.parent; i = i.parent) path.push(i.segment);
    return path.reverse();
  };
  const stack: Item[] = [{ value, parent: null, segment: '' }];
  while (stack.length > 0) {
    const item = stack.pop() as Item;
    const v = item.value;
    if (typeof v === 'string') {
      if (!isStorableText(v)) return pathOf(item);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], parent: item, segment: i });
    } else if (v !== null && typeof v === 'object') {
      const keys = Object.keys(v);
      for (const key of keys) if (!isStorableText(key)) return pathOf(item, key);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        stack.push({ value: (v as Record<string, unknown>)[key], parent: item, segment: key });
      }
    }
  }
  return null;
}
