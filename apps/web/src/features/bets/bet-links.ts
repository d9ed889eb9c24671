/**
 * Links of a bet: the share link (`{origin}/?game={game}-{betId}`, spec 2), the two external share
 * targets, and the fairness verify link. The verify link adds `&params=` (base64url JSON) and `&edge=`
 * (basis points) to the spec's `verify={game}-{serverSeed}-{clientSeed}-{nonce}`, the extension the
 * fairness page documents (docs/decisions/0006-fairness-verify-params.md), and for an extended round
 * (mines, blackjack...) `&actions=` with its decisions (docs/decisions/0007-fairness-verify-actions.md).
 * Features do not import each other, so the encoding is written here too; app/share-link.test.ts and
 * bet-links.test.ts check both sides agree.
 */
import type { BetOverview } from '@nebula/contracts';

/** The share link that opens the bet overview on any page. */
export function betShareUrl(origin: string, game: string, betId: string): string {
  return `${origin.replace(/\/+$/, '')}/?game=${encodeURIComponent(game)}-${encodeURIComponent(betId)}`;
}

/** X (Twitter) compose intent with the text and link. */
export function twitterShareUrl(url: string, text: string): string {
  return `https://twitter.com/intent/tweet?${new URLSearchParams({ text, url }).toString()}`;
}

/** Telegram share dialog with the link and text. */
export function telegramShareUrl(url: string, text: string): string {
  return `https://t.me/share/url?${new URLSearchParams({ url, text }).toString()}`;
}

/** JSON as unpadded base64url of its UTF-8 bytes (RFC 4648 section 5). */
export function toBase64UrlJson(value: unknown): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(JSON.stringify(value ?? {})))
    binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** True when the bet can be replayed: its server seed is revealed and the nonce is known. */
export function isVerifiable(info: BetOverview['info']): boolean {
  return info.nonce !== -1 && !!info.server_seed;
}

/**
 * The decisions of an extended round, from its stored outcome `{ actions: [...], state }`; undefined
 * for a single-round bet (its outcome has no `actions` list).
 */
export function extendedActions(outcome: unknown): unknown[] | undefined {
  if (!outcome || typeof outcome !== 'object' || Array.isArray(outcome)) return undefined;
  const { actions } = outcome as { actions?: unknown };
  return Array.isArray(actions) && 'state' in outcome ? actions : undefined;
}

/** The crash round a crash bet was played in (its params `{ round }`), or null. */
function crashRoundOf(info: BetOverview['info']): string | null {
  if (info.game !== 'crash' || !info.params || typeof info.params !== 'object') return null;
  const { round } = info.params as { round?: unknown };
  return typeof round === 'string' && /^\d{1,19}$/.test(round) ? round : null;
}

/**
 * `/fairness?verify=...&params=...&edge=...[&actions=...]`, or null while the bet is not verifiable. A
 * crash bet links to its round (`verify=crash-<round>`, the fairness page's crash link): the round's
 * game hash and its chain's salt decide it, not a seed pair.
 */
export function betVerifyHref(info: BetOverview['info']): string | null {
  const crashRound = crashRoundOf(info);
  if (crashRound !== null) return `/fairness?verify=crash-${crashRound}`;
  if (!isVerifiable(info)) return null;
  const query = new URLSearchParams();
  query.set('verify', `${info.game}-${info.server_seed}-${info.client_seed}-${info.nonce}`);
  query.set('params', toBase64UrlJson(info.params ?? {}));
  query.set('edge', String(info.house_edge_bps));
  const actions = extendedActions(info.outcome);
  if (actions) query.set('actions', toBase64UrlJson(actions));
  return `/fairness?${query.toString()}`;
}
