/**
 * The header wallet (spec 2 "Header wallet"): the selected currency's real balance plus its usable
 * bonus (at the currency's precision, tabular figures, currency icon), a searchable currency picker
 * with every balance and, at its foot, the fiat view switch (spec 3 store `fiatView`, `fiatCurrency`:
 * every balance in USD or EUR, persisted with the settings), the Wallet button (opens the modal on
 * Deposit; disabled with a tooltip while the email is unverified), 'Fun Play' in demo mode, and a 1 s
 * green/red flash after a balance event. Eager (first visit): keep it small.
 */
import { ChevronDown, Gift, Wallet } from 'lucide-react';
import clsx from 'clsx';
import { Button, CurrencyIcon, Selector, toast } from '../../ui';
import { bindBonusEvents, useBonuses, usableBonus } from '../../lib/bonus';
import { events } from '../../lib/events';
import { realtime } from '../../lib/realtime';
import { useAppStore } from '../../lib/store';
import { FIAT_VIEW_CURRENCIES, formatFiatBalance } from '../../lib/money-format';
import { bindBalanceEvents, resetWalletLive, useWalletLive } from './balance-events';
import { loadWalletModal } from './open-wallet';
import { formatMoney } from '../../lib/money-format';
import { displayBalance, toAtomic } from './wallet-math';
import './header-wallet.css';
import { i18n, useTranslation } from '../../lib/i18n';

bindBalanceEvents(realtime);
events.on('logout', resetWalletLive);
bindBonusEvents(realtime, (data) => {
  toast.success(
    i18n.t('header.bonusTransferred', { amount: data.value, currency: data.currency.toUpperCase() }),
    { id: `bonus-${data._id}` },
  );
});

/**
 * The usable bonus of a currency (spec 2 "Header wallet": value minus frozenValue of its bonuses), as a
 * atomic units: the latest balance event's bonus account less what the bonus records hold frozen,
 * else the records alone.
 */
function useUsableBonus(currency: string | undefined, decimals: number): bigint {
  const live = useWalletLive((state) => (currency ? state.bonus[currency] : undefined));
  const records = useBonuses((state) => state.bonuses);
  if (!currency) return 0n;
  const usable = usableBonus(records, currency, decimals);
  let atomic = usable;
  if (live !== undefined) {
    let frozen = 0n;
    for (const b of Object.values(records))
      if (b.currency === currency) frozen += toAtomic(b.frozenValue, decimals);
    const fromLive = toAtomic(live, decimals) - frozen;
    atomic = fromLive > 0n ? fromLive : 0n;
  }
  return atomic;
}

/** The fiat view switch and its currency (USD or EUR), at the foot of the currency picker. */
function FiatViewSwitch() {
  const { t } = useTranslation();
  const fiatView = useAppStore((state) => state.fiatView);
  const fiatCurrency = useAppStore((state) => state.fiatCurrency);
  const setFiatView = useAppStore((state) => state.setFiatView);
  const setFiatCurrency = useAppStore((state) => state.setFiatCurrency);
  return (
    <div className="hw-fiat" data-testid="fiat-view">
      <label className="hw-fiat__toggle">
        <input
          type="checkbox"
          role="switch"
          checked={fiatView}
          onChange={(event) => setFiatView(event.target.checked)}
          data-testid="fiat-view-switch"
        />
        <span>{t('settings.fiatView')}</span>
      </label>
      <div className="hw-fiat__currencies" role="radiogroup" aria-label={t('settings.fiatCurrency')}>
        {FIAT_VIEW_CURRENCIES.map((id) => (
          <button
            key={id}
            type="button"
            role="radio"
            aria-checked={fiatCurrency === id}
            className={clsx('hw-fiat__currency', fiatCurrency === id && 'is-active')}
            onClick={() => setFiatCurrency(id)}
            data-testid={`fiat-currency-${id}`}
          >
            {id.toUpperCase()}
          </button>
        ))}
      </div>
    </div>
  );
}

