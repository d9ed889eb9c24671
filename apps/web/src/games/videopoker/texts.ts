/**
 * Video poker's texts (keys under `videoPokerUi.`), English and German. The hand names follow the
 * usual German video poker terms (Royal Flush, Straight Flush stay English, as on German machines).
 */
import { addTranslations } from '../../lib/i18n';

const en = {
  board: 'Video poker: Jacks or Better',
  title: 'Jacks or Better',
  paytable: 'Pay table',
  hands: {
    'royal-flush': 'Royal Flush',
    'straight-flush': 'Straight Flush',
    'four-of-a-kind': 'Four of a Kind',
    'full-house': 'Full House',
    flush: 'Flush',
    straight: 'Straight',
    'three-of-a-kind': 'Three of a Kind',
    'two-pair': 'Two Pair',
    'jacks-or-better': 'Jacks or Better',
    nothing: 'No win',
  },
  held: 'Held',
  hold: 'Hold',
  card: 'Card {{number}}',
  placeBet: 'Place your bet to deal five cards',
  holdHint: 'Tap the cards to hold, then draw',
  draw: 'Draw',
  drawCount_one: 'Replace {{count}} card',
  drawCount_other: 'Replace {{count}} cards',
  drawNone: 'Keep all five',
  pays: 'pays {{multiplier}}×',
};

const de: typeof en = {
  board: 'Video Poker: Jacks or Better',
  title: 'Jacks or Better',
  paytable: 'Gewinntabelle',
  hands: {
    'royal-flush': 'Royal Flush',
    'straight-flush': 'Straight Flush',
    'four-of-a-kind': 'Vierling',
    'full-house': 'Full House',
    flush: 'Flush',
    straight: 'Straße',
    'three-of-a-kind': 'Drilling',
    'two-pair': 'Zwei Paare',
    'jacks-or-better': 'Buben oder besser',
    nothing: 'Kein Gewinn',
  },
  held: 'Gehalten',
  hold: 'Halten',
  card: 'Karte {{number}}',
  placeBet: 'Setze deinen Einsatz, um fünf Karten zu geben',
  holdHint: 'Tippe Karten zum Halten an, dann ziehe',
  draw: 'Ziehen',
  drawCount_one: '{{count}} Karte tauschen',
  drawCount_other: '{{count}} Karten tauschen',
  drawNone: 'Alle fünf behalten',
  pays: 'zahlt {{multiplier}}×',
};

addTranslations('en', { videoPokerUi: en });
addTranslations('de', { videoPokerUi: de });
