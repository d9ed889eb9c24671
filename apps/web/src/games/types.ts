/**
 * The contract between the game page frame (`games/frame/`) and each game's UI (`games/{id}/`).
 *
 * The frame owns everything common to every in-house game: the wager input (1/2, x2), the play button
 * and its texts, manual and auto mode, the Play call, balances, the result popup (2 s), quick mode,
 * sound, the profit monitor, the recent history, the fairness modal and the bottom bar.
 *
 * A game owns its board (the animated stage) and its own sidebar controls (steppers, dropdowns,
 * sliders, chips). It never calls the server: it reads `round` and animates it.
 */
import type { ComponentType } from 'react';
import type { GameId, Ratio } from '@nebula/games';

/** Sounds the frame can play (synthesised, volume 0.3; silent when the player turned sound off). */
export type SoundName = 'bet' | 'tick' | 'win' | 'lose' | 'pop' | 'roll' | 'chip' | 'card';

export interface SoundApi {
  play(name: SoundName, options?: { pitch?: number }): void;
}

/** A settled round as the board animates it (from the Play response). */
export interface RoundView<O = unknown> {
  betId: string;
  /** `game.data` of the Play response: the game's outcome shape from `@nebula/games`. */
  outcome: O;
  /** The params the round was played with. */
  params: unknown;
  /** Decimal string, rounded down to 8 places. */
  multiplier: string;
  win: boolean;
  status: 'win' | 'lose';
  /** Decimal strings in the bet currency. */
  profit: string;
  payout: string;
  wager: string;
  currency: string;
  /** Quick mode: the server answered with delay 0; the board shows the result (almost) at once. */
  quick: boolean;
  /** Milliseconds the board should animate (the `delay` of the Play response: 1000, or 0 in quick mode). */
  delay: number;
}

/** Money context both the board and the controls may need (chips, stakes). */
export interface WagerContext {
  /** The wager in atomic units of `currency` (for stake games: the total of the stakes). */
  wager: bigint;
  currency: string;
  /** Decimals of the currency (2 for fiat-like, 8 for crypto). */
  decimals: number;
}

export interface BoardProps<P, O> extends WagerContext {
  params: P;
  /** Interactive boards (keno squares, roulette table, dice slider) change params through this. */
  setParams: (next: P) => void;
  /** True while a play is in flight or an auto run is on: the board must not change params. */
  locked: boolean;
  /** The latest settled round, or null before the first one of this visit. */
  round: RoundView<O> | null;
  /** Increments with every new round (also for a replay of the same outcome): animate on change. */
  roundKey: number;
  /**
   * Call once the animation of `roundKey` has ended. The frame then shows the result popup, updates the
   * history and the profit monitor, and lets the next bet go. If a board never calls it, the frame
   * carries on after `round.delay + 600` ms.
   */
  onAnimationEnd: (roundKey: number) => void;
  houseEdgeBps: number;
  sound: SoundApi;
}

export interface ControlsProps<P> extends WagerContext {
  params: P;
  setParams: (next: P) => void;
  /** Disabled while a play is in flight or an auto run is on (steppers: both buttons disabled). */
  locked: boolean;
  houseEdgeBps: number;
}

/** Games whose params carry the stakes (roulette chips, baccarat sides): the wager is their total. */
export interface StakesApi<P> {
  /** The total of the stakes in atomic units. */
  total(params: P): bigint;
  /** Every stake times num/den, rounded down; stakes that reach 0 are removed (x2, 1/2, auto increase). */
  scale(params: P, num: bigint, den: bigint): P;
  /** No stakes at all (the 'Clear' action). */
  clear(params: P): P;
}

