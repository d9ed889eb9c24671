/**
 * The signed-in player's chat fields (spec 2 section 3 "User": `mute`, `ignore`). They come with the
 * user data (`/auth/update`, login) and are kept on the stored user, so a reload remembers them;
 * the chat updates them from its own answers (ignore list) and from the `ChatMute` event.
 */
import { useMemo } from 'react';
import { useAppStore, type StoredUser } from '../../lib/store';

export interface ChatUserFields {
  /** Muted until this ISO time (null or absent: not muted). */
  mute?: string | null;
  /** Ids of the players whose messages are hidden. */
  ignore?: string[];
}

type ChatStoredUser = StoredUser & ChatUserFields;

const EMPTY: readonly string[] = [];

/** The ignore list of the signed-in player (empty for guests). */
export function useIgnoredIds(): ReadonlySet<string> {
  const ignore = useAppStore((state) => (state.user as ChatStoredUser | null)?.ignore ?? EMPTY);
  return useMemo(() => new Set(Array.isArray(ignore) ? ignore : EMPTY), [ignore]);
}

/** The stored mute date of the signed-in player (null when none). */
export function useMuteDate(): string | null {
  return useAppStore((state) => {
    const mute = (state.user as ChatStoredUser | null)?.mute;
    return typeof mute === 'string' ? mute : null;
  });
}

/** Merges chat fields into the stored user (no-op for guests). */
export function updateChatUser(patch: ChatUserFields): void {
  const { user, updateUser } = useAppStore.getState();
  if (!user) return;
  updateUser(patch as Partial<StoredUser>);
}
