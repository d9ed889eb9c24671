/**
 * The movable sport live widget (spec 3 section 2): over every page while open, dragged by its
 * header. Sports show a match tracker (score, clock, periods, the pitch with the match's state from
 * the live feed); esports embed the event's stream when it has a stream link, else say it is
 * unavailable. It follows the event live over the socket.
 */
import { useEffect, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import { Link } from 'react-router';
import { ExternalLink, GripHorizontal, MonitorX, X } from 'lucide-react';
import type { SportEvent } from '@nebula/contracts';
import { useTranslation } from '../../lib/i18n';
import { LiveBadge, MatchClock, SimulatedBadge, StartTime, StatusText } from './badges';
import { eventPath, useEvent } from './sports-api';
import { noteServerTime, useSportsbookLive } from './sports-live';
import { useSportWidget } from './widget-state';
import './sports-texts';
import './sport-widget.css';

const WIDTH = 340;
const MARGIN = 12;

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}

/** Sports: our match tracker, drawn from the live score and clock. */
export function MatchTracker({ event }: { event: SportEvent }) {
  const { t } = useTranslation();
  const [home, away] = event.competitors;
  const live = event.status === 'live';
  return (
    <div className="sw-tracker" data-testid="match-tracker" data-tracker={event.matchTrackerId ?? undefined}>
      <div className="sw-pitch" aria-hidden="true">
        <svg viewBox="0 0 300 150" preserveAspectRatio="none">
          <rect x="1" y="1" width="298" height="148" rx="6" className="sw-pitch__grass" />
          <line x1="150" y1="1" x2="150" y2="149" className="sw-pitch__line" />
          <circle cx="150" cy="75" r="22" className="sw-pitch__line" />
          <rect x="1" y="40" width="36" height="70" className="sw-pitch__line" />
          <rect x="263" y="40" width="36" height="70" className="sw-pitch__line" />
          {live && <circle cx="150" cy="75" r="4" className="sw-pitch__ball" />}
        </svg>
        <div className="sw-pitch__score">
          <span className="sw-pitch__team">{home?.abbreviation ?? home?.name}</span>
          <span className="sw-pitch__goals tabular" data-testid="widget-score">
            {event.score ? `${event.score.home} : ${event.score.away}` : '– : –'}
          </span>
          <span className="sw-pitch__team">{away?.abbreviation ?? away?.name}</span>
        </div>
      </div>
      <div className="sw-tracker__state">
        {live ? (
          <LiveBadge />
        ) : event.status === 'not_started' ? (
          <StartTime startsAt={event.startsAt} />
        ) : (
          <StatusText status={event.status} />
        )}
        {live && event.clock && <MatchClock clock={event.clock} />}
      </div>
      {event.score && event.score.periods.length > 0 && (
        <table className="sw-periods">
          <thead>
            <tr>
              <th scope="col">{t('sportsUi.widget.tracker')}</th>
              {event.score.periods.map((period) => (
                <th key={period.period} scope="col">
                  {t(`sportsUi.periods.${period.period}`, { defaultValue: period.period.replace(/_/g, ' ') })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(
              [
                [home?.name, 'home'],
                [away?.name, 'away'],
              ] as const
            ).map(([name, side]) => (
              <tr key={side}>
                <th scope="row">{name}</th>
                {event.score?.periods.map((period) => (
                  <td key={period.period} className="tabular">
                    {period[side]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** Esports: the stream when the event has one, else the 'unavailable' text. */
export function StreamView({ event }: { event: SportEvent }) {
  const { t } = useTranslation();
  if (!event.streamUrl) {
    return (
      <div className="sw-unavailable" data-testid="stream-unavailable">
        <MonitorX size={28} aria-hidden="true" />
        <p>{t('sportsUi.widget.unavailable')}</p>
      </div>
    );
  }
  return (
    <iframe
      className="sw-stream"
      src={event.streamUrl}
      title={t('sportsUi.widget.stream')}
      allow="autoplay; fullscreen"
      sandbox="allow-scripts allow-same-origin allow-presentation"
      data-testid="stream-frame"
    />
  );
}

export function SportWidget() {
  const { t } = useTranslation();
  const target = useSportWidget((state) => state.event);
  const position = useSportWidget((state) => state.position);
  const move = useSportWidget((state) => state.move);
  const close = useSportWidget((state) => state.close);
  const { data } = useEvent(target?.id ?? '');
  const drag = useRef<{ dx: number; dy: number } | null>(null);
  const box = useRef<HTMLDivElement>(null);
  useSportsbookLive();
  useEffect(() => noteServerTime(data?.serverTime), [data?.serverTime]);

  if (!target) return null;
  const event = data?.event;
  const place = (x: number, y: number) => {
    const height = box.current?.offsetHeight ?? 260;
    move({
      x: clamp(x, MARGIN, window.innerWidth - WIDTH - MARGIN),
      y: clamp(y, MARGIN, window.innerHeight - height - MARGIN),
    });
  };

  function onPointerDown(down: ReactPointerEvent<HTMLDivElement>) {
    if ((down.target as HTMLElement).closest('button, a')) return;
    const rect = box.current?.getBoundingClientRect();
    if (!rect) return;
    drag.current = { dx: down.clientX - rect.left, dy: down.clientY - rect.top };
    down.currentTarget.setPointerCapture(down.pointerId);
  }
  function onPointerMove(moveEvent: ReactPointerEvent<HTMLDivElement>) {
    if (!drag.current) return;
    place(moveEvent.clientX - drag.current.dx, moveEvent.clientY - drag.current.dy);
  }
  function onPointerUp() {
    drag.current = null;
  }

  const style = position ? { left: position.x, top: position.y } : undefined;
  return (
    <div
      ref={box}
      className={`sport-widget${position ? ' is-placed' : ''}`}
      style={style}
      role="dialog"
      aria-label={t('sportsUi.widget.title')}
      data-testid="sport-widget"
    >
      <div
        className="sport-widget__bar"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        title={t('sportsUi.widget.drag')}
      >
        <GripHorizontal size={14} aria-hidden="true" className="sport-widget__grip" />
        <span className="sport-widget__title">{event?.name ?? t('sportsUi.widget.title')}</span>
        {event?.simulated && <SimulatedBadge />}
        {event && (
          <Link to={eventPath(event)} className="sport-widget__btn" aria-label={t('sportsUi.widget.open')}>
            <ExternalLink size={14} aria-hidden="true" />
          </Link>
        )}
        <button
          type="button"
          className="sport-widget__btn"
          aria-label={t('sportsUi.widget.close')}
          onClick={close}
        >
          <X size={16} aria-hidden="true" />
        </button>
      </div>
      <div className="sport-widget__body">
        {event ? (
          event.sport.type === 'ESPORTS' ? (
            <StreamView event={event} />
          ) : (
            <MatchTracker event={event} />
          )
        ) : (
          <div className="sw-loading" aria-hidden="true" />
        )}
      </div>
    </div>
  );
}
