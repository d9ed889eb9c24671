/**
 * The external sportsbook page's texts (keys under `externalSports.`), English and German; they load
 * with the page's chunk.
 */
import { addTranslations } from '../../lib/i18n';

export const externalSportsEn = {
  title: 'Sportsbook',
  simulated: 'Simulated sportsbook',
  simulatedHint:
    "Development: the sportsbook is the platform's own local stand-in for the external provider; bets move your real balance through the operator wallet.",
  frameTitle: 'Sportsbook',
  loading: 'Loading the sportsbook…',
  signIn: 'Sign in to place bets',
  failed: {
    title: 'The sportsbook could not be opened',
    action: 'Try again',
  },
  betPlaced: 'Bet placed',
};

export const externalSportsDe: typeof externalSportsEn = {
  title: 'Sportwetten',
  simulated: 'Simulierte Sportwetten',
  simulatedHint:
    'Entwicklung: Die Sportwetten kommen vom lokalen Ersatz des externen Anbieters der Plattform; Wetten bewegen dein echtes Guthaben über die Betreiber-Wallet.',
  frameTitle: 'Sportwetten',
  loading: 'Sportwetten werden geladen…',
  signIn: 'Melde dich an, um zu wetten',
  failed: {
    title: 'Die Sportwetten konnten nicht geöffnet werden',
    action: 'Erneut versuchen',
  },
  betPlaced: 'Wette platziert',
};

addTranslations('en', { externalSports: externalSportsEn });
addTranslations('de', { externalSports: externalSportsDe });
