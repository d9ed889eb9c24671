/**
 * Take a break (time-out) and self-exclusion. Both close the account for gambling (withdraw-only)
 * and cannot be shortened, so each asks for a confirmation: the time-out one step, self-exclusion two
 * (what it means, then a tick box and the typed word). A client request id makes a retry the same
 * request. Afterwards the player lands on /error/se, which explains the state and its end.
 */
import { useState, type ReactNode } from 'react';
import clsx from 'clsx';
import { AlertTriangle, Check, Coffee, ShieldOff } from 'lucide-react';
import type { Protection, ProtectionWrite } from '@nebula/contracts';
import type { SelfExclusionDuration, TimeOutDuration } from '@nebula/contracts/constants';
import { Button, openModal } from '../../ui';
import { api } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { blockEnd } from './limits-model';
import { errorToast } from './limits-card';
import { newRequestId, protectionApi } from './protection-api';
import { useDateTime } from './use-server-clock';

interface Props {
  record: Protection;
  now: number;
  /** Called with the server's answer after a block was taken. */
  onBlocked: (answer: ProtectionWrite) => void;
}

function DurationTiles<D extends string>({
  options,
  value,
  onChange,
  label,
  name,
  testId,
}: {
  options: readonly D[];
  value: D;
  onChange: (value: D) => void;
  label: (value: D) => string;
  name: string;
  testId: string;
}) {
  return (
    <div className="rg-tiles" role="radiogroup" aria-label={name}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          role="radio"
          aria-checked={option === value}
          className={clsx('rg-tile', option === value && 'is-selected')}
          onClick={() => onChange(option)}
          data-testid={`${testId}-${option}`}
        >
          <span className="rg-tile__check" aria-hidden="true">
            {option === value && <Check size={12} strokeWidth={3} />}
          </span>
          {label(option)}
        </button>
      ))}
    </div>
  );
}

/**
 * The card of a block: its durations as tiles and the button that opens its confirmation (the
 * time-out's and the self-exclusion's differ only in these props).
 */
