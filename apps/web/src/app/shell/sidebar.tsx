import { lazy, Suspense, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useMatches } from 'react-router';
import {
  BarChart3,
  ChevronsLeft,
  ChevronsRight,
  Clapperboard,
  Coins,
  Crown,
  Dice5,
  Factory,
  Gift,
  Handshake,
  Headphones,
  LayoutDashboard,
  LineChart,
  Radio,
  ShieldCheck,
  Spade,
  Sparkles,
  Star,
  Trophy,
  type LucideIcon,
} from 'lucide-react';
import { hasPermission, hasPlugin, useAppStore } from '../../lib/store';
import { LanguagePicker, ThemePicker } from './preferences';
import { TokenWidget, type TokenQuote } from './token-widget';
import { useTranslation, withSharedTexts } from '../../lib/i18n';

// The profile summary card (spec 2): a signed-in player's, loaded on its own (CSS shows it above 1200 px).
const VipSummaryCard = lazy(async () => ({
  default: (await withSharedTexts(import('../../features/vip/vip-card'))).VipSummaryCard,
}));

interface Item {
  to: string;
  labelKey: string;
  icon: LucideIcon;
  end?: boolean;
}

function SidebarLink({ item, collapsed }: { item: Item; collapsed: boolean }) {
  const { t } = useTranslation();
  const label = t(item.labelKey);
  const Icon = item.icon;
  return (
    <NavLink
      to={item.to}
      end={item.end}
      className="sidebar__link"
      title={collapsed ? label : undefined}
      aria-label={collapsed ? label : undefined}
    >
      <Icon size={18} aria-hidden="true" />
      {!collapsed && <span>{label}</span>}
    </NavLink>
  );
}

function Group({ title, collapsed, children }: { title?: string; collapsed: boolean; children: ReactNode }) {
  return (
    <div className="sidebar__group">
      {title && !collapsed && <p className="sidebar__group-title">{title}</p>}
      {children}
    </div>
  );
}

const SPORT_PATHS = /^\/(sport|sportsbook)(\/|$)/;

export interface SidebarProps {
  /** Icons only (desktop collapsed state); the mobile sheet is always expanded. */
  collapsed: boolean;
  onToggle?: () => void;
  onOpenChat?: () => void;
  tokenQuote?: TokenQuote;
  variant?: 'rail' | 'sheet';
}

