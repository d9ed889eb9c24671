/** Pieces the tip and rain modals share: currency picker, amount field, 2FA field, errors. */
import type { ChatChannel, Currency } from '@nebula/contracts';
import { useQuery } from '@tanstack/react-query';
import { CurrencyIcon, Selector } from '../../ui';
import { api, isApiError } from '../../lib/api';
import { formatMoney } from '../../lib/money-format';
import { useAppStore } from '../../lib/store';
import { tipsApi, tipsKeys } from './tips-api';
import { TIP_ERROR_KEYS, cleanAmount, fieldMessage, percentOfBalance, toAtomic } from './tips-math';
import { useTranslation, type TFunction } from '../../lib/i18n';

/** An amount for display: the app's money rule (up to 8 decimals, trailing zeros trimmed, at least 2). */
export function showAmount(value: bigint, decimals: number): string {
  return formatMoney(value, decimals);
}

export function showBalance(value: string, decimals: number): string {
  return showAmount(toAtomic(value, decimals) ?? 0n, decimals);
}

export function CurrencySelect({
  currencies,
  value,
  onChange,
}: {
  currencies: Currency[];
  value: string;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="tips-field">
      <span className="tips-field__label">{t('tipsUi.tip.currency')}</span>
      <Selector
        aria-label={t('tipsUi.tip.currency')}
        fullWidth
        value={value}
        onChange={onChange}
        className="tips-picker"
        entries={currencies.map((currency) => ({
          id: currency.id,
          name: currency.name,
          icon: <CurrencyIcon currency={currency} size={20} />,
          meta: <span className="tabular">{showBalance(currency.balance.real, currency.decimals)}</span>,
        }))}
      />
    </div>
  );
}

export function AmountField({
  id,
  label,
  currency,
  value,
  onChange,
  error,
  hint,
  testId,
}: {
  id: string;
  label: string;
  currency: Currency;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: React.ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const unit = currency.id.toUpperCase();
  const empty = (toAtomic(currency.balance.real, currency.decimals) ?? 0n) === 0n;
  return (
    <div className="tips-field">
      <label className="tips-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="tips-amount">
        <CurrencyIcon currency={currency} size={18} />
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(cleanAmount(event.target.value, currency.decimals))}
          data-testid={testId}
        />
        <span className="tips-amount__unit">{unit}</span>
      </div>
      <div className="tips-chips" role="group" aria-label={label}>
        {[10, 25, 50, 100].map((percent) => (
          <button
            key={percent}
            type="button"
            className="tips-chip"
            disabled={empty}
            onClick={() => onChange(percentOfBalance(currency.balance.real, currency.decimals, percent))}
            data-testid={`${testId}-${percent === 100 ? 'max' : percent}`}
          >
            {percent === 100 ? t('tipsUi.max') : `${percent}%`}
          </button>
        ))}
      </div>
      {error ? (
        <p className="tips-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : (
        hint && <p className="tips-hint">{hint}</p>
      )}
    </div>
  );
}

export function TwoFactorField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="tips-field">
      <label className="tips-field__label" htmlFor="tips-2fa">
        {t('tipsUi.twoFactor.label')}
      </label>
      <input
        id="tips-2fa"
        className="tips-code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder="000000"
        value={value}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
        data-testid="tips-2fa"
      />
      {error ? (
        <p className="tips-error" role="alert">
          {error}
        </p>
      ) : (
        <p className="tips-hint">{t('tipsUi.twoFactor.hint')}</p>
      )}
    </div>
  );
}

/** Whether the signed-in user has 2FA on (then the modals ask for the code). */
export function useHasTwoFactor(): boolean {
  return useAppStore(
    (state) => (state.user as { twoFactorEnabled?: boolean } | null)?.twoFactorEnabled === true,
  );
}

/** The rain rules and the minimums in `currency` (and how many players of `channel` qualify). */
export function useTipsRules(channel: ChatChannel | undefined, currency: string) {
  return useQuery({
    queryKey: tipsKeys.rules(channel, currency),
    queryFn: ({ signal }) => api(tipsApi.rules, channel ? { channel, currency } : { currency }, { signal }),
    staleTime: 15_000,
    retry: false,
  });
}

/** A tips error as text: the spec's texts by code (translated), plus the server's detail when it gave one. */
export function tipsErrorText(error: unknown, t: TFunction, path?: string): string {
  if (!isApiError(error)) return t('tipsUi.errors.generic');
  const key = TIP_ERROR_KEYS[String(error.code)];
  const main = key ? t(`tipsUi.errors.${key}`) : error.message || t('tipsUi.errors.generic');
  const detail = (path && fieldMessage(error, path)) || undefined;
  return detail && detail !== main ? `${main.replace(/[.!]$/, '')}: ${detail}` : main;
}

/** Which form field a server error belongs to (for showing it under that field). */
export function errorField(error: unknown): 'name' | 'amount' | 'users' | 'code' | null {
  if (!isApiError(error)) return null;
  if (error.code === 'two_factor_invalid' || error.code === 'two_factor_reused') return 'code';
  const path = error.fields?.[0]?.path;
  if (path === 'name' || path === 'amount' || path === 'users') return path;
  switch (error.code) {
    case 'invalid_username':
    case 'tip_self':
    case 'general.error.unknown_user':
      return 'name';
    case 'invalid_amount':
    case 'insufficient_balance':
      return 'amount';
    case 'invalid_users_length':
    case 'rain_not_enough_users':
      return 'users';
    default:
      return null;
  }
}
