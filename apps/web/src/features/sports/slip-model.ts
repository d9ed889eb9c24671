/**
 * The bet slip as data (issue G9 item 3, spec 3 section 3): selections, single or multi, stakes, what
 * a change of odds does to the slip, and what the slip refuses before asking the server. Pure: the
 * zustand store (`slip-store.ts`) and the components build on it, the unit tests run it alone.
 *
 * Odds are integers in thousandths (`1850` is 1.85, `ODDS_SCALE`), money is bigint atomic units of
 * the slip's currency; nothing here goes through a float.
 */
import type { OddsChangePolicy, SportEventSummary, SportMarket, SportOutcome } from '@nebula/contracts';
import { MAX_MULTI_LEGS, MIN_MULTI_LEGS, ODDS_SCALE } from '@nebula/contracts/constants';

export type SlipMode = 'single' | 'multi';

/** One selection of the slip: the outcome and what the slip shows of it. */
export interface SlipSelection {
  outcomeId: string;
  outcomeName: string;
  marketId: string;
  marketName: string;
  eventId: string;
  eventName: string;
  /** The sport key (`soccer-1`), the `{sportLink}` of the event page. */
  sportKey: string;
  /** The odds the slip shows now (the last the socket or the server told). */
  odds: number;
  /** The odds the player last saw and accepted; differs from `odds` after a change until accepted. */
  acceptedOdds: number;
  /** False while the outcome or its market takes no bets (a bet stop, a closed market). */
  active: boolean;
  live: boolean;
  simulated: boolean;
  /** The event takes real-money bets (false: demo bets only). */
  realMoney: boolean;
}

export interface SlipState {
  selections: SlipSelection[];
  mode: SlipMode;
  /** Stake texts as typed: per outcome for singles, one for the multi. */
  stakes: Record<string, string>;
  multiStake: string;
}

export const EMPTY_SLIP: SlipState = { selections: [], mode: 'single', stakes: {}, multiStake: '' };

/** A selection built from an event, a market and one of its outcomes. */
export function selectionOf(
  event: Pick<SportEventSummary, 'id' | 'name' | 'sport' | 'status' | 'simulated' | 'realMoney'>,
  market: Pick<SportMarket, 'id' | 'name' | 'status'>,
  outcome: Pick<SportOutcome, 'id' | 'name' | 'odds' | 'active'>,
): SlipSelection {
  return {
    outcomeId: outcome.id,
    outcomeName: outcome.name,
    marketId: market.id,
    marketName: market.name,
    eventId: event.id,
    eventName: event.name,
    sportKey: event.sport.key,
    odds: outcome.odds,
    acceptedOdds: outcome.odds,
    active: outcome.active && market.status === 'active',
    live: event.status === 'live',
    simulated: event.simulated,
    realMoney: event.realMoney,
  };
}

export function hasSelection(state: SlipState, outcomeId: string): boolean {
  return state.selections.some((selection) => selection.outcomeId === outcomeId);
}

/**
 * Adds the selection, or removes it when it is already there (an odds button toggles). A slip that
 * reaches two selections switches to multi once, as sportsbooks do; the player can switch back.
 */
export function toggleSelection(state: SlipState, selection: SlipSelection): SlipState {
  if (hasSelection(state, selection.outcomeId)) return removeSelection(state, selection.outcomeId);
  if (state.selections.length >= MAX_MULTI_LEGS) return state;
  const selections = [...state.selections, selection];
  const mode: SlipMode = state.selections.length === 1 && selections.length === 2 ? 'multi' : state.mode;
  return { ...state, selections, mode };
}

export function removeSelection(state: SlipState, outcomeId: string): SlipState {
  const selections = state.selections.filter((selection) => selection.outcomeId !== outcomeId);
  const { [outcomeId]: _gone, ...stakes } = state.stakes;
  const mode: SlipMode = selections.length < MIN_MULTI_LEGS ? 'single' : state.mode;
  return { ...state, selections, stakes, mode };
}

