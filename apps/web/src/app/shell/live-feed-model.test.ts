import { describe, expect, it } from 'vitest';
import type { LiveGame } from '@nebula/contracts';
import { LIVE_FEED_DEFAULT_COUNT, LIVE_FEED_MAX_COUNT } from '@nebula/contracts/constants';
import {
  LIVE_FEED_COUNTS,
  addToFeed,
  channelsFor,
  effectiveChannel,
  feedDelay,
  formatFeedTime,
  formatMultiplier,
  isLiveGame,
  isWorthAtLeastUsd,
  matchesChannel,
  shortDecimal,
  toScaled,
  withFeedTime,
} from './live-feed-model';

function bet(over: Partial<LiveGame['game']> = {}, user = 'u1', id = '1'): LiveGame {
  return {
    user: { _id: user, name: 'player', avatar: null, private_bets: false },
    game: {
      _id: id,
      currency: 'btc',
      wager: '0.001',
      splitTotal: '0.001',
      multiplier: '2.00000000',
      status: 'win',
      profit: '0.001',
      type: 'single',
      user,
      profit_usd_converted: '50',
      ...over,
    },
    metadata: { id: 'dice', name: 'Dice', image: '/img/games/dice.png' },
    delay: 0,
  };
}

const ctx = { userId: 'u1', prices: { btc: 50_000, usdt: 1 } };

describe('live feed constants', () => {
  it('offer counts the server serves, the default among them', () => {
    expect(LIVE_FEED_COUNTS).toContain(LIVE_FEED_DEFAULT_COUNT);
    expect(Math.max(...LIVE_FEED_COUNTS)).toBeLessThanOrEqual(LIVE_FEED_MAX_COUNT);
  });
});

describe('toScaled', () => {
  it('parses decimals and numbers exactly', () => {
    expect(toScaled('1.5')).toBe(1_500_000_000_000_000_000n);
    expect(toScaled('-0.000000000000000001')).toBe(-1n);
    expect(toScaled(0.1)).toBe(100_000_000_000_000_000n);
    expect(toScaled(1e-7)).toBe(100_000_000_000n);
    expect(toScaled('abc')).toBeNull();
  });
});

describe('high rollers', () => {
  it('uses the currency price: 0.002 BTC at 50k = 100 USD qualifies, 0.00199 does not', () => {
    expect(
      isWorthAtLeastUsd({ splitTotal: '0.002', profit: '0', profit_usd_converted: '0' }, 50_000, 100),
    ).toBe(true);
    expect(
      isWorthAtLeastUsd({ splitTotal: '0.00199', profit: '0', profit_usd_converted: '0' }, 50_000, 100),
    ).toBe(false);
  });
  it('falls back to the rate of the bet itself without a price', () => {
    // profit 1 unit = 60 USD: a 2-unit wager is 120 USD.
    expect(
      isWorthAtLeastUsd({ splitTotal: '2', profit: '-1', profit_usd_converted: '-60' }, undefined, 100),
    ).toBe(true);
    expect(
      isWorthAtLeastUsd({ splitTotal: '1', profit: '-1', profit_usd_converted: '-60' }, undefined, 100),
    ).toBe(false);
    expect(
      isWorthAtLeastUsd({ splitTotal: '1', profit: '0', profit_usd_converted: '0' }, undefined, 100),
    ).toBe(false);
  });
  it('filters the channel', () => {
    expect(matchesChannel(bet({ splitTotal: '100', currency: 'usdt' }), 'high_rollers', ctx)).toBe(true);
    expect(matchesChannel(bet({ splitTotal: '99.99', currency: 'usdt' }), 'high_rollers', ctx)).toBe(false);
  });
});

describe('lucky wins', () => {
  it('needs a win at 10x or more', () => {
    expect(matchesChannel(bet({ multiplier: '10.00000000' }), 'lucky_wins', ctx)).toBe(true);
    expect(matchesChannel(bet({ multiplier: '9.99999999' }), 'lucky_wins', ctx)).toBe(false);
    expect(matchesChannel(bet({ multiplier: '25', status: 'lose' }), 'lucky_wins', ctx)).toBe(false);
  });
});

