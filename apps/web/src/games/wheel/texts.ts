/**
 * Wheel's own texts (keys under `wheelUi.`), English and German; they load with the game's chunk.
 */
import { addTranslations } from '../../lib/i18n';

const en = {
  board: 'Wheel with {{count}} segments',
  risk: 'Risk',
  segments: 'Segments',
  risks: { low: 'Low', medium: 'Medium', high: 'High' },
  legend: 'Multipliers and their chances',
  chance: '{{chance}}%',
};

const de: typeof en = {
  board: 'Rad mit {{count}} Segmenten',
  risk: 'Risiko',
  segments: 'Segmente',
  risks: { low: 'Niedrig', medium: 'Mittel', high: 'Hoch' },
  legend: 'Multiplikatoren und ihre Chancen',
  chance: '{{chance}} %',
};

addTranslations('en', { wheelUi: en });
addTranslations('de', { wheelUi: de });
