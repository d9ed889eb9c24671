import clsx from 'clsx';
import { Link } from 'react-router';
import { ChevronRight, Star } from 'lucide-react';
import type { SportEventSummary } from '@nebula/contracts';
import { useTranslation } from '../../lib/i18n';
import { LiveBadge, MatchClock, SimulatedBadge, StartTime, StatusText } from './badges';
import { OddsButton } from './odds-button';
import { eventPath } from './sports-api';
import { useSlip } from './slip-store';

/** Short labels of a main market's outcomes: 1 X 2 for a match result, the names otherwise. */
function outcomeLabel(template: string, index: number, count: number, name: string): string {
  if (template === '1x2' && count === 3) return ['1', 'X', '2'][index] ?? name;
  if ((template === 'winner' || template === 'map_winner' || template === 'moneyline') && count === 2)
    return ['1', '2'][index] ?? name;
  return name;
}

export function FavouriteStar({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const on = useSlip((state) => state.favourites.includes(eventId));
  const toggle = useSlip((state) => state.toggleFavourite);
  return (
    <button
      type="button"
      className={clsx('sp-star', on && 'is-on')}
      aria-pressed={on}
      aria-label={on ? t('sportsUi.unfavourite') : t('sportsUi.favourite')}
      title={on ? t('sportsUi.unfavourite') : t('sportsUi.favourite')}
      onClick={() => toggle(eventId)}
    >
      <Star size={15} aria-hidden="true" />
    </button>
  );
}

/** One event of a list: when, who and the score, its main market's prices, and the way to all markets. */
export function EventRow({ event }: { event: SportEventSummary }) {
  const { t } = useTranslation();
  const live = event.status === 'live';
  const market = event.mainMarket;
  const [home, away] = event.competitors;
  const more = Math.max(0, event.marketCount - (market ? 1 : 0));
  return (
    <article className={clsx('sp-event', live && 'is-live')} data-testid={`event-${event.id}`}>
      <div className="sp-event__meta">
        {live ? (
          <LiveBadge />
        ) : event.status === 'not_started' ? (
          <StartTime startsAt={event.startsAt} />
        ) : (
          <StatusText status={event.status} />
        )}
        {live && event.clock && <MatchClock clock={event.clock} />}
        {event.simulated && <SimulatedBadge />}
      </div>
      <Link to={eventPath(event)} className="sp-event__teams">
        {home && away ? (
          <>
            <span className="sp-event__team">
              <span className="sp-event__name">{home.name}</span>
              {event.score && <span className="sp-event__score tabular">{event.score.home}</span>}
            </span>
            <span className="sp-event__team">
              <span className="sp-event__name">{away.name}</span>
              {event.score && <span className="sp-event__score tabular">{event.score.away}</span>}
            </span>
          </>
        ) : (
          <span className="sp-event__name">{event.name}</span>
        )}
        <span className="sp-event__league">{event.tournament.name}</span>
      </Link>
      <div className="sp-event__odds" data-count={market?.outcomes.length ?? 0}>
        {market?.outcomes.map((outcome, index) => (
          <OddsButton
            key={outcome.id}
            event={event}
            market={market}
            outcome={outcome}
            label={outcomeLabel(market.template, index, market.outcomes.length, outcome.name)}
            compact
          />
        ))}
      </div>
      <div className="sp-event__side">
        <FavouriteStar eventId={event.id} />
        <Link to={eventPath(event)} className="sp-event__more" aria-label={t('sportsUi.allMarkets')}>
          {more > 0 ? t('sportsUi.markets', { count: more }) : null}
          <ChevronRight size={14} aria-hidden="true" />
        </Link>
      </div>
    </article>
  );
}
