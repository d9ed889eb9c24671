/**
 * My sports bets (the sidebar's 'bets', signed-in players only): open and settled bets with their legs
 * and results; an open bet whose markets allow it shows its cash-out offer (from the current odds
 * minus the operator's margin, refreshed every few seconds) and cashes out at that amount, which the
 * server checks again on accept.
 */
import { useState } from 'react';
import clsx from 'clsx';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Ticket } from 'lucide-react';
import type { SportBet, SportCashOutOffer } from '@nebula/contracts';
import { Button, EmptyState, SkeletonText, Tabs, toast } from '../../ui';
import { api } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { formatMoneyText } from '../../lib/money-format';
import { useAppStore } from '../../lib/store';
import { SimulatedBadge } from './badges';
import { slipErrorText } from './slip-errors';
import { useOddsFormatter } from './odds';
import { sportCashOut, useCashOutOffers, useMyBets } from './sports-api';

function useDecimals(currency: string): number {
  return useAppStore((state) => state.currencies[currency]?.decimals ?? 8);
}

function CashOutButton({ bet, offer }: { bet: SportBet; offer: SportCashOutOffer }) {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const decimals = useDecimals(bet.currency);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (offer.amount === null) return null;
  const amount = formatMoneyText(offer.amount, decimals);
  async function cashOut(value: string) {
    setBusy(true);
    setError(null);
    try {
      await api(sportCashOut, { betId: bet.id, amount: value });
      toast.success(t('sportsUi.bets.cashOutDone', { amount, currency: bet.currency.toUpperCase() }));
    } catch (refusal) {
      setError(slipErrorText(t, refusal));
    } finally {
      setBusy(false);
      void queries.invalidateQueries({ queryKey: ['sports', 'bets'] });
      void queries.invalidateQueries({ queryKey: ['sports', 'cashout'] });
    }
  }
  return (
    <div className="mybet__cashout">
      <Button
        variant="secondary"
        size="sm"
        loading={busy}
        onClick={() => void cashOut(offer.amount ?? '0')}
        data-testid={`cashout-${bet.id}`}
      >
        {t('sportsUi.bets.cashOut', { amount: `${amount} ${bet.currency.toUpperCase()}` })}
      </Button>
      {error && (
        <p className="mybet__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function BetCard({ bet, offer }: { bet: SportBet; offer?: SportCashOutOffer }) {
  const { t } = useTranslation();
  const format = useOddsFormatter();
  const decimals = useDecimals(bet.currency);
  const statusKey = bet.cashedOut ? 'cashedOut' : `status.${bet.status}`;
  const unit = bet.currency.toUpperCase();
  return (
    <article className={clsx('mybet', `mybet--s${bet.status}`)} data-testid={`sport-bet-${bet.id}`}>
      <header className="mybet__head">
        <span className="mybet__type">
          {bet.type === 'multi'
            ? `${t('sportsUi.slip.multi')} (${bet.legs.length})`
            : t('sportsUi.slip.single')}
        </span>
        {bet.demo && <span className="sp-badge">{t('sportsUi.bets.demo')}</span>}
        <span className={clsx('mybet__status', `is-s${bet.status}`)} data-testid="sport-bet-status">
          {t(`sportsUi.bets.${statusKey}`)}
        </span>
      </header>
      <ul className="mybet__legs">
        {bet.legs.map((leg) => (
          <li key={`${leg.market.id}-${leg.outcome.id}`} className="mybet__leg">
            <div className="mybet__leg-main">
              <span className="mybet__pick">{leg.outcome.name}</span>
              <span className="mybet__odds tabular">{format(leg.odds)}</span>
            </div>
            <div className="mybet__leg-sub">
              <span>{leg.market.name}</span>
              <span className={clsx('mybet__result', `is-${leg.result}`)}>
                {t(`sportsUi.bets.legs.${leg.result}`)}
              </span>
            </div>
            <Link to={`/${leg.event.sport.key}/${leg.event.id}`} className="mybet__event">
              {leg.event.name}
              {leg.event.score && (
                <span className="tabular">
                  {' '}
                  {leg.event.score.home}:{leg.event.score.away}
                </span>
              )}
            </Link>
            {leg.event.simulated && <SimulatedBadge />}
          </li>
        ))}
      </ul>
      <dl className="mybet__nums">
        <div>
          <dt>{t('sportsUi.bets.stake')}</dt>
          <dd className="tabular">
            {formatMoneyText(bet.stake, decimals)} {unit}
          </dd>
        </div>
        <div>
          <dt>{t('sportsUi.bets.odds')}</dt>
          <dd className="tabular">{format(bet.totalOdds)}</dd>
        </div>
        <div>
          <dt>{bet.payout === null ? t('sportsUi.bets.potential') : t('sportsUi.bets.payout')}</dt>
          <dd className={clsx('tabular', bet.status === 2 && 'is-win')} data-testid="sport-bet-payout">
            {formatMoneyText(bet.payout ?? bet.potentialPayout, decimals)} {unit}
          </dd>
        </div>
      </dl>
      {bet.status === 0 && offer && <CashOutButton bet={bet} offer={offer} />}
    </article>
  );
}

export function MyBets() {
  const { t } = useTranslation();
  const [view, setView] = useState<'pending' | 'settled'>('pending');
  const { data, isPending, isError, refetch } = useMyBets(view);
  const bets = data?.bets ?? [];
  const { data: offers } = useCashOutOffers(view === 'pending' ? bets : []);
  const byBet = new Map(offers?.offers.map((offer) => [offer.betId, offer]) ?? []);
  return (
    <section className="mybets" data-testid="my-sport-bets">
      <div className="mybets__head">
        <h2 className="sp-section__title">{t('sportsUi.bets.title')}</h2>
        <Tabs
          size="sm"
          aria-label={t('sportsUi.bets.title')}
          value={view}
          onChange={setView}
          tabs={[
            { id: 'pending', label: t('sportsUi.bets.pending') },
            { id: 'settled', label: t('sportsUi.bets.settled') },
          ]}
        />
      </div>
      {isPending ? (
        <SkeletonText lines={6} />
      ) : isError ? (
        <EmptyState
          tone="error"
          title={t('sportsUi.loadFailed')}
          action={
            <Button variant="secondary" size="sm" onClick={() => void refetch()}>
              {t('sportsUi.retry')}
            </Button>
          }
        />
      ) : bets.length === 0 ? (
        <EmptyState
          icon={<Ticket size={24} />}
          title={t('sportsUi.bets.empty')}
          text={t('sportsUi.bets.emptyHint')}
        />
      ) : (
        <div className="mybets__list">
          {bets.map((bet) => (
            <BetCard key={bet.id} bet={bet} offer={byBet.get(bet.id)} />
          ))}
        </div>
      )}
    </section>
  );
}
