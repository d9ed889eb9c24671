import { useId, useState, type ReactNode } from 'react';
import clsx from 'clsx';
import { Minus, Plus } from 'lucide-react';
import './controls.css';

/** Props of {@link NumberField}. */
export interface NumberFieldProps {
  label: string;
  /** The canonical text of the current value, shown whenever the player is not typing. */
  value: string;
  /** Unit after the number (`×`, `%`). */
  suffix?: ReactNode;
  /**
   * Every edit while typing. Return true when the text is a valid value (the caller has applied it),
   * false to flag the field; the canonical `value` comes back when the field loses focus.
   */
  onInput(text: string): boolean;
  /** The stepper buttons; omitted: no stepper. */
  onStep?(direction: 1 | -1): void;
  /** Plus is disabled at the maximum, minus at the minimum (spec 3 section 2). */
  canStepUp?: boolean;
  canStepDown?: boolean;
  /** Accessible names of the stepper buttons. */
  stepUpLabel?: string;
  stepDownLabel?: string;
  /** Everything disabled (a play is in flight or an auto run is on). */
  disabled?: boolean;
  testId?: string;
}

/**
 * A game sidebar number input with a unit and a plus/minus stepper. Typing applies valid values at
 * once (so linked fields follow live), flags invalid ones, and restores the canonical text on blur.
 */
export function NumberField({
  label,
  value,
  suffix,
  onInput,
  onStep,
  canStepUp = true,
  canStepDown = true,
  stepUpLabel = '+',
  stepDownLabel = '-',
  disabled = false,
  testId,
}: NumberFieldProps) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const shown = draft ?? value;
  return (
    <div className={clsx('gk-field', invalid && draft !== null && 'is-invalid', disabled && 'is-disabled')}>
      <label className="gk-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="gk-field__box">
        <input
          id={id}
          className="gk-field__input"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={shown}
          disabled={disabled}
          aria-invalid={invalid && draft !== null ? true : undefined}
          data-testid={testId}
          onChange={(event) => {
            const text = event.target.value;
            setDraft(text);
            setInvalid(!onInput(text));
          }}
          onBlur={() => {
            setDraft(null);
            setInvalid(false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.currentTarget.blur();
            if (event.key === 'Escape') {
              setDraft(null);
              setInvalid(false);
            }
          }}
        />
        {suffix != null && <span className="gk-field__suffix">{suffix}</span>}
        {onStep && (
          <span className="gk-field__steps">
            <button
              type="button"
              className="gk-field__step"
              aria-label={stepDownLabel}
              disabled={disabled || !canStepDown}
              onClick={() => {
                setDraft(null);
                onStep(-1);
              }}
            >
              <Minus size={14} strokeWidth={2.5} aria-hidden />
            </button>
            <button
              type="button"
              className="gk-field__step"
              aria-label={stepUpLabel}
              disabled={disabled || !canStepUp}
              onClick={() => {
                setDraft(null);
                onStep(1);
              }}
            >
              <Plus size={14} strokeWidth={2.5} aria-hidden />
            </button>
          </span>
        )}
      </div>
    </div>
  );
}

/** Props of {@link ToggleField}. */
export interface ToggleFieldProps {
  label: string;
  value: string;
  /** Icon at the right end (e.g. a swap icon). */
  icon?: ReactNode;
  /** Accessible name of the button (what a click does). */
  actionLabel: string;
  onToggle(): void;
  disabled?: boolean;
  testId?: string;
}

/** A field-looking button that toggles a setting (dice: roll over / roll under). */
export function ToggleField({
  label,
  value,
  icon,
  actionLabel,
  onToggle,
  disabled = false,
  testId,
}: ToggleFieldProps) {
  const id = useId();
  return (
    <div className={clsx('gk-field', disabled && 'is-disabled')}>
      <span className="gk-field__label" id={id}>
        {label}
      </span>
      <button
        type="button"
        className="gk-field__box gk-field__toggle"
        aria-describedby={id}
        aria-label={actionLabel}
        title={actionLabel}
        disabled={disabled}
        data-testid={testId}
        onClick={onToggle}
      >
        <span className="gk-field__value">{value}</span>
        {icon && <span className="gk-field__icon">{icon}</span>}
      </button>
    </div>
  );
}
