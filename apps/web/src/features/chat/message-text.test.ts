import { describe, expect, it } from 'vitest';
import {
  cleanInput,
  emojiIndex,
  formatMultiplier,
  insertToken,
  isEmojiOnly,
  shortName,
  tokenize,
} from './message-text';

const packs = [
  {
    metadata: { name: 'Nebula' },
    files: [
      { id: 'smile', path: '/api/img/emoji/smile.png' },
      { id: 'rocket', path: 'https://cdn.example/rocket.png' },
      { id: 'evil', path: 'javascript:alert(1)' },
    ],
  },
  { metadata: { name: 'Other' }, files: [{ id: 'smile', path: '/other/smile.png' }] },
];

describe('emojiIndex', () => {
  it('maps names to paths, first pack wins, unsafe sources are dropped', () => {
    const index = emojiIndex(packs);
    expect(index.get('smile')).toBe('/api/img/emoji/smile.png');
    expect(index.get('rocket')).toBe('https://cdn.example/rocket.png');
    expect(index.has('evil')).toBe(false);
  });
});

describe('tokenize', () => {
  const index = emojiIndex(packs);

  it('replaces known tokens with emoji segments and keeps the rest as text', () => {
    expect(tokenize('hi :smile: and :rocket:!', index)).toEqual([
      { kind: 'text', text: 'hi ' },
      { kind: 'emoji', name: 'smile', src: '/api/img/emoji/smile.png' },
      { kind: 'text', text: ' and ' },
      { kind: 'emoji', name: 'rocket', src: 'https://cdn.example/rocket.png' },
      { kind: 'text', text: '!' },
    ]);
  });

  it('leaves unknown tokens and clock times as text', () => {
    expect(tokenize('at 12:30:45 :nope:', index)).toEqual([{ kind: 'text', text: 'at 12:30:45 :nope:' }]);
  });

  it('finds a token right after an unknown one that shares its colon', () => {
    expect(tokenize(':nope::smile:', index)).toEqual([
      { kind: 'text', text: ':nope:' },
      { kind: 'emoji', name: 'smile', src: '/api/img/emoji/smile.png' },
    ]);
  });

  it('keeps HTML as text (it is rendered as a text node)', () => {
    const html = '<img src=x onerror=alert(1)> :smile:';
    const segments = tokenize(html, index);
    expect(segments[0]).toEqual({ kind: 'text', text: '<img src=x onerror=alert(1)> ' });
  });

  it('tells emoji-only messages apart', () => {
    expect(isEmojiOnly(tokenize(':smile: :rocket:', index))).toBe(true);
    expect(isEmojiOnly(tokenize('hey :smile:', index))).toBe(false);
    expect(isEmojiOnly(tokenize('plain', index))).toBe(false);
  });
});

describe('shortName', () => {
  it('shows the first word and the initial of the second', () => {
    expect(shortName('John Smith')).toBe('John S.');
    expect(shortName('  anna   maria lee ')).toBe('anna M.');
    expect(shortName('player_one')).toBe('player_one');
    expect(shortName('')).toBe('');
  });
});

describe('cleanInput', () => {
  it('strips newlines and trims', () => {
    expect(cleanInput('  a\nb\r\nc\u2028d  ')).toBe('a b c d');
  });
});

describe('insertToken', () => {
  it('inserts a token at the caret with spaces around it', () => {
    expect(insertToken('hello', ':smile:', 5)).toEqual({ text: 'hello :smile: ', caret: 14 });
    expect(insertToken('', ':smile:', 0)).toEqual({ text: ':smile: ', caret: 8 });
    expect(insertToken('a b', ':x:', 1, 1)).toEqual({ text: 'a :x: b', caret: 5 });
  });
});

describe('formatMultiplier', () => {
  it('keeps two decimals at least and drops trailing zeros', () => {
    expect(formatMultiplier('2.50000000')).toBe('2.50');
    expect(formatMultiplier('10')).toBe('10.00');
    expect(formatMultiplier('1.23456')).toBe('1.23');
    expect(formatMultiplier('n/a')).toBe('n/a');
  });
});
