/**
 * The contract between the fairness verifier (`features/fairness`) and each single-round game's verifier
 * parts (`games/{id}/verifier.tsx`), listed in `games/verifiers.ts` for every game of `@nebula/games`.
 *
 * A game's verifier owns what differs per game: the params editor and its draft (what the player types,
 * turned into the params JSON of `@nebula/games`), the outcome drawn readably, and how each float
 * becomes a piece of the outcome. The verifier page owns the rest (seeds, hashes, floats, the result).
 * Pure helpers for the drafts live here; the shared React pieces in `verifier-parts.tsx`.
 */
import type { ReactNode } from 'react';
import type { ExtendedVerifyResult, VerifyResult } from '@nebula/games';

/** The result of turning a draft into params: the params, or the texts key of a message. */
export type DraftResult = { ok: true; params: unknown } | { ok: false; errorKey: string };

/** One float's role in the outcome, as a line of the step table. */
export interface FloatMapping {
  /** The arithmetic, e.g. `floor(f × 37) = 3`. */
  formula: string;
  /** What it gives, e.g. `9.43`, `R`, `♦3`. */
  value: string;
  /** Optional texts key for a label after the value (player / banker / unused card, hit, gem colour). */
  noteKey?: string;
  /** Values interpolated into {@link noteKey} (e.g. `{ row: 3 }`). */
  noteValues?: Record<string, string | number>;
  /** True when the float did not change the outcome (baccarat cards never dealt). */
  unused?: boolean;
  /** True for keno squares that hit a pick. */
  highlight?: boolean;
}

export interface ParamsEditorProps<D> {
  draft: D;
  /** A method, like the parts below, so the props of a `GameVerifier<DiceDraft>` fit `GameVerifier<unknown>`. */
  onChange(draft: D): void;
}

/**
 * A single-round game's verifier parts. Written with method syntax on purpose: the verifier page holds
 * each game's draft opaquely and only ever hands a game back its own draft, so a
 * `GameVerifier<DiceDraft>` may stand in a registry of `GameVerifier<unknown>`.
 */
export interface GameVerifier<D> {
  /** The editor's starting draft. */
  defaultDraft(): D;
  /** The params JSON from a draft. Only shape errors here; ranges are the game schema's, in `verify()`. */
  draftToParams(draft: D): DraftResult;
  /** A draft pre-filled from a link's params; fields it cannot read keep `fallback`'s. */
  paramsToDraft(params: unknown, fallback: D): D;
  /** The params form. */
  ParamsEditor(props: ParamsEditorProps<D>): ReactNode;
  /** The verified outcome, drawn readably. `result.gameId` is this game. */
  OutcomeView(props: { result: VerifyResult }): ReactNode;
  /** One line per float of `result`: how it became part of the outcome. */
  floatSteps(result: VerifyResult): FloatMapping[];
  /** The parts' own texts (English, and German typed against it), registered under `verifier.{id}`. */
  readonly texts: { readonly en: object; readonly de: object };
}

/** A decision in words: `name` is a key under `fairnessUi.extended.action.`. */
export type ActionWords = (name: string, values?: Record<string, unknown>) => string;

/**
 * An extended game's verifier parts (its params and decisions are edited as JSON by the verifier page,
 * from the game's own schemas). Registered in `games/verifiers.ts` for every extended game.
 */
export interface ExtendedGameVerifier {
  /** One line per float the round read (from the replay's final state and each step's state). */
  floatSteps(result: ExtendedVerifyResult): FloatMapping[];
  /** The round's final state, drawn. `result.gameId` is this game. */
  StateView(props: { result: ExtendedVerifyResult }): ReactNode;
  /** One decision in words ("Cell #7 (row 2, column 3)", "Hit"), or null for one of another shape. */
  describeAction(action: Record<string, unknown>, level: number, words: ActionWords): string | null;
}

const HUNDREDTHS = /^\d{1,7}(\.\d{1,2})?$/;

/** "50.5" -> 5050; NaN when not a decimal with at most two places. */
export function toHundredths(value: string): number {
  const text = value.trim();
  if (!HUNDREDTHS.test(text)) return Number.NaN;
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 5050 -> "50.50". */
export function fromHundredths(value: number): string {
  return `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;
}

/** A small non-negative integer as typed ("16"), or NaN. */
export function integer(value: string): number {
  return /^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
}

/** True for a non-negative integer. */
export function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/**
 * JSON for the editor: indented objects, but arrays of numbers on one line (`"numbers": [1, 2]`), so a
 * roulette bet stays short. Only number arrays are touched, so no string value can change.
 */
export function formatJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/\[\s*([-\d.eE+,\s]*?)\s*\]/g, (_, inner: string) =>
    inner ? `[${inner.split(/,\s*/).join(', ')}]` : '[]',
  );
}

/** Params typed as JSON: parsed, or the JSON error. */
export function parseJson(text: string): DraftResult {
  try {
    return { ok: true, params: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, errorKey: 'fairnessUi.errors.json' };
  }
}

/** `value` when it is a plain object, else an empty one. */
export function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** `value` when it is one of `options`, else `fallback`. */
export function oneOf<T extends string>(value: unknown, options: readonly T[], fallback: T): T {
  return typeof value === 'string' && (options as readonly string[]).includes(value)
    ? (value as T)
    : fallback;
}
