import { hashServerSeed } from '@nebula/fairness';
import {
  type ExtendedGame,
  type ExtendedStepType,
  type FloatSource,
  InvalidActionError,
  floatSource,
  replayExtended,
} from './extended.js';
import { getExtendedGame } from './extended-registry.js';
import { rtpOf } from './house-edge.js';
import { ONE_RATIO, type Ratio, ZERO_RATIO, divRatio, ratioToDecimal } from './ratio.js';

/**
 * The fairness page's replay of an extended round (mines, tower, hilo, blackjack...): the same
 * {@link replayExtended} the server's turns run, on the bet's float stream, with everything the page
 * shows recorded on the way: which step read which float, each step's type and state, and what the round
 * pays. A stored round verifies by construction; a tampered action list or seed shows up as another
 * state, another multiplier or an error naming the action.
 *
 * Versioned games (coinflip and tower: `v` in the params, absent meaning version 1) replay by the version
 * in the params they are given, as stored with the bet: the game's `start` reads it (coinflip keeps it in
 * its state for the turns). The replay never stamps a version (`forNewBet` is for new rounds only), so
 * rounds stored before a version existed replay exactly as they were played.
 */

/** Why a round cannot be replayed. */
export type ExtendedVerifyReason =
  /** The game id is not an extended game. */
  | 'game'
  /** The params do not pass the game's schema (`issues` holds the schema's findings). */
  | 'params'
  /** An action does not pass the game's action schema, or `actions` is not an array. */
  | 'actions'
  /** An action is well-formed but not allowed where it stands (the game's `InvalidActionError`). */
  | 'action';

/** A schema finding: where (path inside the params or the action) and what. */
export interface ExtendedVerifyIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** A round that cannot be replayed, with the reason and, for an action, its index (0 = the first decision). */
export class ExtendedVerifyError extends Error {
  constructor(
    message: string,
    readonly reason: ExtendedVerifyReason,
    readonly actionIndex: number | null = null,
    readonly issues: readonly ExtendedVerifyIssue[] = [],
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ExtendedVerifyError';
  }
}

/** One float the round read: its position in the bet's stream and the step that read it. */
export interface ExtendedFloatRead {
  /** Float index in the stream (float i is bytes 4i..4i+3 of the HMAC stream). */
  readonly index: number;
  readonly value: number;
  /** The step that read it: 0 is `start`, n is the n-th action. */
  readonly step: number;
}

/** One step of the replay: `start` (step 0, no action) or one decision. */
export interface ExtendedVerifyStep {
  readonly index: number;
  /** The decision as the game's schema parsed it; null for `start`. */
  readonly action: unknown;
  readonly type: ExtendedStepType;
  /** Indices of the floats this step read (see {@link ExtendedVerifyResult.floats}). */
  readonly floats: readonly number[];
  /** The full state right after the step. */
  readonly state: unknown;
}

/**
 * How the round ended: `lose` and `finish` as the game ended it; `take` when it was still open after the
 * last action and could be taken (the player cashed out, the stored bet pays the cash-out value); `open`
 * when it could not end there (an incomplete action list: no bet is stored in that state).
 */
export type ExtendedEnding = 'lose' | 'finish' | 'take' | 'open';

/** The full replay of an extended bet for the fairness page. */
export interface ExtendedVerifyResult {
  readonly gameId: string;
  readonly kind: 'extended';
  /** SHA-256 of the server seed: compare it with the commitment shown before the bet. */
  readonly serverSeedHash: string;
  readonly clientSeed: string;
  readonly nonce: number;
  /** The params after the game's schema parsed them (defaults applied). */
  readonly params: unknown;
  /** The actions after the game's action schema parsed them. */
  readonly actions: readonly unknown[];
  readonly houseEdgeBps: number;
  /** Every float read, in stream order. */
  readonly floats: readonly ExtendedFloatRead[];
  /** `start`, then one step per action. */
  readonly steps: readonly ExtendedVerifyStep[];
  /** Each step's type (as {@link replayExtended} reports them). */
  readonly stepTypes: readonly ExtendedStepType[];
  /** The final state (what the server stores as `outcome.state`). */
  readonly state: unknown;
  readonly ending: ExtendedEnding;
  /** What the base wager pays (`game.payout`; 0 for a loss or an open round). */
  readonly payout: Ratio;
  readonly payoutDecimal: string;
  /** Base wagers staked (1 unless blackjack doubled, split or took insurance). */
  readonly stake: Ratio;
  /** The bet's multiplier on its whole stake, `payout / stake`, as the bet overview shows it. */
  readonly multiplier: Ratio;
  /** The multiplier as a decimal, rounded down to 8 places. */
  readonly multiplierDecimal: string;
}

interface SchemaLike {
  safeParse(
    value: unknown,
  ): { success: true; data: unknown } | { success: false; error: { issues: unknown } };
}

function parseWith(
  schema: SchemaLike,
  value: unknown,
): { ok: true; data: unknown } | { ok: false; issues: ExtendedVerifyIssue[] } {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, data: parsed.data };
  const issues = Array.isArray(parsed.error.issues) ? (parsed.error.issues as ExtendedVerifyIssue[]) : [];
  return { ok: false, issues: issues.map(({ path, message }) => ({ path: [...path], message })) };
}

