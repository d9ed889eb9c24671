/**
 * Offline IP -> country lookup over the registry package `@ip-location-db/geo-whois-asn-country`
 * (country ranges from GeoFeed, WHOIS and ASN data; refreshed with the package). The package is
 * marked CC0 but its data source is the NRO's, under CC BY 4.0 with attribution to nro.net (its
 * NRO_LICENSE file): the attribution is in NOTICE at the repository root and in the site footer. The numeric CSVs (`start,end,CC` per line, sorted, non-overlapping) are loaded
 * into typed arrays once, on the first lookup of a public address, and searched by bisection:
 * about 330,000 IPv4 and 220,000 IPv6 ranges, some 12 MB of memory, under a second to load.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { normaliseIso } from './countries.js';

interface V4Table {
  starts: Uint32Array;
  ends: Uint32Array;
  countries: string[];
}
interface V6Table {
  /** Each address as two 64-bit halves. */
  startHi: BigUint64Array;
  startLo: BigUint64Array;
  endHi: BigUint64Array;
  endLo: BigUint64Array;
  countries: string[];
}

const MASK64 = (1n << 64n) - 1n;

/** Where the package's files are (resolved through its package.json). */
function dataDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve('@ip-location-db/geo-whois-asn-country/package.json'));
}

function parseV4(text: string): V4Table {
  const lines = text.split('\n').filter(Boolean);
  const starts = new Uint32Array(lines.length);
  const ends = new Uint32Array(lines.length);
  const countries: string[] = new Array<string>(lines.length);
  lines.forEach((line, i) => {
    const [a, b, c] = line.split(',');
    starts[i] = Number(a);
    ends[i] = Number(b);
    countries[i] = (c ?? '').trim();
  });
  return { starts, ends, countries };
}

function parseV6(text: string): V6Table {
  const lines = text.split('\n').filter(Boolean);
  const n = lines.length;
  const t: V6Table = {
    startHi: new BigUint64Array(n),
    startLo: new BigUint64Array(n),
    endHi: new BigUint64Array(n),
    endLo: new BigUint64Array(n),
    countries: new Array<string>(n),
  };
  lines.forEach((line, i) => {
    const [a, b, c] = line.split(',');
    const s = BigInt(a ?? '0');
    const e = BigInt(b ?? '0');
    t.startHi[i] = s >> 64n;
    t.startLo[i] = s & MASK64;
    t.endHi[i] = e >> 64n;
    t.endLo[i] = e & MASK64;
    t.countries[i] = (c ?? '').trim();
  });
  return t;
}

/** IPv4 text -> unsigned 32-bit number. */
function v4ToNumber(ip: string): number {
  return ip.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}

/** IPv6 text -> 128-bit bigint (handles `::` and an embedded IPv4 tail). */
export function v6ToBigInt(ip: string): bigint {
  let text = ip;
  const v4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4Tail?.[1]) {
    const n = v4ToNumber(v4Tail[1]);
    text = `${text.slice(0, -v4Tail[1].length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - headParts.length - tailParts.length;
  const groups = [...headParts, ...new Array<string>(missing).fill('0'), ...tailParts];
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g || '0', 16)), 0n);
}

/** True for addresses that never locate a country: loopback, private, link-local, CGNAT, ULA, unspecified. */
export function isNonPublicIp(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (net.isIPv4(v4)) {
    const [a = 0, b = 0] = v4.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      a >= 224
    );
  }
  if (!net.isIPv6(ip)) return true;
  const n = v6ToBigInt(ip);
  const top16 = Number(n >> 112n);
  return (
    n === 0n ||
    n === 1n ||
    (top16 & 0xfe00) === 0xfc00 ||
    (top16 & 0xffc0) === 0xfe80 ||
    (top16 & 0xff00) === 0xff00
  );
}

/** An offline country database, loaded lazily. */
export class GeoIpDatabase {
  private v4?: Promise<V4Table>;
  private v6?: Promise<V6Table>;

  constructor(private readonly dir: string = dataDir()) {}

  private loadV4(): Promise<V4Table> {
    this.v4 ??= readFile(path.join(this.dir, 'geo-whois-asn-country-ipv4-num.csv'), 'utf8').then(parseV4);
    return this.v4;
  }

  private loadV6(): Promise<V6Table> {
    this.v6 ??= readFile(path.join(this.dir, 'geo-whois-asn-country-ipv6-num.csv'), 'utf8').then(parseV6);
    return this.v6;
  }

  /** The country (ISO alpha-2) of a public address, or null (non-public, unknown, not in the data). */
  async lookup(ip: string): Promise<string | null> {
    if (!ip || isNonPublicIp(ip)) return null;
    const v4 = ip.startsWith('::ffff:') && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
    if (net.isIPv4(v4)) {
      const t = await this.loadV4();
      const n = v4ToNumber(v4);
      let lo = 0;
      let hi = t.starts.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        if ((t.starts[mid] as number) <= n) lo = mid + 1;
        else hi = mid - 1;
      }
      return hi >= 0 && n <= (t.ends[hi] as number) ? normaliseIso(t.countries[hi]) : null;
    }
    const t = await this.loadV6();
    const n = v6ToBigInt(ip);
    const h = n >> 64n;
    const l = n & MASK64;
    const le = (ah: bigint, al: bigint, bh: bigint, bl: bigint) => ah < bh || (ah === bh && al <= bl);
    let lo = 0;
    let hi = t.startHi.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (le(t.startHi[mid] as bigint, t.startLo[mid] as bigint, h, l)) lo = mid + 1;
      else hi = mid - 1;
    }
    return hi >= 0 && le(h, l, t.endHi[hi] as bigint, t.endLo[hi] as bigint)
      ? normaliseIso(t.countries[hi])
      : null;
  }
}
