/**
 * The frame of an extended game (mines, tower, stairs, hilo, coinflip, blackjack, video poker): the same
 * box as the single-round frame (stage, sidebar, bar, history, fairness, profit monitor), driven by an
 * ExtendedSession. While a round is open the wager and the controls are locked, the game's Actions
 * show, and the play button reads 'Take {profit}' or 'Cancel' (spec 3 section 4). The round of this
 * game that is still open comes back when the page loads (RestoreData).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useStore } from 'zustand';
import clsx from 'clsx';
import type { Currency } from '@nebula/contracts';
import { getExtendedGame } from '@nebula/games';
import { decimalsFor } from '@nebula/money';
import { events } from '../../lib/events';
import { i18n, useTranslation } from '../../lib/i18n';
import { isSignedIn, useAppStore } from '../../lib/store';
import { Button, CurrencyIcon, toast } from '../../ui';
import type { ExtendedBoardProps, ExtendedGameUi } from '../types';
import { ExtendedSession, type ExtendedState } from './extended-session';
import { RefusalNotice } from './refusal-notice';
import { clearRefusal } from './refusal';
import { openFairnessModal } from './fairness-modal';
import { FrameBar } from './frame-bar';
import { FrameSkeleton, placeholderCurrency, useFullscreen } from './game-frame';
import { HistoryTable } from './history-table';
import { extendedApi, fetchGameData, frameKeys } from './play-api';
import { ProfitMonitor } from './profit-monitor';
import { useProfitMonitor } from './profit-monitor-store';
import { formatMultiplier } from './result-popup';
import { ResultPopupView } from './result-popup-view';
import { getFrameSound } from './sound';
import { currentPlayContext, showPlayError } from './use-game-session';
import { parseWagerText, wagerText } from './wager';
import { WagerInput } from './wager-input';
import './frame.css';
import { useBalanceText } from '../../lib/money-format';

type AnyUi = ExtendedGameUi<unknown, unknown>;

function useExtendedSession(gameId: string, ui: AnyUi): ExtendedSession<unknown> | null {
  const [session, setSession] = useState<ExtendedSession<unknown> | null>(null);
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const userId = useAppStore((s) => s.user?._id ?? null);

  useEffect(() => {
    const created = new ExtendedSession<unknown>({
      gameId,
      ui,
      context: currentPlayContext,
      api: extendedApi,
      sound: getFrameSound(),
      onError: (error) => showPlayError(error, () => void navigateRef.current('/')),
      onBlocked: (text) => toast.warning(text, { id: 'play-blocked' }),
      onSettled: (round) => {
        clearRefusal();
        const currency = useAppStore.getState().currencies[round.currency];
        useProfitMonitor.getState().add({
          wager: round.wager,
          profit: round.profit,
          multiplier: round.multiplier,
          usdPrice: currency?.price ?? 0,
        });
      },
      texts: {
        get invalidWager() {
          return i18n.t('gameFrame.invalidWager');
        },
      },
    });
    setSession(created);
    void created.restore();
    return () => created.dispose();
  }, [gameId, ui, userId]);

  // A currency switch resets the wager to zero at the new precision (spec 3 section 4).
  const currency = useAppStore((state) => state.currency);
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = currency;
    if (session && before && before !== currency) session.resetWager();
  }, [session, currency]);
  return session;
}

export function ExtendedFrame({ gameId, ui }: { gameId: string; ui: AnyUi }) {
  const session = useExtendedSession(gameId, ui);
  if (!session) return <FrameSkeleton />;
  return <LiveExtendedFrame gameId={gameId} ui={ui} session={session} />;
}

function LiveExtendedFrame({
  gameId,
  ui,
  session,
}: {
  gameId: string;
  ui: AnyUi;
  session: ExtendedSession<unknown>;
}) {
  const { t } = useTranslation();
  const state = useStore(session.store);
  const user = useAppStore((s) => s.user);
  const signedIn = isSignedIn(user);
  const demo = useAppStore((s) => s.demo) || !signedIn;
  const currencyId = useAppStore((s) => s.currency);
  const currency = useAppStore((s) => s.currencies[s.currency]);
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
  const houseEdgeBps = gameData.data?.houseEdgeBps ?? getExtendedGame(gameId)?.defaultHouseEdgeBps ?? 100;
  const unavailable = gameData.data && !gameData.data.available ? t('gameFrame.unavailable') : null;
  const balance = !signedIn || !currency ? null : demo ? currency.balance.demo : currency.balance.real;
  const shownCurrency = currency ?? placeholderCurrency(currencyId);
  const open = state.round?.state === 'in-progress';
  const locked = state.busy || open;

  const boardProps: ExtendedBoardProps<unknown, unknown> = {
    params: state.params,
    setParams: session.setParams,
    locked,
    round: state.round,
    roundKey: state.roundKey,
    turn: session.turn,
    busy: state.busy,
    houseEdgeBps,
    sound: getFrameSound(),
    wager: session.wager(state) ?? 0n,
    currency: currencyId,
    decimals,
  };
  const Board = ui.Board;

  const handleFairness = () => {
    if (!signedIn) {
      events.emit('open-auth', { mode: 'auth' });
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    openFairnessModal(gameId, t('gameFrame.fairness.title'));
  };

  return (
    <div
      className="gf gf--extended"
      data-testid="game-frame"
      data-game={gameId}
      data-round={state.round ? state.round.state : 'none'}
      data-busy={state.busy ? 'true' : 'false'}
    >
      <div
        ref={attachBox}
        className={clsx('gf__box', fallback && 'is-fullscreen-fallback', fullscreen && 'is-fullscreen')}
      >
        <section className="gf__stage" aria-label={t('gameFrame.stage')} data-testid="game-stage">
          <Board {...boardProps} />
          {state.popup && <ResultPopupView popup={state.popup} currency={shownCurrency} />}
        </section>
        <aside className="gf__side" aria-label={t('gameFrame.controls')}>
          <ExtendedSidePanel
            ui={ui}
            session={session}
            state={state}
            boardProps={boardProps}
            currency={shownCurrency}
            decimals={decimals}
            balance={balance}
            demo={demo}
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

interface SidePanelProps {
  ui: AnyUi;
  session: ExtendedSession<unknown>;
  state: ExtendedState<unknown>;
  boardProps: ExtendedBoardProps<unknown, unknown>;
  currency: Pick<Currency, 'id' | 'icon' | 'style' | 'name'>;
  decimals: number;
  balance: string | null;
  demo: boolean;
  unavailable: string | null;
}

function ExtendedSidePanel({
  ui,
  session,
  state,
  boardProps,
  currency,
  decimals,
  balance,
  demo,
  unavailable,
}: SidePanelProps) {
  const { t } = useTranslation();
  const round = state.round;
  const open = round?.state === 'in-progress';
  const locked = state.busy || open;
  const wager = session.wager(state);
  const Controls = ui.Controls;
  const Actions = ui.Actions;
  const balanceAtomic = balance === null ? null : (parseWagerText(balance, decimals) ?? 0n);
  const balanceShown = useBalanceText(balanceAtomic ?? 0n, currency.id, decimals);

  let label: string;
  let disabled = state.busy;
  let kind: 'bet' | 'take' | 'cancel' | 'wait' = 'bet';
  if (open && round.canTake) {
    kind = 'take';
    label = t('gameFrame.button.take', { profit: `${round.profit} ${currency.name}`.trim() });
  } else if (open && round.canCancel) {
    kind = 'cancel';
    label = t('gameFrame.button.cancel');
  } else if (open) {
    kind = 'wait';
    label = t('gameFrame.button.bet');
    disabled = true;
  } else {
    label = t(ui.betLabelKey ?? 'gameFrame.button.bet');
    disabled = disabled || unavailable !== null;
  }

  return (
    <div className={clsx('gf-side', locked && 'is-locked')}>
      <WagerInput
        value={state.wagerText}
        onChange={session.setWagerText}
        onBlur={session.normalizeWagerText}
        onScale={session.scaleWager}
        readOnly={false}
        invalid={wager === null}
        disabled={locked}
        currency={currency}
        aside={
          balanceAtomic !== null && (
            <span
              className="gf-field__hint gf-balance"
              data-testid="frame-balance"
              title={demo ? t('gameFrame.demoBalance') : t('gameFrame.balance')}
            >
              {demo && <span className="gf-balance__tag">{t('gameFrame.demoBalance')}</span>}
              <span className="tabular">{balanceShown}</span>
            </span>
          )
        }
      />

      {Controls && (
        <div className="gf-side__controls">
          <Controls
            params={state.params}
            setParams={session.setParams}
            locked={locked}
            houseEdgeBps={boardProps.houseEdgeBps}
            wager={wager ?? 0n}
            currency={currency.id}
            decimals={decimals}
          />
        </div>
      )}

      {ui.cashOut && (
        <div className="gf-field" data-testid="extended-profit">
          <div className="gf-field__label">
            <span>{t('gameFrame.extended.currentProfit')}</span>
            <span className="gf-field__hint tabular" data-testid="extended-multiplier">
              {formatMultiplier(open && round.canTake ? round.multiplier : '0')}
            </span>
          </div>
          <div className="gf-wager is-readonly">
            <span className="gf-wager__icon">
              <CurrencyIcon currency={currency} size={18} />
            </span>
            <output className="gf-wager__input gf-profit tabular" data-testid="extended-current-profit">
              {open && round.canTake ? round.profit : wagerText(0n, decimals)}
            </output>
          </div>
        </div>
      )}

      {Actions && open && (
        <div className="gf-side__actions" data-testid="extended-actions">
          <Actions {...boardProps} />
        </div>
      )}

      <div className="gf-play">
        <Button
          size="lg"
          fullWidth
          className={clsx(
            'gf-play__btn',
            kind === 'take' && 'gf-play__btn--take',
            kind === 'cancel' && 'gf-play__btn--cancel',
          )}
          disabled={disabled}
          loading={state.busy && !open}
          onClick={session.press}
          data-testid="bet-button"
          data-label={kind}
        >
          {label}
        </Button>
        {kind === 'wait' && (
          <p className="gf-play__reason" data-testid="block-reason">
            {t('gameFrame.extended.waitFinish')}
          </p>
        )}
        {unavailable && !open && (
          <p className="gf-play__reason" data-testid="block-reason">
            {unavailable}
          </p>
        )}
        <RefusalNotice />
      </div>
    </div>
  );
}
