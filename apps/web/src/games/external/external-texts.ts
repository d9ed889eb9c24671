/**
 * The external game page's texts (keys under `externalGame.`), English and German; they load with the
 * page's chunk.
 */
import { addTranslations } from '../../lib/i18n';

export const externalGameEn = {
  real: 'Real money',
  demo: 'Demo',
  mode: 'Play mode',
  simulated: 'Simulated provider',
  simulatedHint:
    "Development: this game is served by the platform's own local aggregator, with real wallet callbacks.",
  signInForReal: 'Sign in to play for real money',
  frameTitle: '{{name}} by {{provider}}',
  loading: 'Loading the game…',
  notFound: {
    title: 'Game not found',
    text: 'There is no game called “{{id}}”. It may have been renamed or removed.',
    action: 'Browse slots',
  },
  failed: {
    title: 'The game could not be started',
    action: 'Try again',
  },
  noDemo: 'This game has no demo mode.',
  fullscreen: 'Full screen',
  currencyPrompt: {
    title: 'Currency changed',
    text: 'This game is playing in {{from}}. Reload it to play in {{to}}?',
    reload: 'Reload the game',
    keep: 'Keep playing in {{from}}',
  },
};

export const externalGameDe: typeof externalGameEn = {
  real: 'Echtgeld',
  demo: 'Demo',
  mode: 'Spielmodus',
  simulated: 'Simulierter Anbieter',
  simulatedHint:
    'Entwicklung: Dieses Spiel stellt der eigene lokale Aggregator der Plattform bereit, mit echten Wallet-Callbacks.',
  signInForReal: 'Melde dich an, um mit Echtgeld zu spielen',
  frameTitle: '{{name}} von {{provider}}',
  loading: 'Das Spiel wird geladen…',
  notFound: {
    title: 'Spiel nicht gefunden',
    text: 'Es gibt kein Spiel namens „{{id}}“. Es wurde vielleicht umbenannt oder entfernt.',
    action: 'Slots ansehen',
  },
  failed: {
    title: 'Das Spiel konnte nicht gestartet werden',
    action: 'Erneut versuchen',
  },
  noDemo: 'Dieses Spiel hat keinen Demo-Modus.',
  fullscreen: 'Vollbild',
  currencyPrompt: {
    title: 'Währung geändert',
    text: 'Dieses Spiel läuft in {{from}}. Neu laden, um in {{to}} zu spielen?',
    reload: 'Spiel neu laden',
    keep: 'Weiter in {{from}} spielen',
  },
};

addTranslations('en', { externalGame: externalGameEn });
addTranslations('de', { externalGame: externalGameDe });
