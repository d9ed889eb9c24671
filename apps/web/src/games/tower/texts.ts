/** Tower texts (keys under `towerUi.`), English and German; they load with the game's chunk. */
import { addTranslations } from '../../lib/i18n';

const en = {
  board: 'Tower: 9 levels, pick one tile per level',
  difficulty: 'Difficulty',
  difficulties: { low: 'Low', medium: 'Medium', high: 'High' },
  difficultyHint: '{{safe}} of {{tiles}} tiles safe per level',
  random: 'Random tile',
  level: 'Level {{level}}',
  levelMultiplier: 'Level {{level}}: {{multiplier}}×',
  progress: '{{climbed}} / {{levels}}',
  hint: 'Choose a difficulty and place a bet',
  pickHint: 'Pick a tile on level {{level}}',
  tileHidden: 'Level {{level}}, tile {{number}}',
  tileSafe: 'Level {{level}}, tile {{number}}: safe',
  tileHazard: 'Level {{level}}, tile {{number}}: bomb',
  lost: 'Boom!',
  cleared: 'Tower conquered!',
  taken: 'Cashed out at {{multiplier}}×',
};

const de: typeof en = {
  board: 'Turm: 9 Etagen, wähle ein Feld pro Etage',
  difficulty: 'Schwierigkeit',
  difficulties: { low: 'Niedrig', medium: 'Mittel', high: 'Hoch' },
  difficultyHint: '{{safe}} von {{tiles}} Feldern pro Etage sicher',
  random: 'Zufälliges Feld',
  level: 'Etage {{level}}',
  levelMultiplier: 'Etage {{level}}: {{multiplier}}×',
  progress: '{{climbed}} / {{levels}}',
  hint: 'Wähle eine Schwierigkeit und platziere eine Wette',
  pickHint: 'Wähle ein Feld auf Etage {{level}}',
  tileHidden: 'Etage {{level}}, Feld {{number}}',
  tileSafe: 'Etage {{level}}, Feld {{number}}: sicher',
  tileHazard: 'Etage {{level}}, Feld {{number}}: Bombe',
  lost: 'Bumm!',
  cleared: 'Turm bezwungen!',
  taken: 'Ausgezahlt bei {{multiplier}}×',
};

addTranslations('en', { towerUi: en });
addTranslations('de', { towerUi: de });