export function HeaderWallet() {
  const { t } = useTranslation();
  const currencies = useAppStore((state) => state.currencies);
  const currency = useAppStore((state) => state.currency);
  const setCurrency = useAppStore((state) => state.setCurrency);
  const demo = useAppStore((state) => state.demo);
  const fiatView = useAppStore((state) => state.fiatView);
  const fiatCurrency = useAppStore((state) => state.fiatCurrency);
  const unverified = useAppStore((state) => !!state.user?.email && !state.user.email_verified);
  const list = Object.values(currencies);
  const current = currencies[currency] ?? list[0];
  const bonus = useUsableBonus(current?.id, current?.decimals ?? 8);
  const flash = useWalletLive((state) => (current ? state.flash[current.id] : undefined));
  const walletDisabled = unverified && !demo;

  const totalAtomic = current ? toAtomic(current.balance.real, current.decimals) + bonus : 0n;
  const total = current ? formatMoney(totalAtomic, current.decimals) : '0.00';
  const fiatTotal = current && fiatView ? formatFiatBalance(totalAtomic, current, fiatCurrency) : null;
  const shown = fiatTotal ?? total;

  return (
    <div className="header__wallet" data-testid="header-wallet">
      {demo ? (
        <span className="balance-pill balance-pill--fun" data-testid="balance">
          {t('header.funPlay')}
        </span>
      ) : (
        <Selector
          aria-label={t('header.selectCurrency')}
          value={current?.id}
          onChange={setCurrency}
          disabled={walletDisabled || list.length === 0}
          className="balance-pill__selector"
          align="end"
          footer={<FiatViewSwitch />}
          entries={list.map((entry) => ({
            id: entry.id,
            name: entry.name,
            icon: <CurrencyIcon currency={entry} />,
            meta: (
              <span className="hw-meta">
                <span className="tabular">{displayBalance(entry.balance.real, entry.decimals)}</span>
                {fiatView && (
                  <small className="tabular" data-testid={`fiat-balance-${entry.id}`}>
                    {formatFiatBalance(toAtomic(entry.balance.real, entry.decimals), entry, fiatCurrency) ??
                      '—'}
                  </small>
                )}
              </span>
            ),
          }))}
          renderTrigger={(_selected, open) => (
            <span
              className={clsx('balance-pill', flash && `is-flash-${flash.direction}`)}
              data-testid="balance"
              data-flash={flash?.direction}
              style={
                current?.style ? ({ '--currency-color': current.style } as React.CSSProperties) : undefined
              }
            >
              {current && <CurrencyIcon currency={current} />}
              {current && bonus > 0n && (
                <span
                  className="balance-pill__bonus"
                  title={t('header.includesBonus', {
                    amount: formatMoney(bonus, current.decimals),
                    currency: current.id.toUpperCase(),
                  })}
                  data-testid="balance-bonus"
                >
                  <Gift size={12} aria-hidden="true" />
                </span>
              )}
              <span
                className="balance-pill__amount"
                data-testid="balance-amount"
                key={flash?.at}
                title={shown}
              >
                {shown}
              </span>
              <ChevronDown size={14} aria-hidden="true" className={clsx('hw-chevron', open && 'is-open')} />
            </span>
          )}
        />
      )}
      <span
        className="hw-wallet-btn-wrap"
        title={walletDisabled ? t('header.walletDisabledUnverified') : undefined}
        data-testid="wallet-button-wrap"
      >
        <Button
          size="sm"
          icon={<Wallet size={16} />}
          disabled={walletDisabled}
          aria-label={t('header.wallet')}
          onClick={() => events.emit('open-wallet', { tab: 'deposit' })}
          onPointerEnter={() => void loadWalletModal()}
          onFocus={() => void loadWalletModal()}
          className="header__wallet-btn"
          data-testid="wallet-button"
        >
          <span className="header__wallet-label">{t('header.wallet')}</span>
        </Button>
      </span>
    </div>
  );
}
