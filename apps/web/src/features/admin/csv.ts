/**
 * CSV export of the back office's lists (papaparse's writer: RFC 4180 quoting, and a cell a
 * spreadsheet would run as a formula, starting with = + - @ or a tab, is prefixed with ' so it stays
 * text: exported rows hold what players and staff typed).
 */
import Papa from 'papaparse';

export type CsvCell = string | number | boolean | null | undefined;

/** The CSV text of `rows` under `columns` (header row first), CRLF line ends. */
export function toCsv(columns: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return Papa.unparse(
    { fields: [...columns], data: rows.map((row) => row.map((cell) => cell ?? '')) },
    { escapeFormulae: true, newline: '\r\n' },
  );
}

/** Offers `csv` as a download named `{name}-{UTC date and time}.csv`. */
export function downloadCsv(name: string, csv: string): void {
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
  const url = URL.createObjectURL(new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}-${stamp}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
