/** The weekly race standings (`POST /api/leaderboard {type: 'week'}`) and a live countdown. */
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { raceLeaderboardEndpoint } from '@nebula/contracts';
import { api, endpointRef } from '../../lib/api';
import { useAppStore } from '../../lib/store';
import { clockOffset, nextWeekEnd, timeLeft, type TimeLeft } from './race-model';

const leaderboard = endpointRef<typeof raceLeaderboardEndpoint>('POST', '/api/leaderboard');

/** This week's race; refreshed every 30 s (standings move with every real bet). */
export function useRace() {
  const viewer = useAppStore((state) => state.user?._id ?? null);
  return useQuery({
    queryKey: ['leaderboard', 'week', viewer],
    queryFn: ({ signal }) => api(leaderboard, { type: 'week' }, { signal }),
    staleTime: 30_000,
    refetchInterval: 30_000,
  });
}

/**
 * Time left until the race week ends, ticking every second on the server's clock (`serverNow` as
 * read at `receivedAt` on the device).
 */
export function useCountdown(
  endsAt: string | undefined,
  serverNow: string | undefined,
  receivedAt: number,
): TimeLeft {
  const offset = useMemo(() => (serverNow ? clockOffset(serverNow, receivedAt) : 0), [serverNow, receivedAt]);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  return timeLeft(endsAt ?? nextWeekEnd(new Date(now + offset)).toISOString(), now + offset);
}
