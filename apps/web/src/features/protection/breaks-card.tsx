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

export function TimeOutCard({ record, now, onBlocked }: Props) {
  const { t } = useTranslation();
  const options = record.options.timeOuts;
  const [duration, setDuration] = useState<TimeOutDuration>(options[0] ?? '24h');
  const label = (value: TimeOutDuration) => t(`protectionUi.timeOut.durations.${value}`);

  function open() {
    openModal({
      id: 'rg-time-out',
      size: 'sm',
      title: t('protectionUi.timeOut.confirmTitle', { duration: label(duration) }),
      content: ({ close }) => (
        <TimeOutConfirm duration={duration} now={now} close={close} onBlocked={onBlocked} />
      ),
    });
  }

  return (
    <section className="pg-card rg-card" data-testid="rg-time-out">
      <header className="rg-card__head">
        <span className="pg-card__icon" aria-hidden="true">
          <Coffee size={18} />
        </span>
        <div>
          <h2 className="pg-card__title">{t('protectionUi.timeOut.title')}</h2>
          <p className="pg-card__meta">{t('protectionUi.timeOut.text')}</p>
        </div>
      </header>
      <DurationTiles
        options={options}
        value={duration}
        onChange={setDuration}
        label={label}
        name={t('protectionUi.timeOut.title')}
        testId="rg-time-out"
      />
      <div className="rg-card__actions">
        <Button
          variant="secondary"
          icon={<Coffee size={16} />}
          onClick={open}
          data-testid="rg-time-out-start"
        >
          {t('protectionUi.timeOut.take', { duration: label(duration) })}
        </Button>
      </div>
    </section>
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

function TimeOutConfirm({
  duration,
  now,
  close,
  onBlocked,
}: {
  duration: TimeOutDuration;
  now: number;
  close: () => void;
  onBlocked: (answer: ProtectionWrite) => void;
}) {
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

export function ExclusionCard({ record, now, onBlocked }: Props) {
  const { t } = useTranslation();
  const options = record.options.selfExclusions;
  const [duration, setDuration] = useState<SelfExclusionDuration>(options[0] ?? '6m');
  const label = (value: SelfExclusionDuration) => t(`protectionUi.exclusion.durations.${value}`);

  function open() {
    openModal({
      id: 'rg-exclusion',
      size: 'md',
      title: t('protectionUi.exclusion.confirmTitle'),
      content: ({ close }) => (
        <ExclusionConfirm duration={duration} now={now} close={close} onBlocked={onBlocked} />
      ),
    });
  }

  return (
    <section className="pg-card rg-card rg-card--danger" data-testid="rg-exclusion">
      <header className="rg-card__head">
        <span className="pg-card__icon" aria-hidden="true">
          <ShieldOff size={18} />
        </span>
        <div>
          <h2 className="pg-card__title">{t('protectionUi.exclusion.title')}</h2>
          <p className="pg-card__meta">{t('protectionUi.exclusion.text')}</p>
        </div>
      </header>
      <DurationTiles
        options={options}
        value={duration}
        onChange={setDuration}
        label={label}
        name={t('protectionUi.exclusion.title')}
        testId="rg-exclusion"
      />
      <div className="rg-card__actions">
        <Button
          variant="danger"
          icon={<ShieldOff size={16} />}
          onClick={open}
          data-testid="rg-exclusion-start"
        >
          {t('protectionUi.exclusion.start')}
        </Button>
      </div>
    </section>
  );
}

function ExclusionConfirm({
  duration,
  now,
  close,
  onBlocked,
}: {
  duration: SelfExclusionDuration;
  now: number;
  close: () => void;
  onBlocked: (answer: ProtectionWrite) => void;
}) {
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
