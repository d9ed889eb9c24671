/**
 * One visit's game session: the state the frame renders and the play / auto-bet machinery.
 * Framework-free (a zustand vanilla store plus methods) so the loop can be tested with a fake server.
 *
 * A play: send Play -> set the round and bump `roundKey` -> wait for the board's `onAnimationEnd`
 * (or `delay + 600` ms) -> result popup (2 s), history, profit monitor -> the next bet may go.
 * Auto: waits while a play is in flight (retry every 100 ms), keeps a 50 ms gap, applies the on-win /
 * on-loss rule after each round, stops on its conditions, on Stop, and on any error.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { PlayResponse } from '@nebula/contracts';
import type { RoundView } from '../types';
import {
  AUTO_GAP_MS,
  AUTO_RETRY_MS,
  DEFAULT_AUTO_FORM,
  NEW_AUTO_RUN,
  applyWagerChange,
  autoStep,
  parseAutoForm,
  type AutoForm,
  type AutoRun,
  type WagerChange,
} from './auto-bet';
import { canChangeBettingType, type BettingType } from './play-button';
import { RESULT_POPUP_MS, resultPopupKind } from './result-popup';
import type { HistoryBet, SessionDeps, SessionState } from './session-types';
import { parseSignedDecimal, parseWagerText, scaleWagerText, wagerText, zeroWagerText } from './wager';
import { toDecimalString } from '@nebula/money';

/** Extra wait after the server's delay before the frame carries on without the board. */
export const ANIMATION_GRACE_MS = 600;
/** Rounds of this visit kept for the history table. */
export const VISIT_BETS_LIMIT = 50;