export function Sidebar({ collapsed, onToggle, onOpenChat, tokenQuote, variant = 'rail' }: SidebarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const license = useAppStore((state) => state.license);
  const demo = useAppStore((state) => state.demo);
  const canDashboard = useAppStore((state) => hasPermission(state.user, 'dashboard', 'active', state.demo));
  const signedIn = useAppStore((state) => !!state.user);
  const matches = useMatches();
  // The sports pages, and an event page (`/{sportLink}/{id}`, the route `sport-game`).
  const isSports = SPORT_PATHS.test(pathname) || matches.some((match) => match.id === 'sport-game');

  const casino: Item[] = [
    { to: '/casino/originals', labelKey: 'nav.originals', icon: Star },
    { to: '/casino/slots', labelKey: 'nav.slots', icon: Dice5 },
    { to: '/casino/live', labelKey: 'nav.liveCasino', icon: Radio },
    ...(demo ? [] : [{ to: '/casino/game-shows', labelKey: 'nav.gameShows', icon: Clapperboard }]),
    { to: '/casino/new-releases', labelKey: 'nav.newReleases', icon: Sparkles },
    { to: '/provider/all', labelKey: 'nav.providers', icon: Factory },
    ...(hasPlugin(license, 'poker') ? [{ to: '/poker', labelKey: 'nav.poker', icon: Spade }] : []),
    ...(hasPlugin(license, 'trading')
      ? [{ to: '/trading/all', labelKey: 'nav.trading', icon: LineChart }]
      : []),
  ];
  const programmes: Item[] = [
    { to: '/promotions', labelKey: 'nav.promotions', icon: Gift },
    { to: '/vip', labelKey: 'nav.vipClub', icon: Crown },
    ...(hasPlugin(license, 'race') ? [{ to: '/leaderboard', labelKey: 'nav.race', icon: Trophy }] : []),
    { to: '/partner', labelKey: 'nav.affiliate', icon: Handshake },
  ];
  const token: Item[] = [
    { to: '/token', labelKey: 'nav.token', icon: Coins },
    { to: '/analytics', labelKey: 'nav.analytics', icon: BarChart3 },
    { to: '/rewards', labelKey: 'nav.rewards', icon: Gift },
  ];
  const supportLink = license?.pluginSettings.support_chat?.link;

  return (
    <nav
      className={`sidebar sidebar--${variant}${collapsed ? ' is-collapsed' : ''}`}
      aria-label={t('nav.mainNavigation')}
      data-testid={variant === 'rail' ? 'sidebar' : 'sidebar-sheet'}
    >
      <div className="sidebar__top">
        {onToggle && (
          <button
            type="button"
            className="sidebar__collapse"
            onClick={onToggle}
            aria-label={collapsed ? t('nav.expandSidebar') : t('nav.collapseSidebar')}
            title={collapsed ? t('nav.expandSidebar') : t('nav.collapseSidebar')}
          >
            {collapsed ? <ChevronsRight size={18} /> : <ChevronsLeft size={18} />}
          </button>
        )}
        {!collapsed && (
          <div
            className="sidebar__switch"
            role="group"
            aria-label={`${t('nav.casino')} / ${t('nav.sports')}`}
          >
            <Link
              to="/"
              className={`sidebar__switch-btn is-casino${isSports ? '' : ' is-active'}`}
              aria-current={!isSports || undefined}
            >
              {t('nav.casino')}
            </Link>
            <Link
              to="/sport"
              className={`sidebar__switch-btn is-sports${isSports ? ' is-active' : ''}`}
              aria-current={isSports || undefined}
            >
              {t('nav.sports')}
            </Link>
          </div>
        )}
      </div>

      <div className="sidebar__scroll">
        {signedIn && !collapsed && variant === 'rail' && (
          <Suspense fallback={null}>
            <VipSummaryCard />
          </Suspense>
        )}
        <Group title={t('nav.casino')} collapsed={collapsed}>
          {casino.map((item) => (
            <SidebarLink key={item.to} item={item} collapsed={collapsed} />
          ))}
        </Group>
        <div className="sidebar__divider" />
        <Group collapsed={collapsed}>
          {programmes.map((item) => (
            <SidebarLink key={item.to} item={item} collapsed={collapsed} />
          ))}
        </Group>
        <div className="sidebar__divider" />
        <Group collapsed={collapsed}>
          {token.map((item) => (
            <SidebarLink key={item.to} item={item} collapsed={collapsed} />
          ))}
          <SidebarLink
            item={{ to: '/fairness', labelKey: 'nav.fairness', icon: ShieldCheck }}
            collapsed={collapsed}
          />
          {typeof supportLink === 'string' ? (
            <a
              href={supportLink}
              target="_blank"
              rel="noopener noreferrer"
              className="sidebar__link"
              title={collapsed ? t('nav.liveSupport') : undefined}
            >
              <Headphones size={18} aria-hidden="true" />
              {!collapsed && <span>{t('nav.liveSupport')}</span>}
            </a>
          ) : (
            <button
              type="button"
              className="sidebar__link"
              onClick={onOpenChat}
              title={collapsed ? t('nav.liveSupport') : undefined}
              aria-label={collapsed ? t('nav.liveSupport') : undefined}
            >
              <Headphones size={18} aria-hidden="true" />
              {!collapsed && <span>{t('nav.liveSupport')}</span>}
            </button>
          )}
          {canDashboard && (
            // The back office opens in its own tab (spec 1 section 2.1).
            <a
              href="/admin"
              target="_blank"
              rel="noopener"
              className="sidebar__link"
              title={collapsed ? t('nav.dashboard') : undefined}
              aria-label={collapsed ? t('nav.dashboard') : undefined}
            >
              <LayoutDashboard size={18} aria-hidden="true" />
              {!collapsed && <span>{t('nav.dashboard')}</span>}
            </a>
          )}
        </Group>
      </div>

      <div className="sidebar__bottom">
        <TokenWidget quote={tokenQuote} collapsed={collapsed} />
        {!collapsed && (
          <div className="sidebar__prefs">
            <LanguagePicker />
            <ThemePicker />
          </div>
        )}
      </div>
    </nav>
  );
}
