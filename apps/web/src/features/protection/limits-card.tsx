/**
 * Money limits: the limits in force with their usage bars and reset times, and the form that sets,
 * lowers, raises or removes one. What a change will do (now, or after 24 h and a confirmation) is
 * told before saving; the server's answer decides and replaces the record on screen.
 */
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import clsx from 'clsx';
import { Clock3, Hourglass, PiggyBank, Trash2 } from 'lucide-react';
import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  USD_LIMIT_CURRENCY,
  type LimitKind,
  type LimitPeriod,
} from '@nebula/contracts/constants';
import type { Currency, Protection, ProtectionLimit } from '@nebula/contracts';
import { Button, CurrencyIcon, Selector, Tabs, closeModal, openModal, toast } from '../../ui';
import { api, isApiError } from '../../lib/api';
import { useAppStore } from '../../lib/store';
import { useTranslation, type TFunction } from '../../lib/i18n';
import {
  changeEffect,
  formatLimitAmount,
  limitDecimals,
  parseLimitInput,
  pendingOfLimit,
  sortLimits,
  usagePermille,
  usageTone,
} from './limits-model';
import { protectionApi } from './protection-api';
import { spanText } from './use-server-clock';

export function limitName(t: TFunction, kind: LimitKind, period: LimitPeriod): string {
  return `${t(`protectionUi.periods.${period}`)} ${t(`protectionUi.kinds.${kind}`).toLowerCase()}`;
}

export function outcomeToast(t: TFunction, outcome: 'applied' | 'pending' | 'unchanged'): void {
  const text = t(`protectionUi.outcome.${outcome}`);
  if (outcome === 'pending') toast.info(text, { id: 'protection-outcome' });
  else if (outcome === 'unchanged') toast.info(text, { id: 'protection-outcome' });
  else toast.success(text, { id: 'protection-outcome' });
}

export function errorToast(t: TFunction, caught: unknown): void {
  toast.error(isApiError(caught) ? caught.message : t('errors.generic'), { id: 'protection-error' });
}

interface Props {
  record: Protection;
  now: number;
  onRecord: (record: Protection) => void;
}

export function LimitsCard({ record, now, onRecord }: Props) {
  const { t } = useTranslation();
  const currencies = useAppStore((state) => state.currencies);
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<{ kind: LimitKind; period: LimitPeriod; key: number }>({
    kind: 'loss',
    period: 'day',
    key: 0,
  });
  const limits = sortLimits(record.limits);

  function edit(limit: ProtectionLimit) {
    setDraft((previous) => ({ kind: limit.kind, period: limit.period, key: previous.key + 1 }));
    formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }

  return (
    <section className="pg-card rg-card" data-testid="rg-limits">
      <header className="rg-card__head">
        <span className="pg-card__icon" aria-hidden="true">
          <PiggyBank size={18} />
        </span>
        <div>
          <h2 className="pg-card__title">{t('protectionUi.limits.title')}</h2>
          <p className="pg-card__meta">{t('protectionUi.limits.text')}</p>
        </div>
      </header>
      {limits.length === 0 ? (
        <p className="rg-empty">{t('protectionUi.limits.empty')}</p>
      ) : (
        <ul className="rg-limits" aria-label={t('protectionUi.limits.title')}>
          {limits.map((limit) => (
            <LimitTile
              key={`${limit.kind}:${limit.period}`}
              limit={limit}
              record={record}
              now={now}
              currencies={currencies}
              onEdit={() => edit(limit)}
              onRecord={onRecord}
            />
          ))}
        </ul>
      )}
      <LimitForm
        key={draft.key}
        formRef={formRef}
        record={record}
        initialKind={draft.kind}
        initialPeriod={draft.period}
        onRecord={onRecord}
      />
    </section>
  );
}

