/** Types of the game session (game-session.ts): its state and what it needs from the app. */
import type { MyBet, PlayResponse } from '@nebula/contracts';
import type { GameUi, RoundView, SoundApi } from '../types';
import type { AutoForm, AutoFormError, AutoRun } from './auto-bet';
import type { BettingType } from './play-button';
import type { PlayRequest } from './play-api';
import type { PopupKind } from './result-popup';

/** A bet row of the history table (the server's `MyBet`, nonce optional for this visit's rounds). */
export type HistoryBet = Omit<MyBet, 'nonce'> & { nonce?: number };

export interface ResultPopup {
  key: number;
  betId: string;
  kind: PopupKind;
  multiplier: string;
  /** Payout for a win, the (negative) profit for a loss: a decimal string. */
  amount: string;
  currency: string;
}

export interface SessionState<P = unknown> {
  params: P;
  wagerText: string;
  bettingType: BettingType;
  /** A play is in flight: sent, or settled but still animating. */
  pending: boolean;
  autoRunning: boolean;
  autoForm: AutoForm;
  autoFormError: AutoFormError | null;
  autoRun: AutoRun;
  /** Games of the running auto run (0 = infinite). */
  autoTarget: number;
  round: RoundView | null;
  roundKey: number;
  popup: ResultPopup | null;
  /** This visit's settled rounds, newest first. */
  visitBets: HistoryBet[];
}

export interface PlayContext {
  currency: string;
  decimals: number;
  demo: boolean;
  quick: boolean;
  signedIn: boolean;
}

export interface SessionDeps<P = unknown> {
  gameId: string;
  ui: GameUi<P, unknown>;
  context: () => PlayContext;
  send: (request: PlayRequest) => Promise<PlayResponse>;
  sound: SoundApi;
  /** A failed Play (the UI shows toasts, opens login, returns home). */
  onError: (error: unknown) => void;
  /** Play refused locally: a block reason of the game, an invalid wager, or invalid auto settings. */
  onBlocked: (text: string) => void;
  /** A round was shown (popup, history): the monitor and the balance follow. */
  onSettled?: (round: RoundView) => void;
  /** Auto bet by a guest. */
  openLogin: () => void;
  /** Texts the session itself needs. */
  texts: { invalidWager: string; invalidAuto: string };
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}
