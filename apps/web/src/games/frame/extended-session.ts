/**
 * One visit's session of an extended game (mines, tower, hilo, blackjack...): the state the extended
 * frame renders and the calls of spec 3 section 4. Framework-free (a zustand vanilla store), like
 * GameSession, so it is tested with a fake server.
 *
 * - Play opens a round (`extendedState` in-progress); while it is open the wager and the game's
 *   controls are locked and the play button reads 'Take {profit}' (a decision was made) or 'Cancel'
 *   (none yet), and finishes the round.
 * - Turn sends one decision; a reply of type continue updates the current profit, lose / finish end the
 *   round. Turn code 0 is retried (100 ms), codes 1 and 2 reload the round with RestoreData.
 * - RestoreData runs when the session starts (signed-in players): an open round of this game comes back
 *   after a reload or from another device.
 * - An ended round shows the result popup (2 s; nothing for a cancelled one), joins the history and
 *   the profit monitor.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ExtendedPlayResponse, TurnResponse } from '@nebula/contracts';
import { toDecimalString } from '@nebula/money';
import type { ExtendedGameUi, ExtendedRoundView, RoundView, SoundApi } from '../types';
import { RESULT_POPUP_MS, resultPopupKind } from './result-popup';
import type { HistoryBet, PlayContext, ResultPopup } from './session-types';
import { parseWagerText, scaleWagerText, wagerText, zeroWagerText } from './wager';

/** Turn code 0: try again after this long (spec 3 section 9 retry). */
export const TURN_RETRY_MS = 100;
const TURN_RETRIES = 5;
const VISIT_BETS_LIMIT = 50;

export interface ExtendedApi {
  play(request: {
    api_id: string;
    bet: string;
    demo: boolean;
    currency: string;
    quick: boolean;
    data: unknown;
  }): Promise<ExtendedPlayResponse>;
  turn(request: { api_id: string; id: string; data: unknown; quick: boolean }): Promise<TurnResponse>;
  finish(request: { api_id: string; id: string }): Promise<ExtendedPlayResponse>;
  restore(request: { api_id: string }): Promise<{ round: ExtendedPlayResponse | null }>;
}

export interface ExtendedDeps<P> {
  gameId: string;
  ui: ExtendedGameUi<P, unknown>;
  context: () => PlayContext;
  api: ExtendedApi;
  sound: SoundApi;
  /** A failed call (toasts, login, home) with the numeric code of the error. */
  onError: (error: unknown) => void;
  onBlocked: (text: string) => void;
  /** An ended round (not a cancelled one): the profit monitor follows. */
  onSettled?: (round: RoundView) => void;
  texts: { invalidWager: string };
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export interface ExtendedState<P> {
  params: P;
  wagerText: string;
  /** A Play, Turn, Finish or RestoreData is in flight. */
  busy: boolean;
  round: ExtendedRoundView | null;
  roundKey: number;
  popup: ResultPopup | null;
  visitBets: HistoryBet[];
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The numeric code of a failed call (socket or HTTP errors carry `code`). */
function errorCode(error: unknown): number | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : null;
}

/** The round as the board shows it, from a server answer. */
export function roundView(
  response: ExtendedPlayResponse,
  last: ExtendedRoundView['last'],
): ExtendedRoundView {
  const { game } = response;
  return {
    betId: response.id,
    state: game.extendedState,
    last,
    view: game.data,
    multiplier: game.multiplier,
    wager: game.wager,
    payout: game.payout,
    profit: game.profit,
    currency: game.currency,
    canTake: response.canBeFinished,
    canCancel: response.canBeCancelled,
    delay: game.delay,
  };
}

export class ExtendedSession<P = unknown> {
  readonly store: StoreApi<ExtendedState<P>>;
  private readonly deps: ExtendedDeps<P>;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private disposed = false;

  constructor(deps: ExtendedDeps<P>) {
    this.deps = deps;
    this.sleep = deps.sleep ?? defaultSleep;
    this.now = deps.now ?? Date.now;
    this.store = createStore<ExtendedState<P>>()(() => ({
      params: deps.ui.defaultParams,
      wagerText: zeroWagerText(deps.context().decimals),
      busy: false,
      round: null,
      roundKey: 0,
      popup: null,
      visitBets: [],
    }));
  }

