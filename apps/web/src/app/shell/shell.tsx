import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Currency } from '@nebula/contracts';
import { apiFetch } from '../../lib/api';
import { events } from '../../lib/events';
import { useWindowWidth } from '../../lib/breakpoints';
import { useIdleAfterMount } from '../../lib/use-idle';
import { CHAT_AUTO_OPEN_WIDTH, isSignedIn, useAppStore } from '../../lib/store';
import { loadPageTexts } from '../i18n-app';
import { readHandle } from '../route-handle';
import { useSportWidget } from '../../features/sports/widget-state';
import { ChatPanel } from './chat-panel';
import { FloatingButtons } from './floating-buttons';
import { Header } from './header';
import { MobileNav } from './mobile-nav';
import { Sidebar } from './sidebar';
import './shell.css';
import { useTranslation, withSharedTexts } from '../../lib/i18n';

const SearchOverlay = lazy(async () => {
  const [module] = await Promise.all([import('../../features/search/search-overlay'), loadPageTexts()]);
  return { default: module.SearchOverlay };
});

// Below the fold on every page: they load once the first page is on screen and the browser is idle,
// outside the first visit's critical JavaScript.
const LiveFeed = lazy(async () => ({ default: (await withSharedTexts(import('./live-feed'))).LiveFeed }));
const Footer = lazy(async () => ({ default: (await withSharedTexts(import('./footer'))).Footer }));
// The connection banner shows nothing in the page's first seconds: it loads at the same idle moment.
const ConnectionWindow = lazy(async () => ({
  default: (await withSharedTexts(import('./connection-window'))).ConnectionWindow,
}));
// The strip shows only for an unverified email or a server notification.
const NotificationStrip = lazy(async () => ({
  default: (await withSharedTexts(import('./notification-strip'))).NotificationStrip,
}));

// The reality check and the session limit notice (issue G5): a signed-in player's, loaded when idle.
const RealityCheckHost = lazy(async () => ({
  default: (await withSharedTexts(import('../../features/protection/reality-check-host'))).RealityCheckHost,
}));
/** Log out from the reality check: the server call, then the local sign-out (the auth feature's). */
const logoutFromCheck = () => void import('../../features/auth/session').then(({ logout }) => logout());
// The movable sport live widget (spec 3 section 2): its chunk loads only while one is open.
const SportWidget = lazy(async () => ({
  default: (await import('../../features/sports/sport-widget')).SportWidget,
}));

/** Below this width the bottom navigation replaces the sidebar (spec: md breakpoint). */
export const MOBILE_NAV_WIDTH = 900;
/** Event the lobby dispatches to open the search overlay. */
export const OPEN_SEARCH_EVENT = 'nebula:open-search';

function useCurrencies() {
  const setCurrencies = useAppStore((state) => state.setCurrencies);
  const token = useAppStore((state) => state.user?.token);
  const { data } = useQuery({
    queryKey: ['currencies', token ?? null],
    // Typed by the contract; not zod-validated so zod stays out of the first-visit bundle.
    queryFn: () => apiFetch<Record<string, Currency>>('POST', '/api/data/currencies', {}),
    staleTime: 60_000,
  });
  useEffect(() => {
    if (!data || typeof data !== 'object') return;
    // Unvalidated answer: keep only well-formed entries so one bad row cannot break the shell.
    const clean = Object.fromEntries(
      Object.entries(data).filter(
        ([, currency]) => typeof currency?.id === 'string' && typeof currency.balance?.real === 'string',
      ),
    );
    setCurrencies(clean);
  }, [data, setCurrencies]);
}

