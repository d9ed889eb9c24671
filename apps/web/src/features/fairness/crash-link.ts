/**
 * The verify link of a crash round (docs/decisions/0008-fairness-crash.md):
 *
 *   /fairness?verify=crash-<round>&hash=<game hash>&salt=<salt>&edge=<bps>&chain=<chain id>&index=<game index>&scheme=<scheme>
 *
 * `verify=crash-<round>` names the round (its id, 1 to 19 digits); everything else is optional and, when
 * present, is what the page verifies: the round's game hash (64 lower-case hex characters), its chain's
 * salt, the house edge in basis points, the chain's id, the round's game index in it and the chain's
 * crash scheme (`hmac32` or `hmac52`, decision 0008). What the link
 * leaves out is filled from the round as the server published it (CrashHistory). A crash link never has
 * the four dash-separated parts of a seed-pair link, so the two formats cannot be confused.
 */
import { type CrashScheme, isChainHash, isCrashScheme } from '@nebula/games';
import { parseEdge } from './parse-verify';

/** What a crash round's verify link carries. */
export interface CrashLink {
  /** The round id (decimal digits). */
  round: string;
  hash?: string;
  salt?: string;
  edgeBps?: number;
  chainId?: number;
  /** The round's game index in its chain (0 for the chain's first round). */
  index?: number;
  /** The chain's crash scheme. */
  scheme?: CrashScheme;
}

/** A crash link as read from the page's query, with the keys that were present but unreadable. */
export interface ParsedCrashLink extends CrashLink {
  /** Query keys (`hash`, `salt`, `edge`, `chain`, `index`, `scheme`) given but not valid; treated as absent. */
  invalid: string[];
}

const ROUND = /^\d{1,19}$/;
const COUNT = /^\d{1,9}$/;
/** Longest salt the page takes from a link (ours are 64 hex characters). */
export const MAX_SALT_LENGTH = 256;

/** The round id of `verify=crash-<round>`, or null for any other value. */
export function parseCrashVerify(value: string | null | undefined): string | null {
  if (!value?.startsWith('crash-')) return null;
  const round = value.slice('crash-'.length);
  return ROUND.test(round) ? round : null;
}

function count(value: string | null): number | undefined {
  return value !== null && COUNT.test(value) ? Number(value) : undefined;
}

/** Reads a crash link from the page's search params; null when `verify=` is not `crash-<round>`. */
export function parseCrashLink(search: URLSearchParams): ParsedCrashLink | null {
  const round = parseCrashVerify(search.get('verify'));
  if (round === null) return null;
  const link: ParsedCrashLink = { round, invalid: [] };
  const read = <T>(key: string, parse: (raw: string) => T | undefined): T | undefined => {
    const raw = search.get(key);
    if (raw === null || raw === '') return undefined;
    const value = parse(raw);
    if (value === undefined) link.invalid.push(key);
    return value;
  };
  link.hash = read('hash', (raw) =>
    isChainHash(raw.trim().toLowerCase()) ? raw.trim().toLowerCase() : undefined,
  );
  link.salt = read('salt', (raw) => (raw.length <= MAX_SALT_LENGTH ? raw : undefined));
  link.edgeBps = read('edge', parseEdge);
  link.chainId = read('chain', (raw) => count(raw));
  link.index = read('index', (raw) => count(raw));
  link.scheme = read('scheme', (raw) => (isCrashScheme(raw) ? raw : undefined));
  for (const key of ['hash', 'salt', 'edgeBps', 'chainId', 'index', 'scheme'] as const) {
    if (link[key] === undefined) delete link[key];
  }
  return link;
}

/** `/fairness?verify=crash-<round>[&hash=][&salt=][&edge=][&chain=][&index=][&scheme=]`, read back by {@link parseCrashLink}. */
export function buildCrashVerifyHref(input: CrashLink): string {
  const query = new URLSearchParams();
  query.set('verify', `crash-${input.round}`);
  if (input.hash !== undefined) query.set('hash', input.hash);
  if (input.salt !== undefined) query.set('salt', input.salt);
  if (input.edgeBps !== undefined) query.set('edge', String(input.edgeBps));
  if (input.chainId !== undefined) query.set('chain', String(input.chainId));
  if (input.index !== undefined) query.set('index', String(input.index));
  if (input.scheme !== undefined) query.set('scheme', input.scheme);
  return `/fairness?${query.toString()}`;
}
