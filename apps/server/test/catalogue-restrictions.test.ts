import { describe, expect, it } from 'vitest';
import { countryCodeOf, normaliseIso } from '../src/modules/catalogue/countries.js';
import { DEMO_PROVIDERS } from '../src/modules/catalogue/demo-catalogue.js';
import {
  GeoIpDatabase,
  Jurisdiction,
  isNonPublicIp,
  meansNoRestriction,
  parseRestrictions,
} from '../src/modules/catalogue/index.js';
import { v6ToBigInt } from '../src/modules/catalogue/geoip.js';

/** Provider restriction texts (spec 2 section 3), the country table and the caller's jurisdiction. */
describe('provider restriction texts', () => {
  it('reads texts starting with the word "no" as no restriction', () => {
    for (const text of [
      'No restrictions',
      'no',
      'No',
      'none',
      'NONE',
      'Not restricted',
      'no restrictions apply',
      '',
      '  ',
    ]) {
      expect(meansNoRestriction(text), text).toBe(true);
      expect(parseRestrictions(text), text).toEqual({ iso: [], unparsed: [] });
    }
  });

  it('does not mistake Norway or its code for "no"', () => {
    expect(parseRestrictions('Norway, Sweden').iso).toEqual(['NO', 'SE']);
    expect(parseRestrictions('NO, SE').iso).toEqual(['NO', 'SE']);
    expect(parseRestrictions('NO').iso).toEqual(['NO']);
    expect(parseRestrictions('North Korea; Iran').iso).toEqual(['IR', 'KP']);
    expect(parseRestrictions('NO RESTRICTIONS').iso).toEqual([]);
  });

  it('splits on commas, semicolons, slashes, bars and new lines', () => {
    expect(parseRestrictions('US, GB; FR / DE | IT\nES\r\nPT').iso).toEqual([
      'DE',
      'ES',
      'FR',
      'GB',
      'IT',
      'PT',
      'US',
    ]);
    expect(parseRestrictions('us,gb,,  ;fr.').iso).toEqual(['FR', 'GB', 'US']);
  });

  it('reads English names, aliases and alpha-2 codes alike, ignoring case, accents and punctuation', () => {
    expect(parseRestrictions('United States, United Kingdom, France').iso).toEqual(['FR', 'GB', 'US']);
    expect(parseRestrictions('USA; UK; Great Britain; Holland; Czech Republic; Ivory Coast').iso).toEqual([
      'CI',
      'CZ',
      'GB',
      'NL',
      'US',
    ]);
    expect(parseRestrictions('Curaçao, CURACAO, Côte d’Ivoire, Türkiye, turkey, Russia').iso).toEqual([
      'CI',
      'CW',
      'RU',
      'TR',
    ]);
    expect(
      parseRestrictions('St. Lucia, Saint Kitts and Nevis, Hong Kong, Myanmar, Congo - Kinshasa').iso,
    ).toEqual(['CD', 'HK', 'KN', 'LC', 'MM']);
  });

  it('splits "A and B" unless the whole entry is one country', () => {
    expect(parseRestrictions('France and Spain').iso).toEqual(['ES', 'FR']);
    expect(parseRestrictions('Italy & Netherlands').iso).toEqual(['IT', 'NL']);
    expect(parseRestrictions('Trinidad and Tobago, Bosnia & Herzegovina, Antigua and Barbuda').iso).toEqual([
      'AG',
      'BA',
      'TT',
    ]);
  });

  it('ignores notes in parentheses (the whole country is blocked) and a leading label', () => {
    expect(parseRestrictions('United States (New Jersey only)').iso).toEqual(['US']);
    expect(parseRestrictions('Restricted territories: Spain, Italy and Netherlands').iso).toEqual([
      'ES',
      'IT',
      'NL',
    ]);
    expect(parseRestrictions('Restricted: US').iso).toEqual(['US']);
  });

  it('reports entries that name no country instead of guessing', () => {
    expect(parseRestrictions('Ontario (Canada); Belgium / Narnia, XX')).toEqual({
      iso: ['BE'],
      unparsed: ['Ontario', 'Narnia', 'XX'],
    });
    expect(parseRestrictions('France and Atlantis')).toEqual({ iso: [], unparsed: ['France and Atlantis'] });
  });

  it('parses every demo provider record', () => {
    const unparsed = DEMO_PROVIDERS.flatMap((p) => parseRestrictions(p.restrictions).unparsed);
    expect(unparsed).toEqual(['Ontario']);
    const restricted = DEMO_PROVIDERS.filter((p) => parseRestrictions(p.restrictions).iso.length > 0);
    expect(restricted.length).toBeGreaterThanOrEqual(5);
  });
});