function describeIssues(issues: readonly ExtendedVerifyIssue[]): string {
  return issues
    .map(({ path, message }) => (path.length ? `${path.map(String).join('.')}: ${message}` : message))
    .join('; ');
}

/** A float source that notes the step reading each float. */
function recordingSource(inner: FloatSource, reads: ExtendedFloatRead[], step: () => number): FloatSource {
  return {
    next() {
      const index = inner.used;
      const value = inner.next();
      reads.push({ index, value, step: step() });
      return value;
    },
    get used() {
      return inner.used;
    },
  };
}

/**
 * Replays an extended bet from its revealed seeds, its params and its actions (what the server stores
 * as `params` and `outcome.actions`), with {@link replayExtended} on `floatSource(serverSeed,
 * clientSeed, nonce)`.
 *
 * @param houseEdgeBps the edge the bet was played at (stored with the bet); defaults to the game's default
 * @throws ExtendedVerifyError for an unknown game, params or actions the game's schemas reject, or an
 *   action the game does not allow at its point (reason `action`, with its index); RangeError for a bad
 *   nonce or house edge
 */
export function verifyExtended(
  gameId: string,
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  params: unknown,
  actions: unknown,
  houseEdgeBps?: number,
): ExtendedVerifyResult {
  const game = getExtendedGame(gameId);
  if (!game) throw new ExtendedVerifyError(`Unknown extended game "${gameId}"`, 'game');
  if (!Number.isSafeInteger(nonce) || nonce < 0)
    throw new RangeError(`nonce must be an integer >= 0, got ${nonce}`);
  const edge = houseEdgeBps ?? game.defaultHouseEdgeBps;
  rtpOf(edge);

  const parsedParams = parseWith(game.params, params);
  if (!parsedParams.ok) {
    throw new ExtendedVerifyError(
      `Invalid ${game.name} params: ${describeIssues(parsedParams.issues)}`,
      'params',
      null,
      parsedParams.issues,
    );
  }
  if (!Array.isArray(actions)) {
    throw new ExtendedVerifyError('The actions must be a JSON array of decisions', 'actions');
  }
  const parsedActions = actions.map((action: unknown, i) => {
    const parsed = parseWith(game.action, action);
    if (!parsed.ok) {
      throw new ExtendedVerifyError(
        `Decision ${i + 1} is not a ${game.name} decision: ${describeIssues(parsed.issues)}`,
        'actions',
        i,
        parsed.issues,
      );
    }
    return parsed.data;
  });

  const reads: ExtendedFloatRead[] = [];
  const states: unknown[] = [];
  // replayExtended calls start once, then turn once per action in order; `applied` counts the actions
  // applied so far, so the step reading a float is `applied + 1` inside a turn (0 inside start) and a
  // rejected action is always action `applied`.
  let applied = 0;
  let inTurn = false;
  const recording: ExtendedGame = {
    ...game,
    start(p, rng, e) {
      const step = game.start(p, rng, e);
      states.push(step.state);
      return step;
    },
    turn(state, action, rng, e) {
      inTurn = true;
      const step = game.turn(state, action, rng, e);
      inTurn = false;
      applied += 1;
      states.push(step.state);
      return step;
    },
  };
  const source = floatSource(serverSeed, clientSeed, nonce);
  const rng = recordingSource(source, reads, () => (inTurn ? applied + 1 : 0));
  let replay;
  try {
    replay = replayExtended(recording, parsedParams.data, parsedActions, rng, edge);
  } catch (error) {
    if (error instanceof InvalidActionError) {
      throw new ExtendedVerifyError(
        `Decision ${applied + 1} is not allowed: ${error.message}`,
        'action',
        applied,
        [],
        { cause: error },
      );
    }
    throw error;
  }

  const steps: ExtendedVerifyStep[] = replay.steps.map((type, index) => ({
    index,
    action: index === 0 ? null : parsedActions[index - 1],
    type,
    floats: reads.filter((read) => read.step === index).map((read) => read.index),
    state: states[index],
  }));
  const ending: ExtendedEnding =
    replay.type !== 'continue' ? replay.type : game.canTake(replay.state) ? 'take' : 'open';
  const payout = ending === 'lose' || ending === 'open' ? ZERO_RATIO : game.payout(replay.state, edge);
  const stake = game.stake ? game.stake(replay.state) : ONE_RATIO;
  const multiplier = stake.num === 0n ? ZERO_RATIO : divRatio(payout, stake);
  return {
    gameId: game.id,
    kind: 'extended',
    serverSeedHash: hashServerSeed(serverSeed),
    clientSeed,
    nonce,
    params: parsedParams.data,
    actions: parsedActions,
    houseEdgeBps: edge,
    floats: reads,
    steps,
    stepTypes: replay.steps,
    state: replay.state,
    ending,
    payout,
    payoutDecimal: ratioToDecimal(payout, 8),
    stake,
    multiplier,
    multiplierDecimal: ratioToDecimal(multiplier, 8),
  };
}
