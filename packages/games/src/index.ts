/**
 * @nebula/games: one folder per game (params schema, pure outcome and payout math) plus the registry
 * the server and the web app look games up in. Adding a game means a folder here and one line in
 * {@link gameRegistry}.
 *
 * Purity rules: no I/O, no Node built-ins, no React, no DB or server code, no clocks, no
 * `Math.random`. Outcomes are computed only from the fairness byte stream (`@nebula/fairness`) and the
 * bet's params; amounts only through `@nebula/money`. The same code settles bets on the server and
 * replays them in the browser's verifier.
 */
export {
  type GameDefinition,
  type GameId,
  type GameKind,
  gameRegistry,
  getGame,
  registerGame,
} from './registry.js';
