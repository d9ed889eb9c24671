/**
 * The sportsbook's pages (spec 1 routes `/sport`, `/sportsbook`, `/{sportLink}/{id}`; issue G9 item 5):
 * the sports sidebar, the page's events (live now and upcoming, one sport, the favourites, or My sports
 * bets), and the bet slip: a panel beside the page on wide screens, a sheet from a floating button on
 * narrow ones. Every sports page listens to the `Sportsbook` channel while it is mounted.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import clsx from 'clsx';
import { Link, useParams, useSearchParams } from 'react-router';
import { Ticket } from 'lucide-react';
import { SPORT_SIDEBAR_VIEWS, sportByKey, type SportType } from '@nebula/contracts/constants';
import { EmptyState, PageFrame } from '../../ui';
import { useTranslation } from '../../lib/i18n';
import { requestLogin } from '../../lib/request-login';
import { isSignedIn, useAppStore } from '../../lib/store';
import { BetSlip } from './bet-slip';
import { EventView } from './event-page';
import { EventSection } from './event-list';
import { MyBets } from './my-bets';
import { useEvent } from './sports-api';
import { useSlip, useSlipSheet } from './slip-store';
import { SportsNav, sportsHref } from './sports-nav';
import { useSportsbookLive } from './sports-live';
import './sports-texts';
import './sports.css';

/**
 * At and above this width of the sports area (the page less the shell's sidebar and chat) the slip is
 * a panel beside the events; below, a sheet from a floating button.
 */
export const SLIP_PANEL_WIDTH = 1000;
/** Below these widths of the sports area the sidebar is a bar (without, and with the slip panel). */
const BAR_BELOW = 760;
const BAR_BELOW_WITH_PANEL = 1240;

/**
 * The width of an element and the room right of it in the window (the chat panel), followed as they
 * change.
 */
function useArea(ref: React.RefObject<HTMLElement | null>): { width: number; right: number } {
  const [area, setArea] = useState({ width: 0, right: 0 });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const rect = element.getBoundingClientRect();
      const right = Math.max(0, document.documentElement.clientWidth - rect.right);
      setArea((current) =>
        current.width === rect.width && current.right === right ? current : { width: rect.width, right },
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref]);
  return area;
}

function SlipDock({ right }: { right: number }) {
  const { t } = useTranslation();
  const count = useSlip((state) => state.selections.length);
  const open = useSlipSheet((state) => state.open);
  const setOpen = useSlipSheet((state) => state.setOpen);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, setOpen]);
  return (
    <>
      <button
        type="button"
        className={clsx('slip-fab', count > 0 && 'has-items')}
        // Beside the chat panel when it is open, not over it.
        style={{ right: right + 16 }}
        onClick={() => setOpen(true)}
        aria-label={t('sportsUi.slip.open')}
        data-testid="slip-open"
      >
        <Ticket size={18} aria-hidden="true" />
        <span>{t('sportsUi.slip.title')}</span>
        {count > 0 && <span className="slip-fab__count">{count}</span>}
      </button>
      {open && (
        <div className="slip-sheet" role="dialog" aria-modal="true" aria-label={t('sportsUi.slip.title')}>
          <button
            type="button"
            className="slip-sheet__scrim"
            tabIndex={-1}
            aria-label={t('sportsUi.slip.close')}
            onClick={() => setOpen(false)}
          />
          <div className="slip-sheet__panel">
            <span className="slip-sheet__handle" aria-hidden="true" />
            <BetSlip onClose={() => setOpen(false)} />
          </div>
        </div>
      )}
    </>
  );
}

/** Nav, page and slip. */
function SportsLayout({ base, active, children }: { base: string; active?: string; children: ReactNode }) {
  useSportsbookLive();
  const wrap = useRef<HTMLDivElement>(null);
  const { width, right } = useArea(wrap);
  const panel = width >= SLIP_PANEL_WIDTH;
  // The sidebar becomes a bar above the page where a column would squeeze the events.
  const bar = width < BAR_BELOW || (panel && width < BAR_BELOW_WITH_PANEL);
  return (
    <div className="sp-wrap" ref={wrap}>
      <div className={clsx('sp-layout', panel && 'has-slip', bar && 'is-bar')}>
        <SportsNav base={base} active={active} />
        <div className="sp-main">{children}</div>
        {panel ? (
          <aside className="sp-slip-col">
            <BetSlip />
          </aside>
        ) : (
          width > 0 && <SlipDock right={right} />
        )}
      </div>
    </div>
  );
}

function TypeTabs({ base, type }: { base: string; type: SportType | undefined }) {
  const { t } = useTranslation();
  const items: { id: SportType | undefined; label: string; href: string }[] = [
    { id: undefined, label: t('sportsUi.all'), href: base },
    { id: 'SPORTS', label: t('sportsUi.sports'), href: `${base}?sportType=sport` },
    { id: 'ESPORTS', label: t('sportsUi.esports'), href: `${base}?sportType=esport` },
  ];
  return (
    <div className="sp-types" role="navigation" aria-label={t('sportsUi.title')}>
      {items.map((item) => (
        <Link
          key={item.label}
          to={item.href}
          className={clsx('sp-types__item', item.id === type && 'is-active')}
          aria-current={item.id === type ? 'page' : undefined}
        >
          {item.label}
        </Link>
      ))}
    </div>
  );
}

