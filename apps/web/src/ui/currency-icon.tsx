import type { Currency } from '@nebula/contracts';
import clsx from 'clsx';
import './currency-icon.css';

export interface CurrencyIconProps {
  currency: Pick<Currency, 'id' | 'icon' | 'style'>;
  size?: number;
  className?: string;
}

/**
 * A currency's icon, the one used everywhere (header, wallet, tips, games, live feed): its image when
 * the currency's icon is a URL, else a monogram on the currency's colour. Decorative: the currency's
 * name or code is always written beside it.
 */
export function CurrencyIcon({ currency, size = 18, className }: CurrencyIconProps) {
  if (/^(https?:|\/|data:)/.test(currency.icon)) {
    return (
      <img
        className={clsx('ui-currency-icon', className)}
        src={currency.icon}
        alt=""
        width={size}
        height={size}
      />
    );
  }
  return (
    <span
      className={clsx('ui-currency-icon', 'ui-currency-icon--mono', className)}
      style={{ width: size, height: size, background: currency.style || undefined }}
      aria-hidden="true"
    >
      {currency.id
        .replace(/^local_/, '')
        .charAt(0)
        .toUpperCase()}
    </span>
  );
}
