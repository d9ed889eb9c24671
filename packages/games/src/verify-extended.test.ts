import { floats, hashServerSeed } from '@nebula/fairness';
import { describe, expect, it } from 'vitest';
import { type ExtendedGame, InvalidActionError, floatSource, replayExtended } from './extended.js';
import { EXTENDED_GAMES, getExtendedGame } from './extended-registry.js';
import { minesMultiplier } from './mines/mines.js';
import { ONE_RATIO, ZERO_RATIO, divRatio, eqRatio, ratio, ratioToDecimal } from './ratio.js';
import { ExtendedVerifyError, verifyExtended } from './verify-extended.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyGame = ExtendedGame<string, any, any, any>;

/** A deterministic xorshift32 stream for the strategy (independent of the bets' seeds). */
function strategy(seed: number) {
  let state = seed >>> 0 || 1;
  return (bound: number): number => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % bound;
  };
}

const bool = (pick: (n: number) => number) => pick(2) === 1;

/** Every decision a game could be sent, well-formed for its schema (legality is checked by trying it). */
function candidates(id: string, pick: (n: number) => number): unknown[] {
  switch (id) {
    case 'mines':
      return [...Array.from({ length: 25 }, (_, cell) => ({ cell })), { random: true }];
    case 'tower':
      return Array.from({ length: 4 }, (_, tile) => ({ tile }));
    case 'stairs':
      return Array.from({ length: 7 }, (_, stone) => ({ stone }));
    case 'hilo':
      return [{ guess: 'higher' }, { guess: 'lower' }, { guess: 'equal' }, { skip: true }];
    case 'coinflip':
      return [{ side: 'heads' }, { side: 'tails' }];
    case 'blackjack':
      return [
        { action: 'hit' },
        { action: 'stand' },
        { action: 'double' },
        { action: 'split' },
        { action: 'insurance', accept: true },
        { action: 'insurance', accept: false },
      ];
    case 'videopoker':
      return [{ hold: Array.from({ length: 5 }, () => bool(pick)) }];
    default:
      throw new Error(`no decisions listed for ${id}: add them to this test`);
  }
}

/** Params for a round of `id`, varied by the strategy. */
function paramsFor(id: string, pick: (n: number) => number): unknown {
  switch (id) {
    case 'mines':
      return { mines: 1 + pick(24) };
    case 'tower':
      return { difficulty: ['low', 'medium', 'high'][pick(3)] };
    case 'stairs':
      return { hazards: 1 + pick(6) };
    default:
      return {};
  }
}

interface Round {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  params: unknown;
  actions: unknown[];
  edge: number;
}

/** A round played with random legal decisions, stopping (taking) at random once it may. */
function playRound(game: AnyGame, nonce: number): Round {
  const pick = strategy(nonce * 7919 + game.id.length);
  const serverSeed = hashServerSeed(`verify-extended-${game.id}-${nonce}`);
  const clientSeed = `client-${nonce}`;
  const edge = [0, 100, 250][nonce % 3] as number;
  const params = game.params.parse(paramsFor(game.id, pick));
  const rng = floatSource(serverSeed, clientSeed, nonce);
  let step = game.start(params, rng, edge);
  const actions: unknown[] = [];
  while (step.type === 'continue' && actions.length < 40) {
    if (game.canTake(step.state) && pick(4) === 0) break;
    const legal = candidates(game.id, pick).filter((action) => {
      try {
        game.turn(step.state, action, floatSource(serverSeed, clientSeed, nonce, rng.used), edge);
        return true;
      } catch (error) {
        if (error instanceof InvalidActionError) return false;
        throw error;
      }
    });
    expect(legal.length).toBeGreaterThan(0);
    const action = legal[pick(legal.length)];
    actions.push(action);
    step = game.turn(step.state, action, rng, edge);
  }
  return { serverSeed, clientSeed, nonce, params, actions, edge };
}

