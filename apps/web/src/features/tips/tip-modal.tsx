/**
 * The tip modal (spec 3 sections 2 and 5): player name, currency, amount (with shortcuts up to MAX
 * of the real balance), "announce in chat"; then a review naming the recipient, with the 2FA code
 * when the player has 2FA on; then the confirmation with the name the server paid. The request id
 * is made once per reviewed tip and reused when the player retries, so a retry never pays twice.
 */
import { useMemo, useState } from 'react';
import type { Currency, ResponseOf, tipEndpoint } from '@nebula/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, AtSign, CheckCircle2, Gift, ShieldCheck } from 'lucide-react';
import { Button, CurrencyIcon, EmptyState, useModal } from '../../ui';
import { api, isApiError } from '../../lib/api';
import { isSignedIn, useAppStore } from '../../lib/store';
import { tipsApi, validateTwoFactor } from './tips-api';
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
import { asChatChannel, newRequestId, tipArgs, toAtomic } from './tips-math';
import { useTranslation } from '../../lib/i18n';

type Tip = ResponseOf<typeof tipEndpoint>['tip'];
type Step = 'form' | 'review' | 'done';

interface Errors {
  name?: string;
  amount?: string;
  code?: string;
  other?: string;
}

export interface TipModalProps {
  /** `/tip name amount` arguments (both optional). */
  args?: readonly string[];
  channel: string;
}

