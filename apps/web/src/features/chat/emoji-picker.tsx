/**
 * Emoji and sticker picker (spec 2 sections 2 and 7): emoji from `POST /api/chat/emoji/packs` insert
 * their `:id:` token; the sticker tab sends a pack image as a sticker (`ChatStickerMessage`). The
 * server exposes no GIF service key, so the stickers are the local packs.
 */
import { useState } from 'react';
import type { EmojiPack } from '@nebula/contracts';
import { Spinner, TabPanel, Tabs } from '../../ui';
import { isSafeImagePath } from './message-text';
import { useTranslation } from '../../lib/i18n';

type Tab = 'emoji' | 'stickers';

export interface EmojiPickerProps {
  packs: EmojiPack[] | undefined;
  failed: boolean;
  onEmoji: (id: string) => void;
  /** Absent for readers who cannot send (the sticker tab is then hidden). */
  onSticker?: (path: string) => void;
}

export function EmojiPicker({ packs, failed, onEmoji, onSticker }: EmojiPickerProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('emoji');
  const files = (packs ?? []).flatMap((pack) =>
    pack.files
      .filter((file) => isSafeImagePath(file.path))
      .map((file) => ({ ...file, pack: pack.metadata.name })),
  );
  const tabs = [
    { id: 'emoji' as const, label: t('chatUi.emoji.emojis') },
    ...(onSticker ? [{ id: 'stickers' as const, label: t('chatUi.emoji.stickers') }] : []),
  ];

  let body;
  if (failed) body = <p className="chatx-picker__note">{t('chatUi.emoji.loadFailed')}</p>;
  else if (!packs) {
    body = (
      <div className="chatx-picker__note">
        <Spinner size="sm" />
      </div>
    );
  } else if (files.length === 0) {
    body = (
      <p className="chatx-picker__note">
        {tab === 'emoji' ? t('chatUi.emoji.empty') : t('chatUi.emoji.stickersEmpty')}
      </p>
    );
  } else if (tab === 'emoji') {
    body = (
      <div className="chatx-picker__grid" role="listbox" aria-label={t('chatUi.emoji.emojis')}>
        {files.map((file) => (
          <button
            key={`${file.pack}:${file.id}`}
            type="button"
            className="chatx-picker__emoji"
            title={`:${file.id}:`}
            aria-label={`:${file.id}:`}
            onClick={() => onEmoji(file.id)}
          >
            <img src={file.path} alt="" loading="lazy" decoding="async" width={24} height={24} />
          </button>
        ))}
      </div>
    );
  } else {
    body = (
      <div
        className="chatx-picker__grid chatx-picker__grid--stickers"
        aria-label={t('chatUi.emoji.stickers')}
      >
        {files.map((file) => (
          <button
            key={`${file.pack}:${file.id}`}
            type="button"
            className="chatx-picker__sticker"
            title={file.id}
            aria-label={`${t('chatUi.message.sticker')} ${file.id}`}
            onClick={() => onSticker?.(file.path)}
          >
            <img src={file.path} alt="" loading="lazy" decoding="async" width={56} height={56} />
          </button>
        ))}
      </div>
    );
  }

  return (
    <div className="chatx-popover chatx-picker" data-testid="chat-emoji-picker">
      {tabs.length > 1 && (
        <Tabs
          tabs={tabs}
          value={tab}
          onChange={setTab}
          size="sm"
          fullWidth
          idBase="chat-picker"
          aria-label={t('chatUi.emoji.title')}
        />
      )}
      {tabs.length > 1 ? (
        <TabPanel idBase="chat-picker" id={tab} className="chatx-picker__body">
          {body}
        </TabPanel>
      ) : (
        <div className="chatx-picker__body">{body}</div>
      )}
    </div>
  );
}