export type { HistoryBet, PlayContext, ResultPopup, SessionDeps, SessionState } from './session-types';

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class GameSession<P = unknown> {
  readonly store: StoreApi<SessionState<P>>;
  private readonly deps: SessionDeps<P>;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private readonly waiters = new Map<number, () => void>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private disposed = false;

  constructor(deps: SessionDeps<P>) {
    this.deps = deps;
    this.sleep = deps.sleep ?? defaultSleep;
    this.now = deps.now ?? Date.now;
    const { decimals } = deps.context();
    this.store = createStore<SessionState<P>>()(() => ({
      params: deps.ui.defaultParams,
      wagerText: zeroWagerText(decimals),
      bettingType: 'manual',
      pending: false,
      autoRunning: false,
      autoForm: DEFAULT_AUTO_FORM,
      autoFormError: null,
      autoRun: NEW_AUTO_RUN,
      autoTarget: 0,
      round: null,
      roundKey: 0,
      popup: null,
      visitBets: [],
    }));
  }

  private get state(): SessionState<P> {
    return this.store.getState();
  }

  private set(patch: Partial<SessionState<P>>): void {
    if (!this.disposed) this.store.setState(patch);
  }

  /** Controls and the board may not change anything while a play is in flight or auto runs. */
  get locked(): boolean {
    return this.state.pending || this.state.autoRunning;
  }

  /** The wager in atomic units: the stakes' total for stake games, else the parsed text. */
  wager(state: SessionState<P> = this.state): bigint | null {
    const { stakes } = this.deps.ui;
    if (stakes) {
      try {
        return stakes.total(state.params);
      } catch {
        return null;
      }
    }
    return parseWagerText(state.wagerText, this.deps.context().decimals);
  }

  // ---- inputs -----------------------------------------------------------------------------------

  setParams = (params: P): void => {
    if (this.locked) return;
    this.set({ params });
  };

  setWagerText = (text: string): void => {
    if (this.locked || this.deps.ui.stakes) return;
    this.set({ wagerText: text });
  };

  /** On blur: a valid text is shown with every decimal of the currency. */
  normalizeWagerText = (): void => {
    const { decimals } = this.deps.context();
    const value = parseWagerText(this.state.wagerText, decimals);
    if (value !== null) this.set({ wagerText: wagerText(value, decimals) });
  };

  /** ½ or x2: rounded to the currency's decimals; for stake games every stake is scaled. */
  scaleWager = (action: 'half' | 'double'): void => {
    if (this.locked) return;
    const { stakes } = this.deps.ui;
    if (stakes) {
      const [num, den] = action === 'half' ? [1n, 2n] : [2n, 1n];
      this.set({ params: stakes.scale(this.state.params, num, den) });
      return;
    }
    this.set({ wagerText: scaleWagerText(this.state.wagerText, this.deps.context().decimals, action) });
  };

  /** A currency switch: the wager goes back to zero at the new currency's precision. */
  resetWager = (): void => {
    if (this.state.autoRunning) this.stopAuto();
    const { stakes } = this.deps.ui;
    this.set({
      wagerText: zeroWagerText(this.deps.context().decimals),
      ...(stakes ? { params: stakes.clear(this.state.params) } : {}),
    });
  };

  setBettingType = (bettingType: BettingType): void => {
    if (!canChangeBettingType(this.state)) return;
    this.set({ bettingType });
  };

  setAutoForm = (patch: Partial<AutoForm>): void => {
    if (this.state.autoRunning) return;
    this.set({ autoForm: { ...this.state.autoForm, ...patch }, autoFormError: null });
  };

  // ---- playing ----------------------------------------------------------------------------------

  /** The play button: a manual bet, or Start / Stop of the auto run. */
  press = (): void => {
    const state = this.state;
    if (state.autoRunning) {
      this.stopAuto();
      return;
    }
    if (state.bettingType === 'auto') {
      void this.runAuto();
      return;
    }
    void this.playOnce();
  };

  /** The board's animation of `roundKey` ended. */
  animationEnd = (roundKey: number): void => {
    const resolve = this.waiters.get(roundKey);
    if (resolve) {
      this.waiters.delete(roundKey);
      resolve();
    }
  };

  /**
   * One bet, from Play to the popup. Resolves with the settled round, or null when it was refused
   * (locally or by the server) or the session ended.
   */
  async playOnce(): Promise<RoundView | null> {
    const state = this.state;
    if (state.pending || this.disposed) return null;
    const { ui, gameId } = this.deps;
    const reason = ui.blockReason?.(state.params) ?? null;
    if (reason) {
      this.deps.onBlocked(reason);
      return null;
    }
    const context = this.deps.context();
    const wager = this.wager(state);
    if (wager === null) {
      this.deps.onBlocked(this.deps.texts.invalidWager);
      return null;
    }
    const params = state.params;
    this.set({ pending: true });
    this.deps.sound.play('bet');
    let response: PlayResponse;
    try {
      response = await this.deps.send({
        api_id: gameId,
        bet: toDecimalString(wager, context.decimals),
        demo: context.demo,
        currency: context.currency,
        quick: context.quick,
        data: ui.toPlayData ? ui.toPlayData(params) : params,
      });
    } catch (error) {
      this.set({ pending: false });
      if (!this.disposed) this.deps.onError(error);
      return null;
    }
    if (this.disposed) return null;

    const game = response.game;
    const round: RoundView = {
      betId: response.id,
      outcome: game.data,
      params,
      multiplier: game.multiplier,
      win: game.win,
      status: game.status,
      profit: game.profit,
      payout: game.payout,
      wager: toDecimalString(wager, context.decimals),
      currency: context.currency,
      quick: game.delay === 0,
      delay: game.delay,
    };
    const roundKey = this.state.roundKey + 1;
    this.set({ round, roundKey });
    await this.waitForAnimation(roundKey, game.delay);
    if (this.disposed) return null;
    this.settle(round, roundKey, context.demo);
    return round;
  }

  private waitForAnimation(roundKey: number, delay: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.animationEnd(roundKey), Math.max(0, delay) + ANIMATION_GRACE_MS);
      this.timers.add(timer);
      this.waiters.set(roundKey, () => {
        clearTimeout(timer);
        this.timers.delete(timer);
        resolve();
      });
    });
  }

  private settle(round: RoundView, roundKey: number, demo: boolean): void {
    const kind = resultPopupKind(round);
    const bet: HistoryBet = {
      id: round.betId,
      game: this.deps.gameId,
      currency: round.currency,
      demo,
      wager: round.wager,
      multiplier: round.multiplier,
      payout: round.payout,
      profit: round.profit,
      status: round.status,
      created_at: new Date(this.now()).toISOString(),
    };
    this.set({
      pending: false,
      popup: kind
        ? {
            key: roundKey,
            betId: round.betId,
            kind,
            multiplier: round.multiplier,
            amount: kind === 'win' ? round.payout : round.profit,
            currency: round.currency,
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
    this.deps.onSettled?.(round);
  }

  // ---- auto -------------------------------------------------------------------------------------

  stopAuto = (): void => {
    if (this.state.autoRunning) this.set({ autoRunning: false });
  };

  async runAuto(): Promise<void> {
    const state = this.state;
    if (state.autoRunning || this.disposed) return;
    const context = this.deps.context();
    if (!context.signedIn) {
      this.deps.openLogin();
      return;
    }
    const parsed = parseAutoForm(state.autoForm, context.decimals);
    if (!parsed.ok) {
      this.set({ autoFormError: parsed.field });
      this.deps.onBlocked(this.deps.texts.invalidAuto);
      return;
    }
    const { settings } = parsed;
    const initial = { wagerText: state.wagerText, params: state.params, wager: this.wager(state) ?? 0n };
    let run: AutoRun = NEW_AUTO_RUN;
    let nextAt = 0;
    this.set({ autoRunning: true, autoRun: run, autoTarget: settings.games, autoFormError: null });
    try {
      while (this.state.autoRunning && !this.disposed) {
        while (this.state.pending && this.state.autoRunning && !this.disposed)
          await this.sleep(AUTO_RETRY_MS);
        const gap = nextAt - this.now();
        if (gap > 0) await this.sleep(gap);
        if (!this.state.autoRunning || this.disposed) break;
        const round = await this.playOnce();
        nextAt = this.now() + AUTO_GAP_MS;
        if (!round) break;
        const decimals = this.deps.context().decimals;
        const step = autoStep(settings, run, {
          win: round.win,
          profit: parseSignedDecimal(round.profit, decimals),
        });
        run = step.run;
        this.applyChange(step.change, initial, decimals);
        this.set({ autoRun: run });
        if (step.stop) break;
      }
    } finally {
      this.set({ autoRunning: false });
    }
  }

  private applyChange(
    change: WagerChange | null,
    initial: { wagerText: string; params: P; wager: bigint },
    decimals: number,
  ): void {
    if (!change) return;
    const { stakes } = this.deps.ui;
    if (stakes) {
      this.set({
        params:
          change.kind === 'reset' ? initial.params : stakes.scale(this.state.params, change.num, change.den),
      });
      return;
    }
    if (change.kind === 'reset') {
      this.set({ wagerText: initial.wagerText });
      return;
    }
    const current = parseWagerText(this.state.wagerText, decimals) ?? initial.wager;
    this.set({ wagerText: wagerText(applyWagerChange(current, initial.wager, change), decimals) });
  }

  /** Ends the session: the auto run stops, waiting plays are released, timers cleared. */
  dispose(): void {
    this.store.setState({ autoRunning: false } as Partial<SessionState<P>>);
    this.disposed = true;
    for (const resolve of [...this.waiters.values()]) resolve();
    this.waiters.clear();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
