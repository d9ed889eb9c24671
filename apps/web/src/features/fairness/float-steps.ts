/**
 * How each game turns each float into a piece of its outcome, as lines the step table prints
 * (`floor(f × 10001) = 943` then `9.43`). Pure; built from the verified result, so it always agrees
 * with the outcome `verify()` returned.
 */
import { BPS, DIAMONDS_GEMS, type VerifyResult } from '@nebula/games';
import { cardFromIndex } from '@nebula/fairness';

/** One float's role in the outcome. */
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

/** 943 -> "9.43". */
export function hundredths(value: number): string {
  return `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;
}

interface BaccaratShape {
  player: readonly number[];
  banker: readonly number[];
}

/** Who received each of the six baccarat cards, in deal order (unused when not dealt). */
export function baccaratRoles(outcome: BaccaratShape, count: number): ('player' | 'banker' | 'unused')[] {
  const roles: ('player' | 'banker' | 'unused')[] = ['player', 'banker', 'player', 'banker'];
  if (outcome.player.length === 3) roles.push('player');
  if (outcome.banker.length === 3) roles.push('banker');
  while (roles.length < count) roles.push('unused');
  return roles.slice(0, count);
}

/** One mapping per float of `result`. */
export function floatMappings(result: VerifyResult): FloatMapping[] {
  const { floats } = result;
  const params = result.params as Record<string, unknown>;
  const outcome = result.outcome as Record<string, unknown>;
  switch (result.gameId) {
    case 'dice': {
      const roll = outcome.roll as number;
      return [{ formula: `floor(f × 10001) = ${roll}`, value: hundredths(roll) }];
    }
    case 'limbo': {
      const rtp = (BPS - result.houseEdgeBps) / BPS;
      return [
        { formula: `floor(100 × ${rtp} / f) / 100`, value: `${hundredths(outcome.result as number)}×` },
      ];
    }
    case 'plinko':
      return floats.map((f) => {
        const step = Math.floor(f * 2);
        return { formula: `floor(f × 2) = ${step}`, value: step === 1 ? 'R' : 'L' };
      });
    case 'keno': {
      const drawn = outcome.drawn as number[];
      const hits = new Set(outcome.hits as number[]);
      return floats.map((f, i) => ({
        formula: `floor(f × ${40 - i}) = ${Math.floor(f * (40 - i))}`,
        value: String(drawn[i]),
        highlight: hits.has(drawn[i] as number),
        noteKey: hits.has(drawn[i] as number) ? 'fairnessUi.outcome.keno.hit' : undefined,
      }));
    }
    case 'wheel': {
      const segments = params.segments as number;
      return [
        {
          formula: `floor(f × ${segments}) = ${outcome.segment as number}`,
          value: `#${outcome.segment as number}`,
        },
      ];
    }
    case 'roulette':
      return [{ formula: `floor(f × 37) = ${outcome.number as number}`, value: String(outcome.number) }];
    case 'diamonds':
      return (outcome.gems as number[]).map((gem) => ({
        formula: `floor(f × 7) = ${gem}`,
        value: '◆',
        noteKey: `fairnessUi.outcome.diamonds.gems.${DIAMONDS_GEMS[gem] ?? 'green'}`,
      }));
    case 'baccarat': {
      const roles = baccaratRoles(outcome as unknown as BaccaratShape, floats.length);
      return floats.map((f, i) => {
        const index = Math.floor(f * 52);
        return {
          formula: `floor(f × 52) = ${index}`,
          value: cardFromIndex(index).label,
          noteKey: `fairnessUi.outcome.baccarat.role.${roles[i]}`,
          unused: roles[i] === 'unused',
        };
      });
    }
    default:
      return floats.map(() => ({ formula: '', value: '' }));
  }
}
