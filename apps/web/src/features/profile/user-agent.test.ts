import { describe, expect, it } from 'vitest';
import { deviceLabel, parseUserAgent } from './user-agent';

const UA = {
  chromeLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36',
  samsung:
    'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  opera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36 OPR/111.0.0.0',
  chromeOs:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
};

describe('parseUserAgent', () => {
  it.each([
    [UA.chromeLinux, 'Chrome on Linux'],
    [UA.headless, 'Chrome on Linux'],
    [UA.edgeWindows, 'Edge on Windows'],
    [UA.firefoxMac, 'Firefox on macOS'],
    [UA.safariMac, 'Safari on macOS'],
    [UA.safariIphone, 'Safari on iOS'],
    [UA.chromeIos, 'Chrome on iOS'],
    [UA.chromeAndroid, 'Chrome on Android'],
    [UA.samsung, 'Samsung Internet on Android'],
    [UA.opera, 'Opera on Windows'],
    [UA.chromeOs, 'Chrome on ChromeOS'],
  ])('labels %s as %s', (ua, label) => {
    expect(deviceLabel(ua)).toBe(label);
  });

  it('flags phones as mobile and desktops not', () => {
    expect(parseUserAgent(UA.safariIphone).mobile).toBe(true);
    expect(parseUserAgent(UA.chromeAndroid).mobile).toBe(true);
    expect(parseUserAgent(UA.chromeLinux).mobile).toBe(false);
    expect(parseUserAgent(UA.firefoxMac).mobile).toBe(false);
  });

  it('falls back for unknown, empty and missing agents', () => {
    expect(deviceLabel(null)).toBe('Unknown device');
    expect(deviceLabel('')).toBe('Unknown device');
    expect(deviceLabel('curl/8.5.0')).toBe('Unknown device');
    expect(parseUserAgent('node')).toEqual({ browser: null, os: null, mobile: false });
    expect(deviceLabel('Mozilla/5.0 (Windows NT 10.0) SomethingNew/1.0')).toBe('Windows');
  });

  it('copes with absurdly long input quickly', () => {
    const long = 'Mozilla/5.0 '.repeat(50_000);
    const started = performance.now();
    expect(deviceLabel(long)).toBe('Unknown device');
    expect(performance.now() - started).toBeLessThan(200);
  });
});
