/**
 * Blackjack's texts (keys under `blackjackUi.`), English and German. Hit, Stand, Split and
 * Blackjack are the table's international terms and stay English in German, as at German tables;
 * Double is "Verdoppeln".
 */
import { addTranslations } from '../../lib/i18n';

const en = {
  board: 'Blackjack table',
  dealer: 'Dealer',
  player: 'Player',
  hand: 'Hand {{number}}',
  hiddenCard: 'Face-down card',
  rules: 'Blackjack pays 3 to 2',
  rulesDealer: 'Dealer stands on all 17s',
  rulesInsurance: 'Insurance pays 2 to 1',
  placeBet: 'Place your bet to deal',
  actions: 'Blackjack decisions',
  hit: 'Hit',
  stand: 'Stand',
  double: 'Double',
  split: 'Split',
  insurance: 'Insurance?',
  insuranceHint:
    'The dealer shows an ace. Insure for half your bet: pays 2 to 1 if the dealer has blackjack.',
  insuranceYes: 'Yes',
  insuranceNo: 'No',
  insured: 'Insured',
  insurancePaid: 'Insurance pays 2:1',
  insuranceLost: 'Insurance lost',
  doubled: 'Doubled',
  result: {
    0: 'Lose',
    1: 'Win',
    2: 'Push',
    3: 'Blackjack',
    4: 'Bust',
    5: 'Dealer bust',
    6: 'Dealer blackjack',
  },
};

const de: typeof en = {
  board: 'Blackjack-Tisch',
  dealer: 'Dealer',
  player: 'Spieler',
  hand: 'Hand {{number}}',
  hiddenCard: 'Verdeckte Karte',
  rules: 'Blackjack zahlt 3 zu 2',
  rulesDealer: 'Dealer steht auf allen 17',
  rulesInsurance: 'Versicherung zahlt 2 zu 1',
  placeBet: 'Setze deinen Einsatz, um zu geben',
  actions: 'Blackjack-Entscheidungen',
  hit: 'Hit',
  stand: 'Stand',
  double: 'Verdoppeln',
  split: 'Split',
  insurance: 'Versicherung?',
  insuranceHint:
    'Der Dealer zeigt ein Ass. Versichere dich für den halben Einsatz: zahlt 2 zu 1, wenn der Dealer Blackjack hat.',
  insuranceYes: 'Ja',
  insuranceNo: 'Nein',
  insured: 'Versichert',
  insurancePaid: 'Versicherung zahlt 2:1',
  insuranceLost: 'Versicherung verloren',
  doubled: 'Verdoppelt',
  result: {
    0: 'Verloren',
    1: 'Gewonnen',
    2: 'Push',
    3: 'Blackjack',
    4: 'Überkauft',
    5: 'Dealer überkauft',
    6: 'Dealer-Blackjack',
  },
};

addTranslations('en', { blackjackUi: en });
addTranslations('de', { blackjackUi: de });
