import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Dice5, Factory, Home, Radio, Search, Star } from 'lucide-react';
import { isSignedIn, useAppStore } from '../../lib/store';
import { GameSlider } from './game-slider';
import { HeroSlider } from './hero-slider';
import { LOBBY_CATEGORIES } from './lobby-categories';
import './lobby.css';

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

/** The casino home lobby; also the page of /ref/{code}, /email/... and /password/reset/... */
export function HomePage() {
  const { t } = useTranslation();
  const signedIn = useAppStore((state) => isSignedIn(state.user));
  const demo = useAppStore((state) => state.demo);
  const siteName = useAppStore((state) => state.license?.siteName) ?? 'Nebula';

  const rows = ['originals', 'slots', 'live', 'game-shows', 'new-releases']
    .filter((slug) => !(demo && slug === 'game-shows'))
    .map((slug) => LOBBY_CATEGORIES[slug]!);
  const providers = LOBBY_CATEGORIES.providers!;

  return (
    <div className="lobby" data-testid="home-lobby">
      <title>{`${siteName} · ${t('app.home.documentTitle')}`}</title>
      <h1 className="sr-only">{t('app.home.heading', { siteName })}</h1>
      <HeroSlider />
      {signedIn && <GameNavBar />}
      {rows.slice(0, 2).map((category) => (
        <GameSlider
          key={category.slug}
          title={t(category.titleKey)}
          icon={<category.icon size={18} />}
          viewAllPath={category.viewAllPath}
        />
      ))}
      <GameSlider
        title={t(providers.titleKey)}
        icon={<Factory size={18} />}
        viewAllPath={providers.viewAllPath}
        variant="provider"
      />
      {rows.slice(2).map((category) => (
        <GameSlider
          key={category.slug}
          title={t(category.titleKey)}
          icon={<category.icon size={18} />}
          viewAllPath={category.viewAllPath}
        />
      ))}
    </div>
  );
}