describe('verifyExtended', () => {
  it('covers every registered extended game', () => {
    expect(EXTENDED_GAMES.length).toBeGreaterThan(0);
    for (const game of EXTENDED_GAMES) expect(() => candidates(game.id, () => 0)).not.toThrow();
  });

  describe.each(EXTENDED_GAMES.map((game) => [game.id, game] as const))('%s', (_id, game) => {
    it('agrees with replayExtended on rounds played with random legal decisions', () => {
      const endings = new Set<string>();
      for (let nonce = 0; nonce < 40; nonce += 1) {
        const round = playRound(game, nonce);
        const { serverSeed, clientSeed, params, actions, edge } = round;
        const result = verifyExtended(game.id, serverSeed, clientSeed, nonce, params, actions, edge);
        const replay = replayExtended(
          game,
          params,
          actions,
          floatSource(serverSeed, clientSeed, nonce),
          edge,
        );
        endings.add(result.ending);

        expect(result.state).toEqual(replay.state);
        expect(result.stepTypes).toEqual(replay.steps);
        expect(result.steps.map((step) => step.type)).toEqual(replay.steps);
        expect(result.steps.at(-1)?.state).toEqual(replay.state);
        expect(result.serverSeedHash).toBe(hashServerSeed(serverSeed));
        expect(result.houseEdgeBps).toBe(edge);

        // Every float read is the stream's, in order, each noted once by one step.
        expect(result.floats.map((read) => read.value)).toEqual(
          floats(serverSeed, clientSeed, nonce, replay.floatsUsed),
        );
        expect(result.floats.map((read) => read.index)).toEqual([...Array(replay.floatsUsed).keys()]);
        expect(result.steps.flatMap((step) => step.floats)).toEqual([...Array(replay.floatsUsed).keys()]);
        const readSteps = result.floats.map((read) => read.step);
        expect(readSteps).toEqual([...readSteps].sort((a, b) => a - b));

        // The payout is what the engine settles: game.payout unless lost; multiplier = payout / stake.
        const ending = replay.type === 'continue' ? 'take' : replay.type;
        expect(result.ending).toBe(ending);
        const payout = replay.type === 'lose' ? ZERO_RATIO : game.payout(replay.state, edge);
        expect(eqRatio(result.payout, payout)).toBe(true);
        const stake = game.stake ? game.stake(replay.state) : ONE_RATIO;
        expect(eqRatio(result.stake, stake)).toBe(true);
        expect(eqRatio(result.multiplier, divRatio(payout, stake))).toBe(true);
        expect(result.multiplierDecimal).toBe(ratioToDecimal(divRatio(payout, stake), 8));
        expect(result.payoutDecimal).toBe(ratioToDecimal(payout, 8));
      }
      // The random rounds end in more than one way (a test that only ever saw losses proves little).
      expect(endings.size).toBeGreaterThan(1);
    });

    it('reports an action after the end of the round with its index', () => {
      // The first of the random rounds that the game ended (lost or finished), not taken.
      const round = Array.from({ length: 40 }, (_, nonce) => playRound(game, nonce)).find(
        (candidate) =>
          replayExtended(
            game,
            candidate.params,
            candidate.actions,
            floatSource(candidate.serverSeed, candidate.clientSeed, candidate.nonce),
            candidate.edge,
          ).type !== 'continue',
      );
      if (!round) throw new Error(`no ${game.id} round ended by the game in 40 rounds`);
      const { serverSeed, clientSeed, nonce, params, actions, edge } = round;
      const extra = [...actions, actions.at(-1) ?? candidates(game.id, () => 0)[0]];
      const error = catchError(() =>
        verifyExtended(game.id, serverSeed, clientSeed, nonce, params, extra, edge),
      );
      expect(error.reason).toBe('action');
      expect(error.actionIndex).toBe(actions.length);
      expect(error.message).toContain(`Decision ${actions.length + 1} `);
    });
  });

  const SEED = 'mines-server-seed-1';

  it('replays a known mines board (mines 10, 16, 20) step by step', () => {
    const taken = verifyExtended(
      'mines',
      SEED,
      'client-a',
      0,
      { mines: 3 },
      [{ cell: 0 }, { cell: 24 }],
      100,
    );
    expect(taken.state).toEqual({
      mineCount: 3,
      mines: [10, 16, 20],
      revealed: [0, 24],
      hit: null,
      status: 'open',
    });
    expect(taken.ending).toBe('take');
    expect(taken.stepTypes).toEqual(['continue', 'continue', 'continue']);
    expect(taken.steps.map((step) => step.floats)).toEqual([[0, 1, 2], [], []]);
    expect(taken.steps[1]?.action).toEqual({ cell: 0 });
    expect(eqRatio(taken.payout, minesMultiplier(3, 2, 100))).toBe(true);
    expect(taken.multiplierDecimal).toBe(ratioToDecimal(minesMultiplier(3, 2, 100), 8));

    const lost = verifyExtended('mines', SEED, 'client-a', 0, { mines: 3 }, [{ cell: 0 }, { cell: 16 }], 100);
    expect(lost.ending).toBe('lose');
    expect(lost.stepTypes).toEqual(['continue', 'continue', 'lose']);
    expect(lost.multiplierDecimal).toBe('0.00000000');

    // A random pick reads one more float, noted on its step.
    const random = verifyExtended('mines', SEED, 'client-a', 0, { mines: 3 }, [{ random: true }], 100);
    expect(random.steps[1]?.floats).toEqual([3]);
    expect(random.floats[3]).toMatchObject({ index: 3, step: 1 });
  });

  it('uses the game default edge and calls a round without decisions open', () => {
    const result = verifyExtended('mines', SEED, 'client-a', 0, { mines: 3 }, []);
    expect(result.houseEdgeBps).toBe(getExtendedGame('mines')?.defaultHouseEdgeBps);
    expect(result.ending).toBe('open');
    expect(eqRatio(result.payout, ZERO_RATIO)).toBe(true);
  });

  it('divides a blackjack payout by its whole stake', () => {
    // Search a round the player doubled and won: 2 base wagers staked, 4 paid, multiplier 2.
    for (let nonce = 0; nonce < 400; nonce += 1) {
      const start = verifyExtended('blackjack', SEED, 'bj', nonce, {}, []);
      if (start.ending !== 'open' || (start.state as { phase: string }).phase !== 'player') continue;
      const result = verifyExtended('blackjack', SEED, 'bj', nonce, {}, [{ action: 'double' }]);
      if (result.ending !== 'finish' || !eqRatio(result.payout, ratio(4))) continue;
      expect(eqRatio(result.stake, ratio(2))).toBe(true);
      expect(result.multiplierDecimal).toBe('2.00000000');
      return;
    }
    throw new Error('no doubled blackjack win in 400 rounds');
  });

  it('throws clear errors for unknown games, bad params and bad actions', () => {
    expect(catchError(() => verifyExtended('dice', SEED, 'c', 0, {}, [])).reason).toBe('game');
    const params = catchError(() => verifyExtended('mines', SEED, 'c', 0, { mines: 25 }, []));
    expect(params.reason).toBe('params');
    expect(params.issues[0]?.path).toEqual(['mines']);
    expect(catchError(() => verifyExtended('mines', SEED, 'c', 0, { mines: 3 }, {})).reason).toBe('actions');
    const shape = catchError(() =>
      verifyExtended('mines', SEED, 'c', 0, { mines: 3 }, [{ cell: 1 }, { x: 1 }]),
    );
    expect(shape).toMatchObject({ reason: 'actions', actionIndex: 1 });
    expect(shape.message).toMatch(/^Decision 2 /);
    const twice = catchError(() =>
      verifyExtended('mines', SEED, 'client-a', 0, { mines: 3 }, [{ cell: 4 }, { cell: 4 }]),
    );
    expect(twice).toMatchObject({ reason: 'action', actionIndex: 1 });
    expect(twice.message).toContain('already revealed');
    expect(twice.cause).toBeInstanceOf(InvalidActionError);
    expect(() => verifyExtended('mines', SEED, 'c', 0, { mines: 3 }, [], 9_000)).toThrow(RangeError);
    expect(() => verifyExtended('mines', SEED, 'c', -1, { mines: 3 }, [])).toThrow(RangeError);
  });
});

function catchError(run: () => unknown): ExtendedVerifyError {
  try {
    run();
  } catch (error) {
    if (error instanceof ExtendedVerifyError) return error;
    throw error;
  }
  throw new Error('expected an ExtendedVerifyError');
}