function BlockCard<D extends string>({
  kind,
  options,
  fallback,
  icon,
  danger,
  modalSize,
  modalTitle,
  action,
  confirm,
}: {
  /** The testid prefix and the key of its texts (`protectionUi.{key}`). */
  kind: { testId: string; key: 'timeOut' | 'exclusion' };
  options: readonly D[];
  fallback: D;
  icon: (size: number) => ReactNode;
  danger: boolean;
  modalSize: 'sm' | 'md';
  modalTitle: (label: string) => string;
  action: (label: string) => string;
  confirm: (duration: D, close: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const [duration, setDuration] = useState<D>(options[0] ?? fallback);
  const label = (value: D) => t(`protectionUi.${kind.key}.durations.${value}`);
  const title = t(`protectionUi.${kind.key}.title`);

  function open() {
    openModal({
      id: kind.testId,
      size: modalSize,
      title: modalTitle(label(duration)),
      content: ({ close }) => confirm(duration, close),
    });
  }

  return (
    <section className={clsx('pg-card rg-card', danger && 'rg-card--danger')} data-testid={kind.testId}>
      <header className="rg-card__head">
        <span className="pg-card__icon" aria-hidden="true">
          {icon(18)}
        </span>
        <div>
          <h2 className="pg-card__title">{title}</h2>
          <p className="pg-card__meta">{t(`protectionUi.${kind.key}.text`)}</p>
        </div>
      </header>
      <DurationTiles
        options={options}
        value={duration}
        onChange={setDuration}
        label={label}
        name={title}
        testId={kind.testId}
      />
      <div className="rg-card__actions">
        <Button
          variant={danger ? 'danger' : 'secondary'}
          icon={icon(16)}
          onClick={open}
          data-testid={`${kind.testId}-start`}
        >
          {action(label(duration))}
        </Button>
      </div>
    </section>
  );
}

export function TimeOutCard({ record, now, onBlocked }: Props) {
  const { t } = useTranslation();
  return (
    <BlockCard<TimeOutDuration>
      kind={{ testId: 'rg-time-out', key: 'timeOut' }}
      options={record.options.timeOuts}
      fallback="24h"
      icon={(size) => <Coffee size={size} />}
      danger={false}
      modalSize="sm"
      modalTitle={(duration) => t('protectionUi.timeOut.confirmTitle', { duration })}
      action={(duration) => t('protectionUi.timeOut.take', { duration })}
      confirm={(duration, close) => (
        <TimeOutConfirm duration={duration} now={now} close={close} onBlocked={onBlocked} />
      )}
    />
  );
}

export function ExclusionCard({ record, now, onBlocked }: Props) {
  const { t } = useTranslation();
  return (
    <BlockCard<SelfExclusionDuration>
      kind={{ testId: 'rg-exclusion', key: 'exclusion' }}
      options={record.options.selfExclusions}
      fallback="6m"
      icon={(size) => <ShieldOff size={size} />}
      danger
      modalSize="md"
      modalTitle={() => t('protectionUi.exclusion.confirmTitle')}
      action={() => t('protectionUi.exclusion.start')}
      confirm={(duration, close) => (
        <ExclusionConfirm duration={duration} now={now} close={close} onBlocked={onBlocked} />
      )}
    />
  );
}

function Points({ items, extra }: { items: string[]; extra?: ReactNode }) {
  return (
    <ul className="rg-points">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
      {extra}
    </ul>
  );
}

/** What a block's confirmation dialog gets. */
interface ConfirmProps<D> {
  duration: D;
  now: number;
  close: () => void;
  onBlocked: (answer: ProtectionWrite) => void;
}

function useBlockRequest(onBlocked: (answer: ProtectionWrite) => void) {
  const { t } = useTranslation();
  // One id per confirmation dialog: pressing again after a network failure repeats the same request.
  const [requestId] = useState(newRequestId);
  const [busy, setBusy] = useState(false);
  async function run(send: (requestId: string) => Promise<ProtectionWrite>, close: () => void) {
    setBusy(true);
    try {
      const answer = await send(requestId);
      close();
      onBlocked(answer);
    } catch (caught) {
      errorToast(t, caught);
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}

function TimeOutConfirm({ duration, now, close, onBlocked }: ConfirmProps<TimeOutDuration>) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const { busy, run } = useBlockRequest(onBlocked);
  const end = blockEnd(duration, now);
  return (
    <div className="rg-modal" data-testid="rg-time-out-modal">
      <p className="rg-modal__text">
        {t('protectionUi.timeOut.confirmText', { date: end === null ? '' : dateTime(end) })}
      </p>
      <Points items={t('protectionUi.timeOut.points', { returnObjects: true }) as unknown as string[]} />
      <div className="rg-modal__actions">
        <Button variant="secondary" onClick={close}>
          {t('protectionUi.timeOut.keepPlaying')}
        </Button>
        <Button
          loading={busy}
          onClick={() => void run((requestId) => api(protectionApi.timeOut, { duration, requestId }), close)}
          data-testid="rg-time-out-confirm"
        >
          {t('protectionUi.timeOut.confirm')}
        </Button>
      </div>
    </div>
  );
}

function ExclusionConfirm({ duration, now, close, onBlocked }: ConfirmProps<SelfExclusionDuration>) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const { busy, run } = useBlockRequest(onBlocked);
  const [step, setStep] = useState<1 | 2>(1);
  const [ack, setAck] = useState(false);
  const [typed, setTyped] = useState('');
  const indefinite = duration === 'indefinite';
  const end = blockEnd(duration, now);
  const word = t('protectionUi.exclusion.word');
  const ready = ack && typed.trim().toUpperCase() === word.toUpperCase();
  const durationText = t(`protectionUi.exclusion.durations.${duration}`).toLowerCase();

  return (
    <div className="rg-modal rg-modal--danger" data-testid="rg-exclusion-modal">
      <div className="rg-steps" aria-hidden="true">
        <span className={clsx('rg-steps__dot', 'is-done')} />
        <span className={clsx('rg-steps__dot', step === 2 && 'is-done')} />
        <span className="rg-steps__label">{t('protectionUi.exclusion.stepOf', { step })}</span>
      </div>
      {step === 1 ? (
        <>
          <p className="rg-modal__lead">
            <AlertTriangle size={18} aria-hidden="true" />
            {indefinite
              ? t('protectionUi.exclusion.confirmLeadIndefinite')
              : t('protectionUi.exclusion.confirmLead', { duration: durationText })}
          </p>
          <Points
            items={t('protectionUi.exclusion.points', { returnObjects: true }) as unknown as string[]}
            extra={indefinite ? <li>{t('protectionUi.exclusion.pointIndefinite')}</li> : null}
          />
          <p className="rg-modal__text">{t('protectionUi.exclusion.advice')}</p>
          <div className="rg-modal__actions">
            <Button variant="secondary" onClick={close}>
              {t('protectionUi.exclusion.cancel')}
            </Button>
            <Button variant="danger" onClick={() => setStep(2)} data-testid="rg-exclusion-next">
              {t('protectionUi.exclusion.next')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <label className="rg-ack">
            <input
              type="checkbox"
              checked={ack}
              onChange={(event) => setAck(event.target.checked)}
              data-testid="rg-exclusion-ack"
            />
            <span>
              {indefinite
                ? t('protectionUi.exclusion.ackIndefinite')
                : t('protectionUi.exclusion.ack', { end: end === null ? '' : dateTime(end) })}
            </span>
          </label>
          <div className="rg-field">
            <label className="rg-field__label" htmlFor="rg-exclusion-word">
              {t('protectionUi.exclusion.typeLabel', { word })}
            </label>
            <div className="rg-amount">
              <input
                id="rg-exclusion-word"
                autoComplete="off"
                spellCheck={false}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                placeholder={word}
                data-testid="rg-exclusion-word"
              />
            </div>
          </div>
          <div className="rg-modal__actions">
            <Button variant="secondary" onClick={() => setStep(1)}>
              {t('protectionUi.exclusion.back')}
            </Button>
            <Button
              variant="danger"
              disabled={!ready}
              loading={busy}
              onClick={() =>
                void run((requestId) => api(protectionApi.selfExclude, { duration, requestId }), close)
              }
              data-testid="rg-exclusion-confirm"
            >
              {t('protectionUi.exclusion.confirm')}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
