/**
 * The rain modal (spec 3 sections 2, 5 and 9): a total amount split equally between 1 to 25 active
 * players of the chat channel, with the split previewed as the server makes it (the remainder stays
 * with the sender), the rules a player must meet to catch a rain and how many players of the channel
 * meet them now, the 2FA code when the player has 2FA on, and the recipients once it rained.
 */
import { useMemo, useState } from 'react';
import type { Currency, rainEndpoint, ResponseOf } from '@nebula/contracts';
import { RAIN_MAX_USERS, RAIN_MIN_USERS } from '@nebula/contracts/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, CloudRain, Info, Minus, Plus, Users } from 'lucide-react';
import { Button, CurrencyIcon, EmptyState, Skeleton, useModal } from '../../ui';
import { api, isApiError } from '../../lib/api';
import { isSignedIn, useAppStore } from '../../lib/store';
import { tipsApi, tipsKeys, validateTwoFactor } from './tips-api';
import {
  AmountField,
  CurrencySelect,
  TwoFactorField,
  errorField,
  showAmount,
  showBalance,
  tipsErrorText,
  useHasTwoFactor,
  useTipsRules,
} from './tips-fields';
import { asChatChannel, clampUsers, newRequestId, rainArgs, splitPreview, toAtomic } from './tips-math';
import { useTranslation } from '../../lib/i18n';

type Rain = ResponseOf<typeof rainEndpoint>['rain'];

interface Errors {
  amount?: string;
  users?: string;
  code?: string;
  other?: string;
}

export interface RainModalProps {
  /** `/rain amount users` arguments (both optional). */
  args?: readonly string[];
  channel: string;
}

