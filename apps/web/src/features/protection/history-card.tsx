/** The append-only history of the player's protection record, and the help organisations. */
import { useState } from 'react';
import { ArrowRight, ExternalLink, History, LifeBuoy } from 'lucide-react';
import type { HelpOrganisation, ProtectionHistoryItem } from '@nebula/contracts';
import { LIMIT_KINDS, LIMIT_PERIODS, type LimitKind, type LimitPeriod } from '@nebula/contracts/constants';
import { Button, Skeleton } from '../../ui';
import { useTranslation, type TFunction } from '../../lib/i18n';
import { limitName } from './limits-card';
import { useDateTime } from './use-server-clock';

/** Rows shown before "Show all". */
const HISTORY_PREVIEW = 6;

function targetText(t: TFunction, target: string): string {
  const [head, a, b] = target.split(':');
  if (head === 'limit' && LIMIT_KINDS.includes(a as LimitKind) && LIMIT_PERIODS.includes(b as LimitPeriod)) {
    return limitName(t, a as LimitKind, b as LimitPeriod);
  }
  if (head === 'deposit')
    return t('protectionUi.history.targets.deposit', { currency: (a ?? '').toUpperCase() });
  if (head === 'session_limit' || head === 'reality_check' || head === 'block')
    return t(`protectionUi.history.targets.${head}`);
  return target;
}

/** A block's duration code reads as words; other values are shown as the server wrote them. */
function valueText(t: TFunction, value: string | null): string {
  if (value === null) return t('protectionUi.history.none');
  const timeOut = t(`protectionUi.timeOut.durations.${value}`, { defaultValue: '' });
  if (timeOut) return timeOut;
  const exclusion = t(`protectionUi.exclusion.durations.${value}`, { defaultValue: '' });
  return exclusion || value;
}

export function HistoryCard({ items }: { items: ProtectionHistoryItem[] }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, HISTORY_PREVIEW);
  return (
    <section className="pg-card rg-card" data-testid="rg-history">
      <header className="rg-card__head">
        <span className="pg-card__icon" aria-hidden="true">
          <History size={18} />
        </span>
        <div>
          <h2 className="pg-card__title">{t('protectionUi.history.title')}</h2>
          <p className="pg-card__meta">{t('protectionUi.history.text')}</p>
        </div>
      </header>
      {items.length === 0 ? (
        <p className="rg-empty">{t('protectionUi.history.empty')}</p>
      ) : (
        <ol className="rg-history">
          {shown.map((item) => (
            <li key={item.id} className="rg-history__row" data-testid="rg-history-row">
              <span className="rg-history__dot" aria-hidden="true" />
              <div className="rg-history__main">
                <span className="rg-history__what">
                  <strong>{t(`protectionUi.history.actions.${item.action}`)}</strong>
                  <span className="rg-history__target">{targetText(t, item.target)}</span>
                </span>
                {(item.from !== null || item.to !== null) && (
                  <span className="rg-history__change tabular">
                    {valueText(t, item.from)}
                    <ArrowRight size={12} aria-hidden="true" />
                    {valueText(t, item.to)}
                  </span>
                )}
              </div>
              <div className="rg-history__meta">
                <time dateTime={item.at}>{dateTime(item.at)}</time>
                <span>{t(`protectionUi.history.by.${item.by}`)}</span>
              </div>
            </li>
          ))}
        </ol>
      )}
      {items.length > HISTORY_PREVIEW && (
        <div className="rg-card__actions">
          <Button variant="ghost" size="sm" onClick={() => setAll((value) => !value)}>
            {all
              ? t('protectionUi.history.showLess')
              : t('protectionUi.history.showAll', { count: items.length })}
          </Button>
        </div>
      )}
    </section>
  );
}

export function HelpCard({
  organisations,
  loading,
}: {
  organisations: HelpOrganisation[] | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section className="pg-card rg-card rg-card--help" data-testid="rg-help">
      <header className="rg-card__head">
        <span className="pg-card__icon" aria-hidden="true">
          <LifeBuoy size={18} />
        </span>
        <div>
          <h2 className="pg-card__title">{t('protectionUi.help.title')}</h2>
          <p className="pg-card__meta">{t('protectionUi.help.text')}</p>
        </div>
      </header>
      <HelpList organisations={organisations} loading={loading} />
      <p className="rg-help__signs">{t('protectionUi.help.signs')}</p>
    </section>
  );
}

/** The organisations as link cards (also on /error/se). */
export function HelpList({
  organisations,
  loading,
}: {
  organisations: HelpOrganisation[] | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <div className="rg-orgs">
        <Skeleton height={64} />
        <Skeleton height={64} />
      </div>
    );
  }
  if (!organisations?.length) return <p className="rg-empty">{t('protectionUi.help.empty')}</p>;
  return (
    <ul className="rg-orgs">
      {organisations.map((org) => (
        <li key={`${org.name}-${org.url}`}>
          <a
            className="rg-org"
            href={org.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('protectionUi.help.visit', { name: org.name })}
          >
            <span className="rg-org__text">
              <span className="rg-org__name">{org.name}</span>
              {org.description && <span className="rg-org__desc">{org.description}</span>}
              <span className="rg-org__url">{org.url.replace(/^https?:\/\//, '').replace(/\/$/, '')}</span>
            </span>
            <ExternalLink size={16} aria-hidden="true" />
          </a>
        </li>
      ))}
    </ul>
  );
}
