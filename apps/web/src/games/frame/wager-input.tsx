/**
 * The wager input (spec 3 sections 2 and 5): free text parsed as a number of the currency, with ½
 * and x2 rounded to its decimals. For stake games it is read-only and shows the stakes' total (½ and
 * x2 scale every stake).
 */
import { useId } from 'react';
import clsx from 'clsx';
import type { Currency } from '@nebula/contracts';
import { CurrencyIcon } from '../../ui';
import { useTranslation } from '../../lib/i18n';

export interface WagerInputProps {
  value: string;
  onChange: (text: string) => void;
  onBlur: () => void;
  onScale: (action: 'half' | 'double') => void;
  /** Stake games: read-only, labelled as the total. */
  readOnly: boolean;
  /** Stake games: clears every stake. */
  onClear?: () => void;
  invalid: boolean;
  disabled: boolean;
  currency: Pick<Currency, 'id' | 'icon' | 'style' | 'name'>;
  /** Shown at the right of the label (the balance). */
  aside?: React.ReactNode;
}

export function WagerInput({
  value,
  onChange,
  onBlur,
  onScale,
  readOnly,
  onClear,
  invalid,
  disabled,
  currency,
  aside,
}: WagerInputProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="gf-field">
      <div className="gf-field__label">
        <label htmlFor={id}>{readOnly ? t('gameFrame.totalBet') : t('gameFrame.betAmount')}</label>
        {aside}
      </div>
      <div className={clsx('gf-wager', invalid && 'is-invalid', disabled && 'is-disabled')}>
        <span className="gf-wager__icon">
          <CurrencyIcon currency={currency} size={18} />
        </span>
        <input
          id={id}
          className="gf-wager__input"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={value}
          readOnly={readOnly}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          data-testid="wager-input"
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          onFocus={(event) => {
            if (!readOnly) event.target.select();
          }}
        />
        {readOnly && onClear && (
          <button
            type="button"
            className="gf-wager__btn gf-wager__btn--text"
            disabled={disabled}
            onClick={onClear}
          >
            {t('gameFrame.clear')}
          </button>
        )}
        <button
          type="button"
          className="gf-wager__btn"
          disabled={disabled}
          aria-label={t('gameFrame.half')}
          title={t('gameFrame.half')}
          data-testid="wager-half"
          onClick={() => onScale('half')}
        >
          ½
        </button>
        <button
          type="button"
          className="gf-wager__btn"
          disabled={disabled}
          aria-label={t('gameFrame.double')}
          title={t('gameFrame.double')}
          data-testid="wager-double"
          onClick={() => onScale('double')}
        >
          2×
        </button>
      </div>
      {invalid && (
        <p className="gf-field__error" role="alert">
          {t('gameFrame.invalidWager')}
        </p>
      )}
    </div>
  );
}
