import { EyeOff, Medal } from 'lucide-react';
import type { RaceEntry } from '@nebula/contracts';
import type { TimeLeft } from './race-model';
import './race-texts';
import './race.css';
import { useTranslation } from '../../lib/i18n';

/** Days, hours, minutes, seconds to the week's end. */
export function Countdown({ left, compact = false }: { left: TimeLeft; compact?: boolean }) {
  const { t } = useTranslation();
  const pad = (value: number) => String(value).padStart(2, '0');
  if (left.ms === 0) return <p className="race-ended">{t('raceUi.ended')}</p>;
  const cells: [number, string][] = [
    [left.d, t('raceUi.days')],
    [left.h, t('raceUi.hours')],
    [left.m, t('raceUi.minutes')],
    [left.s, t('raceUi.seconds')],
  ];
  return (
    <div
      className={`race-timer${compact ? ' race-timer--compact' : ''}`}
      role="timer"
      aria-live="off"
      data-testid="race-countdown"
    >
      {cells.map(([value, label]) => (
        <span key={label} className="race-timer__cell">
          <strong>{pad(value)}</strong>
          <small>{label}</small>
        </span>
      ))}
    </div>
  );
}

/** A player's name as the viewer may see it; private players are 'Hidden'. */
export function RacePlayer({ entry, me }: { entry: RaceEntry; me: boolean }) {
  const { t } = useTranslation();
  if (entry.user._id === '' && entry.user.private_bets) {
    return (
      <span className="race-player race-player--hidden">
        <EyeOff size={13} aria-hidden="true" />
        {t('raceUi.hidden')}
      </span>
    );
  }
  return (
    <span className="race-player">
      <span className="race-player__avatar" aria-hidden="true">
        {entry.user.avatar ? <img src={entry.user.avatar} alt="" /> : entry.user.name.charAt(0).toUpperCase()}
      </span>
      <span className="race-player__name">{entry.user.name}</span>
      {me && <span className="race-player__you">{t('raceUi.you')}</span>}
    </span>
  );
}

/** Place 1 to 3 get a medal. */
export function PlaceBadge({ place }: { place: number }) {
  if (place > 3) return <span className="race-place">{place}</span>;
  return (
    <span className={`race-place race-place--${place}`} aria-label={String(place)}>
      <Medal size={15} aria-hidden="true" />
      {place}
    </span>
  );
}
