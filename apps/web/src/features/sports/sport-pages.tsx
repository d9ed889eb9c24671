import { useParams, useSearchParams } from 'react-router';
import { Info, Radio, Star, Ticket, Trophy } from 'lucide-react';
import { EmptyState, PageFrame } from '../../ui';
import { isSignedIn, useAppStore } from '../../lib/store';
import './sports.css';
import { useTranslation } from '../../lib/i18n';

/** The sportsbook sidebar items in order (spec 2 section 2); 'bets' is for signed-in users only. */
export const SPORT_ITEMS = [
  'bets',
  'live',
  'favorites',
  'soccer-1',
  'basketball-2',
  'tennis-5',
  'fifa-300',
  'ice-hockey-4',
  'counter-strike-109',
  'table-tennis-20',
  'volleyball-23',
  'baseball-3',
  'handball-6',
  'floorball',
  'golf-9',
  'boxing-10',
  'rugby-12',
  'aussie-rules-13',
  'bandy-15',
  'american-football-16',
  'cycling-17',
  'specials-18',
  'snooker-19',
  'cricket-21',
  'darts-22',
  'waterpolo-26',
  'futsal-29',
  'badminton-31',
  'bowls-32',
  'squash-37',
  'formula-1-40',
  'alpine-skiing-43',
  'blathon-44',
  'ski-jumping-48',
  'freestyle-65',
  'rally-101',
  'mma-117',
  'gaelic-football-135',
  'gaelic-hurling-136',
  'kabaddi-138',
  'stock-car-racing-191',
  'erocket-league-301',
  'ehorse-racing-315',
  'nba-2k19-302',
  'ao-tennis-2-303',
  'efighting-304',
  'ecricket-305',
  'ebaseball-306',
  'fifa18-penalty-307',
  'fifa22-volta-309',
] as const;

/** `soccer-1` -> `Soccer`, `formula-1-40` -> `Formula 1`. */
export function sportLabel(item: string): string {
  const words = item.replace(/-\d+$/, '').split('-');
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const ICONS: Record<string, React.ReactNode> = {
  bets: <Ticket size={16} />,
  live: <Radio size={16} />,
  favorites: <Star size={16} />,
};

function SportsSidebar({ active }: { active?: string }) {
  const { t } = useTranslation();
  const signedIn = useAppStore((state) => isSignedIn(state.user));
  const items = SPORT_ITEMS.filter((item) => item !== 'bets' || signedIn);
  return (
    <nav className="sports-nav" aria-label={t('app.sports.listLabel')}>
      {items.map((item) => (
        <button
          key={item}
          type="button"
          className={`sports-nav__item${item === active ? ' is-active' : ''}`}
          aria-current={item === active || undefined}
        >
          <span className="sports-nav__icon" aria-hidden="true">
            {ICONS[item] ?? <Trophy size={16} />}
          </span>
          {ICONS[item] ? t(`app.sports.items.${item}`) : sportLabel(item)}
        </button>
      ))}
    </nav>
  );
}

/**
 * The events list. No sportsbook feed is connected yet, so each group says so ('No data
 * available.', spec text) instead of showing placeholder rows that never fill.
 */
function EventsFrame() {
  const { t } = useTranslation();
  return (
    <div className="sports-events" data-testid="sports-events">
      {(['live', 'upcoming'] as const).map((group) => (
        <section key={group} className="pg-card">
          <h2 className="pg-card__title">{t(`app.sports.${group}`)}</h2>
          <EmptyState icon={<Trophy size={24} />} title={t('errors.noData')} />
        </section>
      ))}
      <p className="pg-note">
        <Info size={16} aria-hidden="true" />
        <span>{t('app.sports.note')}</span>
      </p>
    </div>
  );
}

export function SportPage() {
  const { t } = useTranslation();
  const title = t('nav.sports');
  return (
    <PageFrame title={title} breadcrumbs={[{ label: title }]} width="wide">
      <div className="sports-layout">
        <SportsSidebar active="live" />
        <EventsFrame />
      </div>
    </PageFrame>
  );
}

/** /sportsbook: the external sportsbook frame; `bt-path` carries an encoded path inside it. */
export function SportsbookPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const path = params.get('bt-path');
  const title = t('nav.sportsbook');
  return (
    <PageFrame
      title={title}
      subtitle={path ? t('app.sports.path', { path: decodeURIComponent(path) }) : undefined}
      breadcrumbs={[{ label: t('nav.sports'), to: '/sport' }, { label: title }]}
      width="wide"
    >
      <div className="sports-layout">
        <SportsSidebar />
        <EventsFrame />
      </div>
    </PageFrame>
  );
}

/** /{sportLink}/{id}: one match. */
export function SportGamePage() {
  const { t } = useTranslation();
  const { sportLink = '', id = '' } = useParams();
  const title = `${sportLabel(sportLink)} · #${id}`;
  return (
    <PageFrame
      title={title}
      breadcrumbs={[{ label: t('nav.sports'), to: '/sport' }, { label: title }]}
      width="wide"
    >
      <div className="pg-stack">
        <section className="pg-hero sports-match">
          <EmptyState icon={<Trophy size={28} />} title={t('errors.noData')} />
        </section>
        <EventsFrame />
      </div>
    </PageFrame>
  );
}