export function setMode(state: SlipState, mode: SlipMode): SlipState {
  if (mode === 'multi' && state.selections.length < MIN_MULTI_LEGS) return state;
  return { ...state, mode };
}

export function setStake(state: SlipState, key: string | 'multi', text: string): SlipState {
  if (key === 'multi') return { ...state, multiStake: text };
  return { ...state, stakes: { ...state.stakes, [key]: text } };
}

/** The new odds and bookability of outcomes (a `SportOddsChange`), applied to the selections they name. */
export function applyOdds(
  state: SlipState,
  changes: ReadonlyMap<string, { odds: number; active: boolean }>,
): SlipState {
  let changed = false;
  const selections = state.selections.map((selection) => {
    const next = changes.get(selection.outcomeId);
    if (!next || (next.odds === selection.odds && next.active === selection.active)) return selection;
    changed = true;
    return { ...selection, odds: next.odds, active: next.active };
  });
  return changed ? { ...state, selections } : state;
}

/** The event of a selection started (pre-match becomes live) or stopped taking bets. */
export function applyEventStatus(state: SlipState, eventId: string, status: string): SlipState {
  let changed = false;
  const selections = state.selections.map((selection) => {
    if (selection.eventId !== eventId) return selection;
    const live = status === 'live';
    const active = selection.active && (status === 'live' || status === 'not_started');
    if (live === selection.live && active === selection.active) return selection;
    changed = true;
    return { ...selection, live, active };
  });
  return changed ? { ...state, selections } : state;
}

/**
 * Selections whose odds moved since the player last accepted them in a way the player's odds-change
 * policy does not take on its own: `none` any move, `higher` a drop, `any` none.
 */
export function changedSelections(state: SlipState, policy: OddsChangePolicy = 'none'): SlipSelection[] {
  if (policy === 'any') return [];
  return state.selections.filter((selection) =>
    policy === 'higher' ? selection.odds < selection.acceptedOdds : selection.odds !== selection.acceptedOdds,
  );
}

/** The player accepts the odds shown now. */
export function acceptOdds(state: SlipState): SlipState {
  if (state.selections.every((selection) => selection.odds === selection.acceptedOdds)) return state;
  return {
    ...state,
    selections: state.selections.map((selection) => ({ ...selection, acceptedOdds: selection.odds })),
  };
}

/** Removes the selections the bets just placed were made of (after a successful placement). */
export function removePlaced(state: SlipState, outcomeIds: readonly string[]): SlipState {
  return outcomeIds.reduce((next, id) => removeSelection(next, id), state);
}

/**
 * The product of the odds in thousandths, rounded down, as the server shows a bet's `totalOdds`
 * (display only: payouts are computed exactly from the stake).
 */
export function totalOdds(odds: readonly number[]): number {
  let product = BigInt(ODDS_SCALE);
  for (const value of odds) product = (product * BigInt(value)) / BigInt(ODDS_SCALE);
  return Number(product);
}

/** What a stake pays if every leg wins: stake x the product of the odds, rounded down to the unit. */
export function potentialPayout(stake: bigint, odds: readonly number[]): bigint {
  let numerator = stake;
  let denominator = 1n;
  for (const value of odds) {
    numerator *= BigInt(value);
    denominator *= BigInt(ODDS_SCALE);
  }
  return numerator / denominator;
}

/** Why the slip cannot be placed as it is, before asking the server (null: it can). */
export type SlipProblem =
  /** A multi has two selections of one event. */
  | { kind: 'sameEvent'; eventIds: string[] }
  /** A selection takes no bets now. */
  | { kind: 'closed'; outcomeIds: string[] }
  /** Odds moved and the player has not accepted them. */
  | { kind: 'oddsChanged'; outcomeIds: string[] }
  /** A multi needs at least two selections. */
  | { kind: 'tooFewLegs' }
  /** No stake, or a stake that is not a positive amount. */
  | { kind: 'noStake' };

