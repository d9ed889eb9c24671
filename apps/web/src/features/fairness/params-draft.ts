/**
 * The params editor's state: what the player types for each game, and its conversion to and from the
 * params JSON of `@nebula/games` (targets in hundredths, amounts in atomic-unit strings).
 */
import {
  EXTENDED_GAME_IDS,
  KENO_MAX_PICKS,
  KENO_RISKS,
  PLINKO_RISKS,
  WHEEL_LAYOUT,
  WHEEL_LAYOUT_VERSIONS,
  WHEEL_RISKS,
  WHEEL_SEGMENTS,
  type GameId,
  type KenoRisk,
  type PlinkoRisk,
  type WheelRisk,
} from '@nebula/games';

/** The games the verifier replays (the single-round games of `@nebula/games`, lobby order). */
export const VERIFIABLE_GAMES = [
  'dice',
  'limbo',
  'plinko',
  'keno',
  'wheel',
  'roulette',
  'diamonds',
  'baccarat',
] as const satisfies readonly GameId[];

/**
 * The extended games the verifier replays with their decisions (mines, tower, stairs, hilo, coinflip,
 * blackjack, video poker: every game of the extended registry, lobby order).
 */
export const EXTENDED_VERIFIABLE_GAMES: readonly string[] = EXTENDED_GAME_IDS;

/** True when `game` is an extended game the verifier replays from its params and decisions. */
export function isExtendedVerifiable(game: string): boolean {
  return EXTENDED_VERIFIABLE_GAMES.includes(game);
}

/** A verifiable game id. */
export type VerifiableGame = (typeof VERIFIABLE_GAMES)[number];

/** True when the verifier can replay `game` as a single-round game. */
export function isVerifiableGame(game: string): game is VerifiableGame {
  return (VERIFIABLE_GAMES as readonly string[]).includes(game);
}

/** Editor state per game: strings where the player types, enums where they choose. */
export interface ParamsDrafts {
  dice: { target: string; condition: 'over' | 'under' };
  limbo: { target: string };
  plinko: { rows: string; risk: PlinkoRisk };
  keno: { picks: number[]; risk: KenoRisk };
  /** `layout`: the wheel layout version ("1" or "2"); a link's params without one are version 1. */
  wheel: { segments: string; risk: WheelRisk; layout: string };
  roulette: { json: string };
  diamonds: Record<string, never>;
  baccarat: { json: string };
}

const DEFAULT_ROULETTE = {
  placements: [
    { type: 'straight', numbers: [17], amount: '100' },
    { type: 'red', amount: '100' },
  ],
};
const DEFAULT_BACCARAT = { player: '100', banker: '0', tie: '0' };

/**
 * JSON for the editor: indented objects, but arrays of numbers on one line (`"numbers": [1, 2]`), so a
 * roulette bet stays short. Only number arrays are touched, so no string value can change.
 */
export function formatJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/\[\s*([-\d.eE+,\s]*?)\s*\]/g, (_, inner: string) =>
    inner ? `[${inner.split(/,\s*/).join(', ')}]` : '[]',
  );
}

/** The editor's starting point for every game. */
export function defaultDrafts(): ParamsDrafts {
  return {
    dice: { target: '50.00', condition: 'over' },
    limbo: { target: '2.00' },
    plinko: { rows: '8', risk: 'low' },
    keno: { picks: [], risk: 'classic' },
    wheel: { segments: '10', risk: 'low', layout: String(WHEEL_LAYOUT) },
    roulette: { json: formatJson(DEFAULT_ROULETTE) },
    diamonds: {},
    baccarat: { json: formatJson(DEFAULT_BACCARAT) },
  };
}

/** The result of turning a draft into params: the params, or the key of a texts message. */
export type DraftResult = { ok: true; params: unknown } | { ok: false; errorKey: string };

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

function integer(value: string): number {
  return /^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
}

function parseJson(text: string): DraftResult {
  try {
    return { ok: true, params: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, errorKey: 'fairnessUi.errors.json' };
  }
}

/**
 * The params JSON for a game from its draft. Only shape errors are caught here (a number that is not
 * a number, JSON that does not parse); ranges are left to the game's own schema in `verify()`.
 */
