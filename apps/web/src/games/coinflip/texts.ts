/** Coinflip texts (keys under `gameCoinflip.`), English and German. */
import { addTranslations } from '../../lib/i18n';

export const coinflipTextsEn = {
  side: { heads: 'Heads', tails: 'Tails' },
  actions: 'Call the coin',
  streak: 'Streak',
  multiplier: 'Multiplier',
  next: 'Next {{multiplier}}×',
  flips: 'Flips of this round',
  noRound: 'Place a bet, then call heads or tails',
  pickSide: 'Heads or tails?',
  lost: 'Wrong call',
  taken: 'Cashed out',
  maxed: 'Maximum streak!',
  flip: 'Flip {{n}}',
};

export const coinflipTextsDe: typeof coinflipTextsEn = {
  side: { heads: 'Kopf', tails: 'Zahl' },
  actions: 'Wähle eine Seite',
  streak: 'Serie',
  multiplier: 'Multiplikator',
  next: 'Nächster {{multiplier}}×',
  flips: 'Würfe dieser Runde',
  noRound: 'Setze einen Einsatz und wähle Kopf oder Zahl',
  pickSide: 'Kopf oder Zahl?',
  lost: 'Falsch getippt',
  taken: 'Ausgezahlt',
  maxed: 'Maximale Serie!',
  flip: 'Wurf {{n}}',
};

addTranslations('en', { gameCoinflip: coinflipTextsEn });
addTranslations('de', { gameCoinflip: coinflipTextsDe });
