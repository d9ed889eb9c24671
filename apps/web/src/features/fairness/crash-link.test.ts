import { describe, expect, it } from 'vitest';
import { buildCrashVerifyHref, parseCrashLink, parseCrashVerify } from './crash-link';
import { parseVerify, parseVerifyQuery } from './parse-verify';

const HASH = '763a20e38f8d1b8a9eb16d7cb6c1ed0b70c3e76bfc5983a1786d69185c932876';
const SALT = '5f6d66f45ef1dfa88af5f54d4ae88d3bddc1946c8558a283da2d929e81c9871b';

function read(href: string) {
  return parseCrashLink(new URL(href, 'http://x').searchParams);
}

describe('crash verify links', () => {
  it('writes every part and reads it back', () => {
    const href = buildCrashVerifyHref({
      round: '33',
      hash: HASH,
      salt: SALT,
      edgeBps: 100,
      chainId: 1,
      index: 32,
    });
    expect(href).toBe(`/fairness?verify=crash-33&hash=${HASH}&salt=${SALT}&edge=100&chain=1&index=32`);
    expect(read(href)).toEqual({
      round: '33',
      hash: HASH,
      salt: SALT,
      edgeBps: 100,
      chainId: 1,
      index: 32,
      invalid: [],
    });
  });

  it('needs only the round; the rest is optional', () => {
    expect(buildCrashVerifyHref({ round: '7' })).toBe('/fairness?verify=crash-7');
    expect(read('/fairness?verify=crash-7')).toEqual({ round: '7', invalid: [] });
    expect(read('/fairness?verify=crash-0&index=0&edge=0')).toEqual({
      round: '0',
      edgeBps: 0,
      index: 0,
      invalid: [],
    });
  });

  it('encodes a salt with reserved characters and reads it back unchanged', () => {
    const salt = 'a b&c=d+e/f?';
    const href = buildCrashVerifyHref({ round: '5', salt });
    expect(href).not.toContain(' ');
    expect(read(href)?.salt).toBe(salt);
  });

  it('lower-cases a hash typed in capitals and reports unreadable values', () => {
    expect(read(`/fairness?verify=crash-1&hash=${HASH.toUpperCase()}`)?.hash).toBe(HASH);
    const broken = read(
      `/fairness?verify=crash-1&hash=${HASH.slice(1)}&edge=9000&chain=x&index=-1&salt=${'s'.repeat(300)}`,
    );
    expect(broken).toEqual({ round: '1', invalid: ['hash', 'salt', 'edge', 'chain', 'index'] });
    // Empty values are absent, not broken.
    expect(read('/fairness?verify=crash-1&hash=&salt=')).toEqual({ round: '1', invalid: [] });
  });

  it('is not a seed-pair link, and a seed-pair link is not a crash link', () => {
    expect(parseCrashVerify('crash-12')).toBe('12');
    for (const value of ['crash-', 'crash-12a', 'crash-1-2', 'dice-12', `crash-${'1'.repeat(20)}`, null]) {
      expect(parseCrashVerify(value)).toBeNull();
    }
    expect(parseVerify('crash-33')).toBeNull();
    expect(read(`/fairness?verify=crash-${HASH}-nebula-0`)).toBeNull();
    const query = parseVerifyQuery(
      new URL(buildCrashVerifyHref({ round: '3', edgeBps: 100 }), 'http://x').searchParams,
    );
    expect(query.verify).toBeNull();
  });
});