export function draftToParams<G extends VerifiableGame>(game: G, drafts: ParamsDrafts): DraftResult {
  switch (game) {
    case 'dice': {
      const target = toHundredths(drafts.dice.target);
      if (Number.isNaN(target)) return { ok: false, errorKey: 'fairnessUi.errors.target' };
      return { ok: true, params: { target, condition: drafts.dice.condition } };
    }
    case 'limbo': {
      const target = toHundredths(drafts.limbo.target);
      if (Number.isNaN(target)) return { ok: false, errorKey: 'fairnessUi.errors.target' };
      return { ok: true, params: { target } };
    }
    case 'plinko': {
      const rows = integer(drafts.plinko.rows);
      if (Number.isNaN(rows)) return { ok: false, errorKey: 'fairnessUi.errors.rows' };
      return { ok: true, params: { rows, risk: drafts.plinko.risk } };
    }
    case 'keno':
      if (drafts.keno.picks.length === 0) return { ok: false, errorKey: 'fairnessUi.errors.picks' };
      return { ok: true, params: { picks: drafts.keno.picks, risk: drafts.keno.risk } };
    case 'wheel':
      // Version 1 is written as no layout at all, exactly as the bets played with it were stored.
      return {
        ok: true,
        params: {
          segments: integer(drafts.wheel.segments),
          risk: drafts.wheel.risk,
          ...(drafts.wheel.layout === '1' ? {} : { layout: integer(drafts.wheel.layout) }),
        },
      };
    case 'roulette':
      return parseJson(drafts.roulette.json);
    case 'baccarat':
      return parseJson(drafts.baccarat.json);
    default:
      return { ok: true, params: {} };
  }
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function oneOf<T extends string>(value: unknown, options: readonly T[], fallback: T): T {
  return typeof value === 'string' && (options as readonly string[]).includes(value)
    ? (value as T)
    : fallback;
}

/**
 * Drafts pre-filled from a params JSON (the `&params=` of a verify link) for `game`; the other games
 * keep their defaults. Unreadable fields fall back to the defaults one by one.
 */
export function paramsToDrafts(game: string, params: unknown): ParamsDrafts {
  const drafts = defaultDrafts();
  if (params === undefined) return drafts;
  const p = record(params);
  const int = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 0;
  switch (game) {
    case 'dice':
      drafts.dice = {
        target: int(p.target) ? fromHundredths(p.target as number) : drafts.dice.target,
        condition: oneOf(p.condition, ['over', 'under'] as const, drafts.dice.condition),
      };
      break;
    case 'limbo':
      if (int(p.target)) drafts.limbo = { target: fromHundredths(p.target as number) };
      break;
    case 'plinko':
      drafts.plinko = {
        rows: int(p.rows) ? String(p.rows) : drafts.plinko.rows,
        risk: oneOf(p.risk, PLINKO_RISKS, drafts.plinko.risk),
      };
      break;
    case 'keno':
      drafts.keno = {
        picks: Array.isArray(p.picks)
          ? p.picks.filter((n): n is number => int(n) && n >= 1 && n <= 40).slice(0, KENO_MAX_PICKS)
          : [],
        risk: oneOf(p.risk, KENO_RISKS, drafts.keno.risk),
      };
      break;
    case 'wheel':
      drafts.wheel = {
        segments: (WHEEL_SEGMENTS as readonly unknown[]).includes(p.segments)
          ? String(p.segments)
          : drafts.wheel.segments,
        risk: oneOf(p.risk, WHEEL_RISKS, drafts.wheel.risk),
        // Params stored before layout versions existed have none: they were played with version 1.
        layout: (WHEEL_LAYOUT_VERSIONS as readonly unknown[]).includes(p.layout) ? String(p.layout) : '1',
      };
      break;
    case 'roulette':
      drafts.roulette = { json: formatJson(params) };
      break;
    case 'baccarat':
      drafts.baccarat = { json: formatJson(params) };
      break;
    default:
      break;
  }
  return drafts;
}

/** Toggles a keno square (1..40), keeping the picks sorted and at most {@link KENO_MAX_PICKS}. */
export function toggleKenoPick(picks: readonly number[], square: number): number[] {
  if (picks.includes(square)) return picks.filter((pick) => pick !== square);
  if (picks.length >= KENO_MAX_PICKS) return [...picks];
  return [...picks, square].sort((a, b) => a - b);
}

/** Edge in percent as typed ("1", "1.5", "0.25") -> basis points, or NaN. */
export function percentToBps(value: string): number {
  const hundredths = toHundredths(value);
  return Number.isNaN(hundredths) ? Number.NaN : hundredths;
}

/** Basis points -> percent text ("1.00"). */
export function bpsToPercent(bps: number): string {
  return fromHundredths(bps);
}
