/**
 * /casino/game/external:{id}: a third-party game. Launches it (`POST /api/slots/launch`) and shows the
 * provider's frame: real money for a signed-in player (in the selected currency), demo for guests or
 * on request. A provider restricted in the player's country, or a game switched off, sends the player
 * to /error/slotUnavailable. When the selected currency changes while a real game runs, the
 * refresh-currency prompt asks before reloading it (spec 3 section 2: routes containing `external:`).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FlaskConical, Gamepad2, Maximize2, SearchX } from 'lucide-react';
import { SLOT_UNAVAILABLE_CODE } from '@nebula/contracts/constants';
import type { slotLaunchEndpoint } from '@nebula/contracts';
import { GameFavouriteButton } from '../../features/lobby';
import { ApiError, api, endpointRef } from '../../lib/api';
import { useAppStore } from '../../lib/store';
import { useTranslation } from '../../lib/i18n';
import { Button, EmptyState, PageFrame, closeModal, openModal } from '../../ui';
import './external-texts';
import './external-game.css';

const launchRef = endpointRef<typeof slotLaunchEndpoint>('POST', '/api/slots/launch');
type Launch = Awaited<ReturnType<typeof api<typeof slotLaunchEndpoint>>>;

type State =
  | { status: 'loading' }
  | { status: 'ready'; launch: Launch; currency: string | null }
  | { status: 'not-found' }
  | { status: 'error'; message: string };

const PROMPT_ID = 'refresh-currency';

export function ExternalGamePage({ id }: { id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useAppStore((s) => s.user !== null);
  const currency = useAppStore((s) => s.currency);
  const pushRecentGame = useAppStore((s) => s.pushRecentGame);
  const [wantDemo, setWantDemo] = useState(false);
  const demo = wantDemo || !signedIn;
  const [answer, setAnswer] = useState<{ key: string; state: State } | null>(null);
  const [attempt, setAttempt] = useState(0);
  // The currency a real launch plays in: fixed when it launched (a change asks first, below).
  const [playCurrency, setPlayCurrency] = useState(currency);
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => pushRecentGame(id), [id, pushRecentGame]);

  // The launch this page shows: a state belongs to one request; another request shows loading.
  const requestKey = `${id}|${demo ? 'demo' : playCurrency}|${attempt}`;
  const state: State = answer?.key === requestKey ? answer.state : { status: 'loading' };
  useEffect(() => {
    const controller = new AbortController();
    const setState = (next: State) => setAnswer({ key: requestKey, state: next });
    api(
      launchRef,
      { game: id, demo, ...(demo ? {} : { currency: playCurrency }) },
      { signal: controller.signal },
    )
      .then((launch) => setState({ status: 'ready', launch, currency: demo ? null : playCurrency }))
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        if (err instanceof ApiError && err.code === SLOT_UNAVAILABLE_CODE) {
          void navigate('/error/slotUnavailable', { replace: true });
          return;
        }
        if (err instanceof ApiError && err.status === 404) return setState({ status: 'not-found' });
        if (err instanceof ApiError && err.code === -7) {
          setWantDemo(false);
          return setState({ status: 'error', message: t('externalGame.noDemo') });
        }
        setState({ status: 'error', message: err instanceof Error ? err.message : String(err) });
      });
    return () => controller.abort();
  }, [id, demo, playCurrency, requestKey, navigate, t]);

  // The refresh-currency prompt: a real game keeps its currency until the player reloads it.
  const playing = state.status === 'ready' ? state.currency : null;
  useEffect(() => {
    if (!playing || currency === playing) {
      closeModal(PROMPT_ID);
      return;
    }
    const from = playing.toUpperCase();
    const to = currency.toUpperCase();
    openModal({
      id: PROMPT_ID,
      title: t('externalGame.currencyPrompt.title'),
      size: 'sm',
      className: 'ext-prompt',
      content: ({ close }) => (
        <div className="ext-prompt__body" data-testid="refresh-currency-prompt">
          <p>{t('externalGame.currencyPrompt.text', { from, to })}</p>
          <div className="ext-prompt__actions">
            <Button
              variant="primary"
              onClick={() => {
                close();
                setPlayCurrency(currency);
              }}
            >
              {t('externalGame.currencyPrompt.reload')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                close();
                useAppStore.getState().setCurrency(playing);
              }}
            >
              {t('externalGame.currencyPrompt.keep', { from })}
            </Button>
          </div>
        </div>
      ),
    });
  }, [playing, currency, t]);
  useEffect(() => () => closeModal(PROMPT_ID), []);

  const fullscreen = useCallback(() => {
    void frame.current?.requestFullscreen?.().catch(() => undefined);
  }, []);

  if (state.status === 'not-found') {
    return (
      <PageFrame
        breadcrumbs={[
          { label: 'Casino', to: '/' },
          { label: 'Slots', to: '/casino/slots' },
        ]}
      >
        <title>{t('externalGame.notFound.title')}</title>
        <EmptyState
          size="page"
          icon={<SearchX size={40} strokeWidth={1.5} />}
          title={t('externalGame.notFound.title')}
          text={t('externalGame.notFound.text', { id })}
          action={
            <Link to="/casino/slots" className="ui-btn ui-btn--primary ui-btn--md">
              <span className="ui-btn__content">
                <span className="ui-btn__label">{t('externalGame.notFound.action')}</span>
              </span>
            </Link>
          }
        />
      </PageFrame>
    );
  }

  const launch = state.status === 'ready' ? state.launch : null;
  const name = launch?.game.name ?? '';
  const provider = launch?.provider;
  return (
    <PageFrame
      title={name || '\u00a0'}
      subtitle={provider?.name}
      breadcrumbs={[
        { label: 'Casino', to: '/' },
        ...(provider
          ? [{ label: provider.name, to: `/casino/game/provider/${encodeURIComponent(provider.id)}` }]
          : []),
        ...(name ? [{ label: name }] : []),
      ]}
      width="wide"
      className="ext-page"
      actions={name ? <GameFavouriteButton id={id} name={name} /> : undefined}
    >
      <div className="ext-bar">
        <div className="ext-mode" role="radiogroup" aria-label={t('externalGame.mode')}>
          <button
            type="button"
            role="radio"
            aria-checked={!demo}
            className={`ext-mode__opt${demo ? '' : ' is-on'}`}
            disabled={!signedIn}
            title={signedIn ? undefined : t('externalGame.signInForReal')}
            onClick={() => setWantDemo(false)}
          >
            {t('externalGame.real')}
          </button>
          <button
            type="button"
            role="radio"
            aria-checked={demo}
            className={`ext-mode__opt${demo ? ' is-on' : ''}`}
            onClick={() => setWantDemo(true)}
          >
            {t('externalGame.demo')}
          </button>
        </div>
        {launch?.simulated && (
          <span
            className="ext-simulated"
            title={t('externalGame.simulatedHint')}
            data-testid="simulated-badge"
          >
            <FlaskConical size={14} aria-hidden="true" />
            {t('externalGame.simulated')}
          </span>
        )}
        {!signedIn && <span className="ext-hint">{t('externalGame.signInForReal')}</span>}
        <button
          type="button"
          className="ext-icon"
          onClick={fullscreen}
          aria-label={t('externalGame.fullscreen')}
        >
          <Maximize2 size={16} aria-hidden="true" />
        </button>
      </div>
      <div className="ext-stage">
        {state.status === 'ready' ? (
          <iframe
            ref={frame}
            key={state.launch.url}
            className="ext-frame"
            src={state.launch.url}
            title={t('externalGame.frameTitle', { name, provider: provider?.name ?? '' })}
            allow="fullscreen; autoplay"
            data-testid="external-game-frame"
          />
        ) : state.status === 'loading' ? (
          <div className="ext-loading" aria-live="polite">
            <Gamepad2 size={36} strokeWidth={1.5} aria-hidden="true" />
            <span>{t('externalGame.loading')}</span>
          </div>
        ) : (
          <div className="ext-loading" data-testid="external-game-error">
            <EmptyState
              tone="error"
              icon={<Gamepad2 size={36} strokeWidth={1.5} />}
              title={t('externalGame.failed.title')}
              text={state.message}
              action={
                <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
                  {t('externalGame.failed.action')}
                </Button>
              }
            />
          </div>
        )}
      </div>
    </PageFrame>
  );
}
