/**
 * The latest wins ticker's realtime subscriptions (`LiveGame`, `LiveFeedSportGame`), in a module of
 * their own: the events' shapes are not part of the home page's first JavaScript (the ticker loads
 * this after its first render, like the realtime client itself; docs/BENCHMARKS.md).
 */
import type { LatestWin, LiveGame } from '@nebula/contracts';
import {
  latestWinFromLiveGame,
  liveFeedSportGameEventRef,
  liveGameEventRef,
} from '@nebula/contracts/constants';
import { onRealtimeEvent } from '../../lib/realtime-lazy';

/**
 * Calls `add` with each live win of a game or a sports bet (as the ticker lists it) and the event's
 * delay; answers the unsubscribe.
 */
export function subscribeLiveWins(add: (win: LatestWin, delay: unknown) => void): () => void {
  const each = (data: LiveGame, winType: LatestWin['winType']) => {
    const win = latestWinFromLiveGame(data, winType);
    if (win) add(win, data.delay);
  };
  const offGame = onRealtimeEvent(liveGameEventRef, (data) => each(data, 'game'));
  const offSport = onRealtimeEvent(liveFeedSportGameEventRef, (data) => each(data, 'sport'));
  return () => {
    offGame();
    offSport();
  };
}
