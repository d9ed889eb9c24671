/**
 * Withdraw (spec 3 sections 4, 5 and 8, issue F4 item 5): address (at least 4 characters), amount
 * (digits and a dot) with 25/50/75/99% (MAX) of the real balance, the player's fee, minimum,
 * maximum and daily count, and the request. The request is sensitive: the API layer holds it for
 * the 2FA dialog and replays it. A pending withdrawal shows on top, cancellable in status 0 when
 * not automatic.
 */
import { useState } from 'react';
import type { Currency } from '@nebula/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Clock, Info } from 'lucide-react';
import { Button, CurrencyIcon, Skeleton, toast } from '../../ui';
import { api, isApiError, TWO_FACTOR_REQUIRED } from '../../lib/api';
import { walletApi, walletKeys } from './wallet-api';
import {
  MIN_ADDRESS_LENGTH,
  WITHDRAW_SHORTCUTS,
  displayBalance,
  filterAmountInput,
  isAmountKeyAllowed,
  percentShortcut,
  toAtomic,
  withdrawFee,
  withdrawStatus,
} from './wallet-math';
import { formatDateTime, shorten, withdrawErrorText } from './wallet-shared';
import { toDecimalString, tryParseAmount } from '@nebula/money';
import { formatMoney } from '../../lib/money-format';
import { useTranslation } from '../../lib/i18n';

type WithdrawItem = Awaited<ReturnType<typeof loadWithdraws>>['withdraws'][number];

/** The withdrawals, newest first, and whether the jurisdiction lets the player cancel one in moderation. */
export function loadWithdraws(signal?: AbortSignal) {
  return api(walletApi.withdrawHistory, {}, { signal });
}

/** Refreshes what a withdrawal changes: history, limits and balances. */
export function invalidateAfterWithdraw(queryClient: ReturnType<typeof useQueryClient>): void {
  void queryClient.invalidateQueries({ queryKey: ['wallet'] });
  void queryClient.invalidateQueries({ queryKey: ['currencies'] });
}

export function useCancelWithdraw() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(walletApi.cancelWithdraw, { id }),
    onSuccess: () => toast.success(t('walletUi.cancelled'), { id: 'wallet-withdraw' }),
    onError: (error) => toast.error(withdrawErrorText(error, t)),
    onSettled: () => invalidateAfterWithdraw(queryClient),
  });
}

export function PendingWithdraw({
  item,
  currency,
  cancelAllowed,
}: {
  item: WithdrawItem;
  currency?: Currency;
  cancelAllowed: boolean;
}) {
  const { t, i18n } = useTranslation();
  const cancel = useCancelWithdraw();
  const status = withdrawStatus(item, cancelAllowed);
  return (
    <section
      className="wallet-pending"
      data-testid="pending-withdraw"
      aria-label={t('walletUi.pendingTitle')}
    >
      <Clock size={18} aria-hidden="true" className="wallet-pending__icon" />
      <div className="wallet-pending__body">
        <strong>{t('walletUi.pendingTitle')}</strong>
        <span className="tabular">
          {item.sum} {item.currency.toUpperCase()} → {shorten(item.address)}
        </span>
        <small>
          {t(`walletUi.status.${status.kind}`)} · {formatDateTime(item.created_at, i18n.language)}
        </small>
        {status.reversalForbidden && (
          <small className="wallet-pending__note" data-testid="withdraw-no-cancel">
            {t('walletUi.noCancel')}
          </small>
        )}
      </div>
      {currency && <CurrencyIcon currency={currency} size={22} />}
      {status.cancellable && (
        <Button
          size="sm"
          variant="secondary"
          loading={cancel.isPending && cancel.variables === item._id}
          onClick={() => cancel.mutate(item._id)}
          data-testid="pending-withdraw-cancel"
        >
          {t('walletUi.cancel')}
        </Button>
      )}
    </section>
  );
}

interface FieldErrors {
  wallet?: string;
  sum?: string;
}

