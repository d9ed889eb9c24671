import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import type { LatestWin, latestWinsEndpoint } from '@nebula/contracts';
import { api, endpointRef } from '../../lib/api';
import { useAppStore } from '../../lib/store';
import { Skeleton } from '../../ui';
import { LATEST_WINS_INITIAL, LATEST_WINS_MAX } from '@nebula/contracts/constants';
import { addWin, fillerDelay, simulatedWin, type TickerWin } from './latest-wins-model';
import './lobby-texts';
import { useTranslation } from '../../lib/i18n';

const latestWins = endpointRef<typeof latestWinsEndpoint>('POST', '/api/data/latestWins');
const MAX_DELAY_MS = 10_000;

/** Truncates a decimal string to 2 places. */
function money(value: string): string {
  const [whole = '0', frac = ''] = value.replace(/^-/, '').split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac.slice(0, 2).padEnd(2, '0')}`;
}

/**
 * The latest wins ticker (spec 3 sections 2-4): the last real wins (9 at first, up to 30), new ones
 * slide in from the realtime `LiveGame` events (and `LiveFeedSportGame`, winType sport) after their
 * delay. In demo mode only, simulated fillers join every 5 to 10 s, each visibly marked 'Simulated'.
 */
export function LatestWins() {
  const { t } = useTranslation();
  const demo = useAppStore((state) => state.demo);
  const initial = useQuery({
    queryKey: ['latestWins'],
    queryFn: ({ signal }) => api(latestWins, { count: LATEST_WINS_MAX }, { signal }),
    staleTime: 60_000,
  });
  const [added, setAdded] = useState<TickerWin[]>([]);

  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const add = (win: LatestWin, after: unknown) => {
      const delay = Math.min(Math.max(0, Number(after) || 0), MAX_DELAY_MS);
      const timer = setTimeout(() => {
        timers.delete(timer);
        setAdded((list) => addWin(list, win));
      }, delay);
      timers.add(timer);
    };
    // The events' subscriptions (and their shapes) load after the first render.
    let off: (() => void) | undefined;
    let cancelled = false;
    void import('./latest-wins-live').then(({ subscribeLiveWins }) => {
      if (!cancelled) off = subscribeLiveWins(add);
    });
    return () => {
      cancelled = true;
      off?.();
      for (const timer of timers) clearTimeout(timer);
    };
  }, []);

  // Demo builds only: invented wins, always marked as such.
  useEffect(() => {
    if (!demo) return;
    let seq = 0;
    let timer: ReturnType<typeof setTimeout>;
    const next = () => {
      timer = setTimeout(() => {
        setAdded((list) => addWin(list, simulatedWin(++seq)));
        next();
      }, fillerDelay());
    };
    next();
    return () => clearTimeout(timer);
  }, [demo]);

  const wins = useMemo(() => {
    if (!initial.data && !initial.isError) return undefined;
    let list: TickerWin[] = Array.isArray(initial.data) ? initial.data.slice(0, LATEST_WINS_INITIAL) : [];
    for (let i = added.length - 1; i >= 0; i--) {
      const win = added[i]!;
      if (!win.simulated || demo) list = addWin(list, win);
    }
    return list;
  }, [initial.data, initial.isError, added, demo]);

  if (wins && wins.length === 0) return null;
  return (
    <section className="latest-wins" aria-label={t('lobbyUi.latestWins')} data-testid="latest-wins">
      <h2 className="latest-wins__title">
        <span className="latest-wins__dot" aria-hidden="true" />
        {t('lobbyUi.latestWins')}
      </h2>
      <ol className="latest-wins__track">
        {wins
          ? wins.map((win) => (
              <li
                key={win._id}
                className={`latest-win${win.simulated ? ' is-simulated' : ''}`}
                data-testid="latest-win"
                data-simulated={win.simulated ? 'true' : undefined}
              >
                <img
                  className="latest-win__art"
                  src={win.image}
                  alt=""
                  loading="lazy"
                  onError={(event) => {
                    // Fall back to the catalogue's generated tile when the bet's image is missing.
                    const fallback = `/api/img/games/${encodeURIComponent(win.game)}.svg`;
                    if (!event.currentTarget.src.endsWith(fallback)) event.currentTarget.src = fallback;
                  }}
                />
                <span className="latest-win__body">
                  <span className="latest-win__game">{win.name}</span>
                  <span className="latest-win__player">
                    {win.player._id === '' && win.player.private_bets
                      ? t('liveFeed.hidden')
                      : win.player.name}
                  </span>
                  <span className="latest-win__amount">
                    +${money(win.usdProfit)}
                    <small>{money(win.multiplier)}×</small>
                  </span>
                </span>
                {win.simulated && (
                  <span className="latest-win__sim" title={t('lobbyUi.simulatedHint')}>
                    <Sparkles size={10} aria-hidden="true" />
                    {t('lobbyUi.simulated')}
                  </span>
                )}
              </li>
            ))
          : Array.from({ length: LATEST_WINS_INITIAL }, (_, index) => (
              <li key={index} className="latest-win latest-win--skeleton" aria-hidden="true">
                <Skeleton width={40} height={40} radius="var(--radius-sm)" />
                <span className="latest-win__body">
                  <Skeleton shape="text" width={60} />
                  <Skeleton shape="text" width={44} />
                </span>
              </li>
            ))}
      </ol>
    </section>
  );
}
