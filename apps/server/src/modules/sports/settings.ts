/**
 * The sportsbook's operator settings (`sports.*` in the settings registry) and its environment key.
 * Limits are USD values of the stake at bet time (spec 3 section 9: the slip's Min $1 / Max $20).
 * SPORTS_SIMULATION says whether the leader runs the simulated feed (by default in development only:
 * tests drive it themselves, production runs it only when the operator says so).
 */
import { DEFAULT_MAX_PENDING_MULTI, MAX_MULTI_LEGS, SPORT_SLIP_LIMITS } from '@nebula/contracts';
import { z } from 'zod';
import { defineEnv } from '../../platform/env.js';
import { defineSetting, type Setting, type SettingsStore } from '../../platform/settings/index.js';

const usd = z.string().regex(/^\d{1,12}(\.\d{1,8})?$/, 'a USD amount such as 20');

export const sportsEnv = defineEnv(
  {
    SPORTS_SIMULATION: z.enum(['on', 'off']).optional(),
    SPORTS_SIMULATION_SEED: z.string().min(1).max(64).optional(),
  },
  (e, { mode }) => ({
    /** The leader runs the simulated feed: as SPORTS_SIMULATION says, else in development only. */
    simulation: e.SPORTS_SIMULATION ? e.SPORTS_SIMULATION === 'on' : mode === 'development',
    /** The model's seed (team strengths, goals): the same seed plays the same matches. */
    seed: e.SPORTS_SIMULATION_SEED ?? 'nebula-sports',
  }),
);

export const sportsEnabled = defineSetting(
  'sports.enabled',
  z.boolean(),
  true,
  'sports',
  'The sportsbook takes bets (off: every bet is refused with -99; events and bets stay visible).',
);
export const sportsMinBetUsd = defineSetting(
  'sports.min_bet_usd',
  usd,
  SPORT_SLIP_LIMITS.minUsd,
  'sports',
  "The smallest stake of a slip bet in USD ('Min $1', spec 3 section 9).",
);
export const sportsMaxBetUsd = defineSetting(
  'sports.max_bet_usd',
  usd,
  SPORT_SLIP_LIMITS.maxUsd,
  'sports',
  "The largest stake of a slip bet in USD ('Max $20', spec 3 section 9).",
);
export const sportsMaxPayoutUsd = defineSetting(
  'sports.max_payout_usd',
  usd,
  '10000',
  'sports',
  'The most one sports bet may pay, USD at bet time (a bet whose potential payout is higher is refused).',
);
export const sportsMaxPendingMulti = defineSetting(
  'sports.max_pending_multi',
  z.number().int().min(1).max(1000),
  DEFAULT_MAX_PENDING_MULTI,
  'sports',
  "How many pending multi bets one player may hold ('too many multi bets' beyond).",
);
export const sportsMaxMultiLegs = defineSetting(
  'sports.max_multi_legs',
  z.number().int().min(2).max(MAX_MULTI_LEGS),
  MAX_MULTI_LEGS,
  'sports',
  'The most selections of one multi bet.',
);
export const sportsSimulatedRealMoney = defineSetting(
  'sports.simulated_real_money',
  z.boolean(),
  false,
  'sports',
  'Simulated events take real-money bets (off: demo balance only). Never turn on in production.',
);
export const sportsCashOutMarginBps = defineSetting(
  'sports.cash_out_margin_bps',
  z.number().int().min(0).max(5_000),
  500,
  'sports',
  "The cash-out offer's margin off the current value of a bet, basis points (500 = 5%).",
);
export const sportsLiabilityCapUsd = defineSetting(
  'sports.liability_cap_usd',
  usd,
  '5000',
  'sports',
  'The default liability cap of a market in USD (what the house may lose on it) when the feed sets none.',
);
export const sportsQueueTtlMs = defineSetting(
  'sports.queue_ttl_ms',
  z.number().int().min(1_000).max(600_000),
  30_000,
  'sports',
  'How long a queued live bet can be confirmed after its delay, ms (then it is too late).',
);

/** The simulated feed's shape: matches, delays, margins and the rates of its injected incidents. */
export const simulationSchema = z
  .object({
    /** Real minutes one simulated match lasts (the clock runs faster). */
    matchMinutes: z.number().min(1).max(180).default(8),
    /** Events kept scheduled ahead (not started). */
    upcoming: z.number().int().min(0).max(200).default(16),
    /** Minutes between two kick-offs. */
    kickOffEveryMinutes: z.number().min(0.5).max(1440).default(3),
    /** The live delay of in-play markets, ms. */
    liveDelayMs: z.number().int().min(0).max(60_000).default(5_000),
    marginBps: z.number().int().min(0).max(3_000).default(500),
    postponeRate: z.number().min(0).max(1).default(0.04),
    cancelRate: z.number().min(0).max(1).default(0.03),
    rollbackRate: z.number().min(0).max(1).default(0.05),
    /** A cancel of the bets placed in the last minute of a market (a palpable error). */
    rangeCancelRate: z.number().min(0).max(1).default(0.03),
  })
  .strict();
export type SimulationSettings = z.output<typeof simulationSchema>;

export const sportsSimulation = defineSetting(
  'sports.simulation',
  simulationSchema,
  {},
  'sports',
  'The simulated feed: match length in real minutes, events scheduled ahead, kick-off spacing, live delay, margin, incident rates.',
);

export const sportsSettings: readonly Setting[] = [
  sportsEnabled,
  sportsMinBetUsd,
  sportsMaxBetUsd,
  sportsMaxPayoutUsd,
  sportsMaxPendingMulti,
  sportsMaxMultiLegs,
  sportsSimulatedRealMoney,
  sportsCashOutMarginBps,
  sportsLiabilityCapUsd,
  sportsQueueTtlMs,
  sportsSimulation,
];

export interface SlipSettings {
  enabled: boolean;
  minBetUsd: string;
  maxBetUsd: string;
  maxPayoutUsd: string;
  maxPendingMulti: number;
  maxMultiLegs: number;
  simulatedRealMoney: boolean;
  cashOutMarginBps: number;
  liabilityCapUsd: string;
  queueTtlMs: number;
}

export async function loadSlipSettings(settings: SettingsStore): Promise<SlipSettings> {
  const [
    enabled,
    minBetUsd,
    maxBetUsd,
    maxPayoutUsd,
    maxPendingMulti,
    maxMultiLegs,
    simulatedRealMoney,
    cashOutMarginBps,
    liabilityCapUsd,
    queueTtlMs,
  ] = await Promise.all([
    settings.get(sportsEnabled),
    settings.get(sportsMinBetUsd),
    settings.get(sportsMaxBetUsd),
    settings.get(sportsMaxPayoutUsd),
    settings.get(sportsMaxPendingMulti),
    settings.get(sportsMaxMultiLegs),
    settings.get(sportsSimulatedRealMoney),
    settings.get(sportsCashOutMarginBps),
    settings.get(sportsLiabilityCapUsd),
    settings.get(sportsQueueTtlMs),
  ]);
  return {
    enabled,
    minBetUsd,
    maxBetUsd,
    maxPayoutUsd,
    maxPendingMulti,
    maxMultiLegs,
    simulatedRealMoney,
    cashOutMarginBps,
    liabilityCapUsd,
    queueTtlMs,
  };
}
