/**
 * Baccarat's texts (keys under `baccaratUi.`), English and German. The side names Player, Banker and
 * Tie are the game's international terms and stay the same in German (as at German tables).
 */
import { addTranslations } from '../../lib/i18n';

export const baccaratUiEn = {
  side: { player: 'Player', banker: 'Banker', tie: 'Tie' },
  pays: 'Pays {{multiplier}}x',
  wins: 'wins',
  tieText: 'Player and Banker bets push',
  push: 'Push',
  placeBets: 'Place your bets',
  betOn: 'Bet on {{side}}: pays {{multiplier}}x',
  total: 'Total',
};

export const baccaratUiDe: typeof baccaratUiEn = {
  side: { player: 'Player', banker: 'Banker', tie: 'Tie' },
  pays: 'Zahlt {{multiplier}}x',
  wins: 'gewinnt',
  tieText: 'Einsätze auf Player und Banker gehen zurück',
  push: 'Zurück',
  placeBets: 'Platziere deine Einsätze',
  betOn: 'Einsatz auf {{side}}: zahlt {{multiplier}}x',
  total: 'Summe',
};

addTranslations('en', { baccaratUi: baccaratUiEn });
addTranslations('de', { baccaratUi: baccaratUiDe });
