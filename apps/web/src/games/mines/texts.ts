/**
 * Mines texts (keys under `minesUi.`), English and German; they load with the game's chunk. The form
 * messages are the spec's (spec 3 section 5).
 */
import { addTranslations } from '../../lib/i18n';

const en = {
  board: 'Mines board: 25 tiles',
  mines: 'Mines',
  gems: 'Gems',
  increase: 'More mines',
  decrease: 'Fewer mines',
  presets: 'Quick mine counts',
  preset_one: '{{count}} mine',
  preset_other: '{{count}} mines',
  random: 'Random tile',
  hint: 'Choose the number of mines and place a bet',
  hintSub: 'Every gem raises the multiplier. Cash out before you hit a mine.',
  tile: 'Tile {{number}}',
  tileHidden: 'Tile {{number}}, hidden',
  tileGem: 'Tile {{number}}, gem',
  tileMine: 'Tile {{number}}, mine',
  multiplier: 'Multiplier',
  next: 'Next tile',
  safeChance: '{{chance}}% safe',
  noNext: 'Board cleared',
  ladder: 'Multiplier per gem found',
  ladderStep: 'Gem {{step}}: {{multiplier}}×',
  required: 'Fill in this field',
  tooSmall: 'Value is too small',
  tooLarge: 'Value is too large',
  invalid: 'Invalid value',
  boom: 'Boom!',
  cleared: 'All gems found!',
};

const de: typeof en = {
  board: 'Mines-Feld: 25 Felder',
  mines: 'Minen',
  gems: 'Edelsteine',
  increase: 'Mehr Minen',
  decrease: 'Weniger Minen',
  presets: 'Schnellwahl Minen',
  preset_one: '{{count}} Mine',
  preset_other: '{{count}} Minen',
  random: 'Zufälliges Feld',
  hint: 'Wähle die Anzahl der Minen und platziere eine Wette',
  hintSub: 'Jeder Edelstein erhöht den Multiplikator. Kassiere, bevor du eine Mine triffst.',
  tile: 'Feld {{number}}',
  tileHidden: 'Feld {{number}}, verdeckt',
  tileGem: 'Feld {{number}}, Edelstein',
  tileMine: 'Feld {{number}}, Mine',
  multiplier: 'Multiplikator',
  next: 'Nächstes Feld',
  safeChance: '{{chance}} % sicher',
  noNext: 'Feld geräumt',
  ladder: 'Multiplikator pro gefundenem Edelstein',
  ladderStep: 'Edelstein {{step}}: {{multiplier}}×',
  required: 'Bitte fülle dieses Feld aus',
  tooSmall: 'Der Wert ist zu klein',
  tooLarge: 'Der Wert ist zu groß',
  invalid: 'Ungültiger Wert',
  boom: 'Bumm!',
  cleared: 'Alle Edelsteine gefunden!',
};

addTranslations('en', { minesUi: en });
addTranslations('de', { minesUi: de });
