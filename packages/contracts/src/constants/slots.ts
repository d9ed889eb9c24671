/**
 * Third-party games through the aggregator (issue G10): values the server and the web share.
 */

/** Prefix of the game route of a third-party game: `/casino/game/external:{id}` (spec 3 section 2). */
export const EXTERNAL_GAME_PREFIX = 'external:';

/** The error code of a launch refused because the provider is restricted or the game unavailable. */
export const SLOT_UNAVAILABLE_CODE = 'slot_unavailable';

/** The emulator's scenarios (`/debugger/emulator/slotegrator`), in the order its buttons show them. */
export const SLOT_EMULATOR_SCENARIOS = [
  'betThenWin',
  'duplicateBet',
  'insufficientFunds',
  'refundBeforeBet',
  'roundRollback',
  'replayAfterTimeout',
  'badSignature',
  'staleTimestamp',
] as const;
export type SlotEmulatorScenario = (typeof SLOT_EMULATOR_SCENARIOS)[number];