  private get state(): ExtendedState<P> {
    return this.store.getState();
  }

  private set(patch: Partial<ExtendedState<P>>): void {
    if (!this.disposed) this.store.setState(patch);
  }

  /** A round is open: wager and controls are locked (spec 3 section 4). */
  get open(): boolean {
    return this.state.round?.state === 'in-progress';
  }

  /** Controls may not change params or the wager. */
  get locked(): boolean {
    return this.state.busy || this.open;
  }

  wager(state: ExtendedState<P> = this.state): bigint | null {
    return parseWagerText(state.wagerText, this.deps.context().decimals);
  }

  // ---- inputs -----------------------------------------------------------------------------------

  setParams = (params: P): void => {
    if (!this.locked) this.set({ params });
  };

  setWagerText = (text: string): void => {
    if (!this.locked) this.set({ wagerText: text });
  };

  normalizeWagerText = (): void => {
    const { decimals } = this.deps.context();
    const value = parseWagerText(this.state.wagerText, decimals);
    if (value !== null) this.set({ wagerText: wagerText(value, decimals) });
  };

  scaleWager = (action: 'half' | 'double'): void => {
    if (this.locked) return;
    this.set({ wagerText: scaleWagerText(this.state.wagerText, this.deps.context().decimals, action) });
  };

  resetWager = (): void => {
    if (!this.open) this.set({ wagerText: zeroWagerText(this.deps.context().decimals) });
  };

  // ---- calls ------------------------------------------------------------------------------------

  /** The play button: Play without an open round; Take or Cancel with one. */
  press = (): void => {
    if (this.state.busy) return;
    const round = this.state.round;
    if (round?.state === 'in-progress') {
      if (round.canTake || round.canCancel) void this.finish();
      return;
    }
    void this.play();
  };

  /** Brings back the open round of this game, if any (a reload, another device). */
  async restore(): Promise<void> {
    if (this.disposed || !this.deps.context().signedIn) return;
    this.set({ busy: true });
    try {
      const { round } = await this.deps.api.restore({ api_id: this.deps.gameId });
      if (this.disposed) return;
      if (round && round.game.extendedState === 'in-progress') {
        const { decimals } = this.deps.context();
        const wager = parseWagerText(round.game.wager, decimals);
        this.apply(round, 'restore');
        if (wager !== null) this.set({ wagerText: wagerText(wager, decimals) });
        // The controls show the round's parameters as played (the mine count, the difficulty...).
        const played = round.game.params;
        if (!this.deps.ui.toPlayData && isPlainObject(played) && isPlainObject(this.state.params))
          this.set({ params: { ...this.state.params, ...played } as P });
      }
    } catch (error) {
      if (!this.disposed) this.deps.onError(error);
    } finally {
      this.set({ busy: false });
    }
  }

  async play(): Promise<void> {
    if (this.state.busy || this.open || this.disposed) return;
    const context = this.deps.context();
    const wager = this.wager();
    if (wager === null) {
      this.deps.onBlocked(this.deps.texts.invalidWager);
      return;
    }
    const { ui, gameId } = this.deps;
    this.set({ busy: true, popup: null });
    this.deps.sound.play('bet');
    try {
      const response = await this.deps.api.play({
        api_id: gameId,
        bet: toDecimalString(wager, context.decimals),
        demo: context.demo,
        currency: context.currency,
        quick: context.quick,
        data: ui.toPlayData ? ui.toPlayData(this.state.params) : this.state.params,
      });
      if (!this.disposed)
        this.apply(response, response.game.extendedState === 'finished' ? 'finish' : 'start');
    } catch (error) {
      if (!this.disposed) this.deps.onError(error);
    } finally {
      this.set({ busy: false });
    }
  }

  /** One decision of the open round (boards and the game's Actions call this). */
  turn = (data: unknown): void => {
    void this.sendTurn(data);
  };

