import { describe, expect, it } from 'vitest';
import type { LiveGame } from '@nebula/contracts';
import { latestWinFromLiveGame } from '@nebula/contracts/constants';
import { addWin, fillerDelay, simulatedWin, type TickerWin } from './latest-wins-model';

const live = (status: 'win' | 'lose'): LiveGame => ({
  user: { _id: 'u', name: 'p', avatar: null, private_bets: false },
  game: {
    _id: '7',
    currency: 'btc',
    wager: '0.0001',
    splitTotal: '0.0001',
    multiplier: '12.50000000',
    status,
    profit: '0.00115',
    type: 'single',
    user: 'u',
    profit_usd_converted: '57.5',
  },
  metadata: { id: 'dice', name: 'Dice', image: '/img/games/dice.png' },
  delay: 0,
});

describe('latest wins', () => {
  it('takes wins from live bets, never losses', () => {
    expect(latestWinFromLiveGame(live('win'))).toMatchObject({ _id: '7', game: 'dice', payout: '0.00125' });
    expect(latestWinFromLiveGame(live('lose'))).toBeNull();
  });
  it('keeps 30 at most, newest first, once each', () => {
    let list: TickerWin[] = [];
    for (let i = 0; i < 40; i++)
      list = addWin(list, { ...latestWinFromLiveGame(live('win'))!, _id: String(i) });
    expect(list).toHaveLength(30);
    expect(list[0]!._id).toBe('39');
    list = addWin(list, { ...list[5]! });
    expect(list.filter((w) => w._id === list[0]!._id)).toHaveLength(1);
  });
  it('keeps at most 25 simulated wins, each marked', () => {
    let list: TickerWin[] = [];
    for (let i = 0; i < 30; i++)
      list = addWin(
        list,
        simulatedWin(i, () => 0.5),
      );
    expect(list.filter((w) => w.simulated)).toHaveLength(25);
    expect(list.every((w) => w.simulated === true)).toBe(true);
  });
  it('fills every 5 to 10 seconds', () => {
    expect(fillerDelay(() => 0)).toBe(5000);
    expect(fillerDelay(() => 0.999999)).toBe(10_000);
  });
});
