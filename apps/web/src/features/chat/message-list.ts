/**
 * The chat's message list as pure functions (spec 2 sections 4 and 5): history arrives newest first
 * and is shown reversed (oldest at the top), live messages are appended, removal events delete by a
 * list of ids, likes update a message in place, and the list never grows beyond a bound. Messages of
 * ignored users are filtered when rendering, so unignoring shows them again.
 */

/** The fields the list needs; the chat message of the contract has them. */
export interface ListMessage {
  _id: string;
  user: { _id: string } | null;
}

/** Messages kept in the panel (older ones drop off the top). */
export const CHAT_LIST_LIMIT = 150;

/** The list from a history answer (newest first): oldest first, at most `limit`, unique ids. */
export function fromHistory<M extends ListMessage>(history: readonly M[], limit = CHAT_LIST_LIMIT): M[] {
  const seen = new Set<string>();
  const list: M[] = [];
  for (let i = history.length - 1; i >= 0; i--) {
    const message = history[i]!;
    if (seen.has(message._id)) continue;
    seen.add(message._id);
    list.push(message);
  }
  return list.length > limit ? list.slice(list.length - limit) : list;
}

/**
 * Appends a live message. A message already in the list (same id: the history and the socket can
 * both carry it) replaces the old copy in place. The oldest messages drop off beyond `limit`.
 */
export function appendMessage<M extends ListMessage>(
  list: readonly M[],
  message: M,
  limit = CHAT_LIST_LIMIT,
): M[] {
  const index = list.findIndex((entry) => entry._id === message._id);
  if (index !== -1) {
    const next = list.slice();
    next[index] = message;
    return next;
  }
  const next = [...list, message];
  return next.length > limit ? next.slice(next.length - limit) : next;
}

/** Removes every message whose id is in `ids`; the same array when nothing matched. */
export function removeMessages<M extends ListMessage>(list: M[], ids: readonly string[]): M[] {
  if (ids.length === 0) return list;
  const drop = new Set(ids);
  const next = list.filter((message) => !drop.has(message._id));
  return next.length === list.length ? list : next;
}

/** Removes every message of one user (a moderator's "delete all from user"). */
export function removeMessagesOf<M extends ListMessage>(list: M[], userId: string): M[] {
  const next = list.filter((message) => message.user?._id !== userId);
  return next.length === list.length ? list : next;
}

/** Applies a patch to one message; the same array when the id is unknown. */
export function patchMessage<M extends ListMessage>(list: M[], id: string, patch: (message: M) => M): M[] {
  const index = list.findIndex((entry) => entry._id === id);
  if (index === -1) return list;
  const next = list.slice();
  next[index] = patch(list[index]!);
  return next;
}

/** The messages to render: those of ignored users are hidden (spec 2 section 5). */
export function visibleMessages<M extends ListMessage>(list: M[], ignored: ReadonlySet<string>): M[] {
  if (ignored.size === 0) return list;
  return list.filter((message) => !message.user || !ignored.has(message.user._id));
}
