import { addTranslations } from '../../lib/i18n';

/** Diamonds texts (English). */
export const diamondsTextsEn = {
  payTable: 'Pay table',
  patterns: {
    fiveOfAKind: 'Five of a kind',
    fourOfAKind: 'Four of a kind',
    fullHouse: 'Full house',
    threeOfAKind: 'Three of a kind',
    twoPair: 'Two pair',
    pair: 'Pair',
    none: 'No match',
  },
  gems: {
    green: 'Green',
    purple: 'Purple',
    yellow: 'Yellow',
    red: 'Red',
    cyan: 'Cyan',
    orange: 'Orange',
    blue: 'Blue',
  },
  emptySlot: 'Empty',
};

/** Diamonds texts (German). */
export const diamondsTextsDe: typeof diamondsTextsEn = {
  payTable: 'Gewinntabelle',
  patterns: {
    fiveOfAKind: 'Fünf gleiche',
    fourOfAKind: 'Vier gleiche',
    fullHouse: 'Full House',
    threeOfAKind: 'Drei gleiche',
    twoPair: 'Zwei Paare',
    pair: 'Ein Paar',
    none: 'Keine Treffer',
  },
  gems: {
    green: 'Grün',
    purple: 'Lila',
    yellow: 'Gelb',
    red: 'Rot',
    cyan: 'Türkis',
    orange: 'Orange',
    blue: 'Blau',
  },
  emptySlot: 'Leer',
};

addTranslations('en', { gameDiamonds: diamondsTextsEn });
addTranslations('de', { gameDiamonds: diamondsTextsDe });
