/**
 * Keno's own texts (keys under `kenoUi.`), English and German; they load with the game's chunk.
 * 'Select cells!' is the shared `game.selectCells` (spec 3 section 8).
 */
import { addTranslations } from '../../lib/i18n';

const en = {
  board: 'Keno board: pick 1 to 10 numbers',
  risk: 'Risk',
  risks: { low: 'Low', classic: 'Classic', medium: 'Medium', high: 'High' },
  autoPick: 'Auto pick',
  clear: 'Clear table',
  hint: 'Pick 1 to 10 numbers to see the payouts',
  hits_one: '{{count}} hit',
  hits_other: '{{count}} hits',
  payoutTitle: '{{hits}} of {{picks}} · {{multiplier}}× · chance {{chance}}%',
  result: '{{hits}} / {{picks}} hits',
  cell: 'Number {{number}}',
};

const de: typeof en = {
  board: 'Keno-Feld: wähle 1 bis 10 Zahlen',
  risk: 'Risiko',
  risks: { low: 'Niedrig', classic: 'Klassisch', medium: 'Mittel', high: 'Hoch' },
  autoPick: 'Zufallswahl',
  clear: 'Feld leeren',
  hint: 'Wähle 1 bis 10 Zahlen, um die Auszahlungen zu sehen',
  hits_one: '{{count}} Treffer',
  hits_other: '{{count}} Treffer',
  payoutTitle: '{{hits}} von {{picks}} · {{multiplier}}× · Chance {{chance}} %',
  result: '{{hits}} / {{picks}} Treffer',
  cell: 'Zahl {{number}}',
};

addTranslations('en', { kenoUi: en });
addTranslations('de', { kenoUi: de });
