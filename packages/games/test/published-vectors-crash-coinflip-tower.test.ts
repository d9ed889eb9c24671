/**
 * Published vectors of the large casino for crash (CALC and one REAL round), coinflip and tower (both
 * version 2, and version 1 keeping its results): the sources, what they are and what is not covered are
 * in published-vectors.test.ts.
 */
import { floats } from '@nebula/fairness';
import { describe, expect, it } from 'vitest';
import {
  type CoinflipSide,
  type TowerDifficulty,
  type TowerParams,
  TOWER_DIFFICULTY,
  TOWER_LEVELS,
  coinflip,
  coinflipSide,
  crashPointFromHash,
  floatSource,
  replayExtended,
  tower,
} from '../src/index.js';

const EDGE_1_PERCENT = 100;

describe('crash (CALC and REAL, scheme hmac32)', () => {
  it("busts at the published points for game hash and seed (the casino's 1% edge)", () => {
    // vfs@45c4bd42:crash.json: the page's "hash" and "seed" (our game hash and salt), result floored to
    // hundredths by the extractor (scripts/games/crash.ts, parseFlooredTwoDecimalNumber).
    const published: [hash: string, seed: string, crash: number][] = [
      [
        '9dd9a4ce539a7d11a36a96c71f3d939c46d972b2e56254bc85ea2c0681541dca',
        '23eb7069c6fc5b1369b92f5321af9f63',
        7.74,
      ],
      [
        'aae5fe25c5103743d9b00b086798e306ab5a5194bf2a48c53417f8f1d1bb0a6d',
        '090b2a2d6ade5d4eff2773a12a495c1d',
        2.56,
      ],
      [
        'c126cb95da0dd092620106e90e576e4c9de91b16e2eabf89441ec4884f738835',
        '52df6793bd1e3665d855e009a78afeb7',
        1.25,
      ],
      [
        'abc365d75c4a76f4ccd092a5cb809b48ad94feb573a038d2ef16dc369250c668',
        '7bd07e5f9d94972c88aa74f828ef45d4',
        1.12,
      ],
      [
        '1407ab406a5c5d04cc4bb1ec43dfe5505845e0e1f9df160a1f735c74850c785d',
        '63d2757144051301a3968931d88659cb',
        3.03,
      ],
      [
        '180771e4a9b95cd0172e3eefe1979b93423fbbcdfc044cb1ff45e3b5c4d88860',
        '6ffb9b8224c8c61385d9ee9b7ea8f60f',
        3.28,
      ],
      [
        '793b021844efd1353d8e78f1234b4a8109faa22aaf3d46a42f6413eb690d77b5',
        '636d691310cfce3d87ace4065442dd59',
        1.79,
      ],
      [
        'f99397c87c21c1aabc4a1ffcd1ab7ccc22132b4224f680f0b4bcf3f089dbed33',
        'bd31c215ecbeef90fb0b8e35f3ee5fb1',
        3.45,
      ],
      [
        'f970f5f840050aa6773175c223984e6d972d326d86c97344c4d8623b2e74d84c',
        'a3e788ab1b56d4ef8918aa62909d65be',
        1.65,
      ],
      [
        '27cfb9a940b65a76d71aecc5debc271cfb2f93fae7e7c0054e8fc9c3470de322',
        'fcaf17348204877687fc631545649cd9',
        1.38,
      ],
    ];
    for (const [hash, seed, crash] of published) {
      expect(crashPointFromHash(hash, seed, EDGE_1_PERCENT, 'hmac32'), hash).toBe(
        BigInt(Math.round(crash * 100)),
      );
    }
  });

  it("reproduces real round #1,126,614 of the casino's chain: 2.35x", () => {
    // The casino's seeding event (https://bitcointalk.org/index.php?topic=5162888.0): salt = hash of
    // bitcoin block 584,500. Game #1,126,614 and its result are from the open-source verifier "fair"
    // (https://github.com/lucasholder/fair, src/games/crash.rs at 317992c64adcb7a3f53991989473232bcfbca66d,
    // test_crash_verify: 2.3522275811778033, shown by the casino as 2.35x).
    const salt = '0000000000000000001b34dc6a1e86083f95500b096231436e9b25cbdd0075c4';
    const hash = '5844bf329a6334074778ab8a5f0960e24f9eec43f83bbd98ac0a9f8bcd87184e';
    expect(crashPointFromHash(hash, salt, EDGE_1_PERCENT, 'hmac32')).toBe(235n);
  });
});

