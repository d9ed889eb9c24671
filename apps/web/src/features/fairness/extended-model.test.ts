import { describe, expect, it } from 'vitest';
import { cardFromIndex, floats as fairnessFloats } from '@nebula/fairness';
import { type BlackjackState, type VideoPokerState, placeMines, verifyExtended } from '@nebula/games';
import {
  defaultExtendedDraft,
  extendedDraftToInput,
  extendedDraftsFromLink,
  formatActions,
} from './extended-draft';
import { extendedFloatMappings } from './extended-floats';
import { EXTENDED_IDS, testRound } from './extended-test-rounds';
import { EXTENDED_VERIFIABLE_GAMES, VERIFIABLE_GAMES } from './params-draft';
import { SEED, SEED_HASH } from './test-vectors';
import { computeVerification } from './verify-model';

const base = { serverSeed: SEED, clientSeed: 'nebula', nonce: '0', edgeBps: 100 };

function verified(input: Partial<Parameters<typeof computeVerification>[0]> & { game: string }) {
  const verification = computeVerification({ ...base, params: {}, ...input });
  if (verification.status !== 'extended') throw new Error(`not replayed: ${JSON.stringify(verification)}`);
  return verification;
}

describe('extended games on the verifier', () => {
  it('lists every extended game as verifiable, and crash (the Crash tab) in neither list', () => {
    expect([...EXTENDED_VERIFIABLE_GAMES]).toEqual([
      'mines',
      'tower',
      'stairs',
      'hilo',
      'coinflip',
      'blackjack',
      'videopoker',
    ]);
    for (const game of EXTENDED_VERIFIABLE_GAMES) expect(VERIFIABLE_GAMES).not.toContain(game);
    expect([...VERIFIABLE_GAMES, ...EXTENDED_VERIFIABLE_GAMES]).not.toContain('crash');
  });

  it.each(EXTENDED_IDS)('replays a %s round as verifyExtended does, with bytes and mappings', (game) => {
    const round = testRound(game);
    // Something to replay: at least one decision.
    expect(round.actions.length).toBeGreaterThan(0);
    const verification = verified({ game, params: round.params, actions: round.actions });
    const expected = verifyExtended(game, SEED, 'nebula', 0, round.params, round.actions, 100);
    expect(verification.result.multiplierDecimal).toBe(expected.multiplierDecimal);
    expect(verification.result.state).toEqual(expected.state);
    expect(verification.result.serverSeedHash).toBe(SEED_HASH);
    const values = fairnessFloats(SEED, 'nebula', 0, expected.floats.length);
    expect(verification.floats.map((step) => step.value)).toEqual(values);
    expect(verification.rounds).toHaveLength(Math.ceil(values.length / 8));
    const mappings = extendedFloatMappings(verification.result);
    expect(mappings).toHaveLength(values.length);
    for (const mapping of mappings) expect(mapping.formula).toMatch(/f/);
  });

  it('maps the mines floats to the mines the board holds', () => {
    const { result } = verified({ game: 'mines', params: { mines: 3 }, actions: [] });
    const mines = placeMines(fairnessFloats(SEED, 'nebula', 0, 3));
    const mapped = extendedFloatMappings(result).map((mapping) => Number(mapping.value.slice(1)));
    expect([...mapped].sort((a, b) => a - b)).toEqual(mines);
    expect(extendedFloatMappings(result)[0]).toMatchObject({
      formula: expect.stringMatching(/^floor\(f × 25\) = \d+$/),
      noteKey: 'fairnessUi.extended.floats.mine',
    });
    // A random pick reads one more float among the cells still unrevealed.
    const random = verified({ game: 'mines', params: { mines: 3 }, actions: [{ random: true }] });
    const pick = extendedFloatMappings(random.result)[3]!;
    expect(pick.formula).toMatch(/^floor\(f × 25\) = \d+$/);
    const state = random.result.state as { revealed: number[]; hit: number | null };
    expect(Number(pick.value.slice(1))).toBe(state.hit ?? state.revealed[0]);
  });

  it('deals blackjack cards to the player and the dealer in order', () => {
    for (let nonce = 0; nonce < 30; nonce += 1) {
      const round = testRound('blackjack', nonce, 4);
      const { result } = verified({ game: 'blackjack', nonce: String(nonce), actions: round.actions });
      const roles = extendedFloatMappings(result).map((mapping) => mapping.noteKey?.split('.').pop());
      const state = result.state as BlackjackState;
      expect(roles.slice(0, 4)).toEqual(['player', 'dealer', 'player', 'dealer']);
      expect(roles.filter((role) => role === 'dealer')).toHaveLength(state.dealer.length);
      const playerCards = state.hands.reduce((sum, hand) => sum + hand.cards.length, 0);
      expect(roles.filter((role) => role === 'player')).toHaveLength(playerCards);
    }
  });

  it('marks the video poker replacements that were drawn', () => {
    const hold = [true, false, true, false, false];
    const { result } = verified({ game: 'videopoker', actions: [{ hold }] });
    const notes = extendedFloatMappings(result).map((mapping) => mapping.noteKey?.split('.').pop());
    expect(notes).toEqual([...Array(5).fill('dealt'), 'drawn', 'drawn', 'drawn', 'notDrawn', 'notDrawn']);
    // The first discarded position (1) took card 6 of the shuffled deck.
    const state = result.state as VideoPokerState;
    expect(extendedFloatMappings(result)[5]!.value).toBe(cardFromIndex(state.cards[1]!).label);
  });

  it('reports bad params, bad decisions and decisions out of place inline', () => {
    const fail = (input: Partial<Parameters<typeof computeVerification>[0]>) =>
      computeVerification({ ...base, game: 'mines', params: { mines: 3 }, actions: [], ...input });
    expect(fail({ params: { mines: 40 } })).toMatchObject({
      status: 'error',
      errorKey: 'fairnessUi.errors.params',
    });
    const shape = fail({ actions: [{ cell: 99 }] });
    expect(shape).toMatchObject({ status: 'error', errorKey: 'fairnessUi.errors.actions' });
    expect(shape.status === 'error' && shape.detail).toMatch(/^Decision 1 /);
    expect(fail({ actions: { cell: 1 } })).toMatchObject({ errorKey: 'fairnessUi.errors.actions' });
    const twice = fail({ actions: [{ cell: 1 }, { cell: 1 }] });
    expect(twice).toMatchObject({
      status: 'error',
      errorKey: 'fairnessUi.errors.action',
      serverSeedHash: SEED_HASH,
    });
    expect(twice.status === 'error' && twice.detail).toContain('Decision 2 is not allowed');
    expect(fail({ paramsErrorKey: 'fairnessUi.errors.actionsJson' })).toMatchObject({
      errorKey: 'fairnessUi.errors.actionsJson',
    });
  });
});