/** Event ids that appear in more than one selection. */
export function repeatedEvents(selections: readonly SlipSelection[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const selection of selections) {
    if (seen.has(selection.eventId)) repeated.add(selection.eventId);
    seen.add(selection.eventId);
  }
  return [...repeated];
}

/**
 * The first problem of the slip in the order the player fixes them; `stakeOf` parses a stake text
 * into atomic units (null when it is not an amount).
 */
export function slipProblem(
  state: SlipState,
  stakeOf: (text: string) => bigint | null,
  policy: OddsChangePolicy = 'none',
): SlipProblem | null {
  const { selections } = state;
  if (selections.length === 0) return { kind: 'noStake' };
  if (state.mode === 'multi') {
    if (selections.length < MIN_MULTI_LEGS) return { kind: 'tooFewLegs' };
    const eventIds = repeatedEvents(selections);
    if (eventIds.length > 0) return { kind: 'sameEvent', eventIds };
  }
  const closed = selections.filter((selection) => !selection.active).map((selection) => selection.outcomeId);
  if (closed.length > 0) return { kind: 'closed', outcomeIds: closed };
  const changed = changedSelections(state, policy).map((selection) => selection.outcomeId);
  if (changed.length > 0) return { kind: 'oddsChanged', outcomeIds: changed };
  const stakes =
    state.mode === 'multi'
      ? [state.multiStake]
      : selections.map((selection) => state.stakes[selection.outcomeId] ?? '');
  if (stakes.some((text) => (stakeOf(text) ?? 0n) <= 0n)) return { kind: 'noStake' };
  return null;
}

/** The slip's total stake and potential payout (singles add up; a multi multiplies its odds). */
export function slipTotals(
  state: SlipState,
  stakeOf: (text: string) => bigint | null,
): { stake: bigint; payout: bigint; odds: number } {
  if (state.mode === 'multi') {
    const stake = stakeOf(state.multiStake) ?? 0n;
    const odds = state.selections.map((selection) => selection.odds);
    return { stake, payout: potentialPayout(stake, odds), odds: totalOdds(odds) };
  }
  let stake = 0n;
  let payout = 0n;
  for (const selection of state.selections) {
    const value = stakeOf(state.stakes[selection.outcomeId] ?? '') ?? 0n;
    stake += value;
    payout += potentialPayout(value, [selection.odds]);
  }
  return { stake, payout, odds: state.selections.length === 1 ? (state.selections[0]?.odds ?? 0) : 0 };
}

/**
 * The bets the slip places: one per selection for singles, one for the multi. Each carries the odds
 * the player accepted and the selections it removes from the slip once placed.
 */
export interface SlipBet {
  type: SlipMode;
  selections: { outcome: string; odds: number }[];
  stake: string;
  demo: boolean;
  live: boolean;
}

export function slipBets(state: SlipState, accountDemo: boolean): SlipBet[] {
  const toBet = (selections: SlipSelection[], stake: string): SlipBet => ({
    type: selections.length > 1 ? 'multi' : 'single',
    selections: selections.map((selection) => ({
      outcome: selection.outcomeId,
      odds: selection.acceptedOdds,
    })),
    stake: stake.trim(),
    // Events that take demo bets only (simulated ones, unless the operator allows real money).
    demo: accountDemo || selections.some((selection) => !selection.realMoney),
    live: selections.some((selection) => selection.live),
  });
  if (state.mode === 'multi') return [toBet(state.selections, state.multiStake)];
  return state.selections.map((selection) => toBet([selection], state.stakes[selection.outcomeId] ?? ''));
}

/** True when some selection takes demo bets only (the slip then shows and uses the demo balance). */
export function demoOnly(state: SlipState): boolean {
  return state.selections.some((selection) => !selection.realMoney);
}