function LimitTile({
  limit,
  record,
  now,
  currencies,
  onEdit,
  onRecord,
}: {
  limit: ProtectionLimit;
  record: Protection;
  now: number;
  currencies: Record<string, Currency>;
  onEdit: () => void;
  onRecord: (record: Protection) => void;
}) {
  const { t } = useTranslation();
  const decimals = limitDecimals(limit.currency, currencies);
  const permille = usagePermille(limit, decimals);
  const tone = usageTone(permille);
  const money = (amount: string) => formatLimitAmount(amount, limit.currency, currencies);
  const pending = pendingOfLimit(record.pending, limit.kind, limit.period);
  const name = limitName(t, limit.kind, limit.period);
  const testId = `rg-limit-${limit.kind}-${limit.period}`;

  function remove() {
    openModal({
      id: 'rg-remove-limit',
      size: 'sm',
      title: t('protectionUi.limits.removeTitle'),
      content: ({ close }) => (
        <RemoveLimit
          limit={limit}
          name={name}
          amount={money(limit.amount)}
          close={close}
          onRecord={onRecord}
        />
      ),
    });
  }

  return (
    <li className={clsx('rg-limit', `is-${tone}`)} data-testid={testId}>
      <div className="rg-limit__top">
        <span className="rg-limit__name">{name}</span>
        {pending && (
          <span className="rg-chip rg-chip--wait" title={t('protectionUi.pending.title')}>
            <Hourglass size={12} aria-hidden="true" />
            {t('protectionUi.pending.chip')}
          </span>
        )}
      </div>
      <div className="rg-limit__amount tabular">
        {currencies[limit.currency] ? (
          <CurrencyIcon currency={currencies[limit.currency]!} size={20} />
        ) : (
          <span className="rg-usd" aria-hidden="true">
            $
          </span>
        )}
        {money(limit.amount)}
      </div>
      <div
        className="rg-bar"
        role="progressbar"
        aria-label={t('protectionUi.limits.used', { used: money(limit.used), amount: money(limit.amount) })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(permille / 10)}
      >
        <span className="rg-bar__fill" style={{ width: `${permille / 10}%` }} />
      </div>
      <div className="rg-limit__usage">
        <span className="tabular" data-testid={`${testId}-used`}>
          {t('protectionUi.limits.used', { used: money(limit.used), amount: money(limit.amount) })}
        </span>
        <span className={clsx('rg-limit__left tabular', tone === 'full' && 'is-full')}>
          {tone === 'full'
            ? t('protectionUi.limits.reached')
            : t('protectionUi.limits.left', { amount: money(limit.remaining) })}
        </span>
      </div>
      <div className="rg-limit__foot">
        <span className="rg-limit__reset">
          <Clock3 size={13} aria-hidden="true" />
          {t('protectionUi.limits.resetsIn', { time: spanText(t, now, Date.parse(limit.resetsAt)) })}
        </span>
        <span className="rg-limit__actions">
          <Button variant="ghost" size="sm" onClick={onEdit} data-testid={`${testId}-edit`}>
            {t('protectionUi.limits.edit')}
          </Button>
          {!(pending && pending.to === null) && (
            <Button
              variant="ghost"
              size="sm"
              icon={<Trash2 size={14} />}
              onClick={remove}
              aria-label={`${t('protectionUi.limits.remove')}: ${name}`}
              data-testid={`${testId}-remove`}
            />
          )}
        </span>
      </div>
    </li>
  );
}

