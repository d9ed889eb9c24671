/**
 * Chat text rules (spec 2 section 5, spec 3 section 5): newlines and other control characters are
 * stripped, the text is trimmed and its length counted in characters (code points). Links are found
 * for the link filter: URLs with a scheme, `www.` names, and `name.tld` for common top-level domains.
 * The text is never turned into HTML here: it is stored raw and escaped by the client.
 */
import { CHAT_MESSAGE_MAX, CHAT_MESSAGE_MIN } from '@nebula/contracts';

// Control characters (C0, DEL, C1) and the Unicode line/paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** Strips newlines and control characters (a run becomes one space) and trims. */
export function normaliseChatText(raw: string): string {
  return raw.replace(CONTROL, ' ').replace(/ {2,}/g, ' ').trim();
}

/** True when the normalised text is within the spec's length. */
export function isChatLengthValid(text: string): boolean {
  const n = [...text].length;
  return n >= CHAT_MESSAGE_MIN && n <= CHAT_MESSAGE_MAX;
}

const TLDS = [
  ...'com net org io gg xyz ru de co me info biz app dev ly to tv cc link site online top bet'.split(' '),
  ...'casino club pro live us uk eu fr es it nl pl ua in cn jp tk ml ga cf gq be ch at cz br'.split(' '),
  ...'ar mx ca au ai sh su ws fun win vip shop store bio'.split(' '),
];

const URL_WITH_SCHEME = /\b[a-z][a-z0-9+.-]{1,15}:\/\/([^\s/?#:@]+@)?([^\s/?#:]+)/gi;
const WWW = /\bwww\d?\.([^\s/?#:]+)/gi;
const BARE = new RegExp(`(?:^|[^a-z0-9@.-])((?:[a-z0-9-]+\\.)+(?:${TLDS.join('|')}))(?![a-z0-9-])`, 'gi');

/** The host names of the links in a text (lower case), in order of appearance, without duplicates. */
export function findLinkHosts(text: string): string[] {
  const hosts = new Set<string>();
  for (const m of text.matchAll(URL_WITH_SCHEME)) if (m[2]) hosts.add(m[2].toLowerCase());
  for (const m of text.matchAll(WWW)) hosts.add(`www.${m[1] ?? ''}`.toLowerCase().replace(/\.$/, ''));
  for (const m of text.matchAll(BARE)) if (m[1]) hosts.add(m[1].toLowerCase());
  return [...hosts];
}

/** True when `host` is an allowed host or a subdomain of one. */
export function isHostAllowed(host: string, allowed: readonly string[]): boolean {
  const h = host.replace(/^www\d?\./, '');
  return allowed.some((a) => h === a || h.endsWith(`.${a}`) || host === a);
}

/** The first link host of the text that the allow list does not cover, or null. */
export function firstForbiddenLink(text: string, allowed: readonly string[]): string | null {
  return findLinkHosts(text).find((h) => !isHostAllowed(h, allowed)) ?? null;
}

/** Quiz answers compare without case, surrounding spaces or repeated inner spaces. */
export function normaliseAnswer(text: string): string {
  return normaliseChatText(text).toLowerCase().normalize('NFKC');
}
