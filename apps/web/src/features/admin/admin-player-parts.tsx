/**
 * Back office player page (`/admin/user/{id}`): the pieces every card and dialog of the page shares —
 * the query key, money formatting, the card frame, the compact table all the cards' lists use, and the
 * dialog opener.
 */
import type { ReactNode } from 'react';
import clsx from 'clsx';
import { closeModal, openModal } from '../../ui';
import { isApiError } from '../../lib/api';
import { i18n } from '../../lib/i18n';

export const playerKey = (userId: string) => ['admin', 'player', userId] as const;
export const unit = (currency: string) => currency.toUpperCase();
export const money = (amount: string, currency: string) => `${amount} ${unit(currency)}`;
export const failure = (err: unknown) => (isApiError(err) ? err.message : i18n.t('errors.generic'));

export function Card({
  title,
  icon,
  children,
  testId,
  wide,
  extra,
}: {
  title: string;
  icon: ReactNode;
  children: ReactNode;
  testId: string;
  wide?: boolean;
  extra?: ReactNode;
}) {
  return (
    <section className={clsx('pg-card ap-card', wide && 'ap-card--wide')} data-testid={testId}>
      <h2 className="pg-card__title admin__card-title">
        <span className="ap-card__icon" aria-hidden="true">
          {icon}
        </span>
        {title}
        {extra && <span className="ap-card__extra">{extra}</span>}
      </h2>
      {children}
    </section>
  );
}

export function Empty({ text }: { text: string }) {
  return <p className="ap-empty">{text}</p>;
}

/** A compact table inside a card: scrolls sideways on a phone. */
export function MiniTable({ head, rows, testId }: { head: string[]; rows: ReactNode[][]; testId: string }) {
  return (
    <div className="ap-mini-wrap">
      <table className="pg-table ap-mini" data-testid={testId}>
        <thead>
          <tr>
            {head.map((h, index) => (
              <th key={index}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, index) => (
            <tr key={index}>
              {cells.map((cell, column) => (
                <td key={column}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function Signed({ amount, currency }: { amount: string; currency: string }) {
  const negative = amount.startsWith('-');
  return (
    <span className={clsx('ap-num', negative ? 'ap-num--out' : 'ap-num--in')}>
      {negative ? '−' : '+'}
      {money(negative ? amount.slice(1) : amount, currency)}
    </span>
  );
}

export function openDialog(id: string, title: string, render: (done: () => void) => ReactNode): void {
  openModal({ id, size: 'sm', title, content: render(() => closeModal(id)) });
}
