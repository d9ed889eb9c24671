/**
 * The chip selector and chip visuals of the stake games (roulette, baccarat). Chip values and what a
 * chip is worth: see `chip-unit.ts`.
 */
import type { CSSProperties, MouseEvent } from 'react';
import clsx from 'clsx';
import { Undo2 } from 'lucide-react';
import { formatAmount } from '@nebula/money';
import { useAppStore } from '../../lib/store';
import {
  CHIP_VALUES,
  type ChipValue,
  chipAtomic,
  chipTier,
  chipUnitExponent,
  formatChipLabel,
  formatStakeChips,
} from './chip-unit';
import './chip-texts';
import './chips.css';
import { useTranslation } from '../../lib/i18n';

/** The chip unit exponent of a currency (reads its USD price from the store). */
export function useChipExponent(currency: string, decimals: number): number {
  const price = useAppStore((state) => state.currencies[currency]?.price);
  return chipUnitExponent(decimals, typeof price === 'number' ? price : Number(price));
}

export interface ChipProps {
  /** The chip value that picks the colour. */
  tier: ChipValue;
  /** Text on the chip. */
  label: string;
  className?: string;
  style?: CSSProperties;
}

/** One casino chip (striped edge, dashed inlay, label). Purely visual. */
export function Chip({ tier, label, className, style }: ChipProps) {
  return (
    <span className={clsx('chip', `chip--${tier}`, className)} style={style} aria-hidden="true">
      <span className="chip__label">{label}</span>
    </span>
  );
}

export interface StakeChipProps {
  /** The stake in atomic units. */
  amount: bigint;
  exponent: number;
  className?: string;
  style?: CSSProperties;
}

/** A chip stack standing for a stake on the table: colour by size, label in chip units. */
export function StakeChip({ amount, exponent, className, style }: StakeChipProps) {
  const tier = chipTier(amount, exponent);
  const stacked = amount > chipAtomic(tier, exponent);
  return (
    <Chip
      tier={tier}
      label={formatStakeChips(amount, exponent)}
      className={clsx('chip--stake', stacked && 'chip--stacked', className)}
      style={style}
    />
  );
}

export interface ChipSelectorProps {
  /** Game id for the test ids: `{game}-chip-{value}`. */
  game: string;
  value: ChipValue;
  onChange: (value: ChipValue) => void;
  disabled: boolean;
  exponent: number;
  currency: string;
  decimals: number;
}

/** The row of five chips; the selected one is lifted and ringed, its worth shown beneath. */
export function ChipSelector({
  game,
  value,
  onChange,
  disabled,
  exponent,
  currency,
  decimals,
}: ChipSelectorProps) {
  const { t } = useTranslation();
  const worth = (chip: number) => formatAmount(chipAtomic(chip, exponent), decimals);
  const code = currency.toUpperCase();
  return (
    <div className="chip-selector">
      <div className="chip-selector__head">
        <span className="chip-selector__title">{t('chipKit.chipValue')}</span>
        <span className="chip-selector__worth">
          {t('chipKit.selectedWorth', {
            label: formatChipLabel(value),
            amount: worth(value),
            currency: code,
          })}
        </span>
      </div>
      <div className="chip-selector__row" role="radiogroup" aria-label={t('chipKit.chipValue')}>
        {CHIP_VALUES.map((chip) => (
          <button
            key={chip}
            type="button"
            role="radio"
            aria-checked={chip === value}
            aria-label={t('chipKit.chip', { label: formatChipLabel(chip) })}
            title={`${worth(chip)} ${code}`}
            data-testid={`${game}-chip-${chip}`}
            className={clsx('chip-selector__item', chip === value && 'is-selected')}
            disabled={disabled}
            onClick={() => onChange(chip)}
          >
            <Chip tier={chip} label={formatChipLabel(chip)} />
          </button>
        ))}
      </div>
    </div>
  );
}

export interface StakeActionsProps {
  game: string;
  canUndo: boolean;
  disabled: boolean;
  onUndo: () => void;
}

/**
 * 'Undo' under the chip selector: takes back the last chip, right-click removal, ½ or x2. 'Clear' is
 * the frame's, next to the read-only total (it calls `stakes.clear`).
 */
export function StakeActions({ game, canUndo, disabled, onUndo }: StakeActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="stake-actions">
      <button
        type="button"
        className="stake-actions__btn"
        data-testid={`${game}-undo`}
        disabled={disabled || !canUndo}
        onClick={onUndo}
      >
        <Undo2 size={15} aria-hidden="true" />
        {t('chipKit.undo')}
      </button>
    </div>
  );
}

/** The how-to line under a table with no stakes yet (tap wording on touch screens). */
export function PlaceHint() {
  const { t } = useTranslation();
  const touch = typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches;
  return <p className="stake-hint">{t(touch ? 'chipKit.placeHintTouch' : 'chipKit.placeHint')}</p>;
}

/** Right-click handler that removes instead of opening the browser menu. */
export function onSecondary(handler: () => void) {
  return (event: MouseEvent) => {
    event.preventDefault();
    handler();
  };
}
