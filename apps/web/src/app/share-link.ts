/**
 * Share links (spec 2): the site origin with `?game={game}-{betId}` opens the bet overview on any
 * page. The query stays while the popup is open and is removed when it closes, so a reload of the
 * share link opens it again but closing it does not leave a stale URL behind.
 */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { openBetOverview } from '../features/bets';

/** The query key of a share link. */
export const SHARE_QUERY_KEY = 'game';

/** `dice-123` -> `{game: 'dice', betId: '123'}`; the bet id is the digits after the last dash. */
export function parseShareLink(value: string | null): { game: string; betId: string } | null {
  if (!value) return null;
  const match = /^([a-z0-9_-]{1,64})-(\d{1,19})$/i.exec(value.trim());
  return match ? { game: match[1]!, betId: match[2]! } : null;
}

/** The search string without the share query (`''` or `?a=b`). */
export function withoutShareQuery(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(SHARE_QUERY_KEY);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** Opens the bet overview when the URL carries a share link. Call once, in the root layout. */
export function useShareLink(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const value = new URLSearchParams(location.search).get(SHARE_QUERY_KEY);
  useEffect(() => {
    const link = parseShareLink(value);
    if (!link) return;
    openBetOverview(link.betId, {
      onClose: ({ navigated }) => {
        // Not when the popup's verify link is taking the player elsewhere, nor when the share link is
        // no longer in the address bar.
        const current = new URLSearchParams(window.location.search).get(SHARE_QUERY_KEY);
        if (navigated || current !== value) return;
        void navigate(
          {
            pathname: window.location.pathname,
            search: withoutShareQuery(window.location.search),
            hash: window.location.hash,
          },
          { replace: true },
        );
      },
    });
  }, [value, navigate]);
}
