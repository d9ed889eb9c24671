/** Stairs texts (keys under `stairsUi.`), English and German; they load with the game's chunk. */
import { addTranslations } from '../../lib/i18n';

const en = {
  board: 'Stairs: 13 steps of 7 stones, step on one stone per row',
  hazards: 'Hazards per row',
  hazardsHint: '{{safe}} of 7 stones hold',
  increase: 'More hazards',
  decrease: 'Fewer hazards',
  random: 'Random stone',
  rowMultiplier: 'Step {{row}}: {{multiplier}}×',
  progress: '{{climbed}} / {{rows}}',
  hint: 'Choose the hazards per row and place a bet',
  pickHint: 'Step on a stone of row {{row}}',
  stoneHidden: 'Row {{row}}, stone {{number}}',
  stoneSafe: 'Row {{row}}, stone {{number}}: holds',
  stoneHazard: 'Row {{row}}, stone {{number}}: crumbles',
  climber: 'Climber on step {{row}}',
  lost: 'The stone crumbled!',
  cleared: 'Top of the stairs!',
  taken: 'Cashed out at {{multiplier}}×',
};

const de: typeof en = {
  board: 'Treppe: 13 Stufen mit je 7 Steinen, betritt einen Stein pro Reihe',
  hazards: 'Gefahren pro Reihe',
  hazardsHint: '{{safe}} von 7 Steinen halten',
  increase: 'Mehr Gefahren',
  decrease: 'Weniger Gefahren',
  random: 'Zufälliger Stein',
  rowMultiplier: 'Stufe {{row}}: {{multiplier}}×',
  progress: '{{climbed}} / {{rows}}',
  hint: 'Wähle die Gefahren pro Reihe und platziere eine Wette',
  pickHint: 'Betritt einen Stein in Reihe {{row}}',
  stoneHidden: 'Reihe {{row}}, Stein {{number}}',
  stoneSafe: 'Reihe {{row}}, Stein {{number}}: hält',
  stoneHazard: 'Reihe {{row}}, Stein {{number}}: bröckelt',
  climber: 'Kletterer auf Stufe {{row}}',
  lost: 'Der Stein ist zerbröckelt!',
  cleared: 'Oben angekommen!',
  taken: 'Ausgezahlt bei {{multiplier}}×',
};

addTranslations('en', { stairsUi: en });
addTranslations('de', { stairsUi: de });
