import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { computeVerification } from './verify-model';
import { SEED, VECTORS } from './test-vectors';
import { i18n } from '../../lib/i18n';
import { GAME_VERIFIERS } from '../../games/verifiers';

type Tree = { [key: string]: string | Tree };

/** `[dotted key, text]` of every text of a tree. */
function entries(tree: object, prefix = ''): [string, string][] {
  return Object.entries(tree as Tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[prefix + key, value]] : entries(value, `${prefix}${key}.`),
  );
}

describe('verifier texts', () => {
  it.each(Object.entries(GAME_VERIFIERS))(
    '%s registers its texts under verifier.<id> in both languages',
    (game, verifier) => {
      const en = entries(verifier.texts.en);
      const de = entries(verifier.texts.de);
      expect(en.length).toBeGreaterThan(0);
      expect(de.map(([key]) => key).sort()).toEqual(en.map(([key]) => key).sort());
      // Each text is found under verifier.<id> in its own language (not the English fallback).
      for (const [lng, texts] of [
        ['en', en],
        ['de', de],
      ] as const) {
        const t = i18n.getFixedT(lng);
        for (const [key, text] of texts) expect(t(`verifier.${game}.${key}`), `${lng} ${key}`).toBe(text);
      }
    },
  );

  it('an outcome view shows its texts, not keys', () => {
    const vector = VECTORS.find((v) => v.game === 'dice')!;
    const verification = computeVerification({
      serverSeed: SEED,
      clientSeed: 'nebula',
      nonce: '0',
      edgeBps: 100,
      game: 'dice',
      params: vector.params,
    });
    if (verification.status !== 'ok') throw new Error('the dice vector did not verify');
    const { OutcomeView } = GAME_VERIFIERS.dice;
    render(<OutcomeView result={verification.result} />);
    expect(screen.getByText('Roll')).toBeTruthy();
    expect(screen.getByText('Under 50.00')).toBeTruthy();
  });
});
