/**
 * The editor state of an extended game (mines, blackjack...): its params and its decisions as JSON
 * text, the way the player pastes or edits them, and their conversion to the values `verifyExtended`
 * replays. Validation is the game's own schemas (run by the verifier); this only parses JSON.
 */
import { MINES_DEFAULT, getExtendedGame } from '@nebula/games';
import { formatJson } from './params-draft';

/** The two JSON editors of an extended game. */
export interface ExtendedDraft {
  params: string;
  actions: string;
}

/** Drafts per extended game id (a game not edited yet has none: {@link extendedDraftFor}). */
export type ExtendedDrafts = Record<string, ExtendedDraft>;

/** Params a game cannot default by itself (its schema requires them). */
const REQUIRED_DEFAULTS: Record<string, unknown> = { mines: { mines: MINES_DEFAULT } };

/** A game's default params: what its schema makes of `{}`, or a sensible value when it requires one. */
export function defaultExtendedParams(game: string): unknown {
  if (game in REQUIRED_DEFAULTS) return REQUIRED_DEFAULTS[game];
  const parsed = getExtendedGame(game)?.params.safeParse({});
  return parsed?.success ? parsed.data : {};
}

/**
 * Decisions as the editor shows them: one decision per line, in order (`[\n  {"cell":7},\n  ...\n]`),
 * so a long round stays readable and each line is one step of the replay. Anything but an array is
 * shown as indented JSON (the verifier then says it is not a list of decisions).
 */
export function formatActions(actions: unknown): string {
  if (!Array.isArray(actions)) return formatJson(actions);
  if (actions.length === 0) return '[]';
  return `[\n${actions.map((action) => `  ${JSON.stringify(action)}`).join(',\n')}\n]`;
}

/** The starting draft of `game`: default params, no decisions. */
export function defaultExtendedDraft(game: string): ExtendedDraft {
  return { params: formatJson(defaultExtendedParams(game)), actions: '[]' };
}

/** The draft of `game` in `drafts`, or its default. */
export function extendedDraftFor(drafts: ExtendedDrafts, game: string): ExtendedDraft {
  return drafts[game] ?? defaultExtendedDraft(game);
}

/**
 * Drafts pre-filled from a verify link: `game`'s params and decisions when the link carries them
 * (each falls back to the default on its own).
 */
export function extendedDraftsFromLink(game: string, params: unknown, actions: unknown): ExtendedDrafts {
  if (!getExtendedGame(game)) return {};
  const fallback = defaultExtendedDraft(game);
  return {
    [game]: {
      params: params === undefined ? fallback.params : formatJson(params),
      actions: actions === undefined ? fallback.actions : formatActions(actions),
    },
  };
}

/** A draft as values to replay, or the texts key of the JSON that does not parse. */
export type ExtendedDraftResult =
  { ok: true; params: unknown; actions: unknown } | { ok: false; errorKey: string };

function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** Parses both editors; an empty decisions editor means no decisions. */
export function extendedDraftToInput(draft: ExtendedDraft): ExtendedDraftResult {
  const params = parse(draft.params.trim() || '{}');
  if (!params.ok) return { ok: false, errorKey: 'fairnessUi.errors.json' };
  const actions = parse(draft.actions.trim() || '[]');
  if (!actions.ok) return { ok: false, errorKey: 'fairnessUi.errors.actionsJson' };
  return { ok: true, params: params.value, actions: actions.value };
}