/** The player shell: sidebar, header, notifications, page, live feed, footer and the overlays. */
export function Shell() {
  const { t } = useTranslation();
  const width = useWindowWidth();
  const { pathname } = useLocation();
  const matches = useMatches();
  const expanded = useAppStore((state) => state.sidebar);
  const toggleSidebar = useAppStore((state) => state.toggleSidebar);
  const chatOpen = useAppStore((state) => state.chat);
  const setChat = useAppStore((state) => state.setChat);
  // The sheet and the search remember the path they were opened on: any route change closes them.
  const [menuPath, setMenuPath] = useState<string | null>(null);
  const [searchPath, setSearchPath] = useState<string | null>(null);
  const menuOpen = menuPath === pathname;
  const searchOpen = searchPath === pathname;
  const setMenuOpen = useCallback((open: boolean) => setMenuPath(open ? pathname : null), [pathname]);
  const setSearchOpen = useCallback((open: boolean) => setSearchPath(open ? pathname : null), [pathname]);
  useCurrencies();
  const idle = useIdleAfterMount();
  const signedIn = useAppStore((state) => isSignedIn(state.user));
  const sportWidget = useSportWidget((state) => state.event !== null);
  const showStrip = useAppStore(
    (state) => (!!state.user?.email && !state.user.email_verified) || state.notifications.length > 0,
  );

  const isPhoneLayout = width < MOBILE_NAV_WIDTH;
  const chatOverlays = width <= CHAT_AUTO_OPEN_WIDTH;
  const isCasino = matches.some((match) => readHandle(match.handle).casino);

  useEffect(() => {
    const open = () => setSearchOpen(true);
    window.addEventListener(OPEN_SEARCH_EVENT, open);
    return () => window.removeEventListener(OPEN_SEARCH_EVENT, open);
  }, [setSearchOpen]);

  useEffect(() => {
    if (!menuOpen) return;
    const handleKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [menuOpen, setMenuOpen]);

  // The server's notifications (the strip's list) and the banner modal, loaded after the first page.
  useEffect(() => {
    if (!idle) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import('./server-notifications').then(({ startServerNotifications }) => {
      if (!cancelled) stop = startServerNotifications();
    });
    // The operator's banner modal, once per version of it.
    void withSharedTexts(import('./banner-modal')).then(({ showBannerModal }) => {
      if (!cancelled) void showBannerModal();
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [idle]);

  // The contact-info modal (VIP banner) for a signed-in player, when the server says it is due.
  useEffect(() => {
    if (!idle || !signedIn) return;
    let cancelled = false;
    void withSharedTexts(import('./contact-info-modal')).then(({ showContactInfoModal }) => {
      if (!cancelled) void showContactInfoModal();
    });
    return () => {
      cancelled = true;
    };
  }, [idle, signedIn]);

  const openChat = useCallback(() => setChat(true), [setChat]);
  useEffect(() => events.on('open-chat', openChat), [openChat]);
  // The bonus (wheel) modal, toggled by its event (spec 1 section 2.2); its code loads on first use.
  useEffect(
    () =>
      events.on('toggle-bonus', () => {
        void withSharedTexts(import('../../features/wheel-faucet/bonus-modal')).then((m) =>
          m.toggleBonusModal(),
        );
      }),
    [],
  );
  const closeSearch = useCallback(() => setSearchOpen(false), [setSearchOpen]);

  const classes = [
    'shell',
    isPhoneLayout ? 'shell--phone' : expanded ? 'shell--sidebar' : 'shell--rail',
    chatOpen && !chatOverlays ? 'shell--chat' : '',
  ].join(' ');

  return (
    <div className={classes}>
      <a href="#main" className="skip-link">
        {t('common.skipToContent')}
      </a>
      {!isPhoneLayout && <Sidebar collapsed={!expanded} onToggle={toggleSidebar} onOpenChat={openChat} />}
      <div className="shell__main">
        <Header
          onToggleSidebar={toggleSidebar}
          onOpenSearch={() => setSearchOpen(true)}
          isPhoneLayout={isPhoneLayout}
        />
        {showStrip && (
          <Suspense fallback={null}>
            <NotificationStrip />
          </Suspense>
        )}
        <main id="main" className="shell__content" tabIndex={-1}>
          <Outlet />
          {isCasino && idle && (
            <Suspense fallback={null}>
              <LiveFeed />
            </Suspense>
          )}
        </main>
        {idle && (
          <Suspense fallback={null}>
            <Footer onOpenChat={openChat} />
          </Suspense>
        )}
      </div>
      {chatOpen && (
        <>
          {chatOverlays && (
            <button
              type="button"
              className="shell__scrim shell__scrim--chat"
              aria-label={t('header.closeChat')}
              tabIndex={-1}
              onClick={() => setChat(false)}
            />
          )}
          <ChatPanel overlay={chatOverlays} />
        </>
      )}
      {isPhoneLayout && menuOpen && (
        <div className="sheet" role="dialog" aria-modal="true" aria-label={t('nav.menu')}>
          <button
            type="button"
            className="shell__scrim"
            aria-label={t('header.closeMenu')}
            tabIndex={-1}
            onClick={() => setMenuOpen(false)}
          />
          <div className="sheet__panel">
            <span className="sheet__handle" aria-hidden="true" />
            <Sidebar collapsed={false} variant="sheet" onOpenChat={openChat} />
          </div>
        </div>
      )}
      {isPhoneLayout && <MobileNav menuOpen={menuOpen} onToggleMenu={() => setMenuOpen(!menuOpen)} />}
      {!isPhoneLayout && <FloatingButtons />}
      {idle && (
        <Suspense fallback={null}>
          <ConnectionWindow />
        </Suspense>
      )}
      {idle && signedIn && (
        <Suspense fallback={null}>
          <RealityCheckHost onLogout={logoutFromCheck} />
        </Suspense>
      )}
      {searchOpen && (
        <Suspense fallback={null}>
          <SearchOverlay onClose={closeSearch} />
        </Suspense>
      )}
      {sportWidget && (
        <Suspense fallback={null}>
          <SportWidget />
        </Suspense>
      )}
    </div>
  );
}
