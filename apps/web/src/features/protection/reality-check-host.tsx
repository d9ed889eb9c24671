/**
 * The reality check (issue G5 item 3), mounted by the shell for a signed-in player: on the server's
 * clock, at the session's start plus each whole interval, a modal with the session's elapsed time and
 * net result (fresh from the server at that moment), Continue or Log out. At the session time limit a
 * notice says new bets are refused until after the break. The session is read when the host starts,
 * when the player's settings change, and at each check: never polled, since the read counts as
 * activity and would keep an idle session alive.
 *
 * The checks answered are remembered per player and session in localStorage (every tab of the player
 * shares them: Continue in one tab closes the modal in the others). A schedule seen for the first time
 * starts from the checks already due then, so choosing an interval mid-session does not pop a check at
 * once; reloading a page shows a check that fell due while it was closed.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { AlarmClock, LogOut, Play, Settings2, TimerOff } from 'lucide-react';
import type { ProtectionSession } from '@nebula/contracts';
import { formatFiat } from '@nebula/money';
import { Button, closeModal, isModalOpen, openModal } from '../../ui';
import { api } from '../../lib/api';
import { useAppStore } from '../../lib/store';
import { i18n, useTranslation, type TFunction } from '../../lib/i18n';
import { clockOffset, formatClock, latestDue, realityStep, splitDuration } from './reality-check';
import { protectionApi, protectionKeys } from './protection-api';
import { useDateTime } from './use-server-clock';
import './protection-texts';
import './protection.css';
import './protection-lists.css';
import './session-and-block.css';

export const REALITY_MODAL_ID = 'reality-check';
export const SESSION_LIMIT_MODAL_ID = 'session-limit';
const STORAGE_PREFIX = 'nebula:reality:';
/** The settings page of the reminders. */
const SETTINGS_PATH = '/profile/settings/responsible';

interface SessionRead {
  session: ProtectionSession;
  offset: number;
}

function storageKey(user: string, session: ProtectionSession): string {
  return `${STORAGE_PREFIX}${user}:${session.startedAt}:${session.realityCheckSeconds ?? 0}`;
}

function readAcknowledged(key: string): number | null {
  try {
    const value = localStorage.getItem(key);
    return value === null ? null : Number(value) || 0;
  } catch {
    return null;
  }
}

function writeAcknowledged(key: string, check: number): void {
  try {
    // Only this session's key is kept.
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const name = localStorage.key(i);
      if (name?.startsWith(STORAGE_PREFIX) && name !== key) localStorage.removeItem(name);
    }
    localStorage.setItem(key, String(check));
  } catch {
    // Storage off: the check is remembered for this page only.
  }
}

