// The generated event guards of @nebula/contracts/constants judge data as the contracts' zod schemas do.
import { describe, expect, it } from 'vitest';
import {
  balanceModificationEvent,
  chatMuteEvent,
  liveGameEvent,
  onlineCountEvent,
  type RealtimeEvent,
} from '@nebula/contracts';
import {
  balanceModificationEventRef,
  chatMuteEventRef,
  isEventData,
  liveGameEventRef,
  matchesShape,
  onlineCountEventRef,
  readEvent,
  type EventRef,
  type Shape,
} from '@nebula/contracts/constants';

const liveGame = {
  user: { _id: 'u', name: 'p', avatar: null, private_bets: false },
  game: {
    _id: '7',
    currency: 'btc',
    wager: '0.0001',
    splitTotal: '0.0001',
    multiplier: '12.50000000',
    status: 'win',
    profit: '0.00115',
    type: 'single',
    user: 'u',
    profit_usd_converted: '57.5',
  },
  metadata: { id: 'dice', name: 'Dice', image: '/img/games/dice.png' },
  delay: 0,
};

/** Every sample is judged alike by the generated guard and by the contract's zod schema. */
function agrees(event: RealtimeEvent, ref: EventRef, samples: unknown[]): void {
  for (const sample of samples) {
    expect(isEventData(ref, sample), JSON.stringify(sample)).toBe(event.data.safeParse(sample).success);
  }
}

describe('generated event guards', () => {
  it('judge samples as the contract schemas do', () => {
    agrees(onlineCountEvent, onlineCountEventRef, [
      { total: 3, users: 1, guests: 2 },
      { total: 3, users: 1 },
      { total: '3', users: 1, guests: 2 },
      { total: 1.5, users: 1, guests: 2 },
      null,
      [],
    ]);
    agrees(chatMuteEvent, chatMuteEventRef, [
      { mute: null },
      { mute: '2026-01-01T00:00:00Z' },
      { mute: 5 },
      {},
    ]);
    const balance = { currency: 'btc', balance: '1.5', demo_balance: '0', bonus: '0', delay: 0 };
    agrees(balanceModificationEvent, balanceModificationEventRef, [
      balance,
      { ...balance, balance: '1e3' },
      { ...balance, balance: 2 },
      { ...balance, delay: 'soon' },
      { ...balance, bonus: undefined },
    ]);
    agrees(liveGameEvent, liveGameEventRef, [
      liveGame,
      { ...liveGame, game: { ...liveGame.game, status: 'maybe' } },
      { ...liveGame, user: { ...liveGame.user, avatar: 3 } },
      { ...liveGame, metadata: undefined },
    ]);
  });

  it('read a frame only when it is the event and its data fits', () => {
    const data = { total: 3, users: 1, guests: 2 };
    expect(readEvent(onlineCountEventRef, { event: 'OnlineCount', data })).toEqual(data);
    expect(readEvent(onlineCountEventRef, { event: 'LiveGame', data })).toBeUndefined();
    expect(readEvent(onlineCountEventRef, { event: 'OnlineCount', data: { total: 3 } })).toBeUndefined();
  });

  it('check patterns, literals, alternatives and array items', () => {
    const shape: Shape = {
      type: 'object',
      properties: {
        id: { type: 'string', pattern: '^\\d+$' },
        kind: { const: 'single' },
        tags: { type: 'array', items: { anyOf: [{ type: 'integer' }, { type: 'null' }] } },
      },
      required: ['id'],
    };
    expect(matchesShape(shape, { id: '12', kind: 'single', tags: [1, null] })).toBe(true);
    expect(matchesShape(shape, { id: '12' })).toBe(true);
    expect(matchesShape(shape, { id: 'x12' })).toBe(false);
    expect(matchesShape(shape, { id: '12', kind: 'extended' })).toBe(false);
    expect(matchesShape(shape, { id: '12', tags: [1.5] })).toBe(false);
    expect(matchesShape(shape, { id: '12', tags: 'a' })).toBe(false);
    expect(matchesShape({}, Symbol.iterator)).toBe(true);
  });
});
