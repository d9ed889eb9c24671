/**
 * The connection banner (spec 1 section 4, spec 2 section 4, spec 3 section 8):
 * - nothing during the first 3 s after page load, nothing once 'Don't show again' was chosen;
 * - while the events server cannot be reached: 'Attempting to connect to the events server...' with
 *   a spinner, the retry countdown or 'Connecting to the server...' while an attempt is in flight;
 * - when a lost connection comes back: 'Connection restored' for about 3 s.
 * The live region is always in the DOM so screen readers announce each change.
 */
import { useEffect, useState } from 'react';
import { Check, RotateCw } from 'lucide-react';
import { Spinner } from '../../ui';
import { addTranslations, useTranslation } from '../../lib/i18n';
import { useAppStore } from '../../lib/store';
import type { RealtimeStatus } from '../../lib/realtime';
import { useRealtime, useRealtimeStatus } from '../../lib/realtime-provider';
import './connection-window.css';

/** Spec 2: the banner waits this long after the page loaded. */
export const PAGE_DELAY_MS = 3000;
/** How long 'Connection restored' stays. */
export const RESTORED_MS = 3000;
/** 'Connecting to the server...' stays at least this long, so fast failures do not flicker. */
const CONNECTING_HOLD_MS = 1000;

addTranslations('en', { realtime: { retryIn: 'Next attempt in {{count}} s', retryNow: 'Retry now' } });
addTranslations('de', {
  realtime: { retryIn: 'Neuer Versuch in {{count}} s', retryNow: 'Jetzt erneut versuchen' },
});

type Phase = 'hidden' | 'lost' | 'restored';

/** hidden -> lost (after the page delay) -> restored (3 s) -> hidden. */
function useBannerPhase(): Phase {
  const client = useRealtime();
  const [phase, setPhase] = useState<Phase>('hidden');

  useEffect(() => {
    let pageReady = false;
    /** The lost banner was shown for a connection that had worked (so its return is a restore). */
    let lostAfterConnected = false;
    let restoreTimer: ReturnType<typeof setTimeout> | undefined;

    const evaluate = () => {
      const status = client.getStatus();
      const down = status.state === 'connecting' || status.state === 'disconnected';
      if (!pageReady || useAppStore.getState().connectionBannerIgnored) {
        clearTimeout(restoreTimer);
        restoreTimer = undefined;
        lostAfterConnected = false;
        setPhase('hidden');
        return;
      }
      if (down) {
        clearTimeout(restoreTimer);
        restoreTimer = undefined;
        if (status.everConnected) lostAfterConnected = true;
        setPhase('lost');
        return;
      }
      if (status.state === 'connected' && lostAfterConnected) {
        lostAfterConnected = false;
        setPhase('restored');
        restoreTimer = setTimeout(() => {
          restoreTimer = undefined;
          setPhase('hidden');
        }, RESTORED_MS);
        return;
      }
      if (!restoreTimer) setPhase('hidden');
    };

    const pageTimer = setTimeout(
      () => {
        pageReady = true;
        evaluate();
      },
      Math.max(0, PAGE_DELAY_MS - performance.now()),
    );
    const offStatus = client.onStatus(evaluate);
    const offStore = useAppStore.subscribe((state, previous) => {
      if (state.connectionBannerIgnored !== previous.connectionBannerIgnored) evaluate();
    });
    return () => {
      clearTimeout(pageTimer);
      clearTimeout(restoreTimer);
      offStatus();
      offStore();
    };
  }, [client]);

  return phase;
}

/** Wall-clock time, refreshed every `ms` while `active` (for the retry countdown). */
function useNow(active: boolean, ms = 250): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [active, ms]);
  return now;
}

function retryLine(status: RealtimeStatus, now: number): { connecting: boolean; seconds: number } {
  const holding = status.lastAttemptAt !== null && now - status.lastAttemptAt < CONNECTING_HOLD_MS;
  const seconds = status.nextRetryAt === null ? 0 : Math.ceil((status.nextRetryAt - now) / 1000);
  return { connecting: status.state === 'connecting' || holding || seconds <= 0, seconds };
}

export function ConnectionWindow() {
  const { t } = useTranslation();
  const client = useRealtime();
  const status = useRealtimeStatus();
  const setSetting = useAppStore((state) => state.setSetting);
  const phase = useBannerPhase();
  const now = useNow(phase === 'lost');
  const line = retryLine(status, now);

  return (
    <div
      className="conn-banner"
      role="status"
      aria-live="polite"
      data-testid="connection-window"
      data-phase={phase}
    >
      {phase === 'lost' && (
        <div className="conn-banner__pill conn-banner__pill--lost">
          <Spinner size="sm" className="conn-banner__spinner" />
          <div className="conn-banner__body">
            <p className="conn-banner__title">{t('connection.eventsServer')}</p>
            <p className="conn-banner__sub">
              {line.connecting ? t('connection.connecting') : t('realtime.retryIn', { count: line.seconds })}
            </p>
          </div>
          <div className="conn-banner__actions">
            <button
              type="button"
              className="conn-banner__icon-btn"
              onClick={() => client.reconnectNow()}
              disabled={line.connecting}
              aria-label={t('realtime.retryNow')}
              title={t('realtime.retryNow')}
            >
              <RotateCw size={16} aria-hidden="true" />
            </button>
            <button
              type="button"
              className="conn-banner__ignore"
              onClick={() => setSetting('connectionBannerIgnored', true)}
            >
              {t('connection.ignore')}
            </button>
          </div>
        </div>
      )}
      {phase === 'restored' && (
        <div className="conn-banner__pill conn-banner__pill--restored">
          <span className="conn-banner__ok" aria-hidden="true">
            <Check size={14} strokeWidth={3} />
          </span>
          <p className="conn-banner__title">{t('connection.restored')}</p>
        </div>
      )}
    </div>
  );
}
