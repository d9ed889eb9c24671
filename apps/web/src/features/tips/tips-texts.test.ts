import { describe, expect, it } from 'vitest';
import { TipMessages } from '@nebula/contracts';
import { TIP_ERROR_KEYS } from './tips-math';
import { tipsUiDe, tipsUiEn } from './tips-texts';

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

describe('tips texts', () => {
  it("keep the spec's texts word for word (spec 3 section 5) and every server message", () => {
    expect(tipsUiEn.errors.invalidUsername).toBe('Invalid username');
    expect(tipsUiEn.errors.invalidAmount).toBe('Invalid amount');
    expect(tipsUiEn.errors.invalidUsersLength).toBe('Invalid users length');
    for (const [name, text] of Object.entries(TipMessages)) {
      if (name === 'noEligibleUsers') continue; // shown through the eligible count instead
      expect(Object.values(tipsUiEn.errors), name).toContain(text);
    }
  });

  it('have a text for every mapped error code', () => {
    for (const key of Object.values(TIP_ERROR_KEYS))
      expect(tipsUiEn.errors[key as keyof typeof tipsUiEn.errors], key).toBeTruthy();
  });

  it('have the same keys in English and German', () => {
    expect(keys(tipsUiDe as Tree).sort()).toEqual(keys(tipsUiEn as Tree).sort());
  });
});
