/**
 * The player's side of the crash room: the wager and the auto cash-out target, Bet / Cancel /
 * Cash out, a bet queued for the next round, and auto bet (spec 3 section 4 with the frame's rules:
 * games count, on win / on loss reset or increase, stop on win / profit / loss).
 *
 * In multiplayer, auto bet advances on the timer start (a new round takes bets: the next bet goes)
 * and after the player's own finished game, with a delay (when the new round opened before the
 * outcome was known). Any error stops the run. Framework free, like the frame's GameSession.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { CrashOwnBet, MultiplayerPlayResponse } from '@nebula/contracts';
import { toDecimalString } from '@nebula/money';
import type { SoundApi } from '../types';
import {
  AUTO_GAP_MS,
  DEFAULT_AUTO_FORM,
  NEW_AUTO_RUN,
  applyWagerChange,
  autoStep,
  parseAutoForm,
  type AutoForm,
  type AutoFormError,
  type AutoRun,
  type AutoSettings,
} from '../frame/auto-bet';
import type { PlayContext } from '../frame/session-types';
import { parseSignedDecimal, parseWagerText, scaleWagerText, wagerText, zeroWagerText } from '../frame/wager';
import type { CrashApi } from './crash-api';
import { canCashOut } from './crash-button';
import type { CrashRoom } from './crash-room';

/** After the player's own finished game, the next auto bet waits this long (spec 3 section 9). */
export const AUTO_AFTER_FINISH_MS = 1_000;
/** How long the result badge stays over the stage. */
export const RESULT_BADGE_MS = 2_500;
/** The player's bets of this visit kept for 'My bets'. */
export const VISIT_BETS_KEPT = 50;
/** The default auto cash-out target: 2.00x. */
export const DEFAULT_TARGET = 200;

export type BettingType = 'manual' | 'auto';

/** The player's finished bet of a round, with when the page saw it end. */
export type VisitBet = CrashOwnBet & { endedAt: string };

/** What the stage shows of the player's last finished bet. */
export interface ResultBadge {
  key: number;
  round: string;
  win: boolean;
  multiplier: string;
  payout: string;
  profit: string;
  currency: string;
}

export interface PlayerState {
  wagerText: string;
  /** Auto cash-out target in hundredths; null: cash out by hand. */
  target: number | null;
  bettingType: BettingType;
  /** A bet waits for the next round's betting phase. */
  queued: boolean;
  /** The request in flight. */
  busy: 'bet' | 'cashout' | 'cancel' | null;
  autoRunning: boolean;
  autoForm: AutoForm;
  autoFormError: AutoFormError | null;
  autoRun: AutoRun;
  /** Games of the running auto run (0 = infinite). */
  autoTarget: number;
  badge: ResultBadge | null;
  visitBets: VisitBet[];
}

