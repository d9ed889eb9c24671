/**
 * The frame every in-house game renders in (issue F5 item 7, spec 3 sections 2 to 5): the sidebar
 * (left; under the stage on phones), the stage with the game's Board and the result popup, the bar
 * under the stage, 'My bets' under the game, the fairness modal and the profit monitor.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useStore } from 'zustand';
import clsx from 'clsx';
import type { Currency } from '@nebula/contracts';
import { getGame } from '@nebula/games';
import { decimalsFor } from '@nebula/money';
import { events } from '../../lib/events';
import { isSignedIn, useAppStore } from '../../lib/store';
import { Skeleton } from '../../ui';
import type { GameUi } from '../types';
import { openFairnessModal } from './fairness-modal';
import { FrameBar } from './frame-bar';
import type { GameSession } from './game-session';
import { HistoryTable } from './history-table';
import { fetchGameData, frameKeys } from './play-api';
import { ProfitMonitor } from './profit-monitor';
import { useProfitMonitor } from './profit-monitor-store';
import { ResultPopupView } from './result-popup-view';
import { SidePanel } from './side-panel';
import { getFrameSound } from './sound';
import { useGameSession } from './use-game-session';
import './frame.css';
import { useTranslation } from '../../lib/i18n';

type AnyUi = GameUi<unknown, unknown>;

/** A currency the store does not know yet (before /api/data/currencies answered). */
export function placeholderCurrency(id: string): Pick<Currency, 'id' | 'icon' | 'style' | 'name'> {
  return { id, icon: '', style: '', name: id.toUpperCase() };
}

/** Fullscreen of an element, with a CSS fallback where the API is missing (iOS Safari). */
export function useFullscreen(target: React.RefObject<HTMLElement | null>) {
  const [fallback, setFallback] = useState(false);
  const [native, setNative] = useState(false);
  useEffect(() => {
    const onChange = () => setNative(!!target.current && document.fullscreenElement === target.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [target]);
  useEffect(() => {
    if (!fallback) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setFallback(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [fallback]);
  const toggle = useCallback(() => {
    const el = target.current;
    if (!el) return;
    if (document.fullscreenElement) {
      void document.exitFullscreen().catch(() => undefined);
      return;
    }
    if (fallback) {
      setFallback(false);
      return;
    }
    if (typeof el.requestFullscreen === 'function' && document.fullscreenEnabled) {
      el.requestFullscreen().catch(() => setFallback(true));
    } else {
      setFallback(true);
    }
  }, [target, fallback]);
  return { fullscreen: native || fallback, fallback, toggle };
}

export function GameFrame({ gameId, ui }: { gameId: string; ui: AnyUi }) {
  const session = useGameSession(gameId, ui);
  if (!session) return <FrameSkeleton />;
  return <LiveFrame gameId={gameId} ui={ui} session={session} />;
}

function LiveFrame({ gameId, ui, session }: { gameId: string; ui: AnyUi; session: GameSession<unknown> }) {
  const { t } = useTranslation();
  const state = useStore(session.store);
  const user = useAppStore((s) => s.user);
  const signedIn = isSignedIn(user);
  const demo = useAppStore((s) => s.demo) || !signedIn;
  const currencyId = useAppStore((s) => s.currency);
  const currency = useAppStore((s) => s.currencies[s.currency]);
  const windowWidth = useAppStore((s) => s.windowWidth);
  const monitorOpen = useProfitMonitor((s) => s.open);
  const decimals = currency?.decimals ?? decimalsFor(currencyId);
  const boxRef = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const { fullscreen, fallback, toggle } = useFullscreen(boxRef);
  const attachBox = useCallback((el: HTMLDivElement | null) => {
    boxRef.current = el;
    setBox(el);
  }, []);

  const gameData = useQuery({
    queryKey: frameKeys.gameData(gameId),
    queryFn: () => fetchGameData(gameId),
    staleTime: 60_000,
    retry: false,
  });
  // The server's live edge; the game's default when the call fails (or is not there yet).
  const houseEdgeBps = gameData.data?.houseEdgeBps ?? getGame(gameId)?.defaultHouseEdgeBps ?? 100;
  const unavailable = gameData.data && !gameData.data.available ? t('gameFrame.unavailable') : null;

  const balance = !signedIn || !currency ? null : demo ? currency.balance.demo : currency.balance.real;
  const locked = state.pending || state.autoRunning;
  const shownCurrency = currency ?? placeholderCurrency(currencyId);
  const Board = ui.Board;
  const wager = session.wager(state) ?? 0n;

  const handleFairness = () => {
    if (!signedIn) {
      events.emit('open-auth', { mode: 'auth' });
      return;
    }
    // Modals live outside the fullscreen element, where they could not be seen.
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    openFairnessModal(gameId, t('gameFrame.fairness.title'));
  };

  return (
    <div className="gf" data-testid="game-frame" data-game={gameId}>
      <div
        ref={attachBox}
        className={clsx('gf__box', fallback && 'is-fullscreen-fallback', fullscreen && 'is-fullscreen')}
      >
        <section className="gf__stage" aria-label={t('gameFrame.stage')} data-testid="game-stage">
          <Board
            params={state.params}
            setParams={session.setParams}
            locked={locked}
            round={state.round}
            roundKey={state.roundKey}
            onAnimationEnd={session.animationEnd}
            houseEdgeBps={houseEdgeBps}
            sound={getFrameSound()}
            wager={wager}
            currency={currencyId}
            decimals={decimals}
          />
          {state.popup && <ResultPopupView popup={state.popup} currency={shownCurrency} />}
        </section>
        <aside className="gf__side" aria-label={t('gameFrame.controls')}>
          <SidePanel
            gameId={gameId}
            ui={ui}
            session={session}
            state={state}
            houseEdgeBps={houseEdgeBps}
            currency={shownCurrency}
            decimals={decimals}
            balance={balance}
            demo={demo}
            windowWidth={windowWidth}
            unavailable={unavailable}
          />
        </aside>
        <FrameBar
          fullscreen={fullscreen}
          onFullscreen={toggle}
          onFairness={handleFairness}
          houseEdgeBps={houseEdgeBps}
        />
      </div>
      <HistoryTable gameId={gameId} visitBets={state.visitBets} />
      {monitorOpen && <ProfitMonitor container={fullscreen ? box : null} />}
    </div>
  );
}

/** The frame's shape while the game's code loads. */
export function FrameSkeleton() {
  return (
    <div className="gf gf--skeleton" aria-busy="true">
      <div className="gf__box">
        <div className="gf__stage">
          <Skeleton width="60%" height={180} />
        </div>
        <aside className="gf__side">
          <div className="gf-side">
            <Skeleton height={36} />
            <Skeleton height={64} />
            <Skeleton height={64} />
            <Skeleton height={64} />
            <Skeleton height={48} />
          </div>
        </aside>
        <div className="gf-bar" />
      </div>
    </div>
  );
}
