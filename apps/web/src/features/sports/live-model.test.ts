import { describe, expect, it } from 'vitest';
import type { SportEvent } from '@nebula/contracts';
import { applyOddsChange, applyStatusChange, clockText, oddsByOutcome } from './live-model';

const market = {
  id: '10',
  template: '1x2',
  name: 'Match result',
  specifiers: {},
  status: 'active' as const,
  liveDelayMs: 0,
  cashOut: true,
  outcomes: [
    { id: '101', name: 'Home', odds: 1850, previousOdds: null, active: true },
    { id: '102', name: 'Draw', odds: 3400, previousOdds: null, active: true },
  ],
};

const event: SportEvent = {
  id: '1',
  name: 'A vs B',
  sport: { key: 'soccer-1', name: 'Soccer', type: 'SPORTS' },
  category: { id: '1', name: 'World' },
  tournament: { id: '1', name: 'Cup' },
  competitors: [],
  startsAt: '2026-11-27T18:00:00.000Z',
  status: 'not_started',
  score: null,
  clock: null,
  matchTrackerId: null,
  streamUrl: null,
  simulated: true,
  realMoney: false,
  marketCount: 1,
  mainMarket: market,
  markets: [market],
};

describe('live changes of an event', () => {
  it('moves odds, keeps the previous ones and follows a bet stop', () => {
    const change = {
      event: '1',
      at: '',
      markets: [
        { id: '10', status: 'suspended' as const, outcomes: [{ id: '101', odds: 1900, active: true }] },
      ],
    };
    const next = applyOddsChange(event, change);
    expect(next.markets[0]?.status).toBe('suspended');
    expect(next.markets[0]?.outcomes[0]).toMatchObject({ odds: 1900, previousOdds: 1850, active: false });
    expect(next.markets[0]?.outcomes[1]).toBe(market.outcomes[1]);
    expect(next.mainMarket?.outcomes[0]?.odds).toBe(1900);
    expect(applyOddsChange(event, { ...change, event: '2' })).toBe(event);
    expect(oddsByOutcome(change).get('101')).toEqual({ odds: 1900, active: false });
  });

  it('moves status, score and clock', () => {
    const clock = {
      period: '1st_half',
      minute: 12,
      second: 5,
      running: true,
      at: '2026-11-27T18:12:05.000Z',
    };
    const next = applyStatusChange(event, {
      event: '1',
      status: 'live',
      score: { home: 1, away: 0, periods: [] },
      clock,
      at: '',
    });
    expect(next).toMatchObject({ status: 'live', score: { home: 1, away: 0 }, clock });
  });

  it('reads a running clock from its reading and a stopped one as it is', () => {
    const clock = {
      period: '1st_half',
      minute: 12,
      second: 5,
      running: true,
      at: '2026-11-27T18:12:05.000Z',
    };
    const now = Date.parse('2026-11-27T18:13:10.500Z');
    expect(clockText(clock, now)).toBe('13:10');
    // Our clock is 5 s behind the server's.
    expect(clockText(clock, now, 5000)).toBe('13:15');
    expect(clockText({ ...clock, running: false }, now)).toBe('12:05');
    // A simulated match whose clock runs 11.25 times faster: 65.5 s of real time are 736 s of play.
    expect(clockText({ ...clock, speed: 11.25 }, now)).toBe('24:21');
  });
});
