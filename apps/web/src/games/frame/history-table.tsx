/**
 * 'My bets' under the game: the player's bets of this game from `POST /api/games/history` merged
 * with this visit's rounds. A row opens the bet overview.
 */
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { History } from 'lucide-react';
import { openBetOverview } from '../../features/bets';
import { api } from '../../lib/api';
import { isSignedIn, useAppStore } from '../../lib/store';
import { CurrencyIcon, EmptyState, SkeletonText } from '../../ui';
import type { HistoryBet } from './game-session';
import { HISTORY_ROWS, mergeHistory } from './merge-history';
import { frameApi, frameKeys } from './play-api';
import { formatMultiplier } from './result-popup';
import { parseSignedDecimal } from './wager';
import { formatMoney } from '../../lib/money-format';
import { useTranslation } from '../../lib/i18n';

function timeOf(iso: string, locale: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

export function HistoryTable({ gameId, visitBets }: { gameId: string; visitBets: HistoryBet[] }) {
  const { t, i18n } = useTranslation();
  const user = useAppStore((state) => state.user);
  const signedIn = isSignedIn(user);
  const demo = useAppStore((state) => state.demo) || !signedIn;
  const currencies = useAppStore((state) => state.currencies);
  const open = (betId: string) => openBetOverview(betId);
  const query = useQuery({
    queryKey: frameKeys.history(gameId, demo, user?._id ?? null),
    queryFn: ({ signal }) => api(frameApi.history, { game: gameId, demo, limit: HISTORY_ROWS }, { signal }),
    enabled: signedIn,
    staleTime: 0,
    retry: false,
  });
  const rows = mergeHistory(
    visitBets.filter((bet) => bet.demo === demo),
    query.data?.bets ?? [],
  );

  return (
    <section className="gf-history" aria-labelledby={`gf-history-${gameId}`} data-testid="game-history">
      <header className="gf-history__head">
        <h2 id={`gf-history-${gameId}`}>
          <History size={16} aria-hidden="true" />
          {t('gameFrame.history.title')}
        </h2>
      </header>
      {!signedIn ? (
        <EmptyState title={t('gameFrame.history.guest')} />
      ) : query.isPending && rows.length === 0 ? (
        <div className="gf-history__loading">
          <SkeletonText lines={4} />
        </div>
      ) : rows.length === 0 ? (
        <EmptyState title={t('gameFrame.history.empty')} text={t('gameFrame.history.emptyText')} />
      ) : (
        <div className="gf-history__wrap">
          <table className="gf-table">
            <thead>
              <tr>
                <th scope="col">{t('gameFrame.history.time')}</th>
                <th scope="col" className="is-num">
                  {t('gameFrame.history.bet')}
                </th>
                <th scope="col" className="is-num">
                  {t('gameFrame.history.multiplier')}
                </th>
                <th scope="col" className="is-num">
                  {t('gameFrame.history.profit')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((bet) => {
                const currency = currencies[bet.currency];
                const decimals = currency?.decimals ?? 8;
                const profit = parseSignedDecimal(bet.profit, decimals);
                const wager = parseSignedDecimal(bet.wager, decimals);
                const icon = currency ? <CurrencyIcon currency={currency} size={14} /> : null;
                return (
                  <tr
                    key={bet.id}
                    className="gf-table__row"
                    data-testid="history-row"
                    data-bet-id={bet.id}
                    data-multiplier={bet.multiplier}
                    data-profit={bet.profit}
                    tabIndex={0}
                    aria-label={t('gameFrame.history.open', { id: bet.id })}
                    onClick={() => open(bet.id)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter' || event.key === ' ') {
                        event.preventDefault();
                        open(bet.id);
                      }
                    }}
                  >
                    <td className="gf-table__time">{timeOf(bet.created_at, i18n.language)}</td>
                    <td className="is-num tabular">
                      <span className="gf-amount">
                        {formatMoney(wager, decimals)}
                        {icon}
                      </span>
                    </td>
                    <td className="is-num tabular">{formatMultiplier(bet.multiplier)}</td>
                    <td className={clsx('is-num tabular', profit > 0n ? 'is-win' : profit < 0n && 'is-loss')}>
                      <span className="gf-amount">
                        {profit > 0n ? '+' : profit < 0n ? '-' : ''}
                        {formatMoney(profit < 0n ? -profit : profit, decimals)}
                        {icon}
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
