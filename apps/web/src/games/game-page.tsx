/**
 * /casino/game/{id}: an in-house game. Resolves the id against `@nebula/games`, loads the game's UI
 * chunk (GAME_UI_LOADERS) and renders it in the frame; a failed load gets a retry. The game goes to the
 * player's recent games. `/casino/game/external:{id}` is a third-party game (external/); any other id
 * is looked up there (its page says when no such game exists).
 */
import { Suspense, lazy, useEffect, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { Gamepad2, SearchX } from 'lucide-react';
import { crash, getExtendedGame, getGame, isExtendedGameId, isGameId } from '@nebula/games';
import { EXTERNAL_GAME_PREFIX } from '@nebula/contracts/constants';
import { GameFavouriteButton } from '../features/lobby';
import { useAppStore } from '../lib/store';
import { Button, EmptyState, PageFrame } from '../ui';
import { FrameSkeleton, GameFrame } from './frame/game-frame';
import { registerFrameTexts } from './frame/frame-texts';
import { ExtendedFrame } from './frame/extended-frame';
import type { MultiplayerGameUi } from './crash';
import {
  EXTENDED_UI_LOADERS,
  GAME_UI_LOADERS,
  MULTIPLAYER_UI_LOADERS,
  isMultiplayerGameId,
} from './registry';
import type { ExtendedGameUi, GameUi } from './types';
import { useTranslation } from '../lib/i18n';

registerFrameTexts();

/** Third-party games (`external:{id}`): their own chunk, loaded when one is opened. */
const ExternalGamePage = lazy(async () => ({
  default: (await import('./external/external-game-page')).ExternalGamePage,
}));

type AnyGameUi = GameUi<unknown, unknown> | ExtendedGameUi<unknown, unknown> | MultiplayerGameUi;

type LoadState =
  { status: 'loading' } | { status: 'ready'; ui: AnyGameUi } | { status: 'error'; error: unknown };

/** The loader of a game's UI chunk: single-round or extended; undefined for an unknown id. */
function loaderFor(id: string): (() => Promise<{ default: AnyGameUi }>) | undefined {
  if (isGameId(id)) return GAME_UI_LOADERS[id] as () => Promise<{ default: AnyGameUi }>;
  if (isExtendedGameId(id)) return EXTENDED_UI_LOADERS[id];
  return isMultiplayerGameId(id) ? MULTIPLAYER_UI_LOADERS[id] : undefined;
}

function useGameUi(id: string): [LoadState, () => void] {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  useEffect(() => {
    let alive = true;
    const load = loaderFor(id);
    if (!load) return undefined;
    load()
      .then((module) => {
        if (alive) setState({ status: 'ready', ui: module.default });
      })
      .catch((error: unknown) => {
        console.error(`[games] loading the ${id} UI failed`, error);
        if (alive) setState({ status: 'error', error });
      });
    return () => {
      alive = false;
    };
  }, [id, attempt]);
  const retry = () => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  };
  return [state, retry];
}

function GameNotFound({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <PageFrame
      breadcrumbs={[
        { label: t('gameFrame.breadcrumbs.casino'), to: '/' },
        { label: t('gameFrame.breadcrumbs.originals'), to: '/casino/originals' },
      ]}
    >
      <title>{t('gameFrame.notFound.title')}</title>
      <EmptyState
        size="page"
        icon={<SearchX size={40} strokeWidth={1.5} />}
        title={t('gameFrame.notFound.title')}
        text={t('gameFrame.notFound.text', { id })}
        action={
          <Link to="/casino/originals" className="ui-btn ui-btn--primary ui-btn--md">
            <span className="ui-btn__content">
              <span className="ui-btn__label">{t('gameFrame.notFound.action')}</span>
            </span>
          </Link>
        }
      />
    </PageFrame>
  );
}

function KnownGame({ id }: { id: string }) {
  const { t } = useTranslation();
  const [state, retry] = useGameUi(id);
  const pushRecentGame = useAppStore((s) => s.pushRecentGame);
  useEffect(() => pushRecentGame(id), [id, pushRecentGame]);
  const name = getGame(id)?.name ?? getExtendedGame(id)?.name ?? (id === crash.id ? crash.name : id);

  return (
    <PageFrame
      title={name}
      breadcrumbs={[
        { label: t('gameFrame.breadcrumbs.casino'), to: '/' },
        { label: t('gameFrame.breadcrumbs.originals'), to: '/casino/originals' },
        { label: name },
      ]}
      width="wide"
      className="gf-page"
      actions={<GameFavouriteButton id={id} name={name} />}
    >
      {state.status === 'ready' ? (
        'kind' in state.ui && state.ui.kind === 'multiplayer' ? (
          <state.ui.Page key={id} />
        ) : 'kind' in state.ui && state.ui.kind === 'extended' ? (
          <ExtendedFrame key={id} gameId={id} ui={state.ui} />
        ) : (
          <GameFrame key={id} gameId={id} ui={state.ui as GameUi<unknown, unknown>} />
        )
      ) : state.status === 'loading' ? (
        <FrameSkeleton />
      ) : (
        <div className="gf-load-error" data-testid="game-load-error">
          <EmptyState
            tone="error"
            icon={<Gamepad2 size={36} strokeWidth={1.5} />}
            title={t('gameFrame.loadFailed.title')}
            text={t('gameFrame.loadFailed.text')}
            action={
              <Button variant="secondary" onClick={retry}>
                {t('gameFrame.loadFailed.action')}
              </Button>
            }
          />
        </div>
      )}
    </PageFrame>
  );
}

/** The route page: an in-house game, or a third-party game (`external:{id}`; a bare id of one goes there). */
export function GamePage() {
  const { id = '' } = useParams();
  if (id.startsWith(EXTERNAL_GAME_PREFIX)) {
    const external = id.slice(EXTERNAL_GAME_PREFIX.length);
    if (!external) return <GameNotFound id={id} />;
    return (
      <Suspense fallback={<FrameSkeleton />}>
        <ExternalGamePage key={external} id={external} />
      </Suspense>
    );
  }
  if (!loaderFor(id)) {
    if (!/^[a-z0-9][a-z0-9-]{0,119}$/.test(id)) return <GameNotFound id={id} />;
    return <Navigate to={`/casino/game/${EXTERNAL_GAME_PREFIX}${id}`} replace />;
  }
  return <KnownGame key={id} id={id} />;
}
