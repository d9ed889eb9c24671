/**
 * @nebula/games: one folder per game (params schema, pure outcome and payout math) plus the registry
 * the server and the web app look games up in. Adding a game means a folder here and one entry in
 * {@link GAMES}.
 *
 * Conventions:
 * - Outcomes come only from `@nebula/fairness` floats and the bet's params (limbo also reads the house
 *   edge, which shapes its result curve as in the public algorithm).
 * - Multipliers are exact rationals ({@link Ratio}); payout = floor(wager * multiplier) in bigint atomic
 *   units ({@link payoutFor}). Tables are true odds times (1 - house edge), or conventional tables scaled
 *   by one exact factor to that return; RTP tests prove it exactly.
 * - House edge is an integer in basis points (default 100 = 1%).
 * - Params and outcomes are JSON-safe (amounts as decimal strings of atomic units).
 *
 * Purity rules: no I/O, no Node built-ins, no React, no DB or server code, no clocks, no a non-cryptographic random source.
 */
export { type GameKind, type SingleRoundGame, expectFloats } from './definition.js';
export {
  BPS,
  DEFAULT_HOUSE_EDGE_BPS,
  MAX_HOUSE_EDGE_BPS,
  fairMultiplier,
  houseEdgeBpsSchema,
  rtpOf,
  scaleToRtp,
} from './house-edge.js';
export {
  ONE_RATIO,
  type Ratio,
  ZERO_RATIO,
  addRatio,
  cmpRatio,
  divRatio,
  eqRatio,
  mulRatioExact,
  payoutFor,
  ratio,
  ratioFromDecimal,
  ratioToDecimal,
  ratioToFixed,
  ratioToNumber,
  subRatio,
} from './ratio.js';
export {
  GAMES,
  GAME_IDS,
  type GameDefinition,
  type GameId,
  gameRegistry,
  getGame,
  isGameId,
} from './registry.js';
export { type RoundResult, type VerifyResult, resolveRound, verify } from './verify.js';
export * from './verify-extended.js';
export {
  type ExtendedGame,
  type ExtendedReplay,
  type ExtendedStep,
  type ExtendedStepType,
  type FloatSource,
  InvalidActionError,
  arraySource,
  floatSource,
  replayExtended,
} from './extended.js';
export {
  EXTENDED_GAMES,
  EXTENDED_GAME_IDS,
  type ExtendedGameId,
  getExtendedGame,
  isExtendedGameId,
} from './extended-registry.js';

export * from './dice/dice.js';
export * from './limbo/limbo.js';
export * from './plinko/plinko.js';
export * from './keno/keno.js';
export * from './wheel/wheel.js';
export * from './roulette/roulette.js';
export * from './diamonds/diamonds.js';
export * from './baccarat/baccarat.js';
export * from './crash/crash.js';
// extended game exports: mines
export * from './mines/mines.js';
// extended game exports: tower
export * from './tower/tower.js';
// extended game exports: stairs
export * from './stairs/stairs.js';
// extended game exports: hilo
export * from './hilo/hilo.js';
// extended game exports: coinflip
export * from './coinflip/coinflip.js';
// extended game exports: blackjack
export * from './blackjack/blackjack.js';
// extended game exports: videopoker
export * from './videopoker/videopoker.js';
// the bonus wheel's draw (promotions, decision 0039)
export * from './bonus-wheel.js';
