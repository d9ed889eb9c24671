import { floats } from '@nebula/fairness';
import { type Amount, amount as atomic } from '@nebula/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GAME_IDS,
  type GameId,
  type Ratio,
  cmpRatio,
  gameRegistry,
  getGame,
  isGameId,
  payoutFor,
  ratio,
  ratioToDecimal,
  ratioToFixed,
  resolveRound,
  verify,
} from './index.js';

const SEED = '7f3a1c9e5b2d4f6081a3c5e7f9b1d3e5a7c9e1f3b5d7f9a1c3e5a7b9d1f3e5a7';

/**
 * Per-game vectors for (SEED, "nebula", nonce 0), whose floats are (fairness vectors):
 * 0.09429793618619442, 0.09671591618098319, 0.06020667217671871, 0.9417887041345239, 0.7736125122755766,
 * 0.4674605396576226, 0.503693993203342, 0.49752030498348176, 0.8164757424965501, 0.46804405748844147.
 * Each outcome is derived by hand in the comment beside it.
 */
const VECTORS: { game: GameId; params: unknown; outcome: unknown; multiplier: string }[] = [
  // floor(0.0943 * 10001) = 943 -> 9.43 < 50.00 wins 0.99 * 10001 / 5000
  {
    game: 'dice',
    params: { target: 5000, condition: 'under' },
    outcome: { roll: 943 },
    multiplier: '1.98019800',
  },
  // 0.99 / 0.0943 = 10.4986 -> 10.49x >= 10.00x pays 10x
  { game: 'limbo', params: { target: 1000 }, outcome: { result: 1049 }, multiplier: '10.00000000' },
  // floats < 0.5 go left: L L L R R L R L -> bucket 3
  {
    game: 'plinko',
    params: { rows: 8, risk: 'high' },
    outcome: { path: [0, 0, 0, 1, 1, 0, 1, 0], bucket: 3 },
    multiplier: '0.29981072',
  },
  // 40 squares: floor(.0943*40)=3 -> 4; floor(.0967*39)=3 of [1,2,3,5..] -> 5; floor(.0602*38)=2 -> 3;
  // floor(.9418*37)=34 -> 38; floor(.7736*36)=27 -> 31; floor(.4675*35)=16 -> 20; floor(.5037*34)=17 -> 22;
  // floor(.4975*33)=16 -> 21; floor(.8165*32)=26 -> 34; floor(.4680*31)=14 -> 18. Picks hit 4 and 21.
  {
    game: 'keno',
    params: { picks: [4, 9, 13, 21, 28, 33, 37, 40, 2, 17], risk: 'classic' },
    outcome: { drawn: [4, 5, 3, 38, 31, 20, 22, 21, 34, 18], hits: [4, 21] },
    multiplier: '0.00000000',
  },
  // floor(0.0943 * 10) = 0 -> the first medium segment, 1.9x (layout already at 99%)
  {
    game: 'wheel',
    params: { segments: 10, risk: 'medium' },
    outcome: { segment: 0 },
    multiplier: '1.90000000',
  },
  // floor(0.0943 * 37) = 3 (red): (100 * 36.63 + 100 * 0.99 * 37 / 18) / 200
  {
    game: 'roulette',
    params: {
      placements: [
        { type: 'straight', numbers: [3], amount: '100' },
        { type: 'red', amount: '100' },
      ],
    },
    outcome: { number: 3 },
    multiplier: '19.33250000',
  },
  // floor(f * 7): 0, 0, 0, 6, 5 -> three green: 3 * 0.99 * 16807 / 16520
  {
    game: 'diamonds',
    params: {},
    outcome: { gems: [0, 0, 0, 6, 5], pattern: 'threeOfAKind' },
    multiplier: '3.02159745',
  },
  // cards floor(f * 52): 4 ♦3, 5 ♥3, 3 ♣2, 48 ♦A, 40 ♦Q, 24 ♦8. P ♦3 ♣2 = 5, B ♥3 ♦A = 4; player draws
  // ♦Q (0) -> 5; banker on 4 draws only on a third card 2..7 -> stands. Player 5 beats 4.
  {
    game: 'baccarat',
    params: { player: '100' },
    outcome: { player: [4, 3, 40], banker: [5, 48], playerTotal: 5, bankerTotal: 4, winner: 'player' },
    multiplier: '2.00511357',
  },
];