describe('mine, all and race', () => {
  it('mine keeps the viewer’s bets, never for guests', () => {
    expect(matchesChannel(bet({}, 'u1'), 'mine', ctx)).toBe(true);
    expect(matchesChannel(bet({}, 'u2'), 'mine', ctx)).toBe(false);
    expect(matchesChannel(bet({}, 'u1'), 'mine', { ...ctx, userId: null })).toBe(false);
    expect(matchesChannel(bet({}, 'u2'), 'all', ctx)).toBe(true);
  });
  it('race keeps the bets of the current leaders', () => {
    const leaders = new Set(['u2']);
    expect(matchesChannel(bet({}, 'u2'), 'race', { ...ctx, raceLeaders: leaders })).toBe(true);
    expect(matchesChannel(bet({}, 'u1'), 'race', { ...ctx, raceLeaders: leaders })).toBe(false);
    expect(matchesChannel(bet({}, 'u2'), 'race', ctx)).toBe(false);
  });
  it('guests get all instead of mine, and no mine tab', () => {
    expect(effectiveChannel('mine', false)).toBe('all');
    expect(effectiveChannel('mine', true)).toBe('mine');
    expect(channelsFor(false)).not.toContain('mine');
    expect(channelsFor(true)[0]).toBe('mine');
  });
});

describe('list handling', () => {
  it('puts new bets first, dedupes and trims to the count', () => {
    let list: LiveGame[] = [];
    for (let i = 0; i < 12; i++) list = addToFeed(list, bet({}, 'u1', String(i)), 10);
    expect(list).toHaveLength(10);
    expect(list[0]!.game._id).toBe('11');
    list = addToFeed(list, bet({}, 'u1', '5'), 10);
    expect(list.filter((e) => e.game._id === '5')).toHaveLength(1);
    expect(list[0]!.game._id).toBe('5');
  });
  it('clamps the delay', () => {
    expect(feedDelay({ delay: 1000 })).toBe(1000);
    expect(feedDelay({ delay: -5 })).toBe(0);
    expect(feedDelay({ delay: 1e9 })).toBe(10_000);
  });
  it('formats', () => {
    expect(shortDecimal('0.123456789')).toBe('0.12345678');
    expect(shortDecimal('1.50000000')).toBe('1.5');
    expect(formatMultiplier('12.5')).toBe('12.50×');
    expect(formatMultiplier('0.00000000')).toBe('0.00×');
  });
  it('recognises a live bet', () => {
    expect(isLiveGame(bet())).toBe(true);
    expect(isLiveGame({ user: {} })).toBe(false);
  });
});

describe('time column', () => {
  const now = new Date(2026, 10, 22, 15, 30, 0);

  it('shows HH:MM (24 h) for a bet of today and the short date for older ones', () => {
    expect(formatFeedTime(new Date(2026, 10, 22, 9, 5, 0).toISOString(), now, 'en')).toBe('09:05');
    expect(formatFeedTime(new Date(2026, 10, 22, 23, 59, 0).toISOString(), now, 'en')).toBe('23:59');
    expect(formatFeedTime(new Date(2026, 10, 21, 23, 59, 0).toISOString(), now, 'en')).toBe('Nov 21');
    expect(formatFeedTime(new Date(2026, 10, 21, 23, 59, 0).toISOString(), now, 'de')).toBe('21. Nov.');
  });

  it('is empty when the time is missing or unreadable', () => {
    expect(formatFeedTime(undefined, now, 'en')).toBe('');
    expect(formatFeedTime('yesterday', now, 'en')).toBe('');
  });

  it('stamps a live event without a time with its arrival, keeps a server time', () => {
    const arrived = new Date('2026-11-22T10:00:00.000Z');
    expect(withFeedTime(bet(), arrived).game.created_at).toBe('2026-11-22T10:00:00.000Z');
    const placed = bet({ created_at: '2026-11-22T09:59:58.000Z' });
    expect(withFeedTime(placed, arrived)).toBe(placed);
  });
});
