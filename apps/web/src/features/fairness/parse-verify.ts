/**
 * The fairness page's query string.
 *
 * Spec 2 fixes `/fairness?verify={game}-{serverSeed}-{clientSeed}-{nonce}`. That format carries no bet
 * params (dice target, plinko rows...) and no house edge, yet every outcome but diamonds depends on
 * them, so this page also accepts two optional extensions (docs/decisions/0006-fairness-verify-params.md):
 *
 * - `&params=<base64url of the params JSON>`: the bet's params exactly as the game's schema parsed them
 *   (the `params` of the bet overview), encoded as UTF-8 JSON in unpadded base64url (RFC 4648 section 5);
 * - `&edge=<bps>`: the house edge the bet was played at, an integer in basis points (100 = 1%).
 *
 * Both are optional: without them the page uses the game's default params and house edge, and a
 * player can still edit them by hand. Unknown query keys are ignored.
 *
 * Extended games (mines, blackjack...: a round of several decisions) also need the decisions, so their
 * links add `&actions=<base64url of the actions JSON array>` (docs/decisions/0007-fairness-verify-actions.md),
 * the bet's `outcome.actions` in the same encoding as `params=`.
 */

/** The four parts of `verify=`. */
export interface VerifyParams {
  game: string;
  serverSeed: string;
  clientSeed: string;
  nonce: string;
}

/** Everything the page reads from its query string. */
export interface VerifyQuery {
  verify: VerifyParams | null;
  /** Decoded `params=`, undefined when absent or unreadable (see `paramsError`). */
  params: unknown;
  /** True when `params=` was present but not valid base64url JSON. */
  paramsError: boolean;
  /** `edge=` in basis points, undefined when absent or not an integer 0..5000. */
  edgeBps: number | undefined;
  /** Decoded `actions=` (an extended round's decisions), undefined when absent or unreadable. */
  actions: unknown;
  /** True when `actions=` was present but not valid base64url JSON. */
  actionsError: boolean;
}

/** Largest house edge the page accepts in `edge=` (the games package refuses more than 50%). */
export const MAX_EDGE_BPS = 5_000;

/**
 * Parses the fairness query `verify={game}-{serverSeed}-{clientSeed}-{nonce}`. The server seed is
 * hex and the nonce a number, so a client seed may itself contain dashes: everything between the
 * server seed and the last segment is the client seed. Returns null when the value is malformed.
 */
export function parseVerify(value: string | null | undefined): VerifyParams | null {
  if (!value) return null;
  const parts = value.split('-');
  if (parts.length < 4) return null;
  const game = parts[0]!;
  const serverSeed = parts[1]!;
  const nonce = parts[parts.length - 1]!;
  const clientSeed = parts.slice(2, -1).join('-');
  if (!game || !serverSeed || !clientSeed || !/^\d+$/.test(nonce)) return null;
  return { game, serverSeed, clientSeed, nonce };
}

function bytesToBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The params JSON as unpadded base64url (UTF-8), for `&params=`. */
export function encodeParams(params: unknown): string {
  return bytesToBase64Url(new TextEncoder().encode(JSON.stringify(params ?? {})));
}

/** An extended round's decisions (a JSON array) as unpadded base64url (UTF-8), for `&actions=`. */
export function encodeActions(actions: readonly unknown[]): string {
  return bytesToBase64Url(new TextEncoder().encode(JSON.stringify(actions)));
}

/**
 * Decodes `&params=` (and `&actions=`, the same encoding). Padding is optional; `+` and `/` are
 * accepted too (a link someone wrote by hand).
 *
 * @throws Error when the value is not base64url of JSON
 */
export function decodeParams(value: string): unknown {
  const clean = value.trim().replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]*$/.test(clean) || clean.length % 4 === 1) throw new Error('not base64url');
  const binary = atob(clean + '='.repeat((4 - (clean.length % 4)) % 4));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown;
}

/** `&edge=` as integer basis points 0..{@link MAX_EDGE_BPS}, or undefined. */
export function parseEdge(value: string | null | undefined): number | undefined {
  if (!value || !/^\d{1,5}$/.test(value)) return undefined;
  const bps = Number(value);
  return bps <= MAX_EDGE_BPS ? bps : undefined;
}

function decodeKey(raw: string | null): { value: unknown; error: boolean } {
  if (!raw) return { value: undefined, error: false };
  try {
    return { value: decodeParams(raw), error: false };
  } catch {
    return { value: undefined, error: true };
  }
}

/** Reads `verify`, `params`, `edge` and `actions` from the page's search params. */
export function parseVerifyQuery(search: URLSearchParams): VerifyQuery {
  const params = decodeKey(search.get('params'));
  const actions = decodeKey(search.get('actions'));
  return {
    verify: parseVerify(search.get('verify')),
    params: params.value,
    paramsError: params.error,
    edgeBps: parseEdge(search.get('edge')),
    actions: actions.value,
    actionsError: actions.error,
  };
}

/**
 * The decisions of an extended round from its stored bet outcome `{ actions: [...], state }` (the
 * `outcome` of the bet overview), for `actions` of {@link buildVerifyHref}; undefined for a single-round
 * bet. (features/bets has the same check for its Verify link: features do not import each other.)
 */
export function extendedOutcomeActions(outcome: unknown): unknown[] | undefined {
  if (!outcome || typeof outcome !== 'object' || Array.isArray(outcome)) return undefined;
  const { actions } = outcome as { actions?: unknown };
  return Array.isArray(actions) && 'state' in outcome ? actions : undefined;
}

/** What a verify link carries. */
export interface VerifyLinkInput {
  game: string;
  serverSeed: string;
  clientSeed: string;
  nonce: number | string;
  params?: unknown;
  edgeBps?: number;
  /** An extended round's decisions, in order (omit for single-round games). */
  actions?: readonly unknown[];
}

/**
 * `/fairness?verify=...[&params=...][&edge=...][&actions=...]`, the link the page reads back with
 * {@link parseVerifyQuery}.
 */
export function buildVerifyHref(input: VerifyLinkInput): string {
  const query = new URLSearchParams();
  query.set('verify', `${input.game}-${input.serverSeed}-${input.clientSeed}-${input.nonce}`);
  if (input.params !== undefined) query.set('params', encodeParams(input.params));
  if (input.edgeBps !== undefined) query.set('edge', String(input.edgeBps));
  if (input.actions !== undefined) query.set('actions', encodeActions(input.actions));
  return `/fairness?${query.toString()}`;
}
