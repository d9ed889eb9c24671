/**
 * How an extended game turned each float it read into a piece of its round (the mines, a card, a
 * coin), as lines for the step table. Pure; built from the replay `verifyExtended` returned (its final
 * state and each step's state), so it always agrees with the verified round. Coinflip and tower follow
 * the round's version (`v` in the state, absent meaning 1; see packages/games coinflip.ts / tower.ts).
 */
import { cardFromIndex } from '@nebula/fairness';
import {
  type BlackjackState,
  type CoinflipState,
  type ExtendedVerifyResult,
  type MinesState,
  type StairsState,
  STAIRS_STONES,
  TOWER_DIFFICULTY,
  type TowerState,
  type VideoPokerState,
  minesUnrevealed,
} from '@nebula/games';
import type { FloatMapping } from './float-steps';

const MINES_CELLS = 25;
const DECK = 52;
const NS = 'fairnessUi.extended.floats';

/** Selection without replacement: float i picks `floor(f × (n - i))` of the `n - i` items still free. */
function pickFormula(value: number, free: number): string {
  return `floor(f × ${free}) = ${Math.floor(value * free)}`;
}

function cardFormula(value: number): string {
  return `floor(f × ${DECK}) = ${Math.floor(value * DECK)}`;
}

function cardLabel(value: number): string {
  return cardFromIndex(Math.floor(value * DECK)).label;
}

function minesMappings(result: ExtendedVerifyResult): FloatMapping[] {
  const state = result.state as MinesState;
  const pool = Array.from({ length: MINES_CELLS }, (_, i) => i);
  return result.floats.map((read) => {
    if (read.step === 0) {
      const free = pool.length;
      const [cell] = pool.splice(Math.floor(read.value * free), 1);
      return { formula: pickFormula(read.value, free), value: `#${cell}`, noteKey: `${NS}.mine` };
    }
    // A random pick: one of the cells still unrevealed before that step, ascending.
    const before = result.steps[read.step - 1]?.state as MinesState;
    const unrevealed = minesUnrevealed(before);
    const cell = unrevealed[Math.floor(read.value * unrevealed.length)] as number;
    const hit = state.mines.includes(cell);
    return {
      formula: pickFormula(read.value, unrevealed.length),
      value: `#${cell}`,
      noteKey: `${NS}.${hit ? 'randomMine' : 'randomSafe'}`,
      highlight: !hit,
    };
  });
}

function ladderMappings(result: ExtendedVerifyResult, tiles: number, noteKey: string): FloatMapping[] {
  const layout = (result.state as TowerState | StairsState).layout;
  const hazards = layout[0]?.length ?? 1;
  return result.floats.map((read, i) => {
    const row = Math.floor(i / hazards);
    const j = i % hazards;
    const tile = layout[row]?.[j];
    return {
      formula: pickFormula(read.value, tiles - j),
      value: `#${tile ?? '?'}`,
      noteKey,
      noteValues: { row: row + 1 },
    };
  });
}

/**
 * One line per flip. Version 2 (`v: 2` in the state, every new round): `floor(f × 2)`, 0 tails and 1
 * heads, as the large casino's Flip. Version 1 (no `v`, rounds played before): heads below 0.5.
 */
function coinflipMappings(result: ExtendedVerifyResult): FloatMapping[] {
  const { flips, v } = result.state as CoinflipState;
  return result.floats.map((read, i) => {
    const digit = Math.floor(read.value * 2);
    const side = v === 2 ? (digit === 1 ? 'heads' : 'tails') : read.value < 0.5 ? 'heads' : 'tails';
    const right = flips[i]?.call === side;
    return {
      formula: v === 2 ? `floor(f × 2) = ${digit}` : `f ${read.value < 0.5 ? '<' : '≥'} 0.5`,
      value: side === 'heads' ? 'H' : 'T',
      noteKey: `${NS}.${side}${right ? 'Right' : 'Wrong'}`,
      highlight: right,
    };
  });
}

/**
 * Tower version 2 (`v: 2` in the state, every new round): each level draws its SAFE tiles (3 of 4 on
 * low, 2 of 3 on medium, 1 of 3 on high), kept in draw order in `safe`; the bombs are the other tiles.
 */
function towerSafeMappings(result: ExtendedVerifyResult, tiles: number): FloatMapping[] {
  const { safe = [], difficulty } = result.state as TowerState;
  const perLevel = TOWER_DIFFICULTY[difficulty].safe;
  return result.floats.map((read, i) => {
    const row = Math.floor(i / perLevel);
    const j = i % perLevel;
    const tile = safe[row]?.[j];
    return {
      formula: pickFormula(read.value, tiles - j),
      value: `#${tile ?? '?'}`,
      noteKey: `${NS}.safeTile`,
      noteValues: { row: row + 1 },
    };
  });
}

/** Who took each blackjack card: start deals player, dealer, player, dealer; later steps deal the dealer last. */
function blackjackMappings(result: ExtendedVerifyResult): FloatMapping[] {
  const roles: ('player' | 'dealer')[] = [];
  result.steps.forEach((step, index) => {
    if (index === 0) {
      roles.push(...(['player', 'dealer', 'player', 'dealer'] as const).slice(0, step.floats.length));
      return;
    }
    const before = (result.steps[index - 1]?.state as BlackjackState).dealer.length;
    const dealer = (step.state as BlackjackState).dealer.length - before;
    const player = step.floats.length - dealer;
    for (let i = 0; i < step.floats.length; i += 1) roles.push(i < player ? 'player' : 'dealer');
  });
  return result.floats.map((read, i) => ({
    formula: cardFormula(read.value),
    value: cardLabel(read.value),
    noteKey: `${NS}.${roles[i] ?? 'player'}`,
  }));
}

function videoPokerMappings(result: ExtendedVerifyResult): FloatMapping[] {
  const state = result.state as VideoPokerState;
  const discards = state.held ? state.held.filter((held) => !held).length : 0;
  return result.floats.map((read, i) => {
    const drawn = i < 5 || (state.held !== null && i - 5 < discards);
    return {
      formula: pickFormula(read.value, DECK - i),
      value: cardFromIndex(state.deck[i] ?? 0).label,
      noteKey: `${NS}.${i < 5 ? 'dealt' : drawn ? 'drawn' : 'notDrawn'}`,
      unused: !drawn,
    };
  });
}

/** One mapping per float the extended round read. */
export function extendedFloatMappings(result: ExtendedVerifyResult): FloatMapping[] {
  switch (result.gameId) {
    case 'mines':
      return minesMappings(result);
    case 'tower': {
      const state = result.state as TowerState;
      const { tiles } = TOWER_DIFFICULTY[state.difficulty];
      // Version 2 drew the safe tiles; version 1 (no `v`) drew the bombs, one line per bomb.
      if (state.v === 2) return towerSafeMappings(result, tiles);
      return ladderMappings(result, tiles, `${NS}.bomb`);
    }
    case 'stairs':
      return ladderMappings(result, STAIRS_STONES, `${NS}.crumbles`);
    case 'hilo':
      return result.floats.map((read) => ({
        formula: cardFormula(read.value),
        value: cardLabel(read.value),
      }));
    case 'coinflip':
      return coinflipMappings(result);
    case 'blackjack':
      return blackjackMappings(result);
    case 'videopoker':
      return videoPokerMappings(result);
    default:
      return result.floats.map((read) => ({ formula: 'f', value: String(read.value) }));
  }
}
