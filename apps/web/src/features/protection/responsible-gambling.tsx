/**
 * /profile/settings/responsible: the Responsible gambling section (issue G5 item 4). The record is
 * the server's (`POST /api/protection`); each card asks for a change and shows the answer.
 */
import { useNavigate } from 'react-router';
import { HeartHandshake, Inbox, ShieldCheck } from 'lucide-react';
import type { Protection, ProtectionWrite } from '@nebula/contracts';
import { Button, EmptyState, Skeleton, closeAllModals } from '../../ui';
import { api } from '../../lib/api';
import { useAppStore } from '../../lib/store';
import { useTranslation } from '../../lib/i18n';
import { formatLimitAmount } from './limits-model';
import { LimitsCard } from './limits-card';
import { PendingCard } from './pending-card';
import { TimeCard } from './time-card';
import { ExclusionCard, TimeOutCard } from './breaks-card';
import { HelpCard, HistoryCard } from './history-card';
import { meEndpoint, useHelpOrganisations, useProtection, useStoreProtection } from './protection-api';
import { useDateTime, useServerNow } from './use-server-clock';
import './protection-texts';
import './protection.css';
import './protection-lists.css';
import './session-and-block.css';

export const BLOCK_PATH = '/error/se';

export function ResponsibleGambling() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, isPending, isError, refetch } = useProtection();
  const help = useHelpOrganisations();
  const storeRecord = useStoreProtection();
  const now = useServerNow(data?.record.serverTime, data?.receivedAt ?? 0);

  if (isPending) {
    return (
      <div className="rg" aria-busy="true" data-testid="rg-loading">
        <Skeleton height={148} radius={16} />
        <Skeleton height={320} radius={16} />
        <Skeleton height={180} radius={16} />
      </div>
    );
  }
  if (isError || !data) {
    return (
      <EmptyState
        tone="error"
        icon={<ShieldCheck size={36} />}
        title={t('protectionUi.loadError')}
        action={
          <Button variant="secondary" onClick={() => void refetch()}>
            {t('protectionUi.retry')}
          </Button>
        }
      />
    );
  }
  const { record } = data;

  /** A time-out or self-exclusion was taken: the stored user follows, and /error/se explains it. */
  async function blocked(answer: ProtectionWrite) {
    storeRecord(answer.protection);
    closeAllModals();
    try {
      const { user } = await api(meEndpoint, {});
      useAppStore.getState().updateUser(user);
    } finally {
      void navigate(BLOCK_PATH, { replace: true });
    }
  }

  return (
    <div className="rg" data-testid="rg-panel">
      <Intro count={record.limits.length + (record.sessionLimitMinutes === null ? 0 : 1)} />
      <PendingCard record={record} now={now} onRecord={storeRecord} />
      <HeldCard record={record} now={now} />
      <LimitsCard record={record} now={now} onRecord={storeRecord} />
      <TimeCard
        key={`${record.sessionLimitMinutes}-${record.realityCheckSeconds}`}
        record={record}
        onRecord={storeRecord}
      />
      <div className="rg-pair">
        <TimeOutCard record={record} now={now} onBlocked={(answer) => void blocked(answer)} />
        <ExclusionCard record={record} now={now} onBlocked={(answer) => void blocked(answer)} />
      </div>
      <HistoryCard items={record.history} />
      <HelpCard organisations={help.data?.organisations} loading={help.isPending} />
    </div>
  );
}

function Intro({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <section className="rg-hero" data-testid="rg-intro">
      <div className="rg-hero__icon" aria-hidden="true">
        <HeartHandshake size={28} />
      </div>
      <div className="rg-hero__body">
        <div className="rg-hero__top">
          <h2 className="rg-hero__title">{t('protectionUi.intro.title')}</h2>
          <span className={count > 0 ? 'rg-chip rg-chip--ready' : 'rg-chip'}>
            <ShieldCheck size={12} aria-hidden="true" />
            {count > 0 ? t('protectionUi.intro.active', { count }) : t('protectionUi.intro.noLimits')}
          </span>
        </div>
        <p className="rg-hero__text">{t('protectionUi.intro.text')}</p>
        <p className="rg-hero__rule">{t('protectionUi.intro.rule')}</p>
      </div>
    </section>
  );
}

function HeldCard({ record, now }: { record: Protection; now: number }) {
  const { t } = useTranslation();
  const currencies = useAppStore((state) => state.currencies);
  const dateTime = useDateTime();
  if (record.held.length === 0) return null;
  return (
    <section className="pg-card rg-card" data-testid="rg-held">
      <header className="rg-card__head">
        <span className="pg-card__icon" aria-hidden="true">
          <Inbox size={18} />
        </span>
        <div>
          <h2 className="pg-card__title">{t('protectionUi.held.title')}</h2>
          <p className="pg-card__meta">{t('protectionUi.held.text')}</p>
        </div>
      </header>
      <ul className="rg-held">
        {record.held.map((held) => (
          <li key={`${held.currency}-${held.releasesAt}`} className="rg-held__row">
            <span className="tabular">{formatLimitAmount(held.amount, held.currency, currencies)}</span>
            <span className="rg-held__when">
              {t('protectionUi.held.releases', {
                when: Date.parse(held.releasesAt) > now ? dateTime(held.releasesAt) : dateTime(now),
              })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