export function RealityCheckHost({ onLogout }: { onLogout: () => void }) {
  const user = useAppStore((state) => state.user?._id ?? null);
  const excluded = useAppStore((state) => !!state.user?.self_excluded);
  const enabled = !!user && !excluded;
  const { data, refetch } = useQuery({
    queryKey: [...protectionKeys.session(user)],
    enabled,
    staleTime: Infinity,
    queryFn: async (): Promise<SessionRead> => {
      const session = await api(protectionApi.session, {});
      return { session, offset: clockOffset(session.serverTime, Date.now()) };
    },
  });
  const acknowledgedRef = useRef<Map<string, number>>(new Map());
  const [tick, setTick] = useState(0);

  // Another tab answered the check: close ours too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key?.startsWith(STORAGE_PREFIX)) setTick((value) => value + 1);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  // Reality checks.
  useEffect(() => {
    if (!enabled || !data || !user) return;
    const { session, offset } = data;
    if (session.realityCheckSeconds === null) return;
    const key = storageKey(user, session);
    const schedule = {
      startMs: Date.parse(session.startedAt),
      intervalMs: session.realityCheckSeconds * 1000,
    };
    let stored = readAcknowledged(key) ?? acknowledgedRef.current.get(key) ?? null;
    if (stored === null) {
      stored = latestDue(schedule, Date.now() + offset);
      writeAcknowledged(key, stored);
      acknowledgedRef.current.set(key, stored);
    }
    const acknowledged = stored;
    if (isModalOpen(REALITY_MODAL_ID) && acknowledged >= latestDue(schedule, Date.now() + offset)) {
      closeModal(REALITY_MODAL_ID);
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    const run = () => {
      const step = realityStep({ ...schedule, acknowledged }, Date.now() + offset);
      if (step.kind === 'off') return;
      if (step.kind === 'wait') {
        timer = setTimeout(run, step.ms);
        return;
      }
      if (isModalOpen(REALITY_MODAL_ID)) return;
      // The elapsed time and net result of this moment, from the server.
      void api(protectionApi.session, {})
        .then(
          (fresh) => fresh,
          () => session,
        )
        .then((fresh) => {
          if (cancelled) return;
          openRealityModal(fresh, step.check, {
            onContinue: () => {
              writeAcknowledged(key, step.check);
              acknowledgedRef.current.set(key, step.check);
              setTick((value) => value + 1);
            },
            onLogout: () => {
              writeAcknowledged(key, step.check);
              onLogout();
            },
          });
          // A new session (after a break) restarts the schedule.
          if (fresh.startedAt !== session.startedAt) void refetch();
        });
    };
    run();
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      clearTimeout(timer);
      run();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [enabled, data, user, tick, onLogout, refetch]);

  // The session time limit.
  useEffect(() => {
    if (!enabled || !data) return;
    const { session, offset } = data;
    if (session.sessionEndsAt === null) return;
    const show = (current: ProtectionSession) => {
      if (current.limitReached && !isModalOpen(SESSION_LIMIT_MODAL_ID)) openSessionLimitModal(current);
    };
    if (session.limitReached) {
      show(session);
      return;
    }
    const wait = Date.parse(session.sessionEndsAt) - (Date.now() + offset);
    const timer = setTimeout(
      () => void api(protectionApi.session, {}).then(show, () => undefined),
      Math.max(0, Math.min(wait + 500, 2 ** 31 - 1)),
    );
    return () => clearTimeout(timer);
  }, [enabled, data]);

  // Signed out or excluded: no reminder stays on screen.
  useEffect(() => {
    if (enabled) return;
    closeModal(REALITY_MODAL_ID);
    closeModal(SESSION_LIMIT_MODAL_ID);
  }, [enabled]);

  return null;
}

function openRealityModal(
  session: ProtectionSession,
  check: number,
  actions: { onContinue: () => void; onLogout: () => void },
): void {
  openModal({
    id: REALITY_MODAL_ID,
    size: 'sm',
    dismissible: false,
    title: i18n.t('protectionUi.reality.title'),
    content: ({ close }) => (
      <RealityCheckView
        session={session}
        check={check}
        onContinue={() => {
          actions.onContinue();
          close();
        }}
        onLogout={() => {
          close();
          actions.onLogout();
        }}
        onSettings={close}
      />
    ),
  });
}

function RealityCheckView({
  session,
  check,
  onContinue,
  onLogout,
  onSettings,
}: {
  session: ProtectionSession;
  /** Which check of the session this is (1, 2, ...): tests tell one from the next by it. */
  check: number;
  onContinue: () => void;
  onLogout: () => void;
  onSettings: () => void;
}) {
  const { t } = useTranslation();
  const elapsedMs = session.elapsedSeconds * 1000;
  const net = session.netResultUsd;
  const negative = net.trim().startsWith('-');
  const zero = /^-?0*(\.0*)?$/.test(net.trim());
  const signed = negative || zero ? formatFiat(net, 'usd') : `+${formatFiat(net, 'usd')}`;
  return (
    <div className="rc" data-testid="reality-check" data-check={check}>
      <div className="rc__clock" aria-hidden="true">
        <AlarmClock size={22} />
      </div>
      <p className="rc__lead">{t('protectionUi.reality.lead', { time: elapsedText(t, elapsedMs) })}</p>
      <dl className="rc__stats">
        <div className="rc__stat">
          <dt>{t('protectionUi.reality.elapsed')}</dt>
          <dd className="tabular" data-testid="reality-check-elapsed">
            {formatClock(elapsedMs)}
          </dd>
        </div>
        <div className={clsx('rc__stat', !zero && (negative ? 'is-loss' : 'is-win'))}>
          <dt>{t('protectionUi.reality.net')}</dt>
          <dd className="tabular" data-testid="reality-check-net">
            {signed}
          </dd>
        </div>
        <div className="rc__stat">
          <dt>{t('protectionUi.reality.wagered')}</dt>
          <dd className="tabular">{formatFiat(session.wageredUsd, 'usd')}</dd>
        </div>
        <div className="rc__stat">
          <dt>{t('protectionUi.reality.bets')}</dt>
          <dd className="tabular">{session.bets}</dd>
        </div>
      </dl>
      <p className="rc__note">{t('protectionUi.reality.note')}</p>
      <div className="rg-modal__actions">
        <Button
          variant="secondary"
          icon={<LogOut size={16} />}
          onClick={onLogout}
          data-testid="reality-check-logout"
        >
          {t('protectionUi.reality.logout')}
        </Button>
        <Button icon={<Play size={16} />} onClick={onContinue} data-testid="reality-check-continue">
          {t('protectionUi.reality.continue')}
        </Button>
      </div>
      <Link to={SETTINGS_PATH} className="rc__settings" onClick={onSettings}>
        <Settings2 size={14} aria-hidden="true" />
        {t('protectionUi.reality.settings')}
      </Link>
    </div>
  );
}

/** `1 h 5 min`, `25 min`, `40 s`: how long the session has lasted, never rounded up. */
function elapsedText(t: TFunction, ms: number): string {
  const { hours, minutes, seconds } = splitDuration(ms);
  const parts: string[] = [];
  if (hours > 0) parts.push(t('protectionUi.durationParts.hours', { count: hours }));
  if (minutes > 0) parts.push(t('protectionUi.durationParts.minutes', { count: minutes }));
  if (parts.length === 0) parts.push(t('protectionUi.durationParts.seconds', { count: seconds }));
  return parts.join(' ');
}

function openSessionLimitModal(session: ProtectionSession): void {
  openModal({
    id: SESSION_LIMIT_MODAL_ID,
    size: 'sm',
    title: i18n.t('protectionUi.reality.limitTitle'),
    content: ({ close }) => <SessionLimitView session={session} onClose={close} />,
  });
}

function SessionLimitView({ session, onClose }: { session: ProtectionSession; onClose: () => void }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  return (
    <div className="rc" data-testid="session-limit">
      <div className="rc__clock rc__clock--stop" aria-hidden="true">
        <TimerOff size={22} />
      </div>
      <p className="rc__lead">{t('protectionUi.reality.limitText')}</p>
      {session.breakUntil && (
        <p className="rc__note">
          {t('protectionUi.reality.limitUntil', { time: dateTime(session.breakUntil) })}
        </p>
      )}
      <div className="rg-modal__actions">
        <Button onClick={onClose}>{t('protectionUi.reality.ok')}</Button>
      </div>
    </div>
  );
}
