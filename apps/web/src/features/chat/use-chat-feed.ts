/**
 * The messages of one chat channel: history on open (`POST /api/chat/history`, shown reversed),
 * then the channel's realtime events (spec 2 section 4): new messages, quizzes and quiz answers
 * are added, removal events delete by id list, likes update the count. Events that arrive while the
 * history loads are kept and applied after it, so nothing is lost in between; after a reconnect the
 * history is read again (messages sent while offline appear).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatChannel, ChatMessage } from '@nebula/contracts';
import type { EventFrame } from '@nebula/contracts';
import { api } from '../../lib/api';
import type { RealtimeClient } from '../../lib/realtime';
import { chatApi } from './chat-api';
import { appendMessage, fromHistory, patchMessage, removeMessages } from './message-list';

export type FeedStatus = 'loading' | 'ready' | 'error';

type ListUpdate = (list: ChatMessage[]) => ChatMessage[];

function isMessage(value: unknown): value is ChatMessage {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<ChatMessage>;
  return (
    typeof v._id === 'string' &&
    typeof v.type === 'string' &&
    typeof v.created_at === 'string' &&
    !!v.data &&
    typeof v.data === 'object'
  );
}

/** The list change a channel event asks for, or null for events the chat does not use. */
export function updateOf(frame: EventFrame): ListUpdate | null {
  const data = frame.data as Record<string, unknown> | null;
  if (!data || typeof data !== 'object') return null;
  switch (frame.event) {
    case 'ChatMessage':
    case 'ChatQuiz':
    case 'ChatQuizAnswered': {
      const message = data.message;
      if (!isMessage(message)) return null;
      return (list) => appendMessage(list, message);
    }
    case 'ChatRemoveMessages': {
      const ids = Array.isArray(data.ids)
        ? data.ids.filter((id): id is string => typeof id === 'string')
        : [];
      return (list) => removeMessages(list, ids);
    }
    case 'ChatLike': {
      const { id, likes } = data;
      if (typeof id !== 'string' || typeof likes !== 'number') return null;
      return (list) => patchMessage(list, id, (message) => ({ ...message, likes }));
    }
    default:
      return null;
  }
}

export interface ChatFeed {
  status: FeedStatus;
  messages: ChatMessage[];
  /** Applies a local change (e.g. the answer of one's own send, or a like). */
  update: (change: ListUpdate) => void;
  retry: () => void;
}

export function useChatFeed(client: RealtimeClient, channel: ChatChannel): ChatFeed {
  const [state, setState] = useState<{ channel: ChatChannel; status: FeedStatus; messages: ChatMessage[] }>(
    () => ({ channel, status: 'loading', messages: [] }),
  );
  const [attempt, setAttempt] = useState(0);
  // Changes made while the history is loading wait here.
  const pending = useRef<ListUpdate[] | null>(null);

  // A new channel starts empty and loading (derived during render, no effect needed).
  if (state.channel !== channel) setState({ channel, status: 'loading', messages: [] });

  const apply = useCallback(
    (change: ListUpdate) => {
      if (pending.current) {
        pending.current.push(change);
        return;
      }
      setState((current) =>
        current.channel === channel ? { ...current, messages: change(current.messages) } : current,
      );
    },
    [channel],
  );

  useEffect(() => {
    let cancelled = false;
    let controller: AbortController | null = null;

    const load = () => {
      controller?.abort();
      const ownController = new AbortController();
      controller = ownController;
      pending.current = [];
      api(chatApi.history, { channel }, { signal: ownController.signal })
        .then((history) => {
          if (cancelled || ownController.signal.aborted) return;
          let messages = fromHistory(Array.isArray(history) ? history.filter(isMessage) : []);
          for (const change of pending.current ?? []) messages = change(messages);
          pending.current = null;
          setState({ channel, status: 'ready', messages });
        })
        .catch((error: unknown) => {
          if (cancelled || ownController.signal.aborted) return;
          if (error instanceof DOMException && error.name === 'AbortError') return;
          pending.current = null;
          setState((current) => ({
            ...current,
            channel,
            status: current.messages.length ? 'ready' : 'error',
          }));
        });
    };

    const offChannel = client.subscribe(channel, (frame) => {
      const change = updateOf(frame);
      if (change) apply(change);
    });
    // After a reconnect, read the history again: messages of the outage would be missing.
    let wasDown = false;
    const offDown = client.onDisconnect(() => {
      wasDown = true;
    });
    const offConnect = client.onConnect(() => {
      if (!wasDown) return;
      wasDown = false;
      load();
    });
    load();
    return () => {
      cancelled = true;
      controller?.abort();
      pending.current = null;
      offChannel();
      offConnect();
      offDown();
    };
  }, [client, channel, apply, attempt]);

  const retry = useCallback(() => {
    setState((current) => ({ ...current, status: 'loading' }));
    setAttempt((n) => n + 1);
  }, []);

  return {
    status: state.channel === channel ? state.status : 'loading',
    messages: state.channel === channel ? state.messages : [],
    update: apply,
    retry,
  };
}
