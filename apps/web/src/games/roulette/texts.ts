/**
 * Roulette's texts (keys under `rouletteUi.`), English and German. Registered when the game's chunk
 * loads.
 */
import { addTranslations } from '../../lib/i18n';

export const rouletteUiEn = {
  label: {
    dozen1: '1 to 12',
    dozen2: '13 to 24',
    dozen3: '25 to 36',
    low: '1 to 18',
    high: '19 to 36',
    lowShort: '1–18',
    highShort: '19–36',
    even: 'Even',
    odd: 'Odd',
  },
  bet: {
    straight: 'Number {{numbers}}',
    split: 'Split {{numbers}}',
    street: 'Street {{numbers}}',
    corner: 'Corner {{numbers}}',
    line: 'Six line {{numbers}}',
    column: 'Column {{index}} (2:1)',
    dozen: 'Dozen {{index}}',
    red: 'Red',
    black: 'Black',
    odd: 'Odd',
    even: 'Even',
    low: '1 to 18',
    high: '19 to 36',
  },
  pays: '{{name}}: pays {{multiplier}}x',
  recent: 'Recent results',
  result: 'Result',
  spinning: 'Spinning…',
  placeBets: 'Place your bets',
  limit: 'At most {{count}} different spots per bet.',
  color: { red: 'Red', black: 'Black', green: 'Zero' },
};

export const rouletteUiDe: typeof rouletteUiEn = {
  label: {
    dozen1: '1 bis 12',
    dozen2: '13 bis 24',
    dozen3: '25 bis 36',
    low: '1 bis 18',
    high: '19 bis 36',
    lowShort: '1–18',
    highShort: '19–36',
    even: 'Gerade',
    odd: 'Ungerade',
  },
  bet: {
    straight: 'Zahl {{numbers}}',
    split: 'Cheval {{numbers}}',
    street: 'Transversale {{numbers}}',
    corner: 'Carré {{numbers}}',
    line: 'Sixain {{numbers}}',
    column: 'Kolonne {{index}} (2:1)',
    dozen: 'Dutzend {{index}}',
    red: 'Rot',
    black: 'Schwarz',
    odd: 'Ungerade',
    even: 'Gerade',
    low: '1 bis 18',
    high: '19 bis 36',
  },
  pays: '{{name}}: zahlt {{multiplier}}x',
  recent: 'Letzte Ergebnisse',
  result: 'Ergebnis',
  spinning: 'Dreht…',
  placeBets: 'Platziere deine Einsätze',
  limit: 'Höchstens {{count}} verschiedene Felder pro Einsatz.',
  color: { red: 'Rot', black: 'Schwarz', green: 'Null' },
};

addTranslations('en', { rouletteUi: rouletteUiEn });
addTranslations('de', { rouletteUi: rouletteUiDe });
