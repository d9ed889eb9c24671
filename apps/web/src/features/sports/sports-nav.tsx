/**
 * The sportsbook sidebar (spec 2 "Sportsbook sidebar"): bets, live, favourites, then the sports in the
 * spec's order with their slugs. Each item switches the sports screen to its view or sport
 * (`/sport?view=live`, `/sport?sport=soccer-1`); 'bets' is for signed-in players only. With the local
 * setting `sportHideInactive` (default on) sports without events stay out of the list.
 */
import { useEffect, useRef } from 'react';
import clsx from 'clsx';
import { Link } from 'react-router';
import { Gamepad2, Radio, Star, Ticket, Trophy } from 'lucide-react';
import { SPORTS, SPORT_SIDEBAR_VIEWS, type SportSidebarView } from '@nebula/contracts/constants';
import { useTranslation } from '../../lib/i18n';
import { isSignedIn, useAppStore } from '../../lib/store';
import { useSports } from './sports-api';
import { useSlip } from './slip-store';

const VIEW_ICONS: Record<SportSidebarView, React.ReactNode> = {
  bets: <Ticket size={16} />,
  live: <Radio size={16} />,
  favorites: <Star size={16} />,
};

export interface SportsNavProps {
  /** The page the items link to: `/sport` or `/sportsbook`. */
  base: string;
  /** The active view or sport key. */
  active?: string;
}

export function sportsHref(base: string, item: string): string {
  const isView = (SPORT_SIDEBAR_VIEWS as readonly string[]).includes(item);
  return `${base}?${isView ? 'view' : 'sport'}=${encodeURIComponent(item)}`;
}

export function SportsNav({ base, active }: SportsNavProps) {
  const { t } = useTranslation();
  const signedIn = useAppStore((state) => isSignedIn(state.user));
  const hideInactive = useAppStore((state) => state.sportHideInactive);
  const setSetting = useAppStore((state) => state.setSetting);
  const favourites = useSlip((state) => state.favourites.length);
  const { data } = useSports();
  const list = useRef<HTMLDivElement>(null);
  // As a bar (narrow screens) the active item is scrolled into sight.
  useEffect(() => {
    const box = list.current;
    const item = box?.querySelector<HTMLElement>('.is-active');
    if (!box || !item || box.scrollWidth <= box.clientWidth) return;
    const offset = item.getBoundingClientRect().left - box.getBoundingClientRect().left;
    box.scrollLeft += offset - (box.clientWidth - item.offsetWidth) / 2;
  }, [active, data]);
  const counts = new Map(data?.sports.map((sport) => [sport.key, sport]) ?? []);
  const liveTotal = data?.sports.reduce((sum, sport) => sum + sport.live, 0) ?? 0;
  const views = SPORT_SIDEBAR_VIEWS.filter((view) => view !== 'bets' || signedIn);
  const sports = SPORTS.filter((sport) => {
    if (!hideInactive || !data || sport.key === active) return true;
    const count = counts.get(sport.key);
    return !!count && count.live + count.upcoming > 0;
  });
  return (
    <nav className="sp-nav" aria-label={t('sportsUi.listLabel')} data-testid="sports-nav">
      <div className="sp-nav__list" ref={list}>
        {views.map((view) => (
          <Link
            key={view}
            to={sportsHref(base, view)}
            className={clsx('sp-nav__item', active === view && 'is-active')}
            aria-current={active === view ? 'page' : undefined}
            data-item={view}
          >
            <span className="sp-nav__icon" aria-hidden="true">
              {VIEW_ICONS[view]}
            </span>
            <span className="sp-nav__label">{t(`sportsUi.views.${view}`)}</span>
            {view === 'live' && liveTotal > 0 && <span className="sp-nav__count is-live">{liveTotal}</span>}
            {view === 'favorites' && favourites > 0 && <span className="sp-nav__count">{favourites}</span>}
          </Link>
        ))}
        <span className="sp-nav__rule" role="separator" />
        {sports.map((sport) => {
          const count = counts.get(sport.key);
          return (
            <Link
              key={sport.key}
              to={sportsHref(base, sport.key)}
              className={clsx('sp-nav__item', active === sport.key && 'is-active')}
              aria-current={active === sport.key ? 'page' : undefined}
              data-item={sport.key}
            >
              <span className="sp-nav__icon" aria-hidden="true">
                {sport.type === 'ESPORTS' ? <Gamepad2 size={16} /> : <Trophy size={16} />}
              </span>
              <span className="sp-nav__label">{sport.name}</span>
              {count && count.live > 0 && <span className="sp-nav__count is-live">{count.live}</span>}
              {count && count.live === 0 && count.upcoming > 0 && (
                <span className="sp-nav__count">{count.upcoming}</span>
              )}
            </Link>
          );
        })}
      </div>
      <label className="sp-nav__toggle">
        <input
          type="checkbox"
          checked={hideInactive}
          onChange={(event) => setSetting('sportHideInactive', event.target.checked)}
        />
        <span>{t('sportsUi.hideInactive')}</span>
      </label>
    </nav>
  );
}
