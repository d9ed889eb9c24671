import { describe, expect, it } from 'vitest';
import {
  buildVerifyHref,
  decodeParams,
  encodeParams,
  parseEdge,
  parseVerify,
  parseVerifyQuery,
} from './parse-verify';

describe('parseVerify', () => {
  it('splits game, server seed, client seed and nonce', () => {
    expect(parseVerify('dice-abc123-myseed-42')).toEqual({
      game: 'dice',
      serverSeed: 'abc123',
      clientSeed: 'myseed',
      nonce: '42',
    });
  });

  it('keeps dashes inside the client seed', () => {
    expect(parseVerify('limbo-ff00-my-lucky-seed-7')?.clientSeed).toBe('my-lucky-seed');
  });

  it('refuses malformed values', () => {
    expect(parseVerify(null)).toBeNull();
    expect(parseVerify('')).toBeNull();
    expect(parseVerify('dice-abc-7')).toBeNull();
    expect(parseVerify('dice-abc-seed-x')).toBeNull();
  });
});

describe('params encoding', () => {
  it('is unpadded base64url of the JSON and decodes back', () => {
    const params = { placements: [{ type: 'straight', numbers: [17], amount: '100' }] };
    const encoded = encodeParams(params);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(encoded).toBe(Buffer.from(JSON.stringify(params)).toString('base64url'));
    expect(decodeParams(encoded)).toEqual(params);
  });

  it('round-trips non-ASCII text and characters that need - and _', () => {
    const params = { note: 'Grüße ♠', q: '???>>>' };
    const encoded = encodeParams(params);
    expect(encoded).toMatch(/[-_]/);
    expect(decodeParams(encoded)).toEqual(params);
  });

  it('accepts padding and standard base64 written by hand', () => {
    const standard = Buffer.from('{"target":5050,"condition":"under"}').toString('base64');
    expect(decodeParams(standard)).toEqual({ target: 5050, condition: 'under' });
  });

  it('refuses what is not base64url JSON', () => {
    expect(() => decodeParams('%%%')).toThrow();
    expect(() => decodeParams(Buffer.from('not json').toString('base64url'))).toThrow();
    expect(() => decodeParams('a')).toThrow();
  });
});

describe('parseEdge', () => {
  it('takes integer basis points 0..5000', () => {
    expect(parseEdge('100')).toBe(100);
    expect(parseEdge('0')).toBe(0);
    expect(parseEdge('5000')).toBe(5000);
    expect(parseEdge('5001')).toBeUndefined();
    expect(parseEdge('1.5')).toBeUndefined();
    expect(parseEdge('-1')).toBeUndefined();
    expect(parseEdge(null)).toBeUndefined();
  });
});

describe('verify links', () => {
  it('builds a link the page reads back', () => {
    const href = buildVerifyHref({
      game: 'plinko',
      serverSeed: 'ab12',
      clientSeed: 'my seed-1',
      nonce: 9,
      params: { rows: 12, risk: 'high' },
      edgeBps: 150,
    });
    expect(href.startsWith('/fairness?verify=plinko-ab12-my+seed-1-9&params=')).toBe(true);
    const query = parseVerifyQuery(new URL(href, 'http://x').searchParams);
    expect(query).toEqual({
      verify: { game: 'plinko', serverSeed: 'ab12', clientSeed: 'my seed-1', nonce: '9' },
      params: { rows: 12, risk: 'high' },
      paramsError: false,
      edgeBps: 150,
    });
  });

  it('works without the optional extensions and flags a broken params value', () => {
    expect(parseVerifyQuery(new URLSearchParams('verify=dice-ab-c-0'))).toEqual({
      verify: { game: 'dice', serverSeed: 'ab', clientSeed: 'c', nonce: '0' },
      params: undefined,
      paramsError: false,
      edgeBps: undefined,
    });
    expect(parseVerifyQuery(new URLSearchParams('verify=dice-ab-c-0&params=***')).paramsError).toBe(true);
  });
});
