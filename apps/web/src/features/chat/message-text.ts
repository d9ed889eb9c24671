/**
 * Chat message text (spec 2 section 5): the text is shown as text (React text nodes escape it;
 * nothing here ever produces HTML), and `:emoji:` tokens found in the emoji packs become images.
 * Also the display-name rule and the input clean-up (newlines stripped).
 */
import { multiplierText } from '../../lib/multiplier-format';

/** One piece of a message: plain text, or an emoji image from a pack. */
export type TextSegment = { kind: 'text'; text: string } | { kind: 'emoji'; name: string; src: string };

/** An emoji pack as the server sends it (spec 2 section 3). */
export interface EmojiPackLike {
  metadata: { name: string };
  files: readonly { id: string; path: string }[];
}

/** Emoji names are short words; anything else between colons stays text (e.g. times like 12:30:45). */
const EMOJI_TOKEN = /:([A-Za-z0-9_+-]{1,40}):/g;

/** name -> image path of every emoji in the packs (the first pack wins on duplicate names). */
export function emojiIndex(packs: readonly EmojiPackLike[] | undefined): Map<string, string> {
  const index = new Map<string, string>();
  for (const pack of packs ?? []) {
    for (const file of pack.files) {
      const name = file.id.toLowerCase();
      if (!index.has(name) && isSafeImagePath(file.path)) index.set(name, file.path);
    }
  }
  return index;
}

/** Only same-origin paths and http(s) URLs are used as image sources (never `javascript:` or data). */
export function isSafeImagePath(path: string): boolean {
  return /^\/(?!\/)/.test(path) || /^https?:\/\//i.test(path);
}

/**
 * Splits a text into text and emoji segments. A `:name:` token whose name is not in the index stays
 * text, and its closing colon may open the next token (`:x::smile:` finds `smile`).
 */
export function tokenize(text: string, emojis: ReadonlyMap<string, string>): TextSegment[] {
  const segments: TextSegment[] = [];
  let textStart = 0;
  let searchFrom = 0;
  const pushText = (end: number) => {
    if (end > textStart) segments.push({ kind: 'text', text: text.slice(textStart, end) });
  };
  while (searchFrom < text.length) {
    EMOJI_TOKEN.lastIndex = searchFrom;
    const match = EMOJI_TOKEN.exec(text);
    if (!match) break;
    const name = match[1]!;
    const src = emojis.get(name.toLowerCase());
    if (!src) {
      // Retry from the closing colon: it may start a real token.
      searchFrom = match.index + match[0].length - 1;
      continue;
    }
    pushText(match.index);
    segments.push({ kind: 'emoji', name, src });
    textStart = match.index + match[0].length;
    searchFrom = textStart;
  }
  pushText(text.length);
  return segments;
}

/** True when the message is made only of emojis (shown larger), at most a few of them. */
export function isEmojiOnly(segments: readonly TextSegment[]): boolean {
  let emojis = 0;
  for (const segment of segments) {
    if (segment.kind === 'emoji') emojis += 1;
    else if (segment.text.trim() !== '') return false;
  }
  return emojis > 0 && emojis <= 3;
}

/**
 * Display name (spec 2 section 5): the first word plus the initial of the second word,
 * e.g. "John Smith" -> "John S."; one-word names are shown as they are.
 */
export function shortName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return words[0] ?? '';
  const initial = Array.from(words[1]!)[0] ?? '';
  return `${words[0]} ${initial.toUpperCase()}.`;
}

/** The text the input sends: newlines (and other line breaks) stripped, outer blanks trimmed. */
export function cleanInput(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();
}

/** Inserts an emoji token at the caret, with spaces so it stays a token of its own. */
export function insertToken(
  text: string,
  token: string,
  selectionStart: number,
  selectionEnd = selectionStart,
): { text: string; caret: number } {
  const start = Math.max(0, Math.min(selectionStart, text.length));
  const end = Math.max(start, Math.min(selectionEnd, text.length));
  const before = text.slice(0, start);
  const after = text.slice(end);
  const lead = before === '' || before.endsWith(' ') ? '' : ' ';
  const trail = after.startsWith(' ') ? '' : ' ';
  const inserted = `${lead}${token}${trail}`;
  return { text: before + inserted + after, caret: before.length + inserted.length };
}

/** A multiplier for display (the app's rule): "2.50000000" -> "2.50", "10" -> "10.00", "1.23456" -> "1.23". */
export function formatMultiplier(value: string): string {
  return multiplierText(value);
}
