import { FlaskConical } from 'lucide-react';
import type { SportClock, SportEventStatus } from '@nebula/contracts';
import { useTranslation } from '../../lib/i18n';
import { clockText } from './live-model';
import { serverOffset, useNow } from './sports-live';
import './badges.css';

/** "Simulated" on every event of the simulated feed (issue G9 item 2). */
export function SimulatedBadge() {
  const { t } = useTranslation();
  return (
    <span
      className="sp-badge sp-badge--sim"
      title={t('sportsUi.simulatedHint')}
      data-testid="simulated-badge"
    >
      <FlaskConical size={11} aria-hidden="true" />
      {t('sportsUi.simulated')}
    </span>
  );
}

export function LiveBadge() {
  const { t } = useTranslation();
  return (
    <span className="sp-badge sp-badge--live">
      <span className="sp-live-dot" aria-hidden="true" />
      {t('sportsUi.live')}
    </span>
  );
}

/** The match clock, ticking while it runs, with its period. */
export function MatchClock({ clock }: { clock: SportClock }) {
  const { t } = useTranslation();
  const now = useNow();
  const period = t(`sportsUi.periods.${clock.period}`, { defaultValue: clock.period.replace(/_/g, ' ') });
  return (
    <span className="sp-clock" data-testid="match-clock">
      <span className="sp-clock__period">{period}</span>
      <span className="sp-clock__time tabular">{clockText(clock, now, serverOffset())}</span>
    </span>
  );
}

/** When an event starts, as today / tomorrow / a date, and the time. */
export function StartTime({ startsAt }: { startsAt: string }) {
  const { t, i18n } = useTranslation();
  const date = new Date(startsAt);
  const today = new Date();
  const tomorrow = new Date(today.getTime() + 86_400_000);
  const same = (a: Date, b: Date) => a.toDateString() === b.toDateString();
  const time = date.toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });
  const day = same(date, today)
    ? t('sportsUi.today')
    : same(date, tomorrow)
      ? t('sportsUi.tomorrow')
      : date.toLocaleDateString(i18n.language, { day: '2-digit', month: 'short' });
  return (
    <span className="sp-start">
      <span>{day}</span>
      <span className="tabular">{time}</span>
    </span>
  );
}

export function StatusText({ status }: { status: SportEventStatus }) {
  const { t } = useTranslation();
  return <span className={`sp-status sp-status--${status}`}>{t(`sportsUi.status.${status}`)}</span>;
}