describe('coinflip (CALC)', () => {
  // vfs@7e10253d:flip.json, nonces 0..9: the 20 flips of each bet, in order (H heads, T tails).
  const serverSeed = '8b9c7cf18c001dfb7ea6f6fe52f3df95';
  const clientSeed = '247e90a65d07b3c4d629ada402918f03';
  const published = [
    'HHHHTHHHHTHHTTHHTHHT',
    'THTHTTHHTHHHTTTTTTTT',
    'HHHTHHHHTHTTHTHTTTTH',
    'HTTHHHHTTTHTHTHTHHTH',
    'THTTHHTTHHTHTTHHTTTH',
    'THTHHHHHTHTTHHHTHHTT',
    'THTHHHHTTHHTHTHTTHHH',
    'THHHTTHHTHHHTHTTHTTT',
    'THHHHTHTHTHHHTTHHHTT',
    'THTTHHTHHHHHHHTHTTHT',
  ];
  const sides = (text: string): CoinflipSide[] =>
    [...text].map((letter) => (letter === 'H' ? 'heads' : 'tails'));
  const flip = (side: CoinflipSide): CoinflipSide => (side === 'heads' ? 'tails' : 'heads');

  it('version 2: a round calling every published side flips them all, 20 right calls', () => {
    published.forEach((text, nonce) => {
      const expected = sides(text);
      const round = replayExtended(
        coinflip,
        { v: 2 },
        expected.map((side) => ({ side })),
        floatSource(serverSeed, clientSeed, nonce),
        EDGE_1_PERCENT,
      );
      expect(
        round.state.flips.map((entry) => entry.result),
        `nonce ${nonce}`,
      ).toEqual(expected);
      expect(round.type, `nonce ${nonce}`).toBe('finish');
      expect(round.floatsUsed).toBe(20);
    });
  });

  it('version 2 is what the server stamps on a new round', () => {
    const params = coinflip.forNewBet?.(coinflip.params.parse({}));
    expect(params).toEqual({ v: 2 });
    const round = replayExtended(
      coinflip,
      params as { v: 2 },
      sides(published[0] as string).map((side) => ({ side })),
      floatSource(serverSeed, clientSeed, 0),
      EDGE_1_PERCENT,
    );
    expect(round.state.flips.map((entry) => entry.result)).toEqual(sides(published[0] as string));
  });

  it('version 1 (params without v, every round stored before): each published flip the other way', () => {
    published.forEach((text, nonce) => {
      const values = floats(serverSeed, clientSeed, nonce, 20);
      expect(
        values.map((value) => coinflipSide(value)),
        `nonce ${nonce}`,
      ).toEqual(sides(text).map(flip));
      // A stored round without v: calling the casino's sides loses on the first flip...
      const lost = replayExtended(
        coinflip,
        {},
        [{ side: sides(text)[0] as CoinflipSide }],
        floatSource(serverSeed, clientSeed, nonce),
        EDGE_1_PERCENT,
      );
      expect(lost.type).toBe('lose');
      expect(lost.state).toStrictEqual({
        flips: [{ call: sides(text)[0], result: sides(text).map(flip)[0] }],
      });
      // ...and calling the other sides wins all 20, as the round was played.
      const won = replayExtended(
        coinflip,
        {},
        sides(text).map((side) => ({ side: flip(side) })),
        floatSource(serverSeed, clientSeed, nonce),
        EDGE_1_PERCENT,
      );
      expect(won.type).toBe('finish');
    });
  });
});

