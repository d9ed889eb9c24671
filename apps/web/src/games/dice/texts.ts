import { addTranslations } from '../../lib/i18n';

/** Dice texts (English). */
export const diceTextsEn = {
  multiplier: 'Multiplier',
  rollOver: 'Roll over',
  rollUnder: 'Roll under',
  winChance: 'Win chance',
  switchToUnder: 'Switch to roll under',
  switchToOver: 'Switch to roll over',
  target: 'Target',
  increase: 'Increase {{what}}',
  decrease: 'Decrease {{what}}',
  lastRoll: 'Last roll',
};

/** Dice texts (German). */
export const diceTextsDe: typeof diceTextsEn = {
  multiplier: 'Multiplikator',
  rollOver: 'Über würfeln',
  rollUnder: 'Unter würfeln',
  winChance: 'Gewinnchance',
  switchToUnder: 'Zu „Unter würfeln“ wechseln',
  switchToOver: 'Zu „Über würfeln“ wechseln',
  target: 'Zielwert',
  increase: '{{what}} erhöhen',
  decrease: '{{what}} verringern',
  lastRoll: 'Letzter Wurf',
};

addTranslations('en', { gameDice: diceTextsEn });
addTranslations('de', { gameDice: diceTextsDe });
