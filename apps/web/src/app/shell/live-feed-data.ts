/**
 * The live feed's data: the first list from `POST /api/data/latestGames`, then the realtime `LiveGame`
 * and `LiveFeedSportGame` (a settled sports bet) events on `Everyone`, each shown after its `delay` and
 * kept only when it fits the channel.
 */
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type {
  latestGamesEndpoint,
  LiveGame,
  raceLeaderboardEndpoint,
  RaceLeaderboard,
} from '@nebula/contracts';
import { liveFeedSportGameEventRef, liveGameEventRef } from '@nebula/contracts/constants';
import { api, endpointRef } from '../../lib/api';
import type { LiveChannel } from '../../lib/store';
import { useRealtime } from '../../lib/realtime-provider';
import {
  addToFeed,
  feedDelay,
  isLiveGame,
  matchesChannel,
  withFeedTime,
  type ChannelContext,
} from './live-feed-model';

const latestGames = endpointRef<typeof latestGamesEndpoint>('POST', '/api/data/latestGames');
/** Live bets kept for the channels to pick from. */
const LIVE_BUFFER = 100;
const leaderboard = endpointRef<typeof raceLeaderboardEndpoint>('POST', '/api/leaderboard');

/** The live feed of one channel: undefined while the first list loads. */
export function useLiveFeed(
  channel: LiveChannel,
  count: number,
  context: Omit<ChannelContext, 'raceLeaders'>,
): { entries: LiveGame[] | undefined; failed: boolean } {
  const client = useRealtime();
  const initial = useQuery({
    queryKey: ['latestGames', channel, count, context.userId],
    queryFn: ({ signal }) => api(latestGames, { mode: 'casino', type: channel, count }, { signal }),
    staleTime: 0,
  });
  // The race channel keeps the bets of the race's current top 20.
  const race = useQuery({
    queryKey: ['leaderboard', 'week', context.userId],
    queryFn: ({ signal }) => api(leaderboard, { type: 'week' }, { signal }),
    enabled: channel === 'race',
    staleTime: 30_000,
  });
  const raceLeaders = useMemo(() => leadersOf(race.data), [race.data]);

  // Every live bet seen (newest first, bounded); each channel picks its own when rendering.
  const [live, setLive] = useState<{ event: LiveGame; at: number }[]>([]);

  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    // A live event may carry no time: the time column then shows when it arrived.
    const show = (event: LiveGame) =>
      setLive((list) =>
        [{ event: withFeedTime(event, new Date()), at: Date.now() }, ...list].slice(0, LIVE_BUFFER),
      );
    const onGame = (data: LiveGame) => {
      const delay = feedDelay(data);
      if (delay === 0) return show(data);
      const timer = setTimeout(() => {
        timers.delete(timer);
        show(data);
      }, delay);
      timers.add(timer);
    };
    const offGame = client.on(liveGameEventRef, onGame);
    const offSport = client.on(liveFeedSportGameEventRef, onGame);
    return () => {
      offGame();
      offSport();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [client]);

  const { userId, prices } = context;
  const entries = useMemo(() => {
    if (!initial.data && !initial.isError) return undefined;
    const ctx: ChannelContext = { userId, prices, raceLeaders };
    let list = Array.isArray(initial.data) ? initial.data.filter(isLiveGame) : [];
    // Only bets that arrived after the list was loaded: older ones are in it already (or too old).
    const fresh = live.filter(
      ({ event, at }) => at >= initial.dataUpdatedAt && matchesChannel(event, channel, ctx),
    );
    for (let i = fresh.length - 1; i >= 0; i--) list = addToFeed(list, fresh[i]!.event, count);
    return list.slice(0, count);
  }, [
    initial.data,
    initial.isError,
    initial.dataUpdatedAt,
    live,
    count,
    channel,
    userId,
    prices,
    raceLeaders,
  ]);

  return { entries, failed: initial.isError };
}

function leadersOf(board: RaceLeaderboard | undefined): ReadonlySet<string> | undefined {
  if (!board || !Array.isArray(board.entries)) return undefined;
  return new Set(board.entries.map((entry) => entry.user._id).filter((id) => id !== ''));
}
