/**
 * `/{sportLink}/{id}`: one event with its scoreboard (score, clock, periods), the live widget's
 * button, and every market with its outcomes as odds buttons; odds and the score move live.
 */
import { useEffect } from 'react';
import { Link } from 'react-router';
import { MonitorPlay, SearchX } from 'lucide-react';
import type { SportEvent, SportMarket } from '@nebula/contracts';
import { Button, EmptyState, SkeletonText } from '../../ui';
import { useTranslation } from '../../lib/i18n';
import { LiveBadge, MatchClock, SimulatedBadge, StartTime, StatusText } from './badges';
import { FavouriteStar } from './event-row';
import { OddsButton } from './odds-button';
import { useEvent } from './sports-api';
import { noteServerTime } from './sports-live';
import { useSportWidget } from './widget-state';

function Scoreboard({ event }: { event: SportEvent }) {
  const { t } = useTranslation();
  const openWidget = useSportWidget((state) => state.open);
  const [home, away] = event.competitors;
  const live = event.status === 'live';
  return (
    <section className={`sp-board${live ? ' is-live' : ''}`} data-testid="scoreboard">
      <div className="sp-board__top">
        <span className="sp-board__league">
          {event.sport.name} · {event.category.name} · {event.tournament.name}
        </span>
        <span className="sp-board__badges">
          {event.simulated && <SimulatedBadge />}
          <FavouriteStar eventId={event.id} />
        </span>
      </div>
      <div className="sp-board__match">
        <div className="sp-board__team">
          <span className="sp-board__crest" aria-hidden="true">
            {(home?.abbreviation ?? home?.name ?? '?').slice(0, 3)}
          </span>
          <span className="sp-board__name">{home?.name ?? event.name}</span>
        </div>
        <div className="sp-board__centre">
          {event.score ? (
            <span className="sp-board__score tabular" data-testid="event-score">
              {event.score.home} <span aria-hidden="true">:</span> {event.score.away}
            </span>
          ) : (
            <span className="sp-board__vs">VS</span>
          )}
          <span className="sp-board__state" data-testid="event-status" data-status={event.status}>
            {live ? (
              <LiveBadge />
            ) : event.status === 'not_started' ? (
              <StartTime startsAt={event.startsAt} />
            ) : (
              <StatusText status={event.status} />
            )}
            {live && event.clock && <MatchClock clock={event.clock} />}
          </span>
        </div>
        <div className="sp-board__team">
          <span className="sp-board__crest is-away" aria-hidden="true">
            {(away?.abbreviation ?? away?.name ?? '?').slice(0, 3)}
          </span>
          <span className="sp-board__name">{away?.name ?? ''}</span>
        </div>
      </div>
      <div className="sp-board__actions">
        <Button
          variant="secondary"
          size="sm"
          icon={<MonitorPlay size={15} />}
          onClick={() => openWidget({ id: event.id, sportKey: event.sport.key })}
          data-testid="open-widget"
        >
          {t('sportsUi.openWidget')}
        </Button>
      </div>
    </section>
  );
}

function MarketCard({ event, market }: { event: SportEvent; market: SportMarket }) {
  const { t } = useTranslation();
  const columns = market.outcomes.length === 2 ? 2 : market.outcomes.length === 3 ? 3 : 2;
  return (
    <section className="sp-market" data-testid={`market-${market.id}`}>
      <h3 className="sp-market__name">
        {market.name}
        {market.status === 'suspended' && <span className="sp-badge">{t('sportsUi.suspended')}</span>}
      </h3>
      <div
        className="sp-market__outcomes"
        data-cols={columns}
        style={{ '--cols': columns } as React.CSSProperties}
      >
        {market.outcomes.map((outcome) => (
          <OddsButton key={outcome.id} event={event} market={market} outcome={outcome} />
        ))}
      </div>
    </section>
  );
}

export function EventView({ id }: { id: string }) {
  const { t } = useTranslation();
  const { data, isPending, isError, error, refetch } = useEvent(id);
  useEffect(() => noteServerTime(data?.serverTime), [data?.serverTime]);
  if (isPending) {
    return (
      <div className="sp-card">
        <SkeletonText lines={8} />
      </div>
    );
  }
  if (isError) {
    const missing =
      (error as { status?: number }).status === 404 || (error as { status?: number }).status === 422;
    return (
      <EmptyState
        size="page"
        icon={<SearchX size={28} />}
        tone={missing ? 'neutral' : 'error'}
        title={missing ? t('sportsUi.eventNotFound') : t('sportsUi.loadFailed')}
        text={missing ? t('sportsUi.eventNotFoundHint') : undefined}
        action={
          missing ? (
            <Link to="/sport" className="ui-btn ui-btn--secondary ui-btn--sm">
              {t('sportsUi.backToSports')}
            </Link>
          ) : (
            <Button variant="secondary" size="sm" onClick={() => void refetch()}>
              {t('sportsUi.retry')}
            </Button>
          )
        }
      />
    );
  }
  const event = data.event;
  const markets = event.markets.filter(
    (market) => market.status === 'active' || market.status === 'suspended',
  );
  return (
    <div className="sp-eventpage">
      <title>{event.name}</title>
      <Scoreboard event={event} />
      {markets.length === 0 ? (
        <EmptyState title={t('sportsUi.noMarkets')} />
      ) : (
        <div className="sp-markets">
          {markets.map((market) => (
            <MarketCard key={market.id} event={event} market={market} />
          ))}
        </div>
      )}
    </div>
  );
}
