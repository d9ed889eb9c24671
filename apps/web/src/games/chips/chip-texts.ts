/**
 * Texts of the chip selector shared by the stake games (keys under `chipKit.`), English and German.
 * Registered when a stake game's chunk loads.
 */
import { addTranslations } from '../../lib/i18n';

export const chipKitEn = {
  chipValue: 'Chip value',
  chip: 'Chip {{label}}',
  selectedWorth: 'Chip {{label}} = {{amount}} {{currency}}',
  undo: 'Undo',
  placeHint: 'Click a spot to place the chip, right-click to remove it.',
  placeHintTouch: 'Tap a spot to place the chip.',
  noStakes: 'Place your chips!',
};

export const chipKitDe: typeof chipKitEn = {
  chipValue: 'Chipwert',
  chip: 'Chip {{label}}',
  selectedWorth: 'Chip {{label}} = {{amount}} {{currency}}',
  undo: 'Rückgängig',
  placeHint: 'Klicke auf ein Feld, um den Chip zu setzen, Rechtsklick entfernt ihn.',
  placeHintTouch: 'Tippe auf ein Feld, um den Chip zu setzen.',
  noStakes: 'Setze deine Chips!',
};

addTranslations('en', { chipKit: chipKitEn });
addTranslations('de', { chipKit: chipKitDe });
