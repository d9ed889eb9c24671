/**
 * A QR code of a payment URI, drawn as SVG by the `qrcode` library, which loads on first use (its
 * own chunk). A skeleton holds the place meanwhile.
 */
import { useEffect, useState } from 'react';
import { Skeleton } from '../../ui';

export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export function QrCode({ value, size = 168, alt }: { value: string; size?: number; alt: string }) {
  const [rendered, setRendered] = useState<{ value: string; src: string } | null>(null);

  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qr) =>
        qr.toString(value, {
          type: 'svg',
          margin: 1,
          errorCorrectionLevel: 'M',
          color: { dark: '#0b131bff', light: '#ffffffff' },
        }),
      )
      .then((svg) => {
        if (live) setRendered({ value, src: svgDataUrl(svg) });
      })
      .catch(() => {
        if (live) setRendered(null);
      });
    return () => {
      live = false;
    };
  }, [value]);

  if (!rendered || rendered.value !== value) {
    return <Skeleton width={size} height={size} radius="var(--radius)" />;
  }
  return (
    <img
      className="wallet-qr"
      src={rendered.src}
      width={size}
      height={size}
      alt={alt}
      data-testid="deposit-qr"
      data-value={value}
    />
  );
}