export function RainModal({ args = [], channel }: RainModalProps) {
  const { t } = useTranslation();
  const { close } = useModal();
  const queryClient = useQueryClient();
  const me = useAppStore((state) => state.user);
  const currencies = useAppStore((state) => state.currencies);
  const selected = useAppStore((state) => state.currency);
  const list = useMemo(() => Object.values(currencies), [currencies]);
  const initial = rainArgs(args);
  const [amount, setAmount] = useState(initial.amount);
  const [users, setUsers] = useState(initial.users);
  const [usersText, setUsersText] = useState(String(initial.users));
  const [currencyId, setCurrencyId] = useState(selected);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [requestId, setRequestId] = useState(newRequestId);
  const [done, setDone] = useState<Rain | null>(null);
  const hasTwoFactor = useHasTwoFactor();
  const currency: Currency | undefined = currencies[currencyId] ?? currencies[selected] ?? list[0];
  const chatChannel = asChatChannel(channel);
  const rules = useTipsRules(chatChannel, currency?.id ?? '');

  const send = useMutation({
    mutationFn: async () => {
      if (!currency) throw new Error('no currency');
      if (hasTwoFactor) await validateTwoFactor(code);
      return api(tipsApi.rain, { amount, users, currency: currency.id, channel: chatChannel, requestId });
    },
    onSuccess: (answer) => {
      setDone(answer.rain);
      void queryClient.invalidateQueries({ queryKey: ['wallet'] });
      void queryClient.invalidateQueries({ queryKey: tipsKeys.rules(chatChannel, answer.rain.currency) });
    },
    onError: (error) => {
      if (isApiError(error) && error.code === -1024) return;
      const field = errorField(error);
      if (field === 'amount' || field === 'users') setErrors({ [field]: tipsErrorText(error, t, field) });
      else if (field === 'code') setErrors({ code: tipsErrorText(error, t) });
      else setErrors({ other: tipsErrorText(error, t) });
      if (field === 'users') void rules.refetch();
    },
  });

  if (!isSignedIn(me) || !currency) {
    return <EmptyState icon={<CloudRain size={28} />} title={t('tipsUi.signIn')} />;
  }
  const unit = currency.id.toUpperCase();
  const split = splitPreview(amount, users, currency.decimals);
  const balance = toAtomic(currency.balance.real, currency.decimals) ?? 0n;
  const shareMinimum = rules.data?.rainShareMinimum ?? null;

  function changed() {
    setErrors({});
    setRequestId(newRequestId());
  }

  function setCount(next: number) {
    const value = clampUsers(next);
    setUsers(value);
    setUsersText(String(value));
    changed();
  }

  function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    const next: Errors = {};
    if (!amount) next.amount = t('tipsUi.errors.amountEmpty');
    else if (!split || split.share <= 0n) next.amount = t('tipsUi.errors.invalidAmount');
    else if (split.total > balance) next.amount = t('tipsUi.errors.notEnoughMoney');
    else if (shareMinimum && currency && split.share < (toAtomic(shareMinimum, currency.decimals) ?? 0n))
      next.amount = `${t('tipsUi.errors.invalidAmount')}: ${t('tipsUi.rain.shareMinimum', {
        amount: shareMinimum,
        currency: unit,
      })}`;
    if (!/^\d+$/.test(usersText) || Number(usersText) < RAIN_MIN_USERS || Number(usersText) > RAIN_MAX_USERS)
      next.users = t('tipsUi.errors.invalidUsersLength');
    if (hasTwoFactor && !/^\d{6}$/.test(code)) next.code = t('tipsUi.twoFactor.invalid');
    setErrors(next);
    if (next.amount || next.users || next.code) return;
    send.mutate();
  }

  if (done) {
    return (
      <div className="tips-done" data-testid="rain-done">
        <span className="tips-done__icon tips-done__icon--rain">
          <CheckCircle2 size={40} aria-hidden="true" />
        </span>
        <h3 className="tips-done__title">{t('tipsUi.rain.doneTitle')}</h3>
        <p className="tips-done__text">
          {t('tipsUi.rain.doneText', { count: done.users.length, share: done.share, currency: unit })}
        </p>
        <ul className="tips-names" data-testid="rain-recipients">
          {done.users.map((user) => (
            <li key={user._id}>{user.name}</li>
          ))}
        </ul>
        <div className="tips-actions">
          <Button onClick={close} data-testid="rain-close">
            {t('tipsUi.rain.close')}
          </Button>
        </div>
      </div>
    );
  }

  const r = rules.data;
  return (
    <form className="tips-form" onSubmit={handleSubmit} noValidate data-testid="rain-modal">
      <p className="tips-intro">{t('tipsUi.rain.intro')}</p>
      <CurrencySelect
        currencies={list}
        value={currency.id}
        onChange={(id) => {
          setCurrencyId(id);
          changed();
        }}
      />
      <AmountField
        id="rain-amount"
        label={t('tipsUi.rain.amount')}
        currency={currency}
        value={amount}
        onChange={(value) => {
          setAmount(value);
          changed();
        }}
        error={errors.amount}
        testId="rain-amount"
        hint={
          <>
            {t('tipsUi.tip.balance')}:{' '}
            <span className="tabular">
              {showBalance(currency.balance.real, currency.decimals)} {unit}
            </span>
          </>
        }
      />
      <div className="tips-field">
        <label className="tips-field__label" htmlFor="rain-users">
          {t('tipsUi.rain.users')}
        </label>
        <div className="tips-users">
          <button
            type="button"
            className="tips-step"
            aria-label={t('tipsUi.rain.fewer')}
            disabled={users <= RAIN_MIN_USERS}
            onClick={() => setCount(users - 1)}
          >
            <Minus size={16} aria-hidden="true" />
          </button>
          <input
            id="rain-users"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            className="tips-users__input tabular"
            value={usersText}
            aria-invalid={errors.users ? true : undefined}
            onChange={(event) => {
              const text = event.target.value.replace(/\D/g, '').slice(0, 2);
              setUsersText(text);
              if (text) setUsers(Number(text));
              changed();
            }}
            onBlur={() => usersText && setCount(Number(usersText))}
            data-testid="rain-users"
          />
          <button
            type="button"
            className="tips-step"
            aria-label={t('tipsUi.rain.more')}
            disabled={users >= RAIN_MAX_USERS}
            onClick={() => setCount(users + 1)}
          >
            <Plus size={16} aria-hidden="true" />
          </button>
          <input
            type="range"
            className="tips-range"
            min={RAIN_MIN_USERS}
            max={RAIN_MAX_USERS}
            value={users}
            aria-label={t('tipsUi.rain.users')}
            onChange={(event) => setCount(Number(event.target.value))}
          />
        </div>
        {errors.users ? (
          <p className="tips-error" role="alert">
            {errors.users}
          </p>
        ) : rules.data?.eligible && users > rules.data.eligible ? (
          <p className="tips-hint tips-hint--warn" data-testid="rain-users-warning">
            {t('tipsUi.rain.onlyEligible', { count: rules.data.eligible })}
          </p>
        ) : (
          <p className="tips-hint">{t('tipsUi.rain.usersHint', { max: RAIN_MAX_USERS })}</p>
        )}
      </div>

      <dl className="tips-split" data-testid="rain-split">
        <div>
          <dt>{t('tipsUi.rain.each')}</dt>
          <dd className="tabular" data-testid="rain-share">
            <CurrencyIcon currency={currency} size={16} />
            {showAmount(split?.share ?? 0n, currency.decimals)} {unit}
          </dd>
        </div>
        <div>
          <dt>{t('tipsUi.rain.youPay')}</dt>
          <dd className="tabular" data-testid="rain-total">
            {showAmount(split?.total ?? 0n, currency.decimals)} {unit}
          </dd>
        </div>
        {split && split.remainder > 0n && split.share > 0n && (
          <p className="tips-split__note">
            {t('tipsUi.rain.remainder', {
              amount: showAmount(split.remainder, currency.decimals),
              currency: unit,
            })}
          </p>
        )}
      </dl>

      <section className="tips-rules" aria-labelledby="rain-rules-title" data-testid="rain-rules">
        <h4 id="rain-rules-title">
          <Info size={15} aria-hidden="true" />
          {t('tipsUi.rain.rulesTitle')}
        </h4>
        {r ? (
          <>
            <p>
              {t('tipsUi.rain.rules', {
                minutes: r.activeMinutes,
                wager: r.wagerUsd,
                days: r.wagerDays,
                hours: r.depositHours,
              })}
            </p>
            {r.eligible !== null && (
              <p className="tips-rules__count" data-testid="rain-eligible">
                <Users size={15} aria-hidden="true" />
                {r.eligible === 0
                  ? t('tipsUi.rain.eligible_zero')
                  : t('tipsUi.rain.eligible', { count: r.eligible })}
              </p>
            )}
            {r.youQualify !== null && (
              <p className="tips-rules__me">
                {r.youQualify ? t('tipsUi.rain.youQualify') : t('tipsUi.rain.youDoNot')}
              </p>
            )}
            {r.bot.enabled && (
              <p className="tips-rules__bot">
                {t('tipsUi.rain.bot', {
                  min: r.bot.perDayMin,
                  max: r.bot.perDayMax,
                  recipientsMin: r.bot.recipientsMin,
                  recipientsMax: r.bot.recipientsMax,
                  hours: r.bot.depositHours,
                })}
              </p>
            )}
          </>
        ) : (
          <>
            <Skeleton shape="text" width="100%" />
            <Skeleton shape="text" width="70%" />
          </>
        )}
      </section>

      {hasTwoFactor && (
        <TwoFactorField
          value={code}
          onChange={(value) => {
            setCode(value);
            setErrors((prev) => ({ ...prev, code: undefined }));
          }}
          error={errors.code}
        />
      )}
      {errors.other && (
        <p className="tips-error tips-error--box" role="alert" data-testid="rain-error">
          {errors.other}
        </p>
      )}
      <Button
        type="submit"
        size="lg"
        fullWidth
        loading={send.isPending}
        data-testid="rain-submit"
        icon={<CloudRain size={18} aria-hidden="true" />}
      >
        {t('tipsUi.rain.submit')}
      </Button>
    </form>
  );
}