  async sendTurn(data: unknown): Promise<void> {
    const round = this.state.round;
    if (this.state.busy || !round || round.state !== 'in-progress' || this.disposed) return;
    this.set({ busy: true });
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          const response = await this.deps.api.turn({
            api_id: this.deps.gameId,
            id: round.betId,
            data,
            quick: this.deps.context().quick,
          });
          if (!this.disposed) this.apply(response, response.result);
          return;
        } catch (error) {
          const code = errorCode(error);
          if (code === 0 && attempt < TURN_RETRIES) {
            await this.sleep(TURN_RETRY_MS);
            continue;
          }
          if (code === 1 || code === 2) {
            // The round ended or moved on elsewhere (another tab): show what the server has.
            this.set({ busy: false });
            await this.restoreAfterLoss(round.betId);
            return;
          }
          if (!this.disposed) this.deps.onError(error);
          return;
        }
      }
    } finally {
      this.set({ busy: false });
    }
  }

  /** Take (cash out) or Cancel. */
  async finish(): Promise<void> {
    const round = this.state.round;
    if (this.state.busy || !round || round.state !== 'in-progress' || this.disposed) return;
    this.set({ busy: true });
    try {
      const response = await this.deps.api.finish({ api_id: this.deps.gameId, id: round.betId });
      if (!this.disposed) this.apply(response, response.game.status === 'cancelled' ? 'cancel' : 'take');
    } catch (error) {
      const code = errorCode(error);
      if (code === 1 || code === 2) await this.restoreAfterLoss(round.betId);
      else if (!this.disposed) this.deps.onError(error);
    } finally {
      this.set({ busy: false });
    }
  }

  private async restoreAfterLoss(betId: string): Promise<void> {
    const current = this.state.round;
    await this.restore();
    // Still the same round shown but the server has none open: it ended elsewhere.
    if (this.state.round === current && current?.betId === betId) {
      this.set({ round: { ...current, state: 'finished', canTake: false, canCancel: false } });
    }
  }

  /** Applies a server answer: the round, the board's key, and the end of a round. */
  private apply(response: ExtendedPlayResponse, last: ExtendedRoundView['last']): void {
    const view = roundView(response, last);
    const roundKey = this.state.roundKey + 1;
    this.set({ round: view, roundKey });
    if (last === 'continue') this.deps.sound.play('tick');
    if (view.state !== 'finished' || last === 'restore') return;
    const { game } = response;
    const cancelled = game.status === 'cancelled';
    const context = this.deps.context();
    const kind = resultPopupKind({
      cancelled,
      profit: game.profit,
      multiplier: game.multiplier,
      win: game.win,
    });
    const bet: HistoryBet = {
      id: response.id,
      game: this.deps.gameId,
      currency: game.currency,
      demo: game.demo,
      wager: game.wager,
      multiplier: game.multiplier,
      payout: game.payout,
      profit: game.profit,
      status: game.win ? 'win' : 'lose',
      created_at: new Date(this.now()).toISOString(),
    };
    if (cancelled) return;
    // The board animates the last step for `delay` ms (cards landing, the board revealing): the result
    // shows once it has, so the popup never gives the outcome away or covers it mid-animation.
    if (game.delay > 0 && !this.disposed) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        if (!this.disposed) this.settle(response, roundKey, kind, bet, context.quick);
      }, game.delay);
      this.timers.add(timer);
      return;
    }
    this.settle(response, roundKey, kind, bet, context.quick);
  }

  private settle(
    response: ExtendedPlayResponse,
    roundKey: number,
    kind: ReturnType<typeof resultPopupKind>,
    bet: HistoryBet,
    quick: boolean,
  ): void {
    const { game } = response;
    this.set({
      popup: kind
        ? {
            key: roundKey,
            betId: response.id,
            kind,
            multiplier: game.multiplier,
            amount: kind === 'win' ? game.payout : game.profit,
            currency: game.currency,
          }
        : null,
      visitBets: [bet, ...this.state.visitBets].slice(0, VISIT_BETS_LIMIT),
    });
    if (kind) {
      this.deps.sound.play(kind === 'win' ? 'win' : 'lose');
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        if (this.state.popup?.key === roundKey) this.set({ popup: null });
      }, RESULT_POPUP_MS);
      this.timers.add(timer);
    }
    this.deps.onSettled?.({
      betId: response.id,
      outcome: game.data,
      params: this.state.params,
      multiplier: game.multiplier,
      win: game.win,
      status: game.win ? 'win' : 'lose',
      profit: game.profit,
      payout: game.payout,
      wager: game.wager,
      currency: game.currency,
      quick,
      delay: game.delay,
    });
  }

  dispose(): void {
    this.disposed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
