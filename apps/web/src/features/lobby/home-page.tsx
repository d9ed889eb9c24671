import { lazy, Suspense } from 'react';
import { NavLink } from 'react-router';
import { Link } from 'react-router';
import { Dice5, Factory, Home, Radio, Search, Spade, Star, Wand2 } from 'lucide-react';
import { hasPlugin, isSignedIn, useAppStore } from '../../lib/store';
import { openDemoPopup } from './demo-popup';
import { HeroSlider } from './hero-slider';
import { LatestWins } from './latest-wins';
import { LOBBY_CATEGORIES } from './lobby-categories';
import { CategoryRow, FavouritesRow, FuturesRow, ProvidersRow, RecentlyPlayedRow } from './lobby-rows';
import './lobby-texts';
import './lobby.css';

// The promotion banners (and the mutation code of their activation) are not part of the first visit's
// JavaScript: they load with the first idle moment of the page, below the hero (docs/BENCHMARKS.md).
const PromotionBanners = lazy(() =>
  import('./promotion-banners').then((m) => ({ default: m.PromotionBanners })),
);
import { useTranslation } from '../../lib/i18n';
import { useIdleAfterMount } from '../../lib/use-idle';

/** Opens the global search overlay (the shell listens for this DOM event). */
function openSearch() {
  window.dispatchEvent(new CustomEvent('nebula:open-search'));
}

/** Home, Originals, Slots, Live casino and Search: signed-in players only (spec 2 section 2). */
function GameNavBar() {
  const { t } = useTranslation();
  const items = [
    { to: '/', label: t('nav.home'), icon: Home, end: true },
    { to: '/casino/originals', label: t('nav.originals'), icon: Star },
    { to: '/casino/slots', label: t('nav.slots'), icon: Dice5 },
    { to: '/casino/live', label: t('nav.liveCasino'), icon: Radio },
  ];
  return (
    <nav className="game-nav" aria-label={t('app.home.gameNav')}>
      {items.map(({ to, label, icon: Icon, end }) => (
        <NavLink key={to} to={to} end={end} className="game-nav__item">
          <Icon size={16} aria-hidden="true" />
          {label}
        </NavLink>
      ))}
      <button type="button" className="game-nav__search" onClick={openSearch}>
        <Search size={16} aria-hidden="true" />
        <span>{t('header.searchPlaceholder')}</span>
      </button>
    </nav>
  );
}

/** The poker tile at the head of the Originals row (poker plugin only). */
function PokerTile() {
  const { t } = useTranslation();
  return (
    <Link key="poker" to="/poker" className="game-tile game-tile--poker" data-testid="poker-tile">
      <Spade size={36} aria-hidden="true" />
      <span className="game-tile__name">{t('nav.poker')}</span>
    </Link>
  );
}

/** Demo mode: the custom branded game development banner; it opens an info dialog (spec 2 section 2). */
function CustomDevBanner() {
  const { t } = useTranslation();
  const open = () =>
    openDemoPopup({
      title: t('lobbyUi.customTitle'),
      description: t('lobbyUi.customDialogText'),
      image: '',
    });
  return (
    <button type="button" className="custom-dev-banner" onClick={open} data-testid="custom-dev-banner">
      <span className="custom-dev-banner__icon" aria-hidden="true">
        <Wand2 size={22} />
      </span>
      <span className="custom-dev-banner__copy">
        <strong>{t('lobbyUi.customTitle')}</strong>
        <span>{t('lobbyUi.customText')}</span>
      </span>
      <span className="custom-dev-banner__cta">{t('lobbyUi.customCta')}</span>
    </button>
  );
}

/** The casino home lobby; also the page of /ref/{code}, /email/... and /password/reset/... */
export function HomePage() {
  const { t } = useTranslation();
  const idle = useIdleAfterMount();
  const signedIn = useAppStore((state) => isSignedIn(state.user));
  const demo = useAppStore((state) => state.demo);
  const poker = useAppStore((state) => hasPlugin(state.license, 'poker'));
  const siteName = useAppStore((state) => state.license?.siteName) ?? 'Nebula';
  const row = (slug: string, extra?: React.ReactNode) => {
    const category = LOBBY_CATEGORIES[slug]!;
    return (
      <CategoryRow
        key={slug}
        title={t(category.titleKey)}
        icon={category.icon}
        filter={category.filter ?? []}
        viewAllPath={category.viewAllPath}
        extra={extra}
      />
    );
  };

  return (
    <div className="lobby" data-testid="home-lobby">
      <title>{`${siteName} · ${t('app.home.documentTitle')}`}</title>
      <h1 className="sr-only">{t('app.home.heading', { siteName })}</h1>
      <HeroSlider />
      {idle && (
        <Suspense fallback={null}>
          <PromotionBanners />
        </Suspense>
      )}
      {signedIn && <GameNavBar />}
      <LatestWins />
      {demo && <CustomDevBanner />}
      <RecentlyPlayedRow />
      {signedIn && <FavouritesRow />}
      {row('originals', poker ? <PokerTile key="poker" /> : undefined)}
      {row('slots')}
      <FuturesRow />
      <ProvidersRow title={t(LOBBY_CATEGORIES.providers!.titleKey)} icon={Factory} />
      {row('live')}
      {!demo && row('game-shows')}
      {row('new-releases')}
    </div>
  );
}