/** What the sidebar's item in the query asks for. */
function useSportsQuery(): { view?: string; sport?: string; type?: SportType } {
  const [params] = useSearchParams();
  const view = params.get('view') ?? undefined;
  const sport = params.get('sport') ?? undefined;
  const sportType = params.get('sportType');
  // Spec 1 section 2.1: a sportType of `sport` means SPORTS, anything else ESPORTS.
  const type: SportType | undefined =
    sportType === null ? undefined : sportType === 'sport' ? 'SPORTS' : 'ESPORTS';
  return {
    view: view && (SPORT_SIDEBAR_VIEWS as readonly string[]).includes(view) ? view : undefined,
    sport: sport && sportByKey(sport) ? sport : undefined,
    type,
  };
}

/** `banners`: the operator's sport promotion banners (composed by the route table), shown on the home view. */
function SportsHome({ base, title, banners }: { base: string; title: string; banners?: ReactNode }) {
  const { t } = useTranslation();
  const { view, sport, type } = useSportsQuery();
  const signedIn = useAppStore((state) => isSignedIn(state.user));
  const favourites = useSlip((state) => state.favourites);
  const definition = sport ? sportByKey(sport) : undefined;
  const active = view ?? sport;
  const heading = definition?.name ?? (view ? t(`sportsUi.views.${view}`) : title);
  let body: ReactNode;
  if (view === 'bets') {
    body = signedIn ? (
      <MyBets />
    ) : (
      <EmptyState
        icon={<Ticket size={24} />}
        title={t('errors.pleaseLogin')}
        action={
          <button
            type="button"
            className="ui-btn ui-btn--primary ui-btn--sm"
            onClick={() => requestLogin('auth')}
          >
            {t('sportsUi.slip.signIn')}
          </button>
        }
      />
    );
  } else if (view === 'favorites') {
    body = (
      <EventSection
        title={t('sportsUi.views.favorites')}
        query={{ view: 'all', ids: favourites }}
        favourites
        testId="events-favorites"
      />
    );
  } else if (view === 'live') {
    body = <EventSection title={t('sportsUi.liveNow')} query={{ view: 'live', type }} testId="events-live" />;
  } else {
    body = (
      <>
        {!sport && banners}
        {!sport && <TypeTabs base={base} type={type} />}
        <EventSection
          title={t('sportsUi.liveNow')}
          query={{ view: 'live', sport, type }}
          hideWhenEmpty
          testId="events-live"
        />
        <EventSection
          title={t('sportsUi.upcoming')}
          query={{ view: 'upcoming', sport, type }}
          testId="events-upcoming"
        />
      </>
    );
  }
  return (
    <PageFrame
      title={heading}
      breadcrumbs={active ? [{ label: title, to: base }, { label: heading }] : [{ label: title }]}
      width="wide"
      className="sp-page"
    >
      <SportsLayout base={base} active={active}>
        {body}
      </SportsLayout>
    </PageFrame>
  );
}

export function SportPage({ banners }: { banners?: ReactNode }) {
  const { t } = useTranslation();
  return <SportsHome base="/sport" title={t('nav.sports')} banners={banners} />;
}

/**
 * /sportsbook: our own sportsbook (the external one in an iframe comes with the third-party providers).
 * A `bt-path` naming a sidebar item (`/soccer-1`, `live`) opens that item.
 */
export function SportsbookPage({ banners }: { banners?: ReactNode }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const path = params.get('bt-path');
  useEffect(() => {
    if (!path) return;
    let item = path;
    try {
      item = decodeURIComponent(path);
    } catch {
      // keep it as it is
    }
    item = item.replace(/^\/+|\/+$/g, '');
    const next = new URLSearchParams();
    if ((SPORT_SIDEBAR_VIEWS as readonly string[]).includes(item)) next.set('view', item);
    else if (sportByKey(item)) next.set('sport', item);
    setParams(next, { replace: true });
  }, [path, setParams]);
  return <SportsHome base="/sportsbook" title={t('nav.sportsbook')} banners={banners} />;
}

/** /{sportLink}/{id}: one event. */
export function SportGamePage() {
  const { t } = useTranslation();
  const { sportLink = '', id = '' } = useParams();
  const sport = sportByKey(sportLink);
  const title = t('nav.sports');
  // The event's name once it is loaded (the same query as the page's: one request).
  const name = useEvent(id).data?.event.name;
  return (
    <PageFrame
      breadcrumbs={[
        { label: title, to: '/sport' },
        ...(sport ? [{ label: sport.name, to: sportsHref('/sport', sport.key) }] : []),
        { label: name ?? `#${id}` },
      ]}
      width="wide"
      className="sp-page"
    >
      <SportsLayout base="/sport" active={sport?.key}>
        <EventView id={id} />
      </SportsLayout>
    </PageFrame>
  );
}
