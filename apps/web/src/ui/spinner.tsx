import clsx from 'clsx';
import './spinner.css';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg' | number;
  /** Accessible label; without it the spinner is decorative (aria-hidden). */
  label?: string;
  className?: string;
}

const SIZES = { sm: 16, md: 24, lg: 40 } as const;

export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  const px = typeof size === 'number' ? size : SIZES[size];
  return (
    <span
      className={clsx('ui-spinner', className)}
      style={{ width: px, height: px }}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}