export interface GameUi<P = unknown, O = unknown> {
  id: GameId;
  /** Params before the player touched anything (must be playable, except for stake games and keno). */
  defaultParams: P;
  Board: ComponentType<BoardProps<P, O>>;
  /** The game's own sidebar controls, rendered under the wager input. */
  Controls?: ComponentType<ControlsProps<P>>;
  /**
   * The multiplier a win pays with these params, for the 'Profit on win' display; null when it depends
   * on the outcome (plinko, keno, wheel, diamonds: the frame then shows the best case from
   * `maxMultiplier` of `@nebula/games`).
   */
  winMultiplier?(params: P, houseEdgeBps: number): Ratio | null;
  /** Present for stake games: the wager input becomes read-only and shows the total. */
  stakes?: StakesApi<P>;
  /** The Play call's `data`; defaults to `params` as is. */
  toPlayData?(params: P): unknown;
  /** Null when the params can be played; otherwise the text shown instead of playing (e.g. 'Select cells!'). */
  blockReason?(params: P): string | null;
}

/** What `games/{id}/index.ts` exports as default. */
export type GameModule = { default: GameUi<any, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any

// ---- extended games (mines, tower, stairs, hilo, coinflip, blackjack, video poker) -------------------

/**
 * An extended round as its board shows it: the server's last answer (Play, Turn, Finish or
 * RestoreData). While `state` is 'in-progress', `view` is the game's `view(state)` from `@nebula/games`
 * (never the undrawn outcome); once 'finished' it is the full state (mines revealed, dealer's hole card).
 */
export interface ExtendedRoundView<V = unknown> {
  betId: string;
  state: 'in-progress' | 'finished';
  /** What the last answer was: the round opened, a decision continued / lost / finished it, the player took or cancelled, or the page restored it. */
  last: 'start' | 'continue' | 'lose' | 'finish' | 'take' | 'cancel' | 'restore';
  view: V;
  /** Decimal strings: the multiplier paid now (cash-out value while open) and the amounts. */
  multiplier: string;
  wager: string;
  payout: string;
  profit: string;
  currency: string;
  canTake: boolean;
  canCancel: boolean;
  /** Milliseconds to animate the last step (0 in quick mode or on restore). */
  delay: number;
}

export interface ExtendedBoardProps<P, V> extends WagerContext {
  params: P;
  /** Before a round the board may change params (mines: the mine count is a control, not the board). */
  setParams: (next: P) => void;
  /** True while no round is open and a Play is in flight, or params must not change. */
  locked: boolean;
  /** The open or last ended round of this visit (or the restored one); null before the first. */
  round: ExtendedRoundView<V> | null;
  /** Increments with every server answer about the round: animate on change. */
  roundKey: number;
  /**
   * Sends one decision of the open round (the game's Turn `data`). Resolves once the answer is in
   * `round`; errors are shown by the frame (a toast), never thrown. Ignored while `busy`.
   */
  turn: (action: unknown) => void;
  /** True while a Play, Turn or Finish is in flight: the board must not send another decision. */
  busy: boolean;
  houseEdgeBps: number;
  sound: SoundApi;
}

export interface ExtendedGameUi<P = unknown, V = unknown> {
  id: string;
  kind: 'extended';
  /** Params before the player touched anything (must be playable). */
  defaultParams: P;
  Board: ComponentType<ExtendedBoardProps<P, V>>;
  /** Sidebar controls under the wager input (mine count, difficulty); `locked` while a round is open. */
  Controls?: ComponentType<ControlsProps<P>>;
  /**
   * Extra sidebar buttons while a round is open, for games whose decisions are buttons rather than board
   * clicks (hilo: Higher / Lower / Skip; blackjack: Hit / Stand / Double / Split / Insurance; video
   * poker: Draw). Rendered above the Take / Cancel button.
   */
  Actions?: ComponentType<ExtendedBoardProps<P, V>>;
  /** The Play call's `data`; defaults to `params` as is. */
  toPlayData?(params: P): unknown;
  /**
   * False for games whose rounds end by themselves and cannot be cashed out (blackjack, video poker):
   * the frame then shows no Take button, only the game's Actions.
   */
  cashOut: boolean;
  /** The i18n key of the play button's text before a round (default 'gameFrame.button.bet'; video poker deals). */
  betLabelKey?: string;
}

/** What `games/{id}/index.ts` of an extended game exports as default. */
export type ExtendedGameModule = { default: ExtendedGameUi<any, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
