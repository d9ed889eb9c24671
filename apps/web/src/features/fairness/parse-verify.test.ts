import { describe, expect, it } from 'vitest';
import {
  buildVerifyHref,
  decodeParams,
  encodeActions,
  encodeParams,
  extendedOutcomeActions,
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
      actions: undefined,
      actionsError: false,
    });
  });

  it("carries an extended round's decisions in &actions= and reads them back", () => {
    const actions = [{ cell: 7 }, { random: true }, { cell: 24 }];
    const href = buildVerifyHref({
      game: 'mines',
      serverSeed: 'ab12',
      clientSeed: 'c',
      nonce: 3,
      params: { mines: 5 },
      edgeBps: 100,
      actions,
    });
    const search = new URL(href, 'http://x').searchParams;
    expect(search.get('actions')).toBe(Buffer.from(JSON.stringify(actions)).toString('base64url'));
    expect(search.get('actions')).toBe(encodeActions(actions));
    const query = parseVerifyQuery(search);
    expect(query).toMatchObject({ params: { mines: 5 }, edgeBps: 100, actions, actionsError: false });
    expect(query.verify?.game).toBe('mines');
    // No decisions is an empty list, not a missing key.
    const none = buildVerifyHref({ game: 'mines', serverSeed: 'a', clientSeed: 'c', nonce: 0, actions: [] });
    expect(parseVerifyQuery(new URL(none, 'http://x').searchParams).actions).toEqual([]);
  });

  it('round-trips every kind of decision the extended games take', () => {
    const actions = [
      { action: 'insurance', accept: false },
      { action: 'split' },
      { hold: [true, false, true, false, false] },
      { guess: 'higher' },
      { skip: true },
      { side: 'tails' },
      { tile: 3 },
      { stone: 6 },
    ];
    expect(decodeParams(encodeActions(actions))).toEqual(actions);
  });

  it('works without the optional extensions and flags a broken params value', () => {
    expect(parseVerifyQuery(new URLSearchParams('verify=dice-ab-c-0'))).toEqual({
      verify: { game: 'dice', serverSeed: 'ab', clientSeed: 'c', nonce: '0' },
      params: undefined,
      paramsError: false,
      edgeBps: undefined,
      actions: undefined,
      actionsError: false,
    });
    expect(parseVerifyQuery(new URLSearchParams('verify=dice-ab-c-0&params=***')).paramsError).toBe(true);
    const broken = parseVerifyQuery(new URLSearchParams('verify=mines-ab-c-0&actions=***'));
    expect(broken).toMatchObject({ actions: undefined, actionsError: true, paramsError: false });
  });
});

describe('extendedOutcomeActions', () => {
  it('reads the decisions of an extended bet outcome only', () => {
    const actions = [{ action: 'hit' }, { action: 'stand' }];
    expect(extendedOutcomeActions({ actions, state: { phase: 'settled' } })).toEqual(actions);
    expect(extendedOutcomeActions({ actions: [], state: null })).toEqual([]);
    expect(extendedOutcomeActions({ roll: 7947 })).toBeUndefined();
    expect(extendedOutcomeActions({ actions })).toBeUndefined();
    expect(extendedOutcomeActions({ actions: {}, state: {} })).toBeUndefined();
    expect(extendedOutcomeActions(undefined)).toBeUndefined();
    expect(extendedOutcomeActions([actions])).toBeUndefined();
  });
});
