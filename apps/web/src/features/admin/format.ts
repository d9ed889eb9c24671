/** Dates in the back office's lists: short date and time in the interface language. */
import { i18n } from '../../lib/i18n';

export function formatAdminDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(date);
}
