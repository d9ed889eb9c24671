/**
 * Time: the session time limit and the reality-check interval (the operator's offered intervals).
 * Shorter applies at once; longer, none or off waits 24 h and a confirmation.
 */
import { useState } from 'react';
import clsx from 'clsx';
import { AlarmClock, Timer } from 'lucide-react';
import type { Protection } from '@nebula/contracts';
import { Button, Selector } from '../../ui';
import { api } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { timeEffect } from './limits-model';
import { errorToast, outcomeToast } from './limits-card';
import { minutesText, secondsText } from './pending-card';
import { protectionApi } from './protection-api';

/** The session limits offered (minutes), kept within the server's bounds. */
const SESSION_CHOICES = [15, 30, 45, 60, 90, 120, 180, 240, 360, 480, 720, 1440];
const NONE = 'none';

function sessionChoices(record: Protection): number[] {
  const { min, max } = record.options.sessionLimitMinutes;
  const list = SESSION_CHOICES.filter((minutes) => minutes >= min && minutes <= max);
  const current = record.sessionLimitMinutes;
  if (current !== null && !list.includes(current)) list.push(current);
  return list.sort((a, b) => a - b);
}

function realityChoices(record: Protection): number[] {
  const list = [...new Set(record.options.realityCheckSeconds)];
  const current = record.realityCheckSeconds;
  if (current !== null && !list.includes(current)) list.push(current);
  return list.sort((a, b) => a - b);
}

const toValue = (value: number | null) => (value === null ? NONE : String(value));
const fromValue = (value: string) => (value === NONE ? null : Number(value));

export function TimeCard({
  record,
  onRecord,
}: {
  record: Protection;
  onRecord: (record: Protection) => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="pg-card rg-card" data-testid="rg-time">
      <header className="rg-card__head">
        <span className="pg-card__icon" aria-hidden="true">
          <Timer size={18} />
        </span>
        <div>
          <h2 className="pg-card__title">{t('protectionUi.session.title')}</h2>
          <p className="pg-card__meta">
            {t('protectionUi.session.text', { minutes: record.options.sessionBreakMinutes })}
          </p>
        </div>
      </header>
      <div className="rg-time">
        <TimeSetting
          icon={<Timer size={16} />}
          label={t('protectionUi.session.limit')}
          hint={t('protectionUi.session.limitHint')}
          current={record.sessionLimitMinutes}
          choices={sessionChoices(record)}
          noneLabel={t('protectionUi.session.none')}
          text={(value) => minutesText(t, value)}
          testId="rg-session-limit"
          save={(value) => api(protectionApi.sessionLimit, { minutes: value })}
          onRecord={onRecord}
        />
        <TimeSetting
          icon={<AlarmClock size={16} />}
          label={t('protectionUi.session.reality')}
          hint={t('protectionUi.session.realityHint')}
          current={record.realityCheckSeconds}
          choices={realityChoices(record)}
          noneLabel={t('protectionUi.session.off')}
          text={(value) => secondsText(t, value)}
          testId="rg-reality"
          save={(value) => api(protectionApi.realityCheck, { seconds: value })}
          onRecord={onRecord}
        />
      </div>
    </section>
  );
}

function TimeSetting({
  icon,
  label,
  hint,
  current,
  choices,
  noneLabel,
  text,
  testId,
  save,
  onRecord,
}: {
  icon: React.ReactNode;
  label: string;
  hint: string;
  current: number | null;
  choices: number[];
  noneLabel: string;
  text: (value: number | null) => string;
  testId: string;
  save: (
    value: number | null,
  ) => Promise<{ outcome: 'applied' | 'pending' | 'unchanged'; protection: Protection }>;
  onRecord: (record: Protection) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState<number | null>(current);
  const [busy, setBusy] = useState(false);
  const effect = timeEffect(current, value);

  async function submit() {
    setBusy(true);
    try {
      const answer = await save(value);
      onRecord(answer.protection);
      outcomeToast(t, answer.outcome);
      if (answer.outcome === 'pending') setValue(current);
    } catch (caught) {
      errorToast(t, caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="rg-time__row" data-testid={testId}>
      <div className="rg-time__text">
        <span className="rg-time__label">
          <span aria-hidden="true">{icon}</span>
          {label}
        </span>
        <span className="rg-field__hint">{hint}</span>
        <span className="rg-time__current">
          {t('protectionUi.session.current', { value: text(current) })}
        </span>
      </div>
      <div className="rg-time__control">
        <Selector
          aria-label={label}
          fullWidth
          value={toValue(value)}
          onChange={(next) => setValue(fromValue(next))}
          entries={[
            { id: NONE, name: noneLabel },
            ...choices.map((choice) => ({ id: String(choice), name: text(choice) })),
          ]}
        />
        <Button
          variant={effect === 'same' ? 'secondary' : 'primary'}
          disabled={effect === 'same'}
          loading={busy}
          onClick={() => void submit()}
          data-testid={`${testId}-save`}
        >
          {t('protectionUi.session.save')}
        </Button>
        {effect !== 'same' && (
          <p className={clsx('rg-effect', `is-${effect}`)} aria-live="polite">
            {t(effect === 'now' ? 'protectionUi.form.effectNow' : 'protectionUi.form.effectDelayed')}
          </p>
        )}
      </div>
    </div>
  );
}
