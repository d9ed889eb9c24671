/**
 * The auto cash-out target: hundredths from 1.01x (CRASH_MIN_TARGET) to 1,000,000x, or none (cash
 * out by hand). A field with a stepper and an on/off switch; an empty field is off too.
 */
import { useId, useRef, useState } from 'react';
import clsx from 'clsx';
import { Minus, Plus } from 'lucide-react';
import { CRASH_MAX_TARGET, CRASH_MIN_TARGET } from '@nebula/games';
import { formatHundredths, parseTyped } from '../kit/format';
import '../kit/controls.css';
import { useTranslation } from '../../lib/i18n';

/** The target the switch turns on with when none was set before: 2.00x. */
const DEFAULT_SWITCH_TARGET = 200;

/** What the player typed as a target: hundredths, null for off (empty), or 'invalid'. */
export function parseTarget(text: string): number | null | 'invalid' {
  if (!text.trim()) return null;
  const value = parseTyped(text.replace(/[x×]\s*$/i, ''));
  if (value === null) return 'invalid';
  const target = Math.round(value * 100);
  return target >= CRASH_MIN_TARGET && target <= CRASH_MAX_TARGET ? target : 'invalid';
}

/** The target as shown: `2.00`, `1,000.00`; empty when off. */
export function targetText(target: number | null): string {
  return target === null ? '' : formatHundredths(target);
}

function stepSize(target: number): number {
  if (target < 200) return 10;
  if (target < 1_000) return 50;
  // Half the target's power of ten: 18 steps a decade from 10x up.
  return 10 ** Math.floor(Math.log10(target)) / 2;
}

/** One step up or down on a ladder that grows with the target (2.00x -> 2.50x, 1.50x -> 1.40x). */
export function stepTarget(target: number | null, direction: 1 | -1): number {
  if (target === null) return direction > 0 ? 200 : CRASH_MIN_TARGET;
  const size = stepSize(direction > 0 ? target : target - 1);
  const next =
    direction > 0 ? Math.floor(target / size) * size + size : Math.ceil(target / size) * size - size;
  return Math.min(CRASH_MAX_TARGET, Math.max(CRASH_MIN_TARGET, next));
}

export interface TargetFieldProps {
  target: number | null;
  onChange: (target: number | null) => void;
  disabled: boolean;
}

export function TargetField({ target, onChange, disabled }: TargetFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  // The target the switch brings back.
  const last = useRef(target ?? DEFAULT_SWITCH_TARGET);
  const parsedDraft = draft === null ? null : parseTarget(draft);
  const invalid = draft !== null && parsedDraft === 'invalid';
  return (
    <div className={clsx('gk-field', invalid && 'is-invalid', disabled && 'is-disabled')}>
      <div className="crash-target__head">
        <label className="gk-field__label" htmlFor={id}>
          {t('gameCrash.autoCashOut')}
        </label>
        <button
          type="button"
          role="switch"
          aria-checked={target !== null}
          aria-label={t('gameCrash.autoCashOut')}
          className={clsx('crash-switch', target !== null && 'is-on')}
          disabled={disabled}
          data-testid="crash-target-toggle"
          onClick={() => {
            setDraft(null);
            if (target !== null) last.current = target;
            onChange(target === null ? last.current : null);
          }}
        >
          <span className="crash-switch__knob" aria-hidden="true" />
        </button>
      </div>
      <div className="gk-field__box">
        <input
          id={id}
          className="gk-field__input"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('gameCrash.autoCashOutHint')}
          title={t('gameCrash.autoCashOutHint')}
          value={draft ?? targetText(target)}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          data-testid="crash-target"
          onChange={(event) => {
            const text = event.target.value;
            setDraft(text);
            const parsed = parseTarget(text);
            if (parsed !== 'invalid') onChange(parsed);
          }}
          onBlur={() => setDraft(null)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.currentTarget.blur();
            if (event.key === 'Escape') setDraft(null);
          }}
        />
        {target !== null && <span className="gk-field__suffix crash-target__x">x</span>}
        <span className="gk-field__steps">
          <button
            type="button"
            className="gk-field__step"
            aria-label={t('gameCrash.decrease')}
            disabled={disabled || target === CRASH_MIN_TARGET}
            onClick={() => {
              setDraft(null);
              onChange(stepTarget(target, -1));
            }}
          >
            <Minus size={14} strokeWidth={2.5} aria-hidden />
          </button>
          <button
            type="button"
            className="gk-field__step"
            aria-label={t('gameCrash.increase')}
            disabled={disabled || target === CRASH_MAX_TARGET}
            onClick={() => {
              setDraft(null);
              onChange(stepTarget(target, 1));
            }}
          >
            <Plus size={14} strokeWidth={2.5} aria-hidden />
          </button>
        </span>
      </div>
    </div>
  );
}
