/** The dashboard's USD amounts: decimal strings from the server, formatted and summed without floats. */

/** A USD decimal string ("-1234.5") as "-$1,234.50" (digit grouping on the text). */
export function usdText(value: string): string {
  const negative = value.startsWith('-');
  const [whole = '0', frac = ''] = (negative ? value.slice(1) : value).split('.');
  const cents = (frac + '00').slice(0, 2);
  const grouped = (whole.replace(/^0+(?=\d)/, '') || '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const zero = /^0*$/.test(whole) && cents === '00';
  return `${negative && !zero ? '-' : ''}$${grouped}.${cents}`;
}

/** A 2-decimal USD string as cents (bigint). */
export function toCents(value: string): bigint {
  const negative = value.startsWith('-');
  const [whole = '0', frac = ''] = (negative ? value.slice(1) : value).split('.');
  const c = BigInt(whole || '0') * 100n + BigInt((frac + '00').slice(0, 2));
  return negative ? -c : c;
}

/** Cents as a 2-decimal USD string. */
export function fromCents(c: bigint): string {
  const negative = c < 0n;
  const a = negative ? -c : c;
  return `${negative ? '-' : ''}${a / 100n}.${(a % 100n).toString().padStart(2, '0')}`;
}