export function TipModal({ args = [], channel }: TipModalProps) {
  const { t } = useTranslation();
  const { close } = useModal();
  const queryClient = useQueryClient();
  const me = useAppStore((state) => state.user);
  const currencies = useAppStore((state) => state.currencies);
  const selected = useAppStore((state) => state.currency);
  const list = useMemo(() => Object.values(currencies), [currencies]);
  const initial = tipArgs(args);
  const [step, setStep] = useState<Step>('form');
  const [name, setName] = useState(initial.name);
  const [amount, setAmount] = useState(initial.amount);
  const [currencyId, setCurrencyId] = useState(selected);
  const [isPublic, setPublic] = useState(true);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [requestId, setRequestId] = useState(newRequestId);
  const [done, setDone] = useState<Tip | null>(null);
  const hasTwoFactor = useHasTwoFactor();
  const currency: Currency | undefined = currencies[currencyId] ?? currencies[selected] ?? list[0];
  const chatChannel = asChatChannel(channel);
  const rules = useTipsRules(undefined, currency?.id ?? '');

  const send = useMutation({
    mutationFn: async () => {
      if (!currency) throw new Error('no currency');
      if (hasTwoFactor) await validateTwoFactor(code);
      return api(tipsApi.tip, {
        name: name.trim(),
        amount,
        currency: currency.id,
        channel: chatChannel,
        public: isPublic,
        requestId,
      });
    },
    onSuccess: (answer) => {
      setDone(answer.tip);
      setStep('done');
      void queryClient.invalidateQueries({ queryKey: ['wallet'] });
    },
    onError: (error) => {
      // The player closed the 2FA dialog of the API layer: nothing to report.
      if (isApiError(error) && error.code === -1024) return;
      const field = errorField(error);
      if (field === 'name' || field === 'amount') {
        setErrors({ [field]: tipsErrorText(error, t, field) });
        setStep('form');
        // What the player changes next is a new tip.
        setRequestId(newRequestId());
        return;
      }
      if (field === 'code') setErrors({ code: tipsErrorText(error, t) });
      else setErrors({ other: tipsErrorText(error, t) });
    },
  });

  if (!isSignedIn(me) || !currency) {
    return <EmptyState icon={<Gift size={28} />} title={t('tipsUi.signIn')} />;
  }
  const unit = currency.id.toUpperCase();
  const atomic = toAtomic(amount, currency.decimals);
  const balance = toAtomic(currency.balance.real, currency.decimals) ?? 0n;
  const minimum = rules.data?.tipMinimum;

  function edit<T>(set: (v: T) => void) {
    return (value: T) => {
      set(value);
      setErrors({});
      setRequestId(newRequestId());
    };
  }

  function handleReview(event: React.FormEvent) {
    event.preventDefault();
    const next: Errors = {};
    const clean = name.trim().replace(/^@/, '');
    if (!clean) next.name = t('tipsUi.errors.nameEmpty');
    else if (me && clean.toLowerCase() === me.name.toLowerCase()) next.name = t('tipsUi.errors.self');
    if (!amount) next.amount = t('tipsUi.errors.amountEmpty');
    else if (atomic === null || atomic <= 0n) next.amount = t('tipsUi.errors.invalidAmount');
    else if (atomic > balance) next.amount = t('tipsUi.errors.notEnoughMoney');
    else if (minimum && currency && atomic < (toAtomic(minimum, currency.decimals) ?? 0n))
      next.amount = `${t('tipsUi.errors.invalidAmount')}: ${t('tipsUi.tip.minimum', { amount: minimum, currency: unit })}`;
    setErrors(next);
    if (next.name || next.amount) return;
    setName(clean);
    setStep('review');
  }

  function handleConfirm(event: React.FormEvent) {
    event.preventDefault();
    if (hasTwoFactor && !/^\d{6}$/.test(code)) {
      setErrors({ code: t('tipsUi.twoFactor.invalid') });
      return;
    }
    setErrors({});
    send.mutate();
  }

  if (step === 'done' && done) {
    return (
      <div className="tips-done" data-testid="tip-done">
        <span className="tips-done__icon">
          <CheckCircle2 size={40} aria-hidden="true" />
        </span>
        <h3 className="tips-done__title">{t('tipsUi.tip.doneTitle')}</h3>
        <p className="tips-done__text" data-testid="tip-done-text">
          {t('tipsUi.tip.doneText', { name: done.to.name, amount: done.amount, currency: unit })}
        </p>
        <div className="tips-actions">
          <Button
            variant="secondary"
            onClick={() => {
              setAmount('');
              setCode('');
              setRequestId(newRequestId());
              setStep('form');
            }}
          >
            {t('tipsUi.tip.again')}
          </Button>
          <Button onClick={close} data-testid="tip-close">
            {t('tipsUi.tip.close')}
          </Button>
        </div>
      </div>
    );
  }

  if (step === 'review') {
    return (
      <form className="tips-form" onSubmit={handleConfirm} noValidate data-testid="tip-review">
        <div className="tips-review">
          <span className="tips-avatar" aria-hidden="true">
            {name.charAt(0).toUpperCase()}
          </span>
          <div className="tips-review__body">
            <span className="tips-review__label">{t('tipsUi.tip.to')}</span>
            <strong className="tips-review__name" data-testid="tip-review-name">
              {name}
            </strong>
          </div>
          <div className="tips-review__amount">
            <span className="tips-review__label">{t('tipsUi.tip.youSend')}</span>
            <strong className="tabular">
              <CurrencyIcon currency={currency} size={18} />
              {showAmount(atomic ?? 0n, currency.decimals)} {unit}
            </strong>
          </div>
        </div>
        <dl className="tips-facts">
          <div>
            <dt>{t('tipsUi.tip.from')}</dt>
            <dd className="tabular">
              {showBalance(currency.balance.real, currency.decimals)} {unit}
            </dd>
          </div>
          <div>
            <dt>{t('tipsUi.tip.public')}</dt>
            <dd>{isPublic ? t('tipsUi.tip.announced') : t('tipsUi.tip.private')}</dd>
          </div>
        </dl>
        {hasTwoFactor && <TwoFactorField value={code} onChange={setCode} error={errors.code} />}
        {errors.other && (
          <p className="tips-error tips-error--box" role="alert" data-testid="tip-error">
            {errors.other}
          </p>
        )}
        <p className="tips-note">
          <ShieldCheck size={16} aria-hidden="true" />
          <span>{t('tipsUi.tip.irreversible')}</span>
        </p>
        <div className="tips-actions">
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              setStep('form');
              setErrors({});
            }}
            disabled={send.isPending}
            icon={<ArrowLeft size={16} aria-hidden="true" />}
          >
            {t('tipsUi.tip.back')}
          </Button>
          <Button type="submit" loading={send.isPending} data-testid="tip-confirm">
            {t('tipsUi.tip.confirm', {
              amount: showAmount(atomic ?? 0n, currency.decimals),
              currency: unit,
              name,
            })}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <form className="tips-form" onSubmit={handleReview} noValidate data-testid="tip-modal">
      <div className="tips-field">
        <label className="tips-field__label" htmlFor="tip-name">
          {t('tipsUi.tip.recipient')}
        </label>
        <div className="tips-name">
          <AtSign size={16} aria-hidden="true" />
          <input
            id="tip-name"
            type="text"
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
            placeholder={t('tipsUi.tip.recipientPlaceholder')}
            value={name}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? 'tip-name-error' : undefined}
            onChange={(event) => edit(setName)(event.target.value)}
            data-testid="tip-name"
          />
        </div>
        {errors.name && (
          <p className="tips-error" id="tip-name-error" role="alert">
            {errors.name}
          </p>
        )}
      </div>
      <CurrencySelect currencies={list} value={currency.id} onChange={edit(setCurrencyId)} />
      <AmountField
        id="tip-amount"
        label={t('tipsUi.tip.amount')}
        currency={currency}
        value={amount}
        onChange={edit(setAmount)}
        error={errors.amount}
        testId="tip-amount"
        hint={
          <>
            {t('tipsUi.tip.balance')}:{' '}
            <span className="tabular" data-testid="tip-balance">
              {showBalance(currency.balance.real, currency.decimals)} {unit}
            </span>
            {minimum && <> · {t('tipsUi.tip.minimum', { amount: minimum, currency: unit })}</>}
          </>
        }
      />
      <label className="tips-check">
        <input
          type="checkbox"
          checked={isPublic}
          onChange={(event) => edit(setPublic)(event.target.checked)}
          data-testid="tip-public"
        />
        <span>{t('tipsUi.tip.public')}</span>
      </label>
      <Button
        type="submit"
        size="lg"
        fullWidth
        data-testid="tip-review-button"
        icon={<Gift size={18} aria-hidden="true" />}
      >
        {t('tipsUi.tip.review')}
      </Button>
    </form>
  );
}
