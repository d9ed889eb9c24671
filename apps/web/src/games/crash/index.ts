import type { ComponentType } from 'react';
import { CrashGame } from './crash-game';

/**
 * A multiplayer game's UI: the whole page below the breadcrumbs (its own sidebar, board and bar),
 * since shared rounds do not fit the single-player frames. The game page renders `Page` for the id.
 */
export interface MultiplayerGameUi {
  id: string;
  kind: 'multiplayer';
  Page: ComponentType;
}

/** Crash: shared rounds, the curve, the live players list and the last rounds strip. */
const crashUi: MultiplayerGameUi = { id: 'crash', kind: 'multiplayer', Page: CrashGame };

export default crashUi;
