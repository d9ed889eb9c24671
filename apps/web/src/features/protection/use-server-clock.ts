/**
 * The server's clock in the browser (pending changes, resets, the end of a block are all server
 * times): `Date.now()` plus the offset measured when the record arrived, re-rendered every `everyMs`.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation, type TFunction } from '../../lib/i18n';
import { clockOffset } from './reality-check';
import { splitSpan } from './limits-model';

export function useServerNow(serverTime: string | undefined, receivedAt: number, everyMs = 15_000): number {
  const offset = serverTime ? clockOffset(serverTime, receivedAt) : 0;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now + offset;
}

/** `2 days 3 h`, `5 h 12 min`, `4 min`: the two largest parts of a span. */
export function spanText(t: TFunction, fromMs: number, toMs: number): string {
  const { days, hours, minutes } = splitSpan(fromMs, toMs);
  const parts: string[] = [];
  if (days > 0) parts.push(t('protectionUi.durationParts.days', { count: days }));
  if (hours > 0) parts.push(t('protectionUi.durationParts.hours', { count: hours }));
  if (days === 0 && minutes > 0) parts.push(t('protectionUi.durationParts.minutes', { count: minutes }));
  if (parts.length === 0) return t('protectionUi.durationParts.lessThanMinute');
  return parts.slice(0, 2).join(' ');
}

/** Date and time in the player's language. */
export function useDateTime(): (iso: string | number) => string {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useCallback(
    (value: string | number) => {
      const date = new Date(value);
      if (Number.isNaN(date.getTime())) return '';
      return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
    },
    [locale],
  );
}
