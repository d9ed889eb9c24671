/**
 * /casino/game/{id}: an in-house game. Resolves the id against `@nebula/games`, loads the game's UI
 * chunk (GAME_UI_LOADERS) and renders it in the frame; an unknown id gets a not-found state and a
 * failed load a retry. The game goes to the player's recent games.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Gamepad2, SearchX } from 'lucide-react';
import { getGame, isGameId, type GameId } from '@nebula/games';
import { useAppStore } from '../lib/store';
import { Button, EmptyState, PageFrame } from '../ui';
import { FrameSkeleton, GameFrame } from './frame/game-frame';
import { registerFrameTexts } from './frame/frame-texts';
import { GAME_UI_LOADERS } from './registry';
import type { GameUi } from './types';

registerFrameTexts();

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; ui: GameUi<unknown, unknown> }
  | { status: 'error'; error: unknown };

function useGameUi(id: GameId): [LoadState, () => void] {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  useEffect(() => {
    let alive = true;
    GAME_UI_LOADERS[id]()
      .then((module) => {
        if (alive) setState({ status: 'ready', ui: module.default as GameUi<unknown, unknown> });
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

function KnownGame({ id }: { id: GameId }) {
  const { t } = useTranslation();
  const [state, retry] = useGameUi(id);
  const pushRecentGame = useAppStore((s) => s.pushRecentGame);
  useEffect(() => pushRecentGame(id), [id, pushRecentGame]);
  const name = getGame(id)?.name ?? id;

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
    >
      {state.status === 'ready' ? (
        <GameFrame key={id} gameId={id} ui={state.ui} />
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

/** The route page. */
export function GamePage() {
  const { id = '' } = useParams();
  if (!isGameId(id)) return <GameNotFound id={id} />;
  return <KnownGame key={id} id={id} />;
}
