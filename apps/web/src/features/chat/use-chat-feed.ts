/**
 * The messages of one chat channel: history on open (`POST /api/chat/history`, shown reversed),
 * then the channel's realtime events (spec 2 section 4): new messages, quizzes and quiz answers
 * are added, removal events delete by id list, likes update the count. The history is read once the
 * server has joined this socket to the channel (and again after every reconnect: messages sent while
 * offline appear); events that arrive while it loads are kept and applied after it, so nothing is
 * lost in between (a message removed while a reloaded page joins the channel stays removed). Without
 * a live socket the history is read at once.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatChannel, ChatMessage, EventFrame } from '@nebula/contracts';
import {
  chatLikeEventRef,
  chatMessageEventRef,
  chatQuizAnsweredEventRef,
  chatQuizEventRef,
  chatRemoveMessagesEventRef,
  readEvent,
} from '@nebula/contracts/constants';
import { api } from '../../lib/api';
import type { RealtimeClient } from '../../lib/realtime';
import { chatApi } from './chat-api';
import { appendMessage, fromHistory, patchMessage, removeMessages } from './message-list';

export type FeedStatus = 'loading' | 'ready' | 'error';

type ListUpdate = (list: ChatMessage[]) => ChatMessage[];

/** The list change a channel event asks for, or null for events the chat does not use (or malformed). */
export function updateOf(frame: EventFrame): ListUpdate | null {
  const added =
    readEvent(chatMessageEventRef, frame) ??
    readEvent(chatQuizEventRef, frame) ??
    readEvent(chatQuizAnsweredEventRef, frame);
  if (added) return (list) => appendMessage(list, added.message);
  const removed = readEvent(chatRemoveMessagesEventRef, frame);
  if (removed) return (list) => removeMessages(list, removed.ids);
  const liked = readEvent(chatLikeEventRef, frame);
  if (liked) return (list) => patchMessage(list, liked.id, (message) => ({ ...message, likes: liked.likes }));
  return null;
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
          let messages = fromHistory(Array.isArray(history) ? history : []);
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

    // Events from now on wait for the history.
    pending.current = [];
    const offChannel = client.subscribe(
      channel,
      (frame) => {
        const change = updateOf(frame);
        if (change) apply(change);
      },
      load,
    );
    if (!client.connected) load();
    // The socket went away (before the join, or later): the history over HTTP meanwhile.
    const offDown = client.onDisconnect(load);
    return () => {
      cancelled = true;
      controller?.abort();
      pending.current = null;
      offChannel();
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
