/**
 * 'My bets' under the crash board: the player's finished bets of this visit (round, stake, cash-out,
 * profit); a row opens the round's proof.
 */
import { useStore } from 'zustand';
import clsx from 'clsx';
import { History } from 'lucide-react';
import type { Currency } from '@nebula/contracts';
import { CurrencyIcon, EmptyState } from '../../ui';
import { formatMultiplier } from '../frame/result-popup';
import { parseSignedDecimal } from '../frame/wager';
import type { CrashPlayer } from './crash-player';
import { formatMoney } from '../../lib/money-format';
import { useTranslation } from '../../lib/i18n';

export function CrashMyBets({
  player,
  signedIn,
  currencies,
  onOpenRound,
}: {
  player: CrashPlayer;
  signedIn: boolean;
  currencies: Record<string, Currency>;
  onOpenRound: (id: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const { visitBets } = useStore(player.store);
  return (
    <section className="gf-history" aria-labelledby="crash-history-title" data-testid="game-history">
      <header className="gf-history__head">
        <h2 id="crash-history-title">
          <History size={16} aria-hidden="true" />
          {t('gameCrash.history.title')}
        </h2>
      </header>
      {!signedIn ? (
        <EmptyState title={t('gameCrash.history.guest')} />
      ) : visitBets.length === 0 ? (
        <EmptyState title={t('gameCrash.history.empty')} text={t('gameCrash.history.emptyText')} />
      ) : (
        <div className="gf-history__wrap">
          <table className="gf-table">
            <thead>
              <tr>
                <th scope="col">{t('gameCrash.history.round')}</th>
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
              {visitBets.map((bet) => {
                const currency = currencies[bet.currency];
                const decimals = currency?.decimals ?? 8;
                const profit = parseSignedDecimal(bet.profit, decimals);
                const icon = currency ? <CurrencyIcon currency={currency} size={14} /> : null;
                const time = new Date(bet.endedAt).toLocaleTimeString(i18n.language, {
                  hour: '2-digit',
                  minute: '2-digit',
                  second: '2-digit',
                });
                return (
                  <tr
                    key={bet.round}
                    className="gf-table__row"
                    data-testid="history-row"
                    data-round={bet.round}
                    data-multiplier={bet.multiplier}
                    data-profit={bet.profit}
                    tabIndex={0}
                    onClick={() => onOpenRound(bet.round)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter' || event.key === ' ') {
                        event.preventDefault();
                        onOpenRound(bet.round);
                      }
                    }}
                  >
                    <td className="gf-table__time">
                      <span className="tabular">#{bet.round}</span> · {time}
                    </td>
                    <td className="is-num tabular">
                      <span className="gf-amount">
                        {formatMoney(parseSignedDecimal(bet.wager, decimals), decimals)}
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
