/**
 * Provider restriction records (spec 2 section 3): an operator's free text per provider, turned into a
 * list of ISO country codes, except texts that start with "no" ("No restrictions", "None", "not
 * restricted"), which mean no restriction.
 *
 * What the free text may contain (decided here; see the tests):
 * - entries separated by commas, semicolons, slashes, vertical bars or new lines; an entry that is
 *   not a country may be two or more countries joined by "and" or "&" ("France and Spain"), while
 *   names that contain "and" stay whole ("Trinidad and Tobago", "Bosnia & Herzegovina");
 * - each entry an ISO 3166-1 alpha-2 code in any case (`UK` is read as GB) or an English country
 *   name or common alias ("USA", "Great Britain", "Holland", "Czech Republic", "Ivory Coast"...);
 *   accents, case and punctuation do not matter;
 * - a parenthesis is a note and is ignored: "United States (New Jersey only)" restricts US — a
 *   partial restriction blocks the whole country, the safe reading;
 * - a leading label ending in a colon is ignored ("Restricted territories: US, FR");
 * - the "no" rule applies to the word no / none / not at the start: "Norway, Sweden" is a list, and
 *   the upper-case code "NO" followed by a separator (or alone) is Norway.
 * Entries that match no country are returned as `unparsed` (shown to the operator, never guessed).
 */
import { countryCodeOf } from './countries.js';

export interface ParsedRestrictions {
  /** Restricted countries: sorted, unique ISO alpha-2 codes. */
  iso: string[];
  /** Entries that name no known country. */
  unparsed: string[];
}

const NONE = /^\s*no(?:ne|t)?\b/i;
const NORWAY_CODE = /^\s*NO\s*(?:[,;/|\n]|$)/;
const SEPARATORS = /[,;/|\n\r]+/;
const CONJUNCTION = /\s+(?:and|&)\s+/i;

/** True when the record's text means "no restriction" (the spec's "starts with no" rule). */
export function meansNoRestriction(text: string): boolean {
  if (!text.trim()) return true;
  return NONE.test(text) && !NORWAY_CODE.test(text);
}

/** Parses one provider's restriction text into country codes. */
export function parseRestrictions(text: string): ParsedRestrictions {
  if (meansNoRestriction(text)) return { iso: [], unparsed: [] };
  const codes = new Set<string>();
  const unparsed: string[] = [];
  // A leading label ("Restricted countries: ...") is dropped when the part before the colon names no country.
  let body = text;
  const colon = body.indexOf(':');
  if (
    colon >= 0 &&
    countryCodeOf(body.slice(0, colon)) === undefined &&
    !SEPARATORS.test(body.slice(0, colon))
  ) {
    body = body.slice(colon + 1);
  }
  // Notes in brackets go first: they may hold separators ("United States (New Jersey, Pennsylvania)").
  body = body.replace(/\([^)]*\)/g, ' ').replace(/\[[^\]]*\]/g, ' ');
  for (const raw of body.split(SEPARATORS)) {
    const entry = raw
      .replace(/[([].*$/, '')
      .replace(/[.\s]+$/, '')
      .trim();
    if (!entry) continue;
    const whole = countryCodeOf(entry);
    if (whole) {
      codes.add(whole);
      continue;
    }
    const parts = entry.split(CONJUNCTION);
    const partCodes = parts.length > 1 ? parts.map((p) => countryCodeOf(p)) : [];
    if (partCodes.length > 1 && partCodes.every((c) => c !== undefined)) {
      for (const c of partCodes) codes.add(c as string);
      continue;
    }
    unparsed.push(entry);
  }
  return { iso: [...codes].sort(), unparsed };
}
