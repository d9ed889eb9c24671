/**
 * The weekly race feature's public face: the race panel (shown with the live feed's race channel),
 * loaded on demand so it stays out of the first-visit bundle. The /leaderboard page is
 * `./leaderboard-page` (lazy route).
 */
import { lazy } from 'react';

/** The race panel, lazily loaded. */
export const LazyRacePanel = lazy(async () => ({ default: (await import('./race-panel')).RacePanel }));
