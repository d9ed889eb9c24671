/**
 * A short, human label for a session's user agent ("Chrome on Linux"). Deliberately small: the
 * order of the checks matters because most browsers also claim to be Safari, Chrome or Mozilla.
 */
export interface ParsedUserAgent {
  /** Browser family, or null when it cannot be told. */
  browser: string | null;
  /** Operating system family, or null when it cannot be told. */
  os: string | null;
  /** Phone or tablet. */
  mobile: boolean;
}

const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera|OPiOS)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bYaBrowser\//, 'Yandex'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\bCriOS\//, 'Chrome'],
  [/\bTelegram/i, 'Telegram'],
  [/\b(?:HeadlessChrome|Chrome|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bAppleWebKit\/.*\b(?:iPhone|iPad)/, 'Safari'],
  [/\bMSIE |\bTrident\//, 'Internet Explorer'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\b(?:Macintosh|Mac OS X)\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

export function parseUserAgent(userAgent: string | null | undefined): ParsedUserAgent {
  const ua = (userAgent ?? '').slice(0, 1024);
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  const os = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  const mobile = /\bMobile\b|\biPhone\b|\biPad\b|\bAndroid\b/.test(ua);
  return { browser, os, mobile };
}

/** English label, for tests and logs; the settings page builds the translated one from the parts. */
export function deviceLabel(userAgent: string | null | undefined): string {
  const { browser, os } = parseUserAgent(userAgent);
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? 'Unknown device';
}