/** Valid params for each game (fast-check), covering the whole parameter space. */
const amount = fc.bigInt({ min: 1n, max: 10n ** 12n }).map(String);
const PARAMS: Record<GameId, fc.Arbitrary<unknown>> = {
  dice: fc.oneof(
    fc.record({ target: fc.integer({ min: 1, max: 9800 }), condition: fc.constant('under') }),
    fc.record({ target: fc.integer({ min: 200, max: 9999 }), condition: fc.constant('over') }),
  ),
  limbo: fc.record({ target: fc.integer({ min: 101, max: 100_000_000 }) }),
  plinko: fc.record({
    rows: fc.integer({ min: 8, max: 16 }),
    risk: fc.constantFrom('low', 'medium', 'high'),
  }),
  keno: fc.record({
    picks: fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 10 }),
    risk: fc.constantFrom('low', 'classic', 'medium', 'high'),
  }),
  wheel: fc.record({
    segments: fc.constantFrom(10, 20, 30, 40, 50),
    risk: fc.constantFrom('low', 'medium', 'high'),
  }),
  roulette: fc.record({
    placements: fc.array(
      fc.oneof(
        fc.record({
          type: fc.constant('straight'),
          numbers: fc.tuple(fc.integer({ min: 0, max: 36 })),
          amount,
        }),
        fc.record({ type: fc.constant('split'), numbers: fc.constant([14, 17]), amount }),
        fc.record({ type: fc.constant('street'), numbers: fc.constant([0, 2, 3]), amount }),
        fc.record({ type: fc.constant('corner'), numbers: fc.constant([32, 33, 35, 36]), amount }),
        fc.record({ type: fc.constant('line'), numbers: fc.constant([7, 8, 9, 10, 11, 12]), amount }),
        fc.record({ type: fc.constantFrom('dozen', 'column'), index: fc.constantFrom(1, 2, 3), amount }),
        fc.record({ type: fc.constantFrom('red', 'black', 'odd', 'even', 'low', 'high'), amount }),
      ),
      { minLength: 1, maxLength: 12 },
    ),
  }),
  diamonds: fc.constant({}),
  baccarat: fc
    .record({ player: amount, banker: amount, tie: amount }, { requiredKeys: [] })
    .filter((p) => Object.keys(p).length > 0),
};

describe('registry', () => {
  it('holds the eight single-round games in lobby order', () => {
    expect(GAME_IDS).toEqual([
      'dice',
      'limbo',
      'plinko',
      'keno',
      'wheel',
      'roulette',
      'diamonds',
      'baccarat',
    ]);
    for (const id of GAME_IDS) {
      const game = gameRegistry.get(id);
      expect(game?.id).toBe(id);
      expect(game?.kind).toBe('single');
      expect(game?.defaultHouseEdgeBps).toBe(100);
    }
    expect(getGame('mines')).toBeUndefined();
    expect(isGameId('dice')).toBe(true);
    expect(isGameId('toString')).toBe(false);
  });
});

describe('per-game vectors (seed triple -> outcome -> multiplier)', () => {
  it.each(VECTORS)('$game', ({ game, params, outcome, multiplier }) => {
    const result = verify(game, SEED, 'nebula', 0, params);
    expect(result.outcome).toEqual(outcome);
    expect(result.multiplierDecimal).toBe(multiplier);
    expect(result.serverSeedHash).toBe('39c9002c1ba6edcf67d78aaa92e909d310123ea4a64834f397a923aae3a81f4e');
    expect(result.floats.length).toBe(getGame(game)?.floatsNeeded(result.params));
  });
});

