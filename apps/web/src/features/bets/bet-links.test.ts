import { describe, expect, it } from 'vitest';
import {
  betShareUrl,
  betVerifyHref,
  extendedActions,
  isVerifiable,
  telegramShareUrl,
  toBase64UrlJson,
  twitterShareUrl,
} from './bet-links';
import { SAMPLE_MINES_OVERVIEW, SAMPLE_OVERVIEW } from './sample-overview';

describe('bet links', () => {
  it('builds the share link of spec 2: origin with ?game={game}-{betId}', () => {
    expect(betShareUrl('https://casino.example', 'dice', '35')).toBe('https://casino.example/?game=dice-35');
    expect(betShareUrl('https://casino.example/', 'dice', '35')).toBe('https://casino.example/?game=dice-35');
  });

  it('builds the two external share targets', () => {
    const url = 'https://casino.example/?game=dice-35';
    const x = new URL(twitterShareUrl(url, 'Dice bet #35: 2×'));
    expect(x.origin + x.pathname).toBe('https://twitter.com/intent/tweet');
    expect(x.searchParams.get('url')).toBe(url);
    expect(x.searchParams.get('text')).toBe('Dice bet #35: 2×');
    const tg = new URL(telegramShareUrl(url, 'hi'));
    expect(tg.origin + tg.pathname).toBe('https://t.me/share/url');
    expect(tg.searchParams.get('url')).toBe(url);
  });

  it('links a revealed bet to the verifier with its params and house edge', () => {
    const { info } = SAMPLE_OVERVIEW;
    const href = betVerifyHref(info);
    expect(href).not.toBeNull();
    const query = new URL(href!, 'http://x').searchParams;
    expect(query.get('verify')).toBe(`dice-${info.server_seed}-${info.client_seed}-0`);
    expect(JSON.parse(Buffer.from(query.get('params')!, 'base64url').toString('utf8'))).toEqual(info.params);
    expect(query.get('edge')).toBe('100');
    // A single-round bet has no decisions to carry.
    expect(query.has('actions')).toBe(false);
  });

  it('adds the decisions of an extended round as &actions= (base64url JSON of outcome.actions)', () => {
    const { info } = SAMPLE_MINES_OVERVIEW;
    const query = new URL(betVerifyHref(info)!, 'http://x').searchParams;
    expect(query.get('verify')).toBe(`mines-${info.server_seed}-${info.client_seed}-1`);
    const decode = (key: string) => JSON.parse(Buffer.from(query.get(key)!, 'base64url').toString('utf8'));
    expect(decode('params')).toEqual({ mines: 3 });
    expect(decode('actions')).toEqual([{ cell: 7 }, { cell: 14 }, { cell: 0 }]);
    expect(query.get('edge')).toBe('100');
  });

  it('finds the decisions only in an extended outcome ({ actions: [...], state })', () => {
    expect(extendedActions(SAMPLE_MINES_OVERVIEW.info.outcome)).toHaveLength(3);
    expect(extendedActions({ actions: [], state: {} })).toEqual([]);
    expect(extendedActions(SAMPLE_OVERVIEW.info.outcome)).toBeUndefined();
    expect(extendedActions({ actions: 'x', state: {} })).toBeUndefined();
    expect(extendedActions({ actions: [] })).toBeUndefined();
    expect(extendedActions(null)).toBeUndefined();
    expect(extendedActions([1])).toBeUndefined();
  });

  it('has no verify link while the seed is secret or the nonce is unknown', () => {
    const { info } = SAMPLE_OVERVIEW;
    expect(isVerifiable({ ...info, server_seed: null })).toBe(false);
    expect(betVerifyHref({ ...info, nonce: -1 })).toBeNull();
  });

  it('links a crash bet to its round on the fairness page (the round decides it, not a seed pair)', () => {
    const { info } = SAMPLE_OVERVIEW;
    const crash = { ...info, game: 'crash', params: { round: '1126614', auto_cash_out: null } };
    expect(betVerifyHref(crash)).toBe('/fairness?verify=crash-1126614');
    // A round that is not a round id never becomes a crash link.
    expect(betVerifyHref({ ...crash, params: { round: '12a' } })).not.toContain('verify=crash-12a');
  });

  it('encodes JSON as unpadded base64url', () => {
    expect(toBase64UrlJson({ a: '??>' })).toBe(Buffer.from('{"a":"??>"}').toString('base64url'));
  });
});
