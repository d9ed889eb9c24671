/**
 * The header wallet (spec 2 "Header wallet"): the selected currency's real balance plus its usable
 * bonus (2 decimals, tabular figures, currency icon), a searchable currency picker with every
 * balance (and its fiat value in fiat view), the Wallet button (opens the modal on Deposit; disabled
 * with a tooltip while the email is unverified), 'Fun Play' in demo mode, and a 1 s green/red flash
 * after a balance event. Eager (first visit): keep it small.
 */
import type { Currency } from '@nebula/contracts';
import { formatFiat, toDecimalString } from '@nebula/money';
import { useTranslation } from 'react-i18next';
import { ChevronDown, Wallet } from 'lucide-react';
import clsx from 'clsx';
import { Button, Selector } from '../../ui';
import { events } from '../../lib/events';
import { realtime } from '../../lib/realtime';
import { useAppStore } from '../../lib/store';
import { bindBalanceEvents, resetWalletLive, useWalletLive } from './balance-events';
import { loadWalletModal } from './open-wallet';
import { displayBalance, fiatValue, headerTotal, toAtomic } from './wallet-math';
import './header-wallet.css';

bindBalanceEvents(realtime);
events.on('logout', resetWalletLive);

/** Display-only fiat value of a token amount (the price is a float from the server). */
function fiatText(value: string, currency: Currency, fiatCurrency: string): string {
  const price = fiatCurrency === 'eur' ? currency.priceEur : currency.price;
  return formatFiat(fiatValue(value, currency.decimals, price), fiatCurrency);
}

export interface HeaderWalletProps {
  /** Renders the currency's icon (the shell's CurrencyIcon). */
  renderIcon: (currency: Currency) => React.ReactNode;
}

export function HeaderWallet({ renderIcon }: HeaderWalletProps) {
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
  const bonus = useWalletLive((state) => (current ? state.bonus[current.id] : undefined));
  const flash = useWalletLive((state) => (current ? state.flash[current.id] : undefined));
  const walletDisabled = unverified && !demo;

  const total = current ? headerTotal(current.balance.real, bonus, current.decimals) : '0.00';
  const shown =
    current && fiatView
      ? fiatText(
          toDecimalString(
            toAtomic(current.balance.real, current.decimals) + toAtomic(bonus, current.decimals),
            current.decimals,
          ),
          current,
          fiatCurrency,
        )
      : total;

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
          entries={list.map((entry) => ({
            id: entry.id,
            name: entry.name,
            icon: renderIcon(entry),
            meta: (
              <span className="hw-meta">
                <span className="tabular">{displayBalance(entry.balance.real, entry.decimals)}</span>
                {fiatView && (
                  <small className="tabular">{fiatText(entry.balance.real, entry, fiatCurrency)}</small>
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
              {current && renderIcon(current)}
              <span className="balance-pill__amount" data-testid="balance-amount" key={flash?.at}>
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
