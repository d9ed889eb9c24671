import { addTranslations } from '../../lib/i18n';

/** Limbo texts (English). */
export const limboTextsEn = {
  target: 'Target multiplier',
  targetShort: 'Target',
  winChance: 'Win chance',
  increase: 'Increase {{what}}',
  decrease: 'Decrease {{what}}',
  result: 'Result',
};

/** Limbo texts (German). */
export const limboTextsDe: typeof limboTextsEn = {
  target: 'Ziel-Multiplikator',
  targetShort: 'Ziel',
  winChance: 'Gewinnchance',
  increase: '{{what}} erhöhen',
  decrease: '{{what}} verringern',
  result: 'Ergebnis',
};

addTranslations('en', { gameLimbo: limboTextsEn });
addTranslations('de', { gameLimbo: limboTextsDe });
