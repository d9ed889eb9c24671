/**
 * Hilo texts (keys under `gameHilo.`), English and German. Card ranks (A, J, Q, K) stay as printed on
 * the cards.
 */
import { addTranslations } from '../../lib/i18n';

export const hiloTextsEn = {
  guess: {
    higher: 'Higher or same',
    lower: 'Lower or same',
    equal: 'Same',
  },
  skipped: 'Skipped',
  actions: 'Your guess',
  skip: 'Skip card',
  skipsLeft: '{{count}} left',
  highest: 'King is highest',
  lowest: 'Ace is lowest',
  multiplier: 'Multiplier',
  history: 'Cards of this round',
  noRound: 'Place a bet to draw the first card',
  cardBack: 'Face-down card',
  wrong: 'Wrong',
  lost: 'Wrong guess',
  taken: 'Cashed out',
};

export const hiloTextsDe: typeof hiloTextsEn = {
  guess: {
    higher: 'Höher oder gleich',
    lower: 'Niedriger oder gleich',
    equal: 'Gleich',
  },
  skipped: 'Übersprungen',
  actions: 'Dein Tipp',
  skip: 'Karte überspringen',
  skipsLeft: 'noch {{count}}',
  highest: 'König ist die höchste',
  lowest: 'Ass ist die niedrigste',
  multiplier: 'Multiplikator',
  history: 'Karten dieser Runde',
  noRound: 'Setze einen Einsatz, um die erste Karte zu ziehen',
  cardBack: 'Verdeckte Karte',
  wrong: 'Falsch',
  lost: 'Falsch getippt',
  taken: 'Ausgezahlt',
};

addTranslations('en', { gameHilo: hiloTextsEn });
addTranslations('de', { gameHilo: hiloTextsDe });
