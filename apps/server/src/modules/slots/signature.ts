/**
 * The aggregator's signing rule (the common seamless-wallet protocol): the request's parameters (the
 * form fields, nested arrays included) merged with the headers `X-Merchant-Id`, `X-Timestamp` and
 * `X-Nonce`, sorted by key (top level only, byte order, as PHP's `ksort`), written as PHP's
 * `http_build_query` writes them (`key[sub][0]=v`, keys and values encoded as `urlencode`: letters,
 * digits and `-_.` stay, a space is `+`, everything else `%XX`), then HMAC-SHA1 with the merchant key,
 * hex: the `X-Sign` header. Both directions use it: our calls to the aggregator and its callbacks.
 *
 * A form body is parsed the way PHP fills `$_POST` (`a[b][]=1`), into ordered entries, so that the
 * string signed is rebuilt in the sender's own order: a JavaScript object would put integer-like keys
 * first.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** A value of the form: a string, or an ordered map (PHP array) of values. */
export type FormValue = string | FormMap;
export type FormMap = [string, FormValue][];

/** PHP's `urlencode`. */
export function phpUrlencode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9_.-]/.test(c)) out += c;
    else if (c === ' ') out += '+';
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** PHP's `http_build_query` of ordered entries. */
export function buildQuery(entries: FormMap): string {
  const parts: string[] = [];
  const walk = (prefix: string, value: FormValue) => {
    if (typeof value === 'string') parts.push(`${phpUrlencode(prefix)}=${phpUrlencode(value)}`);
    else for (const [k, v] of value) walk(`${prefix}[${k}]`, v);
  };
  for (const [k, v] of entries) walk(k, v);
  return parts.join('&');
}

/** Entries from a plain object (arrays by index), in the object's own order. */
export function toEntries(value: Record<string, unknown> | readonly unknown[]): FormMap {
  const pairs: [string, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [String(i), v])
    : Object.entries(value);
  const out: FormMap = [];
  for (const [k, v] of pairs) {
    if (v === undefined || v === null) continue;
    if (typeof v === 'object') out.push([k, toEntries(v as Record<string, unknown>)]);
    else if (typeof v === 'boolean') out.push([k, v ? '1' : '0']);
    else out.push([k, String(v)]);
  }
  return out;
}

/** The auth headers that are signed with the parameters. */
export interface SignedHeaders {
  merchantId: string;
  timestamp: string;
  nonce: string;
}

/** The string signed: parameters and headers, sorted by key. */
export function signingString(params: FormMap, headers: SignedHeaders): string {
  const all: FormMap = [
    ...params.filter(([k]) => !['X-Merchant-Id', 'X-Timestamp', 'X-Nonce'].includes(k)),
    ['X-Merchant-Id', headers.merchantId],
    ['X-Timestamp', headers.timestamp],
    ['X-Nonce', headers.nonce],
  ];
  const cmp = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
  return buildQuery(all.sort(([a], [b]) => cmp(a, b)));
}

/** The `X-Sign` of a request. */
export function sign(params: FormMap, headers: SignedHeaders, key: string): string {
  return createHmac('sha1', key).update(signingString(params, headers)).digest('hex');
}

/** Whether `given` is the signature of the request (constant time). */
export function verify(params: FormMap, headers: SignedHeaders, key: string, given: string): boolean {
  const want = Buffer.from(sign(params, headers, key), 'utf8');
  const got = Buffer.from(given.toLowerCase(), 'utf8');
  return want.length === got.length && timingSafeEqual(want, got);
}

const MAX_DEPTH = 4;
const MAX_FIELDS = 500;

/**
 * Parses a form body as PHP fills `$_POST`: `a=1&b[x]=2&b[y][]=3` gives `[['a','1'],['b',[['x','2'],
 * ['y',[['0','3']]]]]]`. A repeated plain key keeps the last value (PHP), `[]` appends with the next
 * index. Returns null for a body PHP would not read the same way (too deep, too many fields).
 */
export function parseForm(body: string): FormMap | null {
  const root: FormMap = [];
  const pairs = body === '' ? [] : body.split('&');
  if (pairs.length > MAX_FIELDS) return null;
  const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
  for (const pair of pairs) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    let rawKey: string;
    let value: string;
    try {
      rawKey = decode(eq < 0 ? pair : pair.slice(0, eq));
      value = eq < 0 ? '' : decode(pair.slice(eq + 1));
    } catch {
      return null;
    }
    const open = rawKey.indexOf('[');
    const head = open > 0 ? rawKey.slice(0, open) : rawKey;
    const path: string[] = [head];
    if (open > 0) {
      const rest = rawKey.slice(open);
      const re = /\[([^\]]*)\]/gy;
      let m: RegExpExecArray | null;
      let consumed = 0;
      while ((m = re.exec(rest)) !== null) {
        path.push(m[1] ?? '');
        consumed = re.lastIndex;
      }
      if (consumed !== rest.length) return null;
    }
    if (path.length > MAX_DEPTH + 1) return null;
    let map = root;
    for (let i = 0; i < path.length; i++) {
      let k = path[i] as string;
      const last = i === path.length - 1;
      if (k === '' && i > 0) {
        const ints = map.map(([x]) => Number(x)).filter((n) => Number.isInteger(n) && n >= 0);
        k = String(ints.length ? Math.max(...ints) + 1 : 0);
      }
      const at = map.findIndex(([x]) => x === k);
      if (last) {
        if (at >= 0) (map[at] as [string, FormValue])[1] = value;
        else map.push([k, value]);
      } else {
        let next = at >= 0 ? (map[at] as [string, FormValue])[1] : undefined;
        if (typeof next !== 'object') {
          next = [];
          if (at >= 0) (map[at] as [string, FormValue])[1] = next;
          else map.push([k, next]);
        }
        map = next;
      }
    }
  }
  return root;
}

/** The value of a top-level field when it is a string. */
export function field(params: FormMap, key: string): string | undefined {
  const v = params.find(([k]) => k === key)?.[1];
  return typeof v === 'string' ? v : undefined;
}

/** The value of a top-level field when it is a map (a PHP array). */
export function mapField(params: FormMap, key: string): FormMap | undefined {
  const v = params.find(([k]) => k === key)?.[1];
  return typeof v === 'object' ? v : undefined;
}
