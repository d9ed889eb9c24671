/**
 * Countries for the provider restriction parser and the caller's jurisdiction: the ISO 3166-1
 * alpha-2 codes (plus XK, Kosovo, which registries and GeoIP data use), their English names (from the
 * runtime's ICU data) and the common aliases operators write in free text.
 */

/** Every ISO 3166-1 alpha-2 code in use, plus XK. */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV ' +
    'BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ' +
    'ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE ' +
    'IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY ' +
    'MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU ' +
    'NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM ' +
    'SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE ' +
    'VG VI VN VU WF WS XK YE YT ZA ZM ZW'
  ).split(' '),
);

/** Names operators use that differ from the English display names (normalised on load). */
const ALIASES: Record<string, string> = {
  usa: 'US',
  'united states of america': 'US',
  america: 'US',
  uk: 'GB',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  holland: 'NL',
  'the netherlands': 'NL',
  'russian federation': 'RU',
  'south korea': 'KR',
  'republic of korea': 'KR',
  'korea republic of': 'KR',
  'north korea': 'KP',
  'czech republic': 'CZ',
  'ivory coast': 'CI',
  turkey: 'TR',
  vatican: 'VA',
  'holy see': 'VA',
  'hong kong': 'HK',
  macau: 'MO',
  macao: 'MO',
  palestine: 'PS',
  swaziland: 'SZ',
  macedonia: 'MK',
  'cabo verde': 'CV',
  'east timor': 'TL',
  'viet nam': 'VN',
  burma: 'MM',
  'syrian arab republic': 'SY',
  'iran islamic republic of': 'IR',
  'democratic republic of the congo': 'CD',
  'dr congo': 'CD',
  drc: 'CD',
  'republic of the congo': 'CG',
  congo: 'CG',
  'us virgin islands': 'VI',
  'united states virgin islands': 'VI',
  'united states minor outlying islands': 'UM',
  'saint barthelemy': 'BL',
  'saint martin': 'MF',
  curacao: 'CW',
};

/**
 * Normalises a country name for lookup: accents removed, `&` as `and`, `St.`/`Saint` as `st`,
 * punctuation dropped, lower case, single spaces.
 */
export function normaliseCountryName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[’'`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\bsaint\b/g, 'st')
    .replace(/\s+/g, ' ')
    .trim();
}

let byName: Map<string, string> | undefined;

/** Normalised English name or alias -> code (built on first use). */
function nameTable(): Map<string, string> {
  if (byName) return byName;
  const table = new Map<string, string>();
  let display: Intl.DisplayNames | undefined;
  try {
    display = new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    display = undefined; // a runtime without ICU region names: codes and aliases still work
  }
  for (const code of COUNTRY_CODES) {
    const name = display?.of(code);
    if (!name || name === code) continue;
    table.set(normaliseCountryName(name), code);
    // "Myanmar (Burma)", "Hong Kong SAR China": also without the parenthesis or the SAR suffix.
    const short = name.replace(/\s*\(.*\)\s*/g, '').replace(/\s+SAR China$/, '');
    table.set(normaliseCountryName(short), code);
    // "Congo - Kinshasa" style names are covered by aliases; keep the plain text too.
  }
  for (const [alias, code] of Object.entries(ALIASES)) table.set(normaliseCountryName(alias), code);
  byName = table;
  return table;
}

/**
 * The code for one free-text entry: an alpha-2 code in any case (`UK` is read as GB) or an English
 * country name or alias. Undefined when nothing matches.
 */
export function countryCodeOf(entry: string): string | undefined {
  const trimmed = entry.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed)) {
    const code = trimmed.toUpperCase();
    if (code === 'UK') return 'GB';
    if (COUNTRY_CODES.has(code)) return code;
  }
  const key = normaliseCountryName(trimmed);
  if (!key) return undefined;
  return nameTable().get(key) ?? nameTable().get(key.replace(/^the /, ''));
}

/** A valid alpha-2 country code in upper case, or null (unknown, `XX`, Tor `T1`, anything else). */
export function normaliseIso(value: string | null | undefined): string | null {
  if (!value) return null;
  const code = value.trim().toUpperCase();
  return COUNTRY_CODES.has(code) ? code : null;
}
