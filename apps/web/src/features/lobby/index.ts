/**
 * The lobby feature's public face for the game pages: the favourite button beside a game's title.
 * The lobby's pages themselves are routes (app/routes.tsx loads them on demand).
 */
export { GameFavouriteButton } from './favourite-button';
