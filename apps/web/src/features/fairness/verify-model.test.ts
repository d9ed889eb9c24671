import { describe, expect, it } from 'vitest';
import { floats as fairnessFloats, hashServerSeed, roundBytes } from '@nebula/fairness';
import { floatMappings } from './float-steps';
import { SEED, SEED_HASH, VECTORS } from './test-vectors';
import { computeVerification, streamSteps } from './verify-model';

const base = { serverSeed: SEED, clientSeed: 'nebula', nonce: '0', edgeBps: 100 };

describe('computeVerification', () => {
  it.each(VECTORS)('replays the $game vector', ({ game, params, multiplier }) => {
    const verification = computeVerification({ ...base, game, params });
    expect(verification.status).toBe('ok');
    if (verification.status !== 'ok') return;
    expect(verification.result.multiplierDecimal).toBe(multiplier);
    expect(verification.result.serverSeedHash).toBe(SEED_HASH);
    expect(verification.seedLooksValid).toBe(true);
    // Every float shown comes with its 4 bytes and equals the package's float.
    const expected = fairnessFloats(SEED, 'nebula', 0, verification.result.floats.length);
    expect(verification.floats.map((step) => step.value)).toEqual(expected);
    expect(floatMappings(verification.result)).toHaveLength(expected.length);
  });

  it('is empty until both seeds are there, but already hashes the server seed', () => {
    expect(computeVerification({ ...base, clientSeed: '', game: 'dice', params: {} })).toEqual({
      status: 'empty',
      serverSeedHash: SEED_HASH,
    });
    expect(computeVerification({ ...base, serverSeed: ' ', game: 'dice', params: {} })).toEqual({
      status: 'empty',
      serverSeedHash: null,
    });
  });

  it('reports bad input inline instead of throwing', () => {
    const dice = { target: 5000, condition: 'under' };
    const err = (input: Partial<Parameters<typeof computeVerification>[0]>) =>
      computeVerification({ ...base, game: 'dice', params: dice, ...input });
    expect(err({ nonce: '-1' })).toMatchObject({ status: 'error', errorKey: 'fairnessUi.errors.nonce' });
    expect(err({ nonce: '1.5' })).toMatchObject({ status: 'error', errorKey: 'fairnessUi.errors.nonce' });
    expect(err({ game: 'crash' })).toMatchObject({ status: 'error', errorKey: 'fairnessUi.errors.crash' });
    expect(err({ game: 'nope' })).toMatchObject({ status: 'error', errorKey: 'fairnessUi.errors.game' });
    expect(err({ edgeBps: Number.NaN })).toMatchObject({ errorKey: 'fairnessUi.errors.edge' });
    expect(err({ edgeBps: 6000 })).toMatchObject({ errorKey: 'fairnessUi.errors.edge' });
    const bad = err({ params: { target: 0, condition: 'under' } });
    expect(bad).toMatchObject({ status: 'error', errorKey: 'fairnessUi.errors.params' });
    expect(bad.status === 'error' && bad.detail).toContain('win chance');
    expect(err({ paramsErrorKey: 'fairnessUi.errors.json' })).toMatchObject({
      errorKey: 'fairnessUi.errors.json',
      serverSeedHash: SEED_HASH,
    });
  });

  it('flags a server seed that is not 64 hex characters but still replays it', () => {
    const verification = computeVerification({ ...base, serverSeed: 'abc', game: 'diamonds', params: {} });
    expect(verification).toMatchObject({ status: 'ok', seedLooksValid: false });
    expect(verification.status === 'ok' && verification.result.serverSeedHash).toBe(hashServerSeed('abc'));
  });
});

describe('streamSteps', () => {
  it('lists each HMAC round and the 4 bytes behind each float', () => {
    const { rounds, floats } = streamSteps(SEED, 'nebula', 3, 10);
    expect(rounds.map((round) => round.message)).toEqual(['nebula:3:0', 'nebula:3:1']);
    expect(rounds[1]!.bytes).toEqual([...roundBytes(SEED, 'nebula', 3, 1)]);
    expect(floats).toHaveLength(10);
    expect(floats[9]).toMatchObject({ index: 9, round: 1, offset: 4 });
    expect(floats[9]!.bytes).toEqual(rounds[1]!.bytes.slice(4, 8));
    const [b0, b1, b2, b3] = floats[0]!.bytes as [number, number, number, number];
    expect(floats[0]!.value).toBe(b0 / 256 + b1 / 256 ** 2 + b2 / 256 ** 3 + b3 / 256 ** 4);
  });
});

describe('floatMappings', () => {
  it('spells out each game step', () => {
    const run = (game: string, params: unknown) => {
      const verification = computeVerification({ ...base, game, params });
      if (verification.status !== 'ok') throw new Error('no replay');
      return floatMappings(verification.result);
    };
    expect(run('dice', { target: 5000, condition: 'under' })).toEqual([
      { formula: 'floor(f × 10001) = 943', value: '9.43' },
    ]);
    expect(
      run('plinko', { rows: 8, risk: 'high' })
        .map((m) => m.value)
        .join(''),
    ).toBe('LLLRRLRL');
    const keno = run('keno', { picks: [4, 21], risk: 'classic' });
    expect(keno[0]).toMatchObject({ formula: 'floor(f × 40) = 3', value: '4', highlight: true });
    const cards = run('baccarat', { player: '100' });
    expect(cards.map((m) => m.value)).toEqual(['♦3', '♥3', '♣2', '♦A', '♦Q', '♦8']);
    expect(cards.map((m) => m.noteKey?.split('.').pop())).toEqual([
      'player',
      'banker',
      'player',
      'banker',
      'player',
      'unused',
    ]);
  });
});
