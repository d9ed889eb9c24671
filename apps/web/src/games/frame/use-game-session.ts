/**
 * React glue of GameSession: one session per mounted game, wired to the app store (currency, demo,
 * quick, user), the toasts, the login modal and the profit monitor.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { decimalsFor } from '@nebula/money';
import type { updateEndpoint } from '@nebula/contracts';
import { api, endpointRef } from '../../lib/api';
import { events } from '../../lib/events';
import { i18n } from '../../lib/i18n';
import { isSignedIn, useAppStore } from '../../lib/store';
import { toast } from '../../ui';
import type { GameUi } from '../types';
import { GameSession, type PlayContext } from './game-session';
import { sendPlay } from './play-api';
import { playErrorAction } from './play-errors';
import { clearRefusal, showRefusal } from './refusal';
import { useProfitMonitor } from './profit-monitor-store';
import { getFrameSound } from './sound';

/** The play context from the store: guests are forced to demo (spec 3 section 1). */
export function currentPlayContext(): PlayContext {
  const state = useAppStore.getState();
  const signedIn = isSignedIn(state.user);
  const currency = state.currency;
  const decimals = state.currencies[currency]?.decimals ?? decimalsFor(currency);
  return { currency, decimals, demo: state.demo || !signedIn, quick: state.quick, signedIn };
}

function openLogin(): void {
  events.emit('open-auth', { mode: 'auth' });
}

/** The signed-in user again: a time-out or self-exclusion taken elsewhere sends the player to /error/se. */
const meRef = endpointRef<typeof updateEndpoint>('POST', '/auth/update');

/**
 * Shows a failed Play the way spec 3 section 8 says. A protection refusal also stays under the play
 * button (`auto`: it stopped an auto run); a time-out or self-exclusion refreshes the stored user, so
 * the guard sends the player to /error/se.
 */
export function showPlayError(error: unknown, goHome: () => void, info: { auto?: boolean } = {}): void {
  const action = playErrorAction(error, !currentPlayContext().signedIn);
  if (action.kind === 'silent') return;
  const text = action.text ?? i18n.t('gameFrame.errors.generic', { code: action.code });
  if (action.refusal) {
    showRefusal({ reason: action.refusal, text, auto: !!info.auto });
    if (action.refusal === 'self_excluded' || action.refusal === 'timed_out') {
      void api(meRef, {})
        .then(({ user }) => useAppStore.getState().updateUser(user))
        .catch(() => undefined);
    }
  }
  if (action.level === 'warning') toast.warning(text, { id: `play-error-${action.refusal ?? action.code}` });
  else toast.error(text, { id: `play-error-${action.code}` });
  if (action.login) openLogin();
  if (action.home) goHome();
}

/** The session of `ui` (null on the very first render, while the effect creates it). */
export function useGameSession<P>(gameId: string, ui: GameUi<P, unknown>): GameSession<P> | null {
  const [session, setSession] = useState<GameSession<P> | null>(null);
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  useEffect(() => {
    const created = new GameSession<P>({
      gameId,
      ui,
      context: currentPlayContext,
      send: sendPlay,
      sound: getFrameSound(),
      // Called before the auto run's end: `autoRunning` still says whether the error stopped one.
      onError: (error) =>
        showPlayError(error, () => void navigateRef.current('/'), {
          auto: created.store.getState().autoRunning,
        }),
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
      openLogin,
      texts: {
        get invalidWager() {
          return i18n.t('gameFrame.invalidWager');
        },
        get invalidAuto() {
          return i18n.t('gameFrame.autoSettings.invalid');
        },
      },
    });
    setSession(created);
    return () => created.dispose();
  }, [gameId, ui]);

  // A currency switch resets the wager to zero at the new precision (spec 3 section 4).
  const currency = useAppStore((state) => state.currency);
  const decimals = useAppStore((state) => state.currencies[state.currency]?.decimals);
  const previous = useRef<{ currency: string; decimals: number | undefined } | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = { currency, decimals };
    if (!session) return;
    if (before && (before.currency !== currency || before.decimals !== decimals)) session.resetWager();
  }, [session, currency, decimals]);

  return session;
}