describe('country table', () => {
  it('knows codes, names and aliases', () => {
    expect(countryCodeOf('de')).toBe('DE');
    expect(countryCodeOf('UK')).toBe('GB');
    expect(countryCodeOf('Germany')).toBe('DE');
    expect(countryCodeOf('the Netherlands')).toBe('NL');
    expect(countryCodeOf('Kosovo')).toBe('XK');
    expect(countryCodeOf('EU')).toBeUndefined();
    expect(countryCodeOf('Atlantis')).toBeUndefined();
  });

  it('normalises ISO values from headers and data', () => {
    expect(normaliseIso('fr')).toBe('FR');
    expect(normaliseIso(' US ')).toBe('US');
    expect(normaliseIso('XX')).toBeNull();
    expect(normaliseIso('T1')).toBeNull();
    expect(normaliseIso('')).toBeNull();
    expect(normaliseIso(undefined)).toBeNull();
  });
});

describe('offline GeoIP', () => {
  it('recognises non-public addresses without loading the data', () => {
    for (const ip of [
      '127.0.0.1',
      '10.0.0.8',
      '172.20.1.1',
      '192.168.1.1',
      '169.254.1.1',
      '100.64.0.1',
      '0.0.0.0',
    ]) {
      expect(isNonPublicIp(ip), ip).toBe(true);
    }
    for (const ip of ['::1', '::', 'fe80::1', 'fd12:3456::1', '::ffff:127.0.0.1', 'not an ip']) {
      expect(isNonPublicIp(ip), ip).toBe(true);
    }
    for (const ip of ['8.8.8.8', '1.1.1.1', '2001:4860:4860::8888', '::ffff:8.8.8.8']) {
      expect(isNonPublicIp(ip), ip).toBe(false);
    }
    expect(v6ToBigInt('::ffff:1.2.3.4')).toBe(0xffff01020304n);
    expect(v6ToBigInt('2001:db8::1')).toBe(0x20010db8000000000000000000000001n);
  });

  it('looks up public IPv4 and IPv6 addresses in the packaged database', async () => {
    const geo = new GeoIpDatabase();
    expect(await geo.lookup('127.0.0.1')).toBeNull();
    expect(await geo.lookup('8.8.8.8')).toBe('US');
    expect(await geo.lookup('::ffff:8.8.4.4')).toBe('US');
    expect(await geo.lookup('1.1.1.1')).toBe('AU');
    expect(await geo.lookup('2001:4860:4860::8888')).toBe('US');
    expect(await geo.lookup('10.1.2.3')).toBeNull();
  }, 30_000);
});

describe('jurisdiction', () => {
  const quiet = { warn: () => undefined };
  const fakeGeo = { lookup: async (ip: string) => (ip === '203.0.113.9' ? 'DE' : null) };

  it('takes the trusted header when present and falls back to GeoIP when absent', async () => {
    const j = new Jurisdiction('cf-ipcountry', quiet, fakeGeo);
    expect(await j.countryOf({ headers: { 'cf-ipcountry': 'fr' }, ip: '203.0.113.9' })).toBe('FR');
    expect(await j.countryOf({ headers: { 'cf-ipcountry': 'XX' }, ip: '203.0.113.9' })).toBeNull();
    expect(await j.countryOf({ headers: {}, ip: '203.0.113.9' })).toBe('DE');
    expect(await j.countryOf({ headers: {}, ip: '127.0.0.1' })).toBeNull();
  });

  it('ignores the header when none is configured', async () => {
    const j = new Jurisdiction(undefined, quiet, fakeGeo);
    expect(await j.countryOf({ headers: { 'cf-ipcountry': 'FR' }, ip: '203.0.113.9' })).toBe('DE');
  });

  it('answers null (nothing blocked) when the database cannot be read', async () => {
    const warnings: unknown[] = [];
    const j = new Jurisdiction(
      undefined,
      { warn: (...args: unknown[]) => warnings.push(args) },
      {
        lookup: async () => {
          throw new Error('missing file');
        },
      },
    );
    expect(await j.countryOf({ headers: {}, ip: '8.8.8.8' })).toBeNull();
    expect(await j.countryOf({ headers: {}, ip: '8.8.8.8' })).toBeNull();
    expect(warnings).toHaveLength(1);
  });
});
