/** Moved: the game page lives with the games (`src/games/game-page.tsx`); kept as a re-export. */
export { GamePage } from '../../games/game-page';