export interface PlayerDeps {
  room: CrashRoom;
  api: Pick<CrashApi, 'bet' | 'cashOut' | 'cancel'>;
  context: () => PlayContext;
  sound: SoundApi;
  /** A failed call (toasts, login for guests: the frame's play error handling). */
  /** A failed call; `auto`: it stopped the auto bet. */
  onError: (error: unknown, info?: { auto: boolean }) => void;
  /** Refused locally (invalid wager or auto settings). */
  onBlocked: (text: string) => void;
  /** The player's bet ended (profit monitor). */
  onSettled?: (bet: CrashOwnBet) => void;
  openLogin: () => void;
  texts: { invalidWager: string; invalidAuto: string };
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class CrashPlayer {
  readonly store: StoreApi<PlayerState>;
  private readonly deps: PlayerDeps;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly offs: (() => void)[] = [];
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  /** The round the last bet attempt was for: one attempt per round. */
  private betRound: string | null = null;
  private auto: { settings: AutoSettings; initialText: string; initial: bigint } | null = null;
  private badgeKey = 0;
  private disposed = false;

  constructor(deps: PlayerDeps) {
    this.deps = deps;
    this.sleep = deps.sleep ?? defaultSleep;
    this.store = createStore<PlayerState>()(() => ({
      wagerText: zeroWagerText(deps.context().decimals),
      target: DEFAULT_TARGET,
      bettingType: 'manual',
      queued: false,
      busy: null,
      autoRunning: false,
      autoForm: DEFAULT_AUTO_FORM,
      autoFormError: null,
      autoRun: NEW_AUTO_RUN,
      autoTarget: 0,
      badge: null,
      visitBets: [],
    }));
    this.offs.push(
      deps.room.onTimerStart(() => void this.onTimerStart()),
      deps.room.onMineFinished((mine) => this.onMineFinished(mine)),
    );
  }

  get state(): PlayerState {
    return this.store.getState();
  }

  private set(patch: Partial<PlayerState>): void {
    if (!this.disposed) this.store.setState(patch);
  }

  /** The wager, the target and the auto settings are locked while auto runs or a bet waits. */
  get locked(): boolean {
    return this.state.autoRunning || this.state.queued;
  }

  // ---- inputs -----------------------------------------------------------------------------------

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

  /** A currency switch: back to zero at the new precision, and any run or queued bet ends. */
  resetWager = (): void => {
    this.set({ autoRunning: false, queued: false, wagerText: zeroWagerText(this.deps.context().decimals) });
    this.auto = null;
  };

  setTarget = (target: number | null): void => {
    if (!this.locked) this.set({ target });
  };

  setBettingType = (bettingType: BettingType): void => {
    if (!this.state.autoRunning) this.set({ bettingType, queued: false });
  };

  setAutoForm = (patch: Partial<AutoForm>): void => {
    if (!this.state.autoRunning)
      this.set({ autoForm: { ...this.state.autoForm, ...patch }, autoFormError: null });
  };

  // ---- actions ----------------------------------------------------------------------------------

  /** Places a bet in the round taking bets; false when none was placed. */
  bet = async (): Promise<boolean> => {
    const round = this.deps.room.state.round;
    if (this.disposed || this.state.busy || !round || round.phase !== 'betting') return false;
    if (this.betRound === round.id) return false;
    const context = this.deps.context();
    const wager = parseWagerText(this.state.wagerText, context.decimals);
    if (wager === null) {
      this.deps.onBlocked(this.deps.texts.invalidWager);
      this.stopAuto();
      return false;
    }
    this.betRound = round.id;
    this.set({ busy: 'bet' });
    try {
      const answer = await this.deps.api.bet({
        bet: toDecimalString(wager, context.decimals),
        currency: context.currency,
        demo: context.demo,
        autoCashOut: this.state.target,
      });
      if (this.disposed) return false;
      this.deps.room.applyAnswer(answer);
      this.deps.sound.play('bet');
      return true;
    } catch (error) {
      // A refused bet may be tried again in the same round (after a deposit, another wager).
      if (this.betRound === round.id) this.betRound = null;
      const auto = this.state.autoRunning;
      this.stopAuto();
      if (!this.disposed) this.deps.onError(error, { auto });
      return false;
    } finally {
      this.set({ busy: null });
    }
  };

  /** Cashes out the player's bet in the running round at the multiplier the server clock gives. */
  cashOut = async (): Promise<void> => {
    const room = this.deps.room.state;
    if (this.disposed || this.state.busy === 'cashout' || !room.mine || !canCashOut(room)) return;
    const round = room.mine.id;
    await this.request('cashout', () => this.deps.api.cashOut(round));
  };

  /** Takes the bet back during betting (refunded; the round takes no other bet of the player). */
  cancel = async (): Promise<void> => {
    const mine = this.deps.room.state.mine;
    if (this.disposed || this.state.busy || !mine?.canBeCancelled) return;
    await this.request('cancel', () => this.deps.api.cancel(mine.id));
  };

  private async request(kind: 'cashout' | 'cancel', send: () => Promise<MultiplayerPlayResponse>) {
    this.set({ busy: kind });
    try {
      const answer = await send();
      if (!this.disposed) this.deps.room.applyAnswer(answer);
    } catch (error) {
      if (!this.disposed) this.deps.onError(error);
    } finally {
      this.set({ busy: null });
    }
  }

  /** Queues a bet for the next betting phase (or takes it back). */
  toggleQueue = (): void => {
    if (this.state.autoRunning) return;
    if (this.state.queued) {
      this.set({ queued: false });
      return;
    }
    const context = this.deps.context();
    if (!context.signedIn) {
      this.deps.openLogin();
      return;
    }
    if (parseWagerText(this.state.wagerText, context.decimals) === null) {
      this.deps.onBlocked(this.deps.texts.invalidWager);
      return;
    }
    this.set({ queued: true });
  };

  // ---- auto -------------------------------------------------------------------------------------

  /** Starts the auto run: a bet now when the round takes bets, else at the next timer start. */
  startAuto = (): void => {
    if (this.state.autoRunning || this.disposed) return;
    const context = this.deps.context();
    if (!context.signedIn) {
      this.deps.openLogin();
      return;
    }
    const parsed = parseAutoForm(this.state.autoForm, context.decimals);
    if (!parsed.ok) {
      this.set({ autoFormError: parsed.field });
      this.deps.onBlocked(this.deps.texts.invalidAuto);
      return;
    }
    const initial = parseWagerText(this.state.wagerText, context.decimals);
    if (initial === null) {
      this.deps.onBlocked(this.deps.texts.invalidWager);
      return;
    }
    this.auto = { settings: parsed.settings, initialText: this.state.wagerText, initial };
    this.set({
      autoRunning: true,
      autoRun: NEW_AUTO_RUN,
      autoTarget: parsed.settings.games,
      autoFormError: null,
      queued: false,
    });
    if (!this.hasBetInRound()) void this.bet();
  };

  stopAuto = (): void => {
    if (this.state.autoRunning) this.set({ autoRunning: false });
    this.auto = null;
  };

  private hasBetInRound(): boolean {
    const { round, mine } = this.deps.room.state;
    return !!round && (this.betRound === round.id || mine?.id === round.id);
  }

  /** A new round takes bets: the queued bet or the auto run's next bet goes. */
  private async onTimerStart(): Promise<void> {
    if (!this.state.queued && !this.state.autoRunning) return;
    await this.sleep(AUTO_GAP_MS);
    if (this.disposed || (!this.state.queued && !this.state.autoRunning)) return;
    this.set({ queued: false });
    if (!this.hasBetInRound()) await this.bet();
  }

  /** The player's bet ended: the badge, 'My bets', the monitor, and the auto run's next step. */
  private onMineFinished(mine: MultiplayerPlayResponse): void {
    const bet = mine.game.bet;
    const win = mine.game.status === 'win';
    const key = ++this.badgeKey;
    this.set({
      badge: {
        key,
        round: mine.id,
        win,
        multiplier: bet.multiplier,
        payout: bet.payout,
        profit: bet.profit,
        currency: bet.currency,
      },
      visitBets: [{ ...bet, endedAt: new Date().toISOString() }, ...this.state.visitBets].slice(
        0,
        VISIT_BETS_KEPT,
      ),
    });
    this.later(RESULT_BADGE_MS, () => {
      if (this.state.badge?.key === key) this.set({ badge: null });
    });
    this.deps.sound.play(win ? 'win' : 'lose');
    this.deps.onSettled?.(bet);
    if (this.state.autoRunning && this.auto) void this.autoAdvance(bet, win);
  }

  private async autoAdvance(bet: CrashOwnBet, win: boolean): Promise<void> {
    const auto = this.auto;
    if (!auto) return;
    const decimals = this.deps.context().decimals;
    const step = autoStep(auto.settings, this.state.autoRun, {
      win,
      profit: parseSignedDecimal(bet.profit, decimals),
    });
    const patch: Partial<PlayerState> = { autoRun: step.run };
    if (step.change?.kind === 'reset') patch.wagerText = auto.initialText;
    else if (step.change) {
      const current = parseWagerText(this.state.wagerText, decimals) ?? auto.initial;
      patch.wagerText = wagerText(applyWagerChange(current, auto.initial, step.change), decimals);
    }
    this.set(patch);
    if (step.stop) {
      this.stopAuto();
      return;
    }
    // The next round may already take bets (its timer started before this outcome was known).
    await this.sleep(AUTO_AFTER_FINISH_MS);
    if (this.disposed || !this.state.autoRunning) return;
    if (this.deps.room.state.round?.phase === 'betting' && !this.hasBetInRound()) await this.bet();
  }

  private later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.disposed) run();
    }, ms);
    this.timers.add(timer);
  }

  dispose(): void {
    this.store.setState({ autoRunning: false, queued: false });
    this.disposed = true;
    for (const off of this.offs.splice(0)) off();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
