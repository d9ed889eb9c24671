/**
 * React pieces the games' verifier parts share (`games/{id}/verifier.tsx`): a segmented choice for the
 * params editors, a labelled fact and a playing card for the outcome views. Styles: the verifier's
 * (`fv-*` classes in verifier.css).
 */
import clsx from 'clsx';
import { cardFromIndex } from '@nebula/fairness';
import { ratioToDecimal } from '@nebula/games';
import './verifier.css';

/** Short multiplier for tables: up to 2 decimals, trailing zeros dropped. */
export function shortMultiplier(value: Parameters<typeof ratioToDecimal>[0]): string {
  return ratioToDecimal(value, 2).replace(/\.?0+$/, '');
}

export function Segmented<T extends string>({
  label,
  options,
  value,
  onChange,
  render,
  testId,
}: {
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  render: (value: T) => string;
  testId?: string;
}) {
  return (
    <div className="pg-field">
      <span>{label}</span>
      <div className="fv-seg" role="radiogroup" aria-label={label} data-testid={testId}>
        {options.map((option) => (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={option === value}
            className={clsx('fv-seg__item', option === value && 'is-active')}
            onClick={() => onChange(option)}
          >
            {render(option)}
          </button>
        ))}
      </div>
    </div>
  );
}

export function Fact({ label, value, tone }: { label: string; value: string; tone?: 'win' | 'loss' }) {
  return (
    <div className="fv-fact">
      <span className="fv-fact__label">{label}</span>
      <span className={clsx('fv-fact__value', tone && `is-${tone}`)}>{value}</span>
    </div>
  );
}

/** A playing card face (index 0..51 in the `@nebula/fairness` order); `className` adds states. */
export function PlayingCard({ index, className }: { index: number; className?: string }) {
  const card = cardFromIndex(index);
  const red = card.suit === 'diamonds' || card.suit === 'hearts';
  return (
    <span className={clsx('fv-pcard', red && 'is-red', className)} title={card.label}>
      <span className="fv-pcard__rank">{card.rank}</span>
      <span className="fv-pcard__suit">{card.label.slice(0, 1)}</span>
    </span>
  );
}
