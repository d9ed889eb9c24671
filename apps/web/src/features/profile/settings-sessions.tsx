import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Globe, LogOut, MonitorSmartphone, Monitor, Smartphone } from 'lucide-react';
import type { ResponseOf, sessionsEndpoint } from '@nebula/contracts';
import { Button, Skeleton, toast } from '../../ui';
import { api, isApiError } from '../../lib/api';
import { endpoints } from './profile-api';
import { SettingsCard } from './fields';
import { relativeTime } from './format';
import { parseUserAgent } from './user-agent';
import { useTranslation } from '../../lib/i18n';

type Session = ResponseOf<typeof sessionsEndpoint>['sessions'][number];

const SESSIONS_KEY = ['profile', 'sessions'] as const;

/** This device first, then the most recently active. */
export function sortSessions(sessions: readonly Session[]): Session[] {
  return [...sessions].sort((a, b) => {
    if (a.current !== b.current) return a.current ? -1 : 1;
    return new Date(b.lastSeenAt).getTime() - new Date(a.lastSeenAt).getTime();
  });
}

function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function SessionsSettings() {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: async () => sortSessions((await api(endpoints.sessions, {})).sessions),
    staleTime: 10_000,
  });
  const count = data?.length ?? 0;
  return (
    <SettingsCard
      icon={<MonitorSmartphone size={18} />}
      title={t('profileUi.sessions.title')}
      description={t('profileUi.sessions.text')}
      aside={data ? <span className="pg-tag">{t('profileUi.sessions.count', { count })}</span> : undefined}
      testId="settings-sessions"
    >
      {isPending ? (
        <ul className="profile-sessions" aria-busy="true">
          {[0, 1].map((key) => (
            <li key={key} className="profile-session">
              <Skeleton width={40} height={40} radius="var(--radius)" />
              <div className="profile-session__info">
                <Skeleton shape="text" width={140} />
                <Skeleton shape="text" width={200} />
              </div>
            </li>
          ))}
        </ul>
      ) : isError ? (
        <div className="profile-inline-error" role="alert">
          <span>{t('errors.loadFailed')}</span>
          <Button variant="secondary" size="sm" onClick={() => void refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <ul className="profile-sessions" data-testid="sessions-list">
          {data.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      )}
    </SettingsCard>
  );
}

function SessionRow({ session }: { session: Session }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const now = useNow();
  const [busy, setBusy] = useState(false);
  const parsed = parseUserAgent(session.userAgent);
  const device =
    parsed.browser && parsed.os
      ? t('profileUi.sessions.device', { browser: parsed.browser, os: parsed.os })
      : (parsed.browser ?? parsed.os ?? t('profileUi.sessions.unknownDevice'));
  const seen = relativeTime(session.lastSeenAt, now, i18n.language);
  const Icon = parsed.mobile ? Smartphone : Monitor;

  async function revoke() {
    setBusy(true);
    try {
      await api(endpoints.revokeSession, { id: session.id });
      queryClient.setQueryData<Session[]>(SESSIONS_KEY, (list) =>
        list?.filter((item) => item.id !== session.id),
      );
      toast.success(t('profileUi.sessions.revoked'));
    } catch (caught) {
      toast.error(isApiError(caught) ? caught.message : t('errors.generic'));
      setBusy(false);
    }
  }

  return (
    <li className="profile-session" data-testid="session-row" data-current={session.current || undefined}>
      <span className="profile-session__icon" aria-hidden="true">
        <Icon size={18} />
      </span>
      <div className="profile-session__info">
        <span className="profile-session__device">
          {device}
          {session.current && (
            <span className="pg-tag pg-tag--accent" data-testid="session-current">
              {t('profileUi.sessions.thisDevice')}
            </span>
          )}
        </span>
        <span className="profile-session__meta">
          <span className="profile-session__ip">
            <Globe size={12} aria-hidden="true" />
            <span className="pg-mono">{session.ip ?? t('profileUi.sessions.unknownIp')}</span>
          </span>
          <span aria-hidden="true">·</span>
          <span>
            {session.current
              ? t('profileUi.sessions.activeNow')
              : t('profileUi.sessions.lastSeen', { time: seen ?? t('profileUi.sessions.justNow') })}
          </span>
        </span>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          size="sm"
          icon={<LogOut size={14} />}
          loading={busy}
          onClick={() => void revoke()}
          className="profile-session__action"
          data-testid="session-revoke"
        >
          {t('profileUi.sessions.signOut')}
        </Button>
      )}
    </li>
  );
}
