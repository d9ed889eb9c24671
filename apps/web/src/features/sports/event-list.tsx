import { Fragment } from 'react';
import { CalendarClock, Radio, Star, Trophy } from 'lucide-react';
import type { SportEventSummary } from '@nebula/contracts';
import { Button, EmptyState, SkeletonText } from '../../ui';
import { useTranslation } from '../../lib/i18n';
import { EventRow } from './event-row';
import { useEvents, type EventsQuery } from './sports-api';
import { noteServerTime } from './sports-live';
import { useEffect } from 'react';

/** Events grouped by sport and tournament, in the order the server gives them. */
export function groupEvents(
  events: readonly SportEventSummary[],
): { key: string; title: string; events: SportEventSummary[] }[] {
  const groups = new Map<string, { key: string; title: string; events: SportEventSummary[] }>();
  for (const event of events) {
    const key = `${event.sport.key}/${event.tournament.id}`;
    let group = groups.get(key);
    if (!group) {
      group = { key, title: `${event.sport.name} · ${event.tournament.name}`, events: [] };
      groups.set(key, group);
    }
    group.events.push(event);
  }
  return [...groups.values()];
}

const ICONS = { live: <Radio size={24} />, upcoming: <CalendarClock size={24} />, all: <Trophy size={24} /> };

/** One titled list of events ('Live now', 'Upcoming', a sport, the favourites). */
export function EventSection({
  title,
  query,
  favourites = false,
  hideWhenEmpty = false,
  testId,
}: {
  title: string;
  query: EventsQuery;
  favourites?: boolean;
  hideWhenEmpty?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const enabled = !favourites || (query.ids?.length ?? 0) > 0;
  const { data, isPending, isError, refetch } = useEvents(query, enabled);
  useEffect(() => noteServerTime(data?.serverTime), [data?.serverTime]);
  const events = data?.events ?? [];
  if (hideWhenEmpty && !isPending && !isError && events.length === 0) return null;
  return (
    <section className="sp-section" data-testid={testId}>
      <h2 className="sp-section__title">
        {query.view === 'live' && <span className="sp-live-dot" aria-hidden="true" />}
        {title}
        {events.length > 0 && <span className="sp-section__count">{events.length}</span>}
      </h2>
      {!enabled ? (
        <EmptyState
          icon={<Star size={24} />}
          title={t('sportsUi.noFavourites')}
          text={t('sportsUi.noFavouritesHint')}
        />
      ) : isPending ? (
        <div className="sp-card">
          <SkeletonText lines={5} />
        </div>
      ) : isError ? (
        <EmptyState
          tone="error"
          title={t('sportsUi.loadFailed')}
          action={
            <Button variant="secondary" size="sm" onClick={() => void refetch()}>
              {t('sportsUi.retry')}
            </Button>
          }
        />
      ) : events.length === 0 ? (
        <EmptyState
          icon={favourites ? <Star size={24} /> : ICONS[query.view]}
          title={favourites ? t('sportsUi.noFavourites') : t('sportsUi.noEvents')}
          text={favourites ? t('sportsUi.noFavouritesHint') : t('sportsUi.noEventsHint')}
        />
      ) : (
        <div className="sp-card sp-card--list">
          {groupEvents(events).map((group) => (
            <Fragment key={group.key}>
              <h3 className="sp-group">{group.title}</h3>
              {group.events.map((event) => (
                <EventRow key={event.id} event={event} />
              ))}
            </Fragment>
          ))}
        </div>
      )}
    </section>
  );
}
