import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { createRoutes, layoutFreePages } from './routes';
import { readHandle } from './route-handle';

function pageOf(path: string): string | undefined {
  const matches = matchRoutes(createRoutes(), path);
  return readHandle(matches?.at(-1)?.route.handle).page;
}

// Every route of spec 1 section 2.1 and spec 3 section 2, with the page it must resolve to.
const TABLE: [string, string][] = [
  ['/', 'home'],
  ['/token', 'token'],
  ['/ref/FRIEND42', 'home-referral'],
  ['/casino/game/dice', 'casino-game'],
  ['/casino/game/provider/pragmatic', 'casino-provider'],
  ['/casino/buy-bonuses', 'casino-tag'],
  ['/casino/originals', 'casino-originals'],
  ['/casino/Originals', 'casino-originals'],
  ['/casino/slots', 'casino-slots'],
  ['/casino/live', 'casino-live'],
  ['/casino/game-shows', 'casino-game-shows'],
  ['/casino/new-releases', 'casino-new-releases'],
  ['/casino/latest-releases', 'casino-latest-releases'],
  ['/casino/providers', 'casino-providers'],
  ['/poker', 'poker'],
  ['/pvp', 'pvp'],
  ['/pvp/pool/7', 'pvp-pool'],
  ['/provider/all', 'provider-all'],
  ['/analytics', 'analytics'],
  ['/rewards', 'rewards'],
  ['/revShare', 'rev-share'],
  ['/promotions', 'promotions'],
  ['/trading', 'trading'],
  ['/trading/all', 'trading-all'],
  ['/trading/BTCUSDT', 'trading-ticker'],
  ['/crypto', 'crypto'],
  ['/sport', 'sport'],
  ['/sportsbook', 'sportsbook'],
  ['/soccer/12345', 'sport-game'],
  ['/leaderboard', 'leaderboard'],
  ['/vip', 'vip'],
  ['/partner', 'partner'],
  ['/bonus', 'bonus'],
  ['/privacyPolicy', 'privacy-policy'],
  ['/terms', 'terms'],
  ['/fairness', 'fairness'],
  ['/email/u1/tok', 'home-email-confirm'],
  ['/password/reset/u1/tok', 'home-password-reset'],
  ['/profile/abc123', 'profile'],
  ['/profile/settings/connections', 'profile-connections'],
  ['/profile/settings/responsible', 'profile-responsible'],
  ['/oauth/authorize/req-1', 'oauth-authorize'],
  ['/admin', 'admin'],
  ['/admin/user/u1', 'admin-user'],
  ['/admin/users', 'admin-users'],
  ['/admin/promocodes', 'admin-promocodes'],
  ['/admin/promotions', 'admin-promotions'],
  ['/admin/notifications', 'admin-notifications'],
  ['/admin/chat', 'admin-chat'],
  ['/admin/fairness', 'admin-fairness'],
  ['/walletconnect', 'walletconnect'],
  ['/error/noLayout/1', 'error-license-no-layout'],
  ['/error/slotUnavailable', 'error-slot-unavailable'],
  ['/error/1', 'error-license'],
  ['/error/se', 'error-self-exclusion'],
  ['/debugger/emulator/slotegrator', 'debug-slotegrator'],
  ['/debugger/emulator/sportsbook', 'debug-sportsbook'],
  ['/this/does/not/exist', 'not-found'],
  ['/nope', 'not-found'],
];

describe('route table', () => {
  it.each(TABLE)('%s -> %s', (path, page) => {
    expect(pageOf(path)).toBe(page);
  });

  it('renders the hideLayout routes outside the shell', () => {
    const routes = createRoutes();
    const shellChildren = routes[0]!.children!.find((route) => route.id === 'shell')!;
    for (const spec of layoutFreePages) {
      const matches = matchRoutes(routes, spec.path.replace(/:(\w+)/g, 'x'))!;
      expect(matches.some((match) => match.route === shellChildren)).toBe(false);
      expect(readHandle(matches.at(-1)!.route.handle).hideLayout).toBe(true);
    }
  });

  it('marks only the login routes as login-required', () => {
    const routes = createRoutes();
    const auth = TABLE.filter(([path]) =>
      matchRoutes(routes, path)?.some((match) => readHandle(match.route.handle).auth),
    ).map(([path]) => path);
    expect(auth).toEqual(['/bonus', '/profile/settings/connections', '/profile/settings/responsible']);
  });
});