export function WithdrawTab({
  currency,
  chain,
  currencies,
}: {
  currency: Currency;
  chain: string;
  currencies: Record<string, Currency>;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const unit = currency.id.toUpperCase();

  const limits = useQuery({
    queryKey: walletKeys.limits(currency.id),
    queryFn: ({ signal }) => api(walletApi.withdrawLimits, { currency: currency.id }, { signal }),
    staleTime: 30_000,
    retry: false,
  });
  const withdraws = useQuery({
    queryKey: walletKeys.withdraws,
    queryFn: ({ signal }) => loadWithdraws(signal),
  });
  const pending = withdraws.data?.withdraws.find((item) => item.status === 0 || item.status === 3);

  const atomic = tryParseAmount(amount || '0', currency.decimals);
  const sumAtomic = atomic.ok ? atomic.value : 0n;
  const fee = limits.data ? withdrawFee(sumAtomic, limits.data.feePercent) : 0n;
  const balance = toAtomic(currency.balance.real, currency.decimals);

  const submit = useMutation({
    mutationFn: (input: { sum: string; wallet: string }) =>
      api(walletApi.withdraw, { sum: input.sum, currency: currency.id, chain, wallet: input.wallet }),
    onSuccess: () => {
      toast.success(t('walletUi.created'), { id: 'wallet-withdraw' });
      setAmount('');
      setErrors({});
    },
    onError: (error) => {
      // The player closed the 2FA dialog: nothing to report.
      if (isApiError(error) && error.code === TWO_FACTOR_REQUIRED) return;
      if (isApiError(error) && error.fields?.length) {
        const next: FieldErrors = {};
        for (const field of error.fields) {
          if (field.path === 'wallet') next.wallet = field.message;
          else if (field.path === 'sum') next.sum = field.message;
        }
        if (next.wallet || next.sum) {
          setErrors(next);
          return;
        }
      }
      toast.error(withdrawErrorText(error, t));
    },
    onSettled: () => invalidateAfterWithdraw(queryClient),
  });

  function validate(): FieldErrors {
    const next: FieldErrors = {};
    if (address.trim().length < MIN_ADDRESS_LENGTH) next.wallet = t('walletUi.withdrawErrors.walletShort');
    if (!amount) next.sum = t('walletUi.withdrawErrors.amountEmpty');
    else if (!atomic.ok || sumAtomic <= 0n) next.sum = t('walletUi.withdrawErrors.amountInvalid');
    else if (limits.data && sumAtomic < toAtomic(limits.data.minimum, currency.decimals))
      next.sum = t('walletUi.withdrawErrors.belowMin', { amount: limits.data.minimum, currency: unit });
    else if (
      limits.data &&
      toAtomic(limits.data.maximum, currency.decimals) > 0n &&
      sumAtomic > toAtomic(limits.data.maximum, currency.decimals)
    )
      next.sum = t('walletUi.withdrawErrors.aboveMax', { amount: limits.data.maximum, currency: unit });
    else if (sumAtomic + fee > balance) next.sum = t('walletUi.withdrawErrors.notEnough');
    return next;
  }

  function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    const next = validate();
    setErrors(next);
    if (next.wallet || next.sum) return;
    submit.mutate({ sum: amount, wallet: address.trim() });
  }

  const fmt = (value: bigint) => formatMoney(value, currency.decimals);

  return (
    <div className="wallet-tab" data-testid="withdraw-tab">
      {pending && (
        <PendingWithdraw
          item={pending}
          currency={currencies[pending.currency]}
          cancelAllowed={withdraws.data?.cancelAllowed ?? true}
        />
      )}

      <p className="wallet-balance-line">
        <span>{t('walletUi.balance')}</span>
        <strong className="tabular" data-testid="withdraw-balance">
          {displayBalance(currency.balance.real, currency.decimals)} {unit}
        </strong>
      </p>

      <form className="wallet-form" onSubmit={handleSubmit} noValidate>
        <div className="wallet-field">
          <label className="wallet-field__label" htmlFor="withdraw-address">
            {t('walletUi.withdrawAddress')}
          </label>
          <input
            id="withdraw-address"
            type="text"
            autoComplete="off"
            spellCheck={false}
            className="wallet-mono-input"
            placeholder={t('walletUi.withdrawAddressPlaceholder', { currency: currency.name })}
            value={address}
            aria-invalid={errors.wallet ? true : undefined}
            aria-describedby={errors.wallet ? 'withdraw-address-error' : undefined}
            onChange={(event) => {
              setAddress(event.target.value);
              if (errors.wallet) setErrors({ ...errors, wallet: undefined });
            }}
            onBlur={() => {
              if (address && address.trim().length < MIN_ADDRESS_LENGTH)
                setErrors((prev) => ({ ...prev, wallet: t('walletUi.withdrawErrors.walletShort') }));
            }}
            data-testid="withdraw-address"
          />
          {errors.wallet && (
            <p className="wallet-error" id="withdraw-address-error" role="alert">
              {errors.wallet}
            </p>
          )}
        </div>

        <div className="wallet-field">
          <label className="wallet-field__label" htmlFor="withdraw-amount">
            {t('walletUi.withdrawAmount')}
          </label>
          <div className="wallet-amount">
            <input
              id="withdraw-amount"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              value={amount}
              aria-invalid={errors.sum ? true : undefined}
              aria-describedby={errors.sum ? 'withdraw-amount-error' : undefined}
              onKeyDown={(event) => {
                if (!event.ctrlKey && !event.metaKey && !isAmountKeyAllowed(event.key, amount))
                  event.preventDefault();
              }}
              onChange={(event) => {
                setAmount(filterAmountInput(event.target.value, currency.decimals));
                if (errors.sum) setErrors({ ...errors, sum: undefined });
              }}
              data-testid="withdraw-amount"
            />
            <span className="wallet-amount__unit">{unit}</span>
          </div>
          <div className="wallet-chips" role="group" aria-label={t('walletUi.withdrawAmount')}>
            {WITHDRAW_SHORTCUTS.map((percent) => (
              <button
                key={percent}
                type="button"
                className="wallet-chip"
                disabled={balance === 0n}
                onClick={() => {
                  setAmount(percentShortcut(currency.balance.real, currency.decimals, percent));
                  setErrors((prev) => ({ ...prev, sum: undefined }));
                }}
                data-testid={`withdraw-shortcut-${percent}`}
              >
                {percent === 99 ? t('walletUi.max') : `${percent}%`}
              </button>
            ))}
          </div>
          {errors.sum && (
            <p className="wallet-error" id="withdraw-amount-error" role="alert">
              {errors.sum}
            </p>
          )}
        </div>

        {limits.isPending ? (
          <div className="wallet-facts wallet-facts--grid" aria-busy="true">
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} shape="text" width="80%" />
            ))}
          </div>
        ) : limits.data ? (
          <dl className="wallet-facts wallet-facts--grid" data-testid="withdraw-limits">
            <div>
              <dt>{t('walletUi.fee')}</dt>
              <dd className="tabular">{t('walletUi.feeValue', { percent: limits.data.feePercent })}</dd>
            </div>
            <div>
              <dt>{t('walletUi.limitMin')}</dt>
              <dd className="tabular">
                {limits.data.minimum} {unit}
              </dd>
            </div>
            <div>
              <dt>{t('walletUi.limitMax')}</dt>
              <dd className="tabular">
                {limits.data.maximum} {unit}
              </dd>
            </div>
            <div>
              <dt>{t('walletUi.perDay')}</dt>
              <dd className="tabular" data-testid="withdraw-per-day">
                {t('walletUi.perDayValue', { used: limits.data.usedToday, perDay: limits.data.perDay })}
              </dd>
            </div>
            {sumAtomic > 0n && (
              <div className="wallet-facts__total">
                <dt>{t('walletUi.total', { fee: fmt(fee) })}</dt>
                <dd className="tabular" data-testid="withdraw-total">
                  {toDecimalString(sumAtomic + fee, currency.decimals)} {unit}
                </dd>
              </div>
            )}
          </dl>
        ) : null}

        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={submit.isPending}
          disabled={!!pending}
          data-testid="withdraw-submit"
        >
          {t('walletUi.withdrawButton')}
        </Button>
        <p className="wallet-note">
          <Info size={16} aria-hidden="true" />
          <span>{pending ? t('walletUi.withdrawErrors.onePending') : t('walletUi.withdrawInfo')}</span>
        </p>
        {!pending && limits.data?.cancelAllowed === false && (
          <p className="wallet-note" data-testid="withdraw-final-note">
            <Info size={16} aria-hidden="true" />
            <span>{t('walletUi.noCancelBefore')}</span>
          </p>
        )}
      </form>
    </div>
  );
}
