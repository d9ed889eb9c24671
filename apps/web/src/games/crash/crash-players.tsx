/**
 * The live players list of the round: each bet with its player, stake, cash-out multiplier and
 * profit; cashed-out rows light up green, losses turn red at the bust, the player's own row is marked.
 */
import { useMemo } from 'react';
import { useStore } from 'zustand';
import clsx from 'clsx';
import type { CrashBet, Currency } from '@nebula/contracts';
import { formatMultiplier } from '../frame/result-popup';
import { parseSignedDecimal } from '../frame/wager';
import { sortPlayers } from './crash-format';
import type { CrashRoom } from './crash-room';
import { formatMoney } from '../../lib/money-format';
import { CurrencyIcon } from '../../ui';
import { useTranslation } from '../../lib/i18n';

/** Rows rendered at most (a busy round lists its biggest bets). */
export const PLAYER_ROWS = 60;

function Amount({ value, currency, signed }: { value: string; currency?: Currency; signed?: boolean }) {
  const decimals = currency?.decimals ?? 8;
  const atomic = parseSignedDecimal(value, decimals);
  const abs = atomic < 0n ? -atomic : atomic;
  return (
    <span className="crash-amount">
      {signed && atomic > 0n ? '+' : signed && atomic < 0n ? '-' : ''}
      {formatMoney(abs, decimals)}
      {currency && <CurrencyIcon currency={currency} size={13} />}
    </span>
  );
}

/** The index of the player's own row: by id, or for a private player the first hidden bet like theirs. */
export function ownRowIndex(rows: CrashBet[], me: string | null, mine: CrashBet | null): number {
  if (me) {
    const byId = rows.findIndex((b) => b.user._id === me);
    if (byId >= 0) return byId;
  }
  if (!mine) return -1;
  return rows.findIndex((b) => b.user._id === '' && b.currency === mine.currency && b.wager === mine.wager);
}

export function CrashPlayers({
  room,
  me,
  currencies,
}: {
  room: CrashRoom;
  me: string | null;
  currencies: Record<string, Currency>;
}) {
  const { t } = useTranslation();
  const { bets, mine, round } = useStore(room.store);
  const rows = useMemo(
    () => sortPlayers(bets, (id) => currencies[id]?.price ?? 0).slice(0, PLAYER_ROWS),
    [bets, currencies],
  );
  const ownBet = mine && round && mine.id === round.id ? mine.game.bet : null;
  const own = ownRowIndex(rows, me, ownBet);
  const count = bets.filter((b) => b.status !== 'cancelled').length;

  return (
    <section className="crash-players" aria-labelledby="crash-players-title" data-testid="crash-players">
      <header className="crash-players__head">
        <h3 id="crash-players-title">{t('gameCrash.players.title')}</h3>
        <span className="crash-players__count tabular" data-testid="crash-player-count">
          {t('gameCrash.players.count', { count })}
        </span>
      </header>
      {rows.length === 0 ? (
        <p className="crash-players__empty">{t('gameCrash.players.empty')}</p>
      ) : (
        <ul className="crash-players__list" aria-label={t('gameCrash.players.title')}>
          {rows.map((bet, index) => {
            const currency = currencies[bet.currency];
            const isOwn = index === own;
            return (
              <li
                key={bet.user._id ? bet.user._id : `hidden-${index}`}
                className={clsx(
                  'crash-player',
                  bet.status === 'cashed_out' && 'is-cashed',
                  bet.status === 'lost' && 'is-lost',
                  isOwn && 'is-own',
                )}
                data-testid="crash-player-row"
                data-name={bet.user.name}
                data-status={bet.status}
                data-multiplier={bet.multiplier}
                data-own={isOwn ? 'true' : undefined}
              >
                <span className="crash-player__avatar" aria-hidden="true">
                  {bet.user.name.charAt(0).toUpperCase()}
                </span>
                <span className="crash-player__who">
                  <span className="crash-player__name">
                    <span className="crash-player__label" title={bet.user.name}>
                      {bet.user.name}
                    </span>
                    {isOwn && <span className="crash-player__you">{t('gameCrash.players.you')}</span>}
                  </span>
                  <span className="crash-player__state tabular">
                    {bet.status === 'cashed_out'
                      ? formatMultiplier(bet.multiplier)
                      : bet.status === 'lost'
                        ? t('gameCrash.players.lost')
                        : t('gameCrash.inPlay')}
                  </span>
                </span>
                <span className="crash-player__money tabular">
                  <span className="crash-player__bet">
                    <Amount value={bet.wager} currency={currency} />
                  </span>
                  {bet.status !== 'active' && (
                    <span className="crash-player__profit">
                      <Amount value={bet.profit} currency={currency} signed />
                    </span>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
