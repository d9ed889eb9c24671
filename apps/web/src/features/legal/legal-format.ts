/** How the Terms dialog shows a document's date and language (the dialog's chunk only). */

/** The version date (YYYY-MM-DD) as the reader's language writes it ("27 November 2026"). */
export function formatLegalDate(date: string, language: string): string {
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return date;
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, day)));
}

/** Whether a document is shown in another language than the reader's (the operator wrote none in it). */
export function isInOtherLanguage(documentLanguage: string, readerLanguage: string): boolean {
  return documentLanguage.toLowerCase() !== readerLanguage.toLowerCase().split('-')[0];
}
