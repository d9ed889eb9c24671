import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('writes a header row and quotes what needs quoting', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['plain', 'with, comma'],
          ['say "hi"', 'two\nlines'],
        ],
      ),
    ).toBe('a,b\r\nplain,"with, comma"\r\n"say ""hi""","two\nlines"');
  });

  it('keeps formulas as text and empty cells empty', () => {
    expect(
      toCsv(
        ['x', 'y', 'z'],
        [
          ['=HYPERLINK("http://evil")', null, '+1'],
          ['-2', 3, '@a'],
        ],
      ),
    ).toBe('x,y,z\r\n"\'=HYPERLINK(""http://evil"")",,"\'+1"\r\n"\'-2",3,"\'@a"');
  });
});