describe('every game (properties)', () => {
  it.each(GAME_IDS)(
    '%s: any valid params and any floats give a valid outcome and 0 <= multiplier <= max',
    (id) => {
      const game = getGame(id);
      if (!game) throw new Error(id);
      fc.assert(
        fc.property(
          PARAMS[id],
          fc.array(fc.nat({ max: 2 ** 32 - 1 }), { minLength: 16, maxLength: 16 }),
          fc.constantFrom(0, 100, 250),
          (raw, ks, edge) => {
            const params = game.params.parse(raw);
            const needed = game.floatsNeeded(params);
            expect(needed).toBeGreaterThan(0);
            expect(needed).toBeLessThanOrEqual(16);
            const values = ks.slice(0, needed).map((k) => k / 2 ** 32);
            const round = resolveRound(game, params, values, edge);
            const zero: Ratio = ratio(0);
            expect(cmpRatio(round.multiplier, zero)).toBeGreaterThanOrEqual(0);
            expect(cmpRatio(round.multiplier, game.maxMultiplier(params, edge))).toBeLessThanOrEqual(0);
            // Outcomes are JSON-safe so they can be stored and replayed.
            expect(JSON.parse(JSON.stringify(round.outcome))).toEqual(round.outcome);
            expect(() => game.outcome(values.slice(1), params, edge)).toThrow(RangeError);
          },
        ),
        { numRuns: 150 },
      );
    },
  );

  it('verify replays what the engine settles (random seeds, nonces, params)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GAME_IDS).chain((id) => fc.tuple(fc.constant(id), PARAMS[id])),
        fc.string(),
        fc.nat({ max: 1_000_000 }),
        ([id, raw], clientSeed, nonce) => {
          const game = getGame(id);
          if (!game) throw new Error(id);
          const params = game.params.parse(raw);
          const settled = resolveRound(
            game,
            params,
            floats(SEED, clientSeed, nonce, game.floatsNeeded(params)),
            100,
          );
          const replay = verify(id, SEED, clientSeed, nonce, JSON.parse(JSON.stringify(raw)));
          expect(replay.outcome).toEqual(settled.outcome);
          expect(replay.multiplier).toEqual(settled.multiplier);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('verify rejects unknown games and invalid params', () => {
    expect(() => verify('mines', SEED, 'c', 0, {})).toThrow(/Unknown game/);
    expect(() => verify('dice', SEED, 'c', 0, { target: 0, condition: 'under' })).toThrow();
    expect(() => verify('dice', SEED, 'c', 0, { target: 5000, condition: 'under' }, 6000)).toThrow(
      RangeError,
    );
  });
});

describe('money conventions', () => {
  it('payout = floor(wager * multiplier) in atomic units', () => {
    expect(payoutFor(atomic(100n), ratio(99, 50))).toBe(198n);
    expect(payoutFor(atomic(1n), ratio(99, 50))).toBe(1n);
    expect(payoutFor(atomic(3n), ratio(1, 3))).toBe(1n);
    expect(payoutFor(atomic(2n), ratio(1, 3))).toBe(0n);
    expect(payoutFor(atomic(10n ** 20n), ratio(990_099, 500_000))).toBe(198_019_800_000_000_000_000n);
    expect(() => payoutFor(-1n as Amount, ratio(2))).toThrow(RangeError);
  });

  it('displays and stores multipliers rounded down', () => {
    expect(ratioToDecimal(ratio(2, 3), 4)).toBe('0.6666');
    expect(ratioToDecimal(ratio(1000), 2)).toBe('1000.00');
    expect(ratioToDecimal(ratio(1, 3), 0)).toBe('0');
    expect(ratioToFixed(ratio(990_099, 500_000), 8)).toBe(198_019_800n);
  });
});
