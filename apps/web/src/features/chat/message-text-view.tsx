import { memo } from 'react';
import clsx from 'clsx';
import { isEmojiOnly, tokenize } from './message-text';

/**
 * A message's text: React text nodes only (the text is escaped by React, never parsed as HTML) and
 * `:emoji:` images from the packs.
 */
export const MessageText = memo(function MessageText({
  text,
  emojis,
}: {
  text: string;
  emojis: ReadonlyMap<string, string>;
}) {
  const segments = tokenize(text, emojis);
  const big = isEmojiOnly(segments);
  return (
    <span className={clsx('chatx-text', big && 'chatx-text--emoji')}>
      {segments.map((segment, index) =>
        segment.kind === 'text' ? (
          <span key={index}>{segment.text}</span>
        ) : (
          <img
            key={index}
            className="chatx-emoji"
            src={segment.src}
            alt={`:${segment.name}:`}
            title={`:${segment.name}:`}
            loading="lazy"
            decoding="async"
            draggable={false}
          />
        ),
      )}
    </span>
  );
});