describe('extended drafts', () => {
  it('starts from the game defaults with no decisions', () => {
    expect(JSON.parse(defaultExtendedDraft('mines').params)).toEqual({ mines: 3 });
    expect(JSON.parse(defaultExtendedDraft('tower').params)).toEqual({ difficulty: 'medium' });
    expect(JSON.parse(defaultExtendedDraft('stairs').params)).toEqual({ hazards: 2 });
    expect(JSON.parse(defaultExtendedDraft('blackjack').params)).toEqual({});
    expect(defaultExtendedDraft('hilo').actions).toBe('[]');
  });

  it('shows one decision per line and reads them back', () => {
    const actions = [{ cell: 7 }, { random: true }];
    const text = formatActions(actions);
    expect(text).toBe('[\n  {"cell":7},\n  {"random":true}\n]');
    expect(extendedDraftToInput({ params: '{"mines": 5}', actions: text })).toEqual({
      ok: true,
      params: { mines: 5 },
      actions,
    });
    expect(extendedDraftToInput({ params: '', actions: '  ' })).toEqual({
      ok: true,
      params: {},
      actions: [],
    });
  });

  it('names the editor whose JSON does not parse', () => {
    expect(extendedDraftToInput({ params: '{', actions: '[]' })).toEqual({
      ok: false,
      errorKey: 'fairnessUi.errors.json',
    });
    expect(extendedDraftToInput({ params: '{}', actions: '[{' })).toEqual({
      ok: false,
      errorKey: 'fairnessUi.errors.actionsJson',
    });
  });

  it('pre-fills the linked game only, each editor falling back on its own', () => {
    const drafts = extendedDraftsFromLink('mines', { mines: 7 }, undefined);
    expect(Object.keys(drafts)).toEqual(['mines']);
    expect(JSON.parse(drafts.mines!.params)).toEqual({ mines: 7 });
    expect(drafts.mines!.actions).toBe('[]');
    expect(extendedDraftsFromLink('dice', { target: 1 }, [{ cell: 1 }])).toEqual({});
    expect(JSON.parse(extendedDraftsFromLink('hilo', undefined, [{ skip: true }]).hilo!.actions)).toEqual([
      { skip: true },
    ]);
  });
});
