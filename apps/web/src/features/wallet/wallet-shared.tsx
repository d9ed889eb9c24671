/** Pieces the wallet tabs share: currency and network pickers, error text mapping. */
import type { Currency } from '@nebula/contracts';
import { CurrencyIcon, Selector } from '../../ui';
import { isApiError } from '../../lib/api';
import { formatFiatBalance } from '../../lib/money-format';
import { useAppStore } from '../../lib/store';
import { DEPOSIT_ERROR_KEYS } from './wallet-texts';
import { WITHDRAW_CODE_KEYS, displayBalance, toAtomic } from './wallet-math';
import { useTranslation, type TFunction } from '../../lib/i18n';

export function CurrencyPicker({
  currencies,
  value,
  onChange,
  balance = 'real',
}: {
  currencies: Currency[];
  value: string;
  onChange: (id: string) => void;
  balance?: 'real' | 'demo';
}) {
  const { t } = useTranslation();
  const fiatView = useAppStore((state) => state.fiatView);
  const fiatCurrency = useAppStore((state) => state.fiatCurrency);
  return (
    <div className="wallet-field">
      <span className="wallet-field__label">{t('walletUi.currency')}</span>
      <Selector
        aria-label={t('walletUi.currency')}
        fullWidth
        value={value}
        onChange={onChange}
        className="wallet-picker"
        entries={currencies.map((currency) => ({
          id: currency.id,
          name: currency.name,
          icon: <CurrencyIcon currency={currency} size={20} />,
          meta: (
            <span className="hw-meta">
              <span className="tabular">{displayBalance(currency.balance[balance], currency.decimals)}</span>
              {/* The fiat view (header currency picker) shows each balance's USD/EUR value too. */}
              {fiatView && (
                <small className="tabular">
                  {formatFiatBalance(
                    toAtomic(currency.balance[balance], currency.decimals),
                    currency,
                    fiatCurrency,
                  ) ?? '—'}
                </small>
              )}
            </span>
          ),
        }))}
      />
    </div>
  );
}

export function ChainPicker({
  currency,
  value,
  onChange,
}: {
  currency: Currency;
  value: string;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  if (currency.chains.length === 0) return null;
  return (
    <div className="wallet-field">
      <span className="wallet-field__label">{t('walletUi.network')}</span>
      {currency.chains.length === 1 ? (
        <div className="wallet-static" data-testid="wallet-chain">
          {currency.chains[0]!.name}
        </div>
      ) : (
        <Selector
          aria-label={t('walletUi.network')}
          fullWidth
          value={value}
          onChange={onChange}
          className="wallet-picker"
          entries={currency.chains.map((chain) => ({ id: chain.id, name: chain.name }))}
        />
      )}
    </div>
  );
}

/** The deposit-address error key for a server message (spec 3 section 8), or null. */
export function depositErrorKey(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const key = DEPOSIT_ERROR_KEYS[error.message];
  if (key === 'unavailable') return 'walletUi.unavailable';
  return key ? `walletUi.depositErrors.${key}` : null;
}

/** Localised text of a deposit-address error. */
export function depositErrorText(error: unknown, t: TFunction): string {
  const key = depositErrorKey(error);
  if (key) return t(key);
  return t('walletUi.depositErrors.failed');
}

/** Localised text of a withdraw error: the spec's codes by number, else the server's message. */
export function withdrawErrorText(error: unknown, t: TFunction): string {
  if (!isApiError(error)) return t('errors.generic');
  const key = typeof error.code === 'number' ? WITHDRAW_CODE_KEYS[error.code] : undefined;
  if (key) return t(`walletUi.withdrawErrors.${key}`);
  return error.message || t('errors.generic');
}

export function formatDateTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** `abcd…wxyz` for long addresses and transaction ids. */
export function shorten(value: string, keep = 6): string {
  return value.length <= keep * 2 + 1 ? value : `${value.slice(0, keep)}…${value.slice(-keep)}`;
}
