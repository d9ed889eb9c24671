/**
 * Waiting changes: each increase or removal with the time from which it can be confirmed; Confirm
 * appears once that time has come (on the server's clock), Cancel at any time.
 */
import { useState } from 'react';
import clsx from 'clsx';
import { Hourglass, ShieldCheck } from 'lucide-react';
import type { PendingChange, Protection } from '@nebula/contracts';
import { Button, toast } from '../../ui';
import { api } from '../../lib/api';
import { useAppStore } from '../../lib/store';
import { useTranslation, type TFunction } from '../../lib/i18n';
import { formatLimitAmount } from './limits-model';
import { errorToast, limitName } from './limits-card';
import { protectionApi } from './protection-api';
import { spanText, useDateTime } from './use-server-clock';

/** `45 minutes`, `2 hours`, `No limit`. */
export function minutesText(t: TFunction, minutes: number | null): string {
  if (minutes === null) return t('protectionUi.session.none');
  if (minutes >= 60 && minutes % 60 === 0) return t('protectionUi.session.hours', { count: minutes / 60 });
  return t('protectionUi.session.minutes', { count: minutes });
}

/** `30 seconds`, `15 minutes`, `1 hour`, `Off`. */
export function secondsText(t: TFunction, seconds: number | null): string {
  if (seconds === null) return t('protectionUi.session.off');
  if (seconds % 60 !== 0) return t('protectionUi.session.seconds', { count: seconds });
  return minutesText(t, seconds / 60);
}

function describe(
  t: TFunction,
  change: PendingChange,
  currencies: Record<string, { decimals: number }>,
): string {
  if (change.type === 'limit') {
    const limit = limitName(t, change.kind, change.period);
    const money = (value: { amount: string; currency: string } | null) =>
      value ? formatLimitAmount(value.amount, value.currency, currencies) : '';
    if (change.to === null) return t('protectionUi.pending.limitRemove', { limit, from: money(change.from) });
    if (change.from === null) return t('protectionUi.pending.limitNew', { limit, to: money(change.to) });
    return t('protectionUi.pending.limitRaise', { limit, from: money(change.from), to: money(change.to) });
  }
  if (change.type === 'session_limit') {
    return t('protectionUi.pending.session', {
      from: minutesText(t, change.from),
      to: minutesText(t, change.to),
    });
  }
  return t('protectionUi.pending.reality', {
    from: secondsText(t, change.from),
    to: secondsText(t, change.to),
  });
}

export function PendingCard({
  record,
  now,
  onRecord,
}: {
  record: Protection;
  now: number;
  onRecord: (record: Protection) => void;
}) {
  const { t } = useTranslation();
  const currencies = useAppStore((state) => state.currencies);
  const dateTime = useDateTime();
  const [busy, setBusy] = useState<string | null>(null);
  if (record.pending.length === 0) return null;

  async function act(change: PendingChange, action: 'confirm' | 'cancel') {
    setBusy(`${action}:${change.id}`);
    try {
      const answer =
        action === 'confirm'
          ? await api(protectionApi.confirm, { id: change.id })
          : await api(protectionApi.cancel, { id: change.id });
      onRecord(answer.protection);
      if (action === 'confirm')
        toast.success(t('protectionUi.pending.confirmed'), { id: 'protection-outcome' });
      else toast.info(t('protectionUi.pending.cancelled'), { id: 'protection-outcome' });
    } catch (caught) {
      errorToast(t, caught);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="pg-card rg-card rg-card--pending" data-testid="rg-pending">
      <header className="rg-card__head">
        <span className="pg-card__icon" aria-hidden="true">
          <Hourglass size={18} />
        </span>
        <div>
          <h2 className="pg-card__title">{t('protectionUi.pending.title')}</h2>
          <p className="pg-card__meta">{t('protectionUi.pending.text')}</p>
        </div>
      </header>
      <ul className="rg-pending">
        {record.pending.map((change) => {
          const appliesAt = Date.parse(change.appliesAt);
          const due = change.confirmable || now >= appliesAt;
          return (
            <li
              key={change.id}
              className={clsx('rg-pending__row', due && 'is-due')}
              data-testid="rg-pending-row"
            >
              <div className="rg-pending__what">
                <span className="rg-pending__title">{describe(t, change, currencies)}</span>
                <span className="rg-pending__when">
                  {due ? (
                    <span className="rg-chip rg-chip--ready">
                      <ShieldCheck size={12} aria-hidden="true" />
                      {t('protectionUi.pending.confirmable')}
                    </span>
                  ) : (
                    <span className="rg-chip rg-chip--wait">
                      <Hourglass size={12} aria-hidden="true" />
                      {t('protectionUi.pending.waiting', {
                        when: `${dateTime(appliesAt)} (${spanText(t, now, appliesAt)})`,
                      })}
                    </span>
                  )}
                  <span className="rg-pending__requested">
                    {t('protectionUi.pending.requested', { date: dateTime(change.requestedAt) })}
                  </span>
                </span>
              </div>
              <div className="rg-pending__actions">
                {due && (
                  <Button
                    size="sm"
                    loading={busy === `confirm:${change.id}`}
                    disabled={busy !== null}
                    onClick={() => void act(change, 'confirm')}
                    data-testid="rg-pending-confirm"
                  >
                    {t('protectionUi.pending.confirm')}
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="secondary"
                  loading={busy === `cancel:${change.id}`}
                  disabled={busy !== null}
                  onClick={() => void act(change, 'cancel')}
                  data-testid="rg-pending-cancel"
                >
                  {t('protectionUi.pending.cancel')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
