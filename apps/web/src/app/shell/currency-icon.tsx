import type { Currency } from '@nebula/contracts';

/** A currency's icon: its image when the icon is a URL, else a coloured monogram. */
export function CurrencyIcon({
  currency,
  size = 18,
}: {
  currency: Pick<Currency, 'id' | 'icon' | 'style' | 'name'>;
  size?: number;
}) {
  const isUrl = /^(https?:|\/|data:)/.test(currency.icon);
  if (isUrl) return <img className="currency-icon" src={currency.icon} alt="" width={size} height={size} />;
  return (
    <span
      className="currency-icon currency-icon--mono"
      style={{ width: size, height: size, background: currency.style || undefined }}
      aria-hidden="true"
    >
      {currency.id
        .replace(/^local_/, '')
        .charAt(0)
        .toUpperCase()}
    </span>
  );
}
