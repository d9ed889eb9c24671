/**
 * Known answers for the verifier's tests: the per-game vectors of packages/games/src/registry.test.ts,
 * (SEED, client seed "nebula", nonce 0) -> multiplier, each derived by hand there.
 */
export const SEED = '7f3a1c9e5b2d4f6081a3c5e7f9b1d3e5a7c9e1f3b5d7f9a1c3e5a7b9d1f3e5a7';
export const SEED_HASH = '39c9002c1ba6edcf67d78aaa92e909d310123ea4a64834f397a923aae3a81f4e';
export const VECTORS: { game: string; params: unknown; multiplier: string }[] = [
  { game: 'dice', params: { target: 5000, condition: 'under' }, multiplier: '1.98019800' },
  { game: 'limbo', params: { target: 1000 }, multiplier: '10.00000000' },
  { game: 'plinko', params: { rows: 8, risk: 'high' }, multiplier: '0.29981072' },
  {
    game: 'keno',
    params: { picks: [4, 9, 13, 21, 28, 33, 37, 40, 2, 17], risk: 'classic' },
    multiplier: '0.00000000',
  },
  { game: 'wheel', params: { segments: 10, risk: 'medium' }, multiplier: '1.90000000' },
  {
    game: 'roulette',
    params: {
      placements: [
        { type: 'straight', numbers: [3], amount: '100' },
        { type: 'red', amount: '100' },
      ],
    },
    multiplier: '19.33250000',
  },
  { game: 'diamonds', params: {}, multiplier: '3.02159745' },
  { game: 'baccarat', params: { player: '100' }, multiplier: '2.00511357' },
];
