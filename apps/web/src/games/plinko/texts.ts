/**
 * Plinko's own texts (keys under `plinkoUi.`), English and German; they load with the game's chunk.
 */
import { addTranslations } from '../../lib/i18n';

const en = {
  board: 'Plinko board',
  risk: 'Risk',
  rows: 'Rows',
  risks: { low: 'Low', medium: 'Medium', high: 'High' },
  slot: '{{multiplier}}× · chance {{chance}}%',
};

const de: typeof en = {
  board: 'Plinko-Brett',
  risk: 'Risiko',
  rows: 'Reihen',
  risks: { low: 'Niedrig', medium: 'Mittel', high: 'Hoch' },
  slot: '{{multiplier}}× · Chance {{chance}} %',
};

addTranslations('en', { plinkoUi: en });
addTranslations('de', { plinkoUi: de });
