/**
 * The crash page (issue F6, spec 3 sections 3, 4 and 9): the frame's box with crash's own sidebar
 * (controls and the live players list), the board (last rounds strip, curve, timer), the bar,
 * 'My bets' of this visit and the profit monitor. One room (the shared round, fed by the public
 * events) and one player session (bets, cash-outs, auto) per mounted page and signed-in player.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useStore } from 'zustand';
import clsx from 'clsx';
import { decimalsFor } from '@nebula/money';
import { useRealtime } from '../../lib/realtime-provider';
import { events } from '../../lib/events';
import { i18n, useTranslation } from '../../lib/i18n';
import { isSignedIn, useAppStore } from '../../lib/store';
import { toast } from '../../ui';
import { FrameSkeleton, placeholderCurrency, useFullscreen } from '../frame/game-frame';
import { ProfitMonitor } from '../frame/profit-monitor';
import { useProfitMonitor } from '../frame/profit-monitor-store';
import { getFrameSound } from '../frame/sound';
import { currentPlayContext, showPlayError } from '../frame/use-game-session';
import { clearRefusal } from '../frame/refusal';
import { crashApi } from './crash-api';
import { CrashBar } from './crash-bar';
import { openCrashFairness } from './crash-fairness';
import { CrashMyBets } from './crash-my-bets';
import { CrashPlayer } from './crash-player';
import { CrashPlayers } from './crash-players';
import { CrashRoom } from './crash-room';
import { openCrashRound } from './crash-round-modal';
import { CrashSide } from './crash-side';
import { CrashStage } from './crash-stage';
import '../frame/frame.css';
import './crash.css';
import './texts';

/** The house edge shown before the first result tells the live one. */
const DEFAULT_EDGE_BPS = 100;

interface Session {
  room: CrashRoom;
  player: CrashPlayer;
}

function useCrashSession(): Session | null {
  const client = useRealtime();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const userId = useAppStore((s) => (isSignedIn(s.user) ? s.user._id : null));
  const [session, setSession] = useState<Session | null>(null);

  useEffect(() => {
    const room = new CrashRoom({ client, api: crashApi, me: () => userId });
    const player = new CrashPlayer({
      room,
      api: crashApi,
      context: currentPlayContext,
      sound: getFrameSound(),
      onError: (error, info) => showPlayError(error, () => void navigateRef.current('/'), info),
      onBlocked: (text) => toast.warning(text, { id: 'play-blocked' }),
      onSettled: (bet) => {
        clearRefusal();
        const currency = useAppStore.getState().currencies[bet.currency];
        useProfitMonitor.getState().add({
          wager: bet.wager,
          profit: bet.profit,
          multiplier: bet.multiplier,
          usdPrice: currency?.price ?? 0,
        });
      },
      openLogin: () => events.emit('open-auth', { mode: 'auth' }),
      texts: {
        get invalidWager() {
          return i18n.t('gameFrame.invalidWager');
        },
        get invalidAuto() {
          return i18n.t('gameFrame.autoSettings.invalid');
        },
      },
    });
    room.start();
    setSession({ room, player });
    return () => {
      player.dispose();
      room.dispose();
    };
  }, [client, userId]);

  // A currency switch resets the wager to zero at the new precision (spec 3 section 4).
  const currency = useAppStore((s) => s.currency);
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = currency;
    if (session && before && before !== currency) session.player.resetWager();
  }, [session, currency]);
  return session;
}

/** The crash page for the game id 'crash'. */
export function CrashGame() {
  const session = useCrashSession();
  if (!session) return <FrameSkeleton />;
  return <LiveCrash room={session.room} player={session.player} />;
}

function LiveCrash({ room, player }: Session) {
  const { t } = useTranslation();
  const user = useAppStore((s) => s.user);
  const signedIn = isSignedIn(user);
  const me = signedIn ? user._id : null;
  const demo = useAppStore((s) => s.demo) && signedIn;
  const currencyId = useAppStore((s) => s.currency);
  const currency = useAppStore((s) => s.currencies[s.currency]);
  const currencies = useAppStore((s) => s.currencies);
  const monitorOpen = useProfitMonitor((s) => s.open);
  const latest = useStore(room.store, (s) => s.history[0]);
  const decimals = currency?.decimals ?? decimalsFor(currencyId);
  const boxRef = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const { fullscreen, fallback, toggle } = useFullscreen(boxRef);
  const attachBox = useCallback((el: HTMLDivElement | null) => {
    boxRef.current = el;
    setBox(el);
  }, []);

  const openRound = useCallback(
    (id: string) => {
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
      openCrashRound(id, t('gameCrash.round.title', { id }));
    },
    [t],
  );
  const openFairness = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    openCrashFairness(t('gameCrash.fairness.title'));
  };

  return (
    <div className="gf gf--crash" data-testid="game-frame" data-game="crash">
      <div
        ref={attachBox}
        className={clsx('gf__box', fallback && 'is-fullscreen-fallback', fullscreen && 'is-fullscreen')}
      >
        <section className="gf__stage crash-stage" aria-label={t('gameFrame.stage')} data-testid="game-stage">
          <CrashStage
            room={room}
            player={player}
            me={me}
            currencies={currencies}
            sound={getFrameSound()}
            onOpenRound={openRound}
          />
        </section>
        <aside className="gf__side crash-aside" aria-label={t('gameFrame.controls')}>
          <CrashSide
            room={room}
            player={player}
            currency={currency ?? placeholderCurrency(currencyId)}
            decimals={decimals}
            balance={signedIn && currency ? currency.balance.real : null}
            demo={demo}
          />
          <CrashPlayers room={room} me={me} currencies={currencies} />
        </aside>
        <CrashBar
          fullscreen={fullscreen}
          onFullscreen={toggle}
          onFairness={openFairness}
          houseEdgeBps={latest?.houseEdgeBps ?? DEFAULT_EDGE_BPS}
        />
      </div>
      <CrashMyBets player={player} signedIn={signedIn} currencies={currencies} onOpenRound={openRound} />
      {monitorOpen && <ProfitMonitor container={fullscreen ? box : null} />}
    </div>
  );
}
