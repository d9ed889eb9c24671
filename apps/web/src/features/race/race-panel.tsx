import { Link } from 'react-router';
import { ArrowRight, Trophy } from 'lucide-react';
import { useAppStore } from '../../lib/store';
import { Skeleton } from '../../ui';
import { useCountdown, useRace } from './race-api';
import { formatDecimal } from './race-model';
import { Countdown, PlaceBadge, RacePlayer } from './race-parts';
import './race-texts';
import './race.css';
import { useTranslation } from '../../lib/i18n';

/** Leaders shown in the panel. */
const PANEL_ENTRIES = 5;

/** The race panel shown with the live feed's race channel: pool, countdown and the top players. */
export function RacePanel() {
  const { t } = useTranslation();
  const { data, dataUpdatedAt } = useRace();
  const left = useCountdown(data?.endsAt, data?.now, dataUpdatedAt);
  const myId = useAppStore((state) => state.user?._id ?? null);
  const currency = data?.prizePool.currency.toUpperCase() ?? '';
  return (
    <aside className="race-panel" data-testid="race-panel" aria-label={t('raceUi.title')}>
      <div className="race-panel__head">
        <span className="race-panel__icon" aria-hidden="true">
          <Trophy size={20} />
        </span>
        <div className="race-panel__copy">
          <strong>{t('raceUi.title')}</strong>
          <span>
            {t('raceUi.prizePool')}:{' '}
            {data ? (
              `${formatDecimal(data.prizePool.reward)} ${currency}`
            ) : (
              <Skeleton shape="text" width={80} />
            )}
          </span>
        </div>
        <Countdown left={left} compact />
      </div>
      {data && data.entries.length > 0 && (
        <ol className="race-panel__top">
          {data.entries.slice(0, PANEL_ENTRIES).map((entry) => (
            <li key={`${entry.place}-${entry.user._id}`} className="race-panel__entry">
              <PlaceBadge place={entry.place} />
              <RacePlayer entry={entry} me={myId !== null && entry.user._id === myId} />
              <span className="race-num">${formatDecimal(entry.wager_usd)}</span>
            </li>
          ))}
        </ol>
      )}
      <Link to="/leaderboard" className="race-panel__all">
        {t('raceUi.viewAll')}
        <ArrowRight size={14} aria-hidden="true" />
      </Link>
    </aside>
  );
}