describe('tower (CALC, Dragon Tower)', () => {
  // vfs@7e10253d:dragontower.json (same data at 855fd22c): eggPositionsByRound, per level bottom first
  // the egg (safe) tiles in the order the page lists them, which is draw order. The casino's "easy" (3
  // eggs of 4 tiles), "medium" (2 of 3) and "expert" (1 of 3) have the tiles and safe tiles of our low,
  // medium and high; its "hard" (1 of 2) and "master" (1 of 4) have no counterpart here (nonces 2, 4, 7
  // and 9, left out).
  const serverSeed = 'f0344667883e7628a041d8e500e6d203';
  const clientSeed = '2a73709723181740d73e64233275c29c';
  const published: [nonce: number, casino: string, ours: TowerDifficulty, eggs: number[][]][] = [
    [
      0,
      'easy',
      'low',
      [
        [1, 2, 0],
        [0, 1, 2],
        [1, 0, 2],
        [3, 2, 0],
        [0, 2, 3],
        [2, 1, 3],
        [3, 0, 1],
        [2, 0, 3],
        [1, 3, 0],
      ],
    ],
    [
      5,
      'easy',
      'low',
      [
        [1, 0, 3],
        [2, 3, 0],
        [0, 1, 2],
        [2, 3, 0],
        [3, 0, 2],
        [1, 3, 2],
        [0, 3, 1],
        [3, 1, 0],
        [2, 1, 3],
      ],
    ],
    [
      1,
      'medium',
      'medium',
      [
        [2, 1],
        [2, 0],
        [0, 2],
        [1, 2],
        [0, 1],
        [1, 2],
        [2, 1],
        [0, 2],
        [1, 0],
      ],
    ],
    [
      6,
      'medium',
      'medium',
      [
        [2, 1],
        [2, 0],
        [1, 0],
        [2, 0],
        [2, 1],
        [0, 2],
        [0, 2],
        [0, 1],
        [2, 1],
      ],
    ],
    [3, 'expert', 'high', [[2], [2], [2], [1], [1], [1], [2], [1], [0]]],
    [8, 'expert', 'high', [[2], [1], [1], [2], [1], [1], [2], [1], [0]]],
  ];

  it('the casino difficulties used have our tiles and safe tiles per level', () => {
    const shapes: Record<string, { tiles: number; safe: number }> = {};
    for (const [, casino, ours, eggs] of published) {
      shapes[casino] = TOWER_DIFFICULTY[ours];
      expect(eggs).toHaveLength(TOWER_LEVELS);
      for (const level of eggs) {
        expect(level).toHaveLength(TOWER_DIFFICULTY[ours].safe);
        expect(Math.max(...level)).toBeLessThan(TOWER_DIFFICULTY[ours].tiles);
      }
    }
    expect(shapes).toEqual({
      easy: { tiles: 4, safe: 3 },
      medium: { tiles: 3, safe: 2 },
      expert: { tiles: 3, safe: 1 },
    });
  });

  it('version 2 draws the published eggs as its safe tiles; the bombs are the other tiles', () => {
    for (const [nonce, casino, difficulty, eggs] of published) {
      const { state } = tower.start(
        { difficulty, v: 2 },
        floatSource(serverSeed, clientSeed, nonce),
        EDGE_1_PERCENT,
      );
      expect(state.safe, `nonce ${nonce} (${casino})`).toEqual(eggs);
      const tiles = TOWER_DIFFICULTY[difficulty].tiles;
      const bombs = eggs.map((level) =>
        Array.from({ length: tiles }, (_, tile) => tile).filter((tile) => !level.includes(tile)),
      );
      expect(state.layout, `nonce ${nonce} (${casino})`).toEqual(bombs);
    }
  });

  it('version 2 is what the server stamps; a player climbing on the eggs clears all 9 levels', () => {
    for (const [nonce, , difficulty, eggs] of published) {
      const params = tower.forNewBet?.(tower.params.parse({ difficulty }));
      expect(params).toEqual({ difficulty, v: 2 });
      const round = replayExtended(
        tower,
        params as TowerParams,
        eggs.map((level) => ({ tile: level[level.length - 1] as number })),
        floatSource(serverSeed, clientSeed, nonce),
        EDGE_1_PERCENT,
      );
      expect(round.type, `nonce ${nonce}`).toBe('finish');
      expect(round.state.status).toBe('cleared');
    }
  });

  it('version 1 (params without v, every round stored before) keeps its towers', () => {
    // Frozen from the code before versions existed (commit 2e01e8d, `tower.start` with the same params):
    // per level the bomb tiles in draw order. Not published data: the casino draws the eggs.
    const frozen: [nonce: number, difficulty: TowerDifficulty, bombs: number[][]][] = [
      [0, 'low', [[1], [1], [0], [0], [1], [0], [1], [0], [1]]],
      [1, 'medium', [[2], [1], [2], [0], [0], [2], [1], [2], [0]]],
      [
        3,
        'high',
        [
          [2, 1],
          [2, 1],
          [1, 2],
          [2, 0],
          [0, 1],
          [2, 1],
          [2, 0],
          [2, 1],
          [1, 2],
        ],
      ],
    ];
    for (const [nonce, difficulty, bombs] of frozen) {
      const rng = floatSource(serverSeed, clientSeed, nonce);
      const { state } = tower.start(tower.params.parse({ difficulty }), rng, EDGE_1_PERCENT);
      expect(state, `nonce ${nonce}`).toStrictEqual({ difficulty, layout: bombs, picks: [], status: 'open' });
      expect(rng.used).toBe(TOWER_LEVELS * bombs[0]!.length);
    }
  });
});
