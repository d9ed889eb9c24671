/**
 * Auto bet (spec 3 section 4, plus stop on profit / stop on loss): the pure step after each round.
 * For a win and for a loss separately the wager is reset to the initial bet or increased by a
 * percent (parsed to an integer). The run stops when the games count (above 0) is reached, when
 * stop-on-win triggers after a win, or when the run's profit reaches +X or its loss reaches X.
 */
import { parseWagerText } from './wager';

/** Between rounds the loop re-checks a play in flight every 100 ms (spec 3 section 9). */
export const AUTO_RETRY_MS = 100;
/** Minimum gap between two auto rounds (spec 3 section 9). */
export const AUTO_GAP_MS = 50;

export type OutcomeAction = 'reset' | 'increase';

/** The settings form as the player typed it. */
export interface AutoForm {
  games: string;
  onWin: OutcomeAction;
  onWinPercent: string;
  onLoss: OutcomeAction;
  onLossPercent: string;
  stopOnWin: boolean;
  stopOnProfit: string;
  stopOnLoss: string;
}

export const DEFAULT_AUTO_FORM: AutoForm = {
  games: '0',
  onWin: 'reset',
  onWinPercent: '0',
  onLoss: 'reset',
  onLossPercent: '0',
  stopOnWin: false,
  stopOnProfit: '',
  stopOnLoss: '',
};

export interface OutcomeRule {
  action: OutcomeAction;
  /** Integer percent, >= 0 (only used by 'increase'). */
  percent: number;
}

export interface AutoSettings {
  /** 0 means infinite. */
  games: number;
  onWin: OutcomeRule;
  onLoss: OutcomeRule;
  stopOnWin: boolean;
  /** Atomic units; null when off. */
  stopOnProfit: bigint | null;
  stopOnLoss: bigint | null;
}

export type AutoFormError = 'games' | 'onWinPercent' | 'onLossPercent' | 'stopOnProfit' | 'stopOnLoss';

/** The percent as the spec parses it: to an integer (`parseInt`); null when not a non-negative number. */
export function parsePercent(text: string): number | null {
  const value = Number.parseInt(text.trim() || '0', 10);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

function parseStop(text: string, decimals: number): bigint | null | 'invalid' {
  if (!text.trim()) return null;
  const value = parseWagerText(text, decimals);
  if (value === null) return 'invalid';
  return value > 0n ? value : null;
}

/** The form as settings, or the first field in error. */
export function parseAutoForm(
  form: AutoForm,
  decimals: number,
): { ok: true; settings: AutoSettings } | { ok: false; field: AutoFormError } {
  const gamesText = form.games.trim() || '0';
  if (!/^\d{1,9}$/.test(gamesText)) return { ok: false, field: 'games' };
  const winPercent = parsePercent(form.onWinPercent);
  if (winPercent === null) return { ok: false, field: 'onWinPercent' };
  const lossPercent = parsePercent(form.onLossPercent);
  if (lossPercent === null) return { ok: false, field: 'onLossPercent' };
  const stopOnProfit = parseStop(form.stopOnProfit, decimals);
  if (stopOnProfit === 'invalid') return { ok: false, field: 'stopOnProfit' };
  const stopOnLoss = parseStop(form.stopOnLoss, decimals);
  if (stopOnLoss === 'invalid') return { ok: false, field: 'stopOnLoss' };
  return {
    ok: true,
    settings: {
      games: Number(gamesText),
      onWin: { action: form.onWin, percent: winPercent },
      onLoss: { action: form.onLoss, percent: lossPercent },
      stopOnWin: form.stopOnWin,
      stopOnProfit,
      stopOnLoss,
    },
  };
}

/** The running totals of one auto run. */
export interface AutoRun {
  played: number;
  /** Sum of the rounds' profits, atomic units (negative for a loss). */
  profit: bigint;
}

export const NEW_AUTO_RUN: AutoRun = { played: 0, profit: 0n };

export interface AutoRoundResult {
  win: boolean;
  /** The round's profit in atomic units (negative for a loss). */
  profit: bigint;
}

/** How the next wager follows from the current one. */
export type WagerChange = { kind: 'reset' } | { kind: 'scale'; num: bigint; den: bigint };

export type AutoStopReason = 'games' | 'win' | 'profit' | 'loss';

export interface AutoStep {
  run: AutoRun;
  change: WagerChange | null;
  stop: AutoStopReason | null;
}

/** The wager change of a rule: reset, or x(100 + percent)/100; none for a 0 % increase. */
export function wagerChange(rule: OutcomeRule): WagerChange | null {
  if (rule.action === 'reset') return { kind: 'reset' };
  if (rule.percent <= 0) return null;
  return { kind: 'scale', num: BigInt(100 + rule.percent), den: 100n };
}

/** Applies a change to a one-stake wager (increase rounded down to the currency's last decimal). */
export function applyWagerChange(wager: bigint, initial: bigint, change: WagerChange | null): bigint {
  if (!change) return wager;
  if (change.kind === 'reset') return initial;
  return (wager * change.num) / change.den;
}

/** The step after one settled round. */
export function autoStep(settings: AutoSettings, run: AutoRun, result: AutoRoundResult): AutoStep {
  const next: AutoRun = { played: run.played + 1, profit: run.profit + result.profit };
  const change = wagerChange(result.win ? settings.onWin : settings.onLoss);
  let stop: AutoStopReason | null = null;
  if (settings.games > 0 && next.played >= settings.games) stop = 'games';
  else if (settings.stopOnWin && result.win) stop = 'win';
  else if (settings.stopOnProfit !== null && next.profit >= settings.stopOnProfit) stop = 'profit';
  else if (settings.stopOnLoss !== null && -next.profit >= settings.stopOnLoss) stop = 'loss';
  return { run: next, change, stop };
}
