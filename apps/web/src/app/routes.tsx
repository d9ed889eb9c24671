/**
 * The complete route table (spec 1 section 2.1, spec 2 section 2, spec 3 section 2).
 * Pages load lazily; the guards of each route run in its loader (see guards.tsx).
 * Specific routes outrank `/{sportLink}/{id}` and `/casino/{tag}` by react-router's ranking
 * (static segments beat dynamic ones), and the sport-link loader refuses reserved segments.
 */
import type { ComponentType } from 'react';
import { matchRoutes, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { guardedLoader, homeLoader, referralLoader, sportGameLoader } from './guards';
import { NotFoundPage } from './pages/not-found-page';
import { RouteError } from './pages/route-error';
import { AppSplash } from './pages/app-splash';
import { RootLayout } from './root-layout';
import type { RouteHandle } from './route-handle';
import type { AdminPageId } from '../features/admin/admin-loaders';
import { Shell } from './shell/shell';
import { whenI18nReady } from '../lib/i18n';
import { hasPlugin } from '../lib/store';
import { ensureLicense } from './boot';
import { loadPageTexts } from './i18n-app';
// Tiny and eager: the `open-profile` window event opens the profile popup from any page.
import '../features/profile/open-profile';
// Tiny and eager: chat commands and the profile popup open the tip and rain modals.
import '../features/tips/open-tips';
// Tiny and eager: links to /terms and /privacyPolicy, and registration, open the Terms dialog.
import '../features/legal/open-legal';

type Loader = (args: LoaderFunctionArgs) => Response | null | Promise<Response | null>;

interface PageSpec {
  path: string;
  page: string;
  load: () => Promise<ComponentType>;
  handle?: Omit<RouteHandle, 'page'>;
  loader?: Loader;
  /** The page's texts are bundled with the shell (the home page): it waits only for the language. */
  bundledTexts?: boolean;
}

function route({ path, page, load, handle = {}, loader, bundledTexts }: PageSpec): RouteObject {
  const fullHandle: RouteHandle = { ...handle, page };
  return {
    id: page,
    path,
    handle: fullHandle,
    loader: guardedLoader(fullHandle, loader),
    // The page's texts load in parallel with its module.
    lazy: async () => {
      const [Component] = await Promise.all([load(), bundledTexts ? whenI18nReady() : loadPageTexts()]);
      return { Component };
    },
  };
}

// ---- lazy page modules (one chunk per area) ------------------------------------------------------

const lobby = () => import('../features/lobby/home-page');
const categories = () => import('../features/lobby/category-pages');
const game = () => import('../games/game-page');
const promotions = () => import('../features/promotions/promotion-pages');
const token = () => import('../features/token/token-pages');
const sports = () => import('../features/sports/sport-pages');
const externalSports = () => import('../features/external-sports/external-sportsbook-page');
const promotionBanners = () => import('../features/lobby/promotion-banners');

/** A sports page with the operator's sport promotion banners (`POST /api/promotionBanners` {sport: true}). */
async function withSportBanners(
  page: Promise<ComponentType<{ banners?: React.ReactNode }>>,
): Promise<ComponentType> {
  const [Page, { PromotionBanners }] = await Promise.all([page, promotionBanners()]);
  return function SportPageWithBanners() {
    return <Page banners={<PromotionBanners sport />} />;
  };
}
const trading = () => import('../features/trading/trading-pages');
const poker = () => import('../features/poker/poker-pages');
const wallet = () => import('../features/wallet/wallet-pages');
const fairness = () => import('../features/fairness/fairness-page');
const legalRoute = () => import('../features/legal/legal-route');
const profile = () => import('../features/profile/profile-pages');
const protection = () => import('../features/protection/responsible-gambling');
const oauth = () => import('../features/auth/oauth-authorize-page');
const authLinks = () => import('../features/auth/link-routes');
/** A back-office page, through the admin pages' own lazily loaded table (features/admin/admin-loaders). */
const adminPage = (id: AdminPageId) => async () =>
  (await import('../features/admin/admin-loaders')).loadAdminPage(id);
const debug = () => import('../features/debug/emulator-page');
const errors = () => import('./pages/error-pages');

const home = async () => (await lobby()).HomePage;
/** The home page with an emailed link's handler over it (email confirmation, password reset). */
const homeWith = (handler: 'EmailConfirm' | 'PasswordReset') => async () => {
  const [{ HomePage }, links] = await Promise.all([lobby(), authLinks()]);
  const Handler = links[handler];
  return function HomeWithLink() {
    return (
      <>
        <HomePage />
        <Handler />
      </>
    );
  };
};
/** `/terms` and `/privacyPolicy`: the Terms dialog on its document over the home page. */
const homeWithLegal = (doc: 'terms' | 'privacy') => async () => {
  const [{ HomePage }, { LegalRoute }] = await Promise.all([lobby(), legalRoute()]);
  return function HomeWithLegal() {
    return (
      <>
        <HomePage />
        <LegalRoute doc={doc} />
      </>
    );
  };
};
const casino = { casino: true } as const;
/** The server's logout, then the local one (the auth feature's session module). */
const logoutHere = () => void import('../features/auth/session').then(({ logout }) => logout());

function category(path: string, page: string, slug: string): PageSpec {
  return {
    path,
    page,
    handle: casino,
    load: async () => {
      const { CategoryPage } = await categories();
      return function CategoryRoute() {
        return <CategoryPage category={slug} />;
      };
    },
  };
}

/** Pages inside the shell. */
export const shellPages: PageSpec[] = [
  { path: '/', page: 'home', load: home, handle: casino, loader: homeLoader, bundledTexts: true },
  {
    path: '/ref/:code',
    page: 'home-referral',
    load: home,
    handle: casino,
    loader: referralLoader,
    bundledTexts: true,
  },
  {
    path: '/email/:user/:token',
    page: 'home-email-confirm',
    load: homeWith('EmailConfirm'),
    handle: casino,
  },
  {
    path: '/password/reset/:user/:token',
    page: 'home-password-reset',
    load: homeWith('PasswordReset'),
    handle: casino,
  },
  { path: '/token', page: 'token', load: async () => (await token()).TokenPage },
  { path: '/analytics', page: 'analytics', load: async () => (await token()).AnalyticsPage },
  { path: '/rewards', page: 'rewards', load: async () => (await promotions()).RewardsPage },
  { path: '/revShare', page: 'rev-share', load: async () => (await token()).RevSharePage },

  {
    path: '/casino/game/:id',
    page: 'casino-game',
    load: async () => (await game()).GamePage,
    handle: casino,
  },
  {
    path: '/casino/game/provider/:provider',
    page: 'casino-provider',
    load: async () => (await categories()).ProviderGamesPage,
    handle: casino,
  },
  category('/casino/originals', 'casino-originals', 'originals'),
  category('/casino/slots', 'casino-slots', 'slots'),
  category('/casino/live', 'casino-live', 'live'),
  category('/casino/game-shows', 'casino-game-shows', 'game-shows'),
  category('/casino/new-releases', 'casino-new-releases', 'new-releases'),
  category('/casino/latest-releases', 'casino-latest-releases', 'latest-releases'),
  {
    path: '/casino/providers',
    page: 'casino-providers',
    load: async () => (await categories()).ProvidersPage,
    handle: casino,
  },
  {
    path: '/casino/:tag',
    page: 'casino-tag',
    load: async () => (await categories()).TagPage,
    handle: casino,
  },
  {
    path: '/provider/all',
    page: 'provider-all',
    load: async () => (await categories()).ProvidersPage,
    handle: casino,
  },

  { path: '/poker', page: 'poker', load: async () => (await poker()).PokerPage, handle: { plugin: 'poker' } },
  { path: '/pvp', page: 'pvp', load: async () => (await poker()).PvpPage, handle: { plugin: 'poker' } },
  {
    path: '/pvp/pool/:poolId',
    page: 'pvp-pool',
    load: async () => (await poker()).PvpPoolPage,
    handle: { plugin: 'poker' },
  },

  { path: '/promotions', page: 'promotions', load: async () => (await promotions()).PromotionsPage },
  { path: '/vip', page: 'vip', load: async () => (await import('../features/vip/vip-page')).VipPage },
  {
    path: '/leaderboard',
    page: 'leaderboard',
    load: async () => (await import('../features/race/leaderboard-page')).LeaderboardPage,
    handle: { plugin: 'race' },
  },
  { path: '/partner', page: 'partner', load: async () => (await promotions()).PartnerPage },
  {
    path: '/bonus',
    page: 'bonus',
    load: async () => (await import('../features/wheel-faucet/faucet-page')).FaucetPage,
    handle: { auth: true },
  },

  {
    path: '/trading',
    page: 'trading',
    load: async () => (await trading()).TradingPage,
    handle: { plugin: 'trading' },
  },
  {
    path: '/trading/all',
    page: 'trading-all',
    load: async () => (await trading()).TradingPage,
    handle: { plugin: 'trading' },
  },
  {
    path: '/trading/:ticker',
    page: 'trading-ticker',
    load: async () => (await trading()).TradingTickerPage,
    handle: { plugin: 'trading' },
  },

  { path: '/crypto', page: 'crypto', load: async () => (await wallet()).CryptoPage },
  {
    path: '/sport',
    page: 'sport',
    load: () => withSportBanners(sports().then((m) => m.SportPage)),
    handle: { sportType: 'sport' },
  },
  {
    path: '/sportsbook',
    page: 'sportsbook',
    // The licence's `sportsbook_external` plugin puts the external provider's renderer here (decision 0034).
    load: async () =>
      hasPlugin(await ensureLicense(), 'sportsbook_external')
        ? (await externalSports()).ExternalSportsbookPage
        : withSportBanners(sports().then((m) => m.SportsbookPage)),
    handle: { sportType: 'sport' },
  },
  {
    path: '/:sportLink/:id',
    page: 'sport-game',
    load: async () => (await sports()).SportGamePage,
    loader: sportGameLoader,
  },

  {
    path: '/privacyPolicy',
    page: 'privacy-policy',
    load: homeWithLegal('privacy'),
    handle: casino,
    bundledTexts: true,
  },
  { path: '/terms', page: 'terms', load: homeWithLegal('terms'), handle: casino, bundledTexts: true },
  { path: '/fairness', page: 'fairness', load: async () => (await fairness()).FairnessPage },

  {
    path: '/profile/settings/connections',
    page: 'profile-connections',
    load: async () => (await profile()).ConnectionsPage,
    handle: { auth: true },
  },
  {
    // The protection feature's section inside the profile's settings frame (features never import each other).
    path: '/profile/settings/responsible',
    page: 'profile-responsible',
    load: async () => {
      const [{ SettingsLayout }, { ResponsibleGambling }] = await Promise.all([profile(), protection()]);
      return function ResponsibleGamblingPage() {
        return <SettingsLayout tab="responsible">{() => <ResponsibleGambling />}</SettingsLayout>;
      };
    },
    handle: { auth: true },
  },
  {
    path: '/profile/settings/:tab?',
    page: 'profile-settings',
    load: async () => (await profile()).SettingsPage,
    handle: { auth: true },
  },
  { path: '/profile/:id', page: 'profile', load: async () => (await profile()).ProfilePage },
  { path: '/error/1', page: 'error-license', load: async () => (await errors()).LicenseErrorPage },
  {
    // The time-out / self-exclusion notice; its Withdraw button opens the wallet (listener loaded with it).
    path: '/error/se',
    page: 'error-self-exclusion',
    load: async () => {
      const [{ BlockPage }] = await Promise.all([
        import('../features/protection/block-page'),
        import('../features/wallet/open-wallet'),
      ]);
      return function SelfExclusionPage() {
        return <BlockPage onLogout={logoutHere} />;
      };
    },
  },
];

/** Pages rendered alone, without the shell (`hideLayout`). */
export const layoutFreePages: PageSpec[] = [
  {
    path: '/error/noLayout/1',
    page: 'error-license-no-layout',
    load: async () => (await errors()).LicenseErrorNoLayoutPage,
  },
  {
    path: '/error/slotUnavailable',
    page: 'error-slot-unavailable',
    load: async () => (await errors()).SlotUnavailablePage,
  },
  { path: '/walletconnect', page: 'walletconnect', load: async () => (await wallet()).WalletConnectPage },
  {
    path: '/oauth/authorize/:requestId',
    page: 'oauth-authorize',
    load: async () => (await oauth()).OAuthAuthorizePage,
  },
  {
    path: '/debugger/emulator/slotegrator',
    page: 'debug-slotegrator',
    load: async () => (await debug()).SlotegratorEmulatorPage,
    handle: { permission: 'dashboard' },
  },
  {
    path: '/debugger/emulator/sportsbook',
    page: 'debug-sportsbook',
    load: async () => (await debug()).SportsbookEmulatorPage,
    handle: { permission: 'dashboard' },
  },
  // The back office opens in its own tab with its own layout.
  {
    path: '/admin',
    page: 'admin',
    load: adminPage('dashboard'),
    handle: { permission: 'dashboard' },
  },
  {
    path: '/admin/user/:userId',
    page: 'admin-user',
    load: adminPage('player'),
    handle: { permission: 'users' },
  },
  {
    path: '/admin/users',
    page: 'admin-users',
    load: adminPage('users'),
    handle: { permission: 'users' },
  },
  {
    path: '/admin/withdrawals',
    page: 'admin-withdrawals',
    load: adminPage('withdrawals'),
    handle: { permission: 'withdraws' },
  },
  {
    path: '/admin/wallet',
    page: 'admin-wallet',
    load: adminPage('payments'),
    handle: { permission: 'wallet' },
  },
  {
    path: '/admin/outbox',
    page: 'admin-outbox',
    load: adminPage('outbox'),
    handle: { permission: 'dashboard' },
  },
  {
    path: '/admin/promocodes',
    page: 'admin-promocodes',
    load: adminPage('promocodes'),
    handle: { permission: 'promocodes' },
  },
  {
    path: '/admin/promotions',
    page: 'admin-promotions',
    load: adminPage('promotions'),
    handle: { permission: ['promocodes', 'banner', 'vip'] },
  },
  {
    path: '/admin/games',
    page: 'admin-games',
    load: adminPage('games'),
    handle: { permission: 'game_stats' },
  },
  {
    path: '/admin/settings',
    page: 'admin-settings',
    load: adminPage('settings'),
    handle: { permission: 'settings' },
  },
  {
    path: '/admin/audit',
    page: 'admin-audit',
    load: adminPage('audit'),
    handle: { permission: '*' },
  },
  {
    path: '/admin/chat',
    page: 'admin-chat',
    load: adminPage('chat'),
    handle: { permission: 'moderateChat' },
  },
  {
    path: '/admin/fairness',
    page: 'admin-fairness',
    load: adminPage('fairness'),
    handle: { permission: 'game_stats' },
  },
  {
    path: '/admin/notifications',
    page: 'admin-notifications',
    load: adminPage('notifications'),
    handle: { permission: 'notifications' },
  },
].map((spec) => ({ ...spec, handle: { ...spec.handle, hideLayout: true } }));

let preloadTable: Array<{ path: string; handle: PageSpec }> | null = null;

/**
 * Loads the page module (and texts) of the route a link points to when the player shows the intent
 * to follow it (pointer over it, focus, touch): the module is there by the click. Nothing is fetched
 * before that, so the first visit loads only what its own page needs.
 */
export function preloadRouteOf(pathname: string): void {
  preloadTable ??= [...shellPages, ...layoutFreePages].map((spec) => ({ path: spec.path, handle: spec }));
  const spec = matchRoutes(preloadTable, pathname)?.at(-1)?.route.handle;
  if (spec) void Promise.all([spec.load(), spec.bundledTexts || loadPageTexts()]).catch(() => undefined);
}

export function createRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootLayout />,
      HydrateFallback: AppSplash,
      errorElement: <RouteError />,
      children: [
        {
          id: 'shell',
          element: <Shell />,
          children: [
            {
              id: 'shell-pages',
              errorElement: <RouteError />,
              children: [
                ...shellPages.map(route),
                { id: 'not-found', path: '*', handle: { page: 'not-found' }, element: <NotFoundPage /> },
              ],
            },
          ],
        },
        ...layoutFreePages.map(route),
      ],
    },
  ];
}