function RemoveLimit({
  limit,
  name,
  amount,
  close,
  onRecord,
}: {
  limit: ProtectionLimit;
  name: string;
  amount: string;
  close: () => void;
  onRecord: (record: Protection) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  async function submit() {
    setBusy(true);
    try {
      const answer = await api(protectionApi.setLimit, {
        kind: limit.kind,
        period: limit.period,
        amount: null,
        currency: limit.currency,
      });
      onRecord(answer.protection);
      outcomeToast(t, answer.outcome);
      close();
    } catch (caught) {
      errorToast(t, caught);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="rg-modal">
      <p className="rg-modal__lead">
        <strong>{name}</strong> · <span className="tabular">{amount}</span>
      </p>
      <p className="rg-modal__text">{t('protectionUi.limits.removeText')}</p>
      <div className="rg-modal__actions">
        <Button variant="secondary" onClick={close}>
          {t('protectionUi.limits.keep')}
        </Button>
        <Button variant="danger" loading={busy} onClick={() => void submit()} data-testid="rg-remove-confirm">
          {t('protectionUi.limits.removeConfirm')}
        </Button>
      </div>
    </div>
  );
}

function LimitForm({
  formRef,
  record,
  initialKind,
  initialPeriod,
  onRecord,
}: {
  formRef: React.RefObject<HTMLFormElement | null>;
  record: Protection;
  initialKind: LimitKind;
  initialPeriod: LimitPeriod;
  onRecord: (record: Protection) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const currencies = useAppStore((state) => state.currencies);
  const [kind, setKind] = useState<LimitKind>(initialKind);
  const [period, setPeriod] = useState<LimitPeriod>(initialPeriod);
  const current = record.limits.find((limit) => limit.kind === kind && limit.period === period);
  const [currency, setCurrency] = useState<string>(current?.currency ?? USD_LIMIT_CURRENCY);
  const [text, setText] = useState(current?.amount ?? '');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);

  const decimals = limitDecimals(currency, currencies);
  const parsed = parseLimitInput(text, decimals);
  const effect = parsed.ok ? changeEffect(current, { amount: parsed.amount, currency }, decimals) : null;
  const error = touched && !parsed.ok ? t(`protectionUi.form.errors.${parsed.error}`) : null;

  function choose(nextKind: LimitKind, nextPeriod: LimitPeriod) {
    setKind(nextKind);
    setPeriod(nextPeriod);
    const existing = record.limits.find((limit) => limit.kind === nextKind && limit.period === nextPeriod);
    if (existing) {
      setCurrency(existing.currency);
      setText(existing.amount);
    }
    setTouched(false);
  }

  const entries = useMemo(
    () => [
      {
        id: USD_LIMIT_CURRENCY,
        name: t('protectionUi.form.usd'),
        icon: <span className="rg-usd">$</span>,
      },
      ...Object.values(currencies).map((entry) => ({
        id: entry.id,
        name: entry.name,
        icon: <CurrencyIcon currency={entry} size={20} />,
        meta: <span className="rg-code">{entry.id.toUpperCase()}</span>,
      })),
    ],
    [currencies, t],
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!parsed.ok || effect === 'same') return;
    setBusy(true);
    try {
      const answer = await api(protectionApi.setLimit, { kind, period, amount: parsed.amount, currency });
      onRecord(answer.protection);
      outcomeToast(t, answer.outcome);
      setTouched(false);
    } catch (caught) {
      errorToast(t, caught);
    } finally {
      setBusy(false);
    }
  }

  const title = current
    ? t('protectionUi.form.editTitle', { limit: limitName(t, kind, period) })
    : t('protectionUi.form.title');

  return (
    <form
      ref={formRef}
      className="rg-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="rg-limit-form"
    >
      <h3 className="rg-form__title">{title}</h3>
      <div className="rg-form__grid">
        <div className="rg-field">
          <span className="rg-field__label" id={`${id}-kind`}>
            {t('protectionUi.form.kind')}
          </span>
          <Tabs
            variant="pill"
            size="sm"
            fullWidth
            aria-label={t('protectionUi.form.kind')}
            idBase={`${id}-kind`}
            tabs={LIMIT_KINDS.map((value) => ({ id: value, label: t(`protectionUi.kindTabs.${value}`) }))}
            value={kind}
            onChange={(value) => choose(value, period)}
            className="rg-seg"
          />
          <span className="rg-field__hint">{t(`protectionUi.kindHints.${kind}`)}</span>
        </div>
        <div className="rg-field">
          <span className="rg-field__label">{t('protectionUi.form.period')}</span>
          <Tabs
            variant="pill"
            size="sm"
            fullWidth
            aria-label={t('protectionUi.form.period')}
            idBase={`${id}-period`}
            tabs={LIMIT_PERIODS.map((value) => ({ id: value, label: t(`protectionUi.periods.${value}`) }))}
            value={period}
            onChange={(value) => choose(kind, value)}
            className="rg-seg"
          />
        </div>
        <div className="rg-field">
          <span className="rg-field__label">{t('protectionUi.form.currency')}</span>
          <Selector
            aria-label={t('protectionUi.form.currency')}
            fullWidth
            value={currency}
            onChange={(value) => {
              setCurrency(value);
              setTouched(false);
            }}
            entries={entries}
            className="rg-currency"
          />
          {currency === USD_LIMIT_CURRENCY && (
            <span className="rg-field__hint">{t('protectionUi.form.usdHint')}</span>
          )}
        </div>
        <div className={clsx('rg-field', error && 'has-error')}>
          <label className="rg-field__label" htmlFor={`${id}-amount`}>
            {t('protectionUi.form.amount')}
          </label>
          <div className="rg-amount">
            <input
              id={`${id}-amount`}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              value={text}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-effect`}
              onChange={(event) => setText(event.target.value)}
              onBlur={() => setTouched(text.trim() !== '')}
              data-testid="rg-limit-amount"
            />
            <span className="rg-amount__unit">{currency.toUpperCase()}</span>
          </div>
          {error && (
            <span className="rg-field__error" role="alert">
              {error}
            </span>
          )}
        </div>
      </div>
      <div className="rg-form__foot">
        <p
          id={`${id}-effect`}
          className={clsx('rg-effect', effect && `is-${effect}`)}
          aria-live="polite"
          data-testid="rg-limit-effect"
        >
          {effect
            ? t(
                `protectionUi.form.${effect === 'now' ? 'effectNow' : effect === 'same' ? 'effectSame' : 'effectDelayed'}`,
              )
            : ' '}
        </p>
        <Button type="submit" loading={busy} disabled={effect === 'same'} data-testid="rg-limit-save">
          {current ? t('protectionUi.form.saveChange') : t('protectionUi.form.save')}
        </Button>
      </div>
    </form>
  );
}

export function closeProtectionModals(): void {
  closeModal('rg-remove-limit');
}
