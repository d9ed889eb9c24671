/**
 * /sportsbook?bt-path=<encoded path> with the external sportsbook on (licence plugin
 * `sportsbook_external`; decision 0034): the provider's renderer in a frame, initialised with the player
 * JWT (`POST /api/external-sports/launch`, again when the player or the currency changes). The page's
 * `bt-path` and the renderer's path follow each other: the renderer tells its path (`bt:route`, a new
 * history entry), and a changed `bt-path` (back, forward, a link) is sent to it (`bt:navigate`). Messages
 * are exchanged with the frame's own origin only.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FlaskConical, Trophy } from 'lucide-react';
import { normaliseBtPath } from '@nebula/contracts/constants';
import type { externalSportsLaunchEndpoint } from '@nebula/contracts';
import { api, endpointRef } from '../../lib/api';
import { useAppStore } from '../../lib/store';
import { useTranslation } from '../../lib/i18n';
import { Button, EmptyState, PageFrame } from '../../ui';
import './external-sports-texts';
import './external-sports.css';

const launchRef = endpointRef<typeof externalSportsLaunchEndpoint>('POST', '/api/external-sports/launch');
type Launch = Awaited<ReturnType<typeof api<typeof externalSportsLaunchEndpoint>>>;

type State =
  { status: 'loading' } | { status: 'ready'; launch: Launch } | { status: 'error'; message: string };

export function ExternalSportsbookPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const btPath = normaliseBtPath(params.get('bt-path'));
  const userId = useAppStore((s) => s.user?._id ?? null);
  const currency = useAppStore((s) => s.currency);
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ key: string; state: State } | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  // The path the renderer is on (as it last told us, or as we sent it).
  const framePath = useRef(btPath);
  // The frame's first path: later paths go by message, so the frame is not reloaded.
  const [startPath] = useState(btPath);

  const key = `${userId ?? 'guest'}|${currency}|${attempt}`;
  const state: State = answer?.key === key ? answer.state : { status: 'loading' };
  useEffect(() => {
    const controller = new AbortController();
    api(launchRef, userId ? { currency } : {}, { signal: controller.signal })
      .then((launch) => setAnswer({ key, state: { status: 'ready', launch } }))
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        setAnswer({
          key,
          state: { status: 'error', message: err instanceof Error ? err.message : String(err) },
        });
      });
    return () => controller.abort();
  }, [key, userId, currency]);

  const launch = state.status === 'ready' ? state.launch : null;
  const src = useMemo(() => {
    if (!launch) return null;
    const url = new URL(launch.rendererUrl, window.location.origin);
    url.searchParams.set('brand_id', launch.brandId);
    url.searchParams.set('path', startPath);
    return url;
  }, [launch, startPath]);

  // Messages from the renderer: ready (give it the token), its path, a placed bet.
  useEffect(() => {
    if (!launch || !src) return;
    const origin = src.origin;
    const send = (message: unknown) => frame.current?.contentWindow?.postMessage(message, origin);
    send({ type: 'bt:init', token: launch.token });
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== origin || e.source !== frame.current?.contentWindow) return;
      const data = e.data as { type?: unknown; path?: unknown } | null;
      if (!data || typeof data !== 'object') return;
      if (data.type === 'bt:ready') send({ type: 'bt:init', token: launch.token });
      if (data.type === 'bt:route' && typeof data.path === 'string') {
        const path = normaliseBtPath(data.path);
        framePath.current = path;
        setParams(path === '/' ? {} : { 'bt-path': path });
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [launch, src, setParams]);

  // A bt-path the renderer is not on (back, forward, a link): send it there.
  useEffect(() => {
    if (!src || btPath === framePath.current) return;
    framePath.current = btPath;
    frame.current?.contentWindow?.postMessage({ type: 'bt:navigate', path: btPath }, src.origin);
  }, [btPath, src]);

  return (
    <PageFrame
      title={t('externalSports.title')}
      width="wide"
      className="xsb-page"
      actions={
        launch?.simulated ? (
          <span
            className="xsb-simulated"
            title={t('externalSports.simulatedHint')}
            data-testid="simulated-sportsbook-badge"
          >
            <FlaskConical size={14} aria-hidden="true" />
            {t('externalSports.simulated')}
          </span>
        ) : undefined
      }
    >
      {!userId && <p className="xsb-hint">{t('externalSports.signIn')}</p>}
      <div className="xsb-stage">
        {src && launch ? (
          <iframe
            ref={frame}
            key={`${src.href}|${launch.token ?? ''}`}
            className="xsb-frame"
            src={src.href}
            title={t('externalSports.frameTitle')}
            data-testid="external-sportsbook-frame"
          />
        ) : state.status === 'error' ? (
          <div className="xsb-loading">
            <EmptyState
              tone="error"
              icon={<Trophy size={36} strokeWidth={1.5} />}
              title={t('externalSports.failed.title')}
              text={state.message}
              action={
                <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
                  {t('externalSports.failed.action')}
                </Button>
              }
            />
          </div>
        ) : (
          <div className="xsb-loading" aria-live="polite">
            <Trophy size={36} strokeWidth={1.5} aria-hidden="true" />
            <span>{t('externalSports.loading')}</span>
          </div>
        )}
      </div>
    </PageFrame>
  );
}
