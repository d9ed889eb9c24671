import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, EventFrame } from '@nebula/contracts';
import { isEventData, type EventRef } from '@nebula/contracts/constants';
import '../../lib/i18n';
import { events } from '../../lib/events';
import { DEFAULT_SETTINGS, useAppStore, type StoredUser } from '../../lib/store';
import { useToastStore } from '../../ui';

/** A stand-in for the realtime client: channel listeners and event handlers the test drives. */
const fake = vi.hoisted(() => {
  const channels = new Map<string, Set<(frame: unknown) => void>>();
  const handlers = new Map<string, Set<(data: unknown) => void>>();
  return {
    channels,
    handlers,
    client: {
      connected: true,
      // The server joins the channel at once (RealtimeClient calls onJoined once it answered).
      subscribe(channel: string, handler: (frame: unknown) => void, onJoined?: () => void) {
        const set = channels.get(channel) ?? new Set();
        channels.set(channel, set);
        set.add(handler);
        if (onJoined) queueMicrotask(onJoined);
        return () => set.delete(handler);
      },
      // Like RealtimeClient.on: by the reference's name, only data that passes its guard.
      on(ref: EventRef, handler: (data: unknown) => void) {
        const set = handlers.get(ref.name) ?? new Set();
        handlers.set(ref.name, set);
        const guarded = (data: unknown) => {
          if (isEventData(ref, data)) handler(data);
        };
        set.add(guarded);
        return () => set.delete(guarded);
      },
      onConnect: () => () => {},
      onDisconnect: () => () => {},
    },
  };
});

vi.mock('../../lib/realtime-provider', () => ({
  useRealtime: () => fake.client,
  useOnlineCount: () => ({ total: 12, users: 5, guests: 7 }),
}));

const { ChatRoom } = await import('./chat-room');

function emit(channel: string, event: string, data: unknown) {
  const frame: EventFrame = { channel, event, data };
  act(() => {
    for (const handler of fake.channels.get(channel) ?? []) handler(frame);
  });
}

function emitPrivate(event: string, data: unknown) {
  act(() => {
    for (const handler of fake.handlers.get(event) ?? []) handler(data);
  });
}

const ME: StoredUser & { ignore: string[]; mute?: string | null } = {
  _id: 'u-me',
  name: 'me_player',
  roles: [{ id: 'player' }],
  permissions: [],
  token: 'token-me',
  ignore: ['u-ignored'],
};

let seq = 0;
function text(
  user: { _id: string; name: string; access?: 'admin' | 'moderator' | 'user' },
  message: string,
): ChatMessage {
  seq += 1;
  return {
    _id: `m${seq}`,
    type: 'message',
    user: { _id: user._id, name: user.name, avatar: null, access: user.access ?? 'user' },
    data: { message },
    created_at: new Date(Date.UTC(2025, 0, 1, 12, seq)).toISOString(),
    vipLevel: 0,
    channel: 'casino_en',
    likes: 0,
  };
}

const alice = { _id: 'u-alice', name: 'Alice Wonder' };
const ignored = { _id: 'u-ignored', name: 'spammer' };

interface Call {
  path: string;
  body: Record<string, unknown>;
}

function mockApi(
  history: ChatMessage[],
  answer?: (call: Call) => { status?: number; body: unknown } | undefined,
) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://casino.test').pathname;
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    calls.push({ path, body });
    const custom = answer?.({ path, body });
    let status = 200;
    let data: unknown = {};
    if (custom) {
      status = custom.status ?? 200;
      data = custom.body;
    } else if (path === '/api/chat/history') data = history;
    else if (path === '/api/chat/emoji/packs')
      data = [{ metadata: { name: 'Test' }, files: [{ id: 'smile', path: '/api/chat/emoji/t/smile.svg' }] }];
    return new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

function renderRoom(onOpenBet = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ChatRoom onOpenBet={onOpenBet} onClose={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onOpenBet };
}

function rows() {
  return screen.queryAllByTestId('chat-message');
}

beforeEach(() => {
  localStorage.clear();
  useAppStore.setState({ ...DEFAULT_SETTINGS, user: { ...ME }, chatRulesAccepted: true, demo: false });
  useToastStore.getState().clear();
  fake.channels.clear();
  fake.handlers.clear();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ChatRoom', () => {
  it('shows the history reversed, escapes HTML, replaces emoji and hides ignored players', async () => {
    const xss = text(alice, '<img src=x onerror="window.hacked=1"> :smile: <script>alert(1)</script>');
    const first = text(alice, 'first');
    const hidden = text(ignored, 'buy my stuff');
    // The server answers newest first.
    mockApi([xss, hidden, first]);
    renderRoom();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows().map((row) => row.dataset.messageId)).toEqual([first._id, xss._id]);
    const xssRow = rows()[1]!;
    expect(xssRow.textContent).toContain('<img src=x onerror="window.hacked=1">');
    expect(xssRow.textContent).toContain('<script>alert(1)</script>');
    // The only image in the text is the emoji of the pack.
    const images = xssRow.querySelectorAll('.chatx-content img');
    expect(images).toHaveLength(1);
    expect(images[0]!.getAttribute('src')).toBe('/api/chat/emoji/t/smile.svg');
    expect(xssRow.querySelector('script')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    // Names are shortened: first word and the initial of the second.
    expect(within(xssRow).getByTestId('chat-name').textContent).toBe('Alice W.');
    expect(screen.queryByText('buy my stuff')).toBeNull();
  });

  it('adds live messages, removes by id list, updates likes and follows the ignore list', async () => {
    const one = text(alice, 'one');
    mockApi([one]);
    renderRoom();
    await waitFor(() => expect(rows()).toHaveLength(1));

    const two = text({ _id: 'u-mod', name: 'mod', access: 'moderator' }, 'two');
    emit('casino_en', 'ChatMessage', { message: two, channel: 'casino_en' });
    expect(rows().map((row) => row.dataset.messageId)).toEqual([one._id, two._id]);
    expect(rows()[1]!.className).toContain('chatx-msg--moderator');
    expect(within(rows()[1]!).getByText('Mod')).toBeTruthy();

    // Messages of ignored players stay hidden when they arrive live too.
    emit('casino_en', 'ChatMessage', { message: text(ignored, 'spam'), channel: 'casino_en' });
    expect(rows()).toHaveLength(2);

    emit('casino_en', 'ChatLike', { id: one._id, likes: 3, channel: 'casino_en' });
    expect(within(rows()[0]!).getByTestId('chat-likes').textContent).toBe('3');

    emit('casino_en', 'ChatRemoveMessages', { ids: [one._id, 'unknown'], channel: 'casino_en' });
    expect(rows().map((row) => row.dataset.messageId)).toEqual([two._id]);

    // Unignoring (the user data changes) shows the player's messages again.
    act(() => useAppStore.getState().updateUser({ ignore: [] } as Partial<StoredUser>));
    expect(screen.getByText('spam')).toBeTruthy();
  });

  it('renders quiz, quiz answer, service and shared-bet messages', async () => {
    const quiz: ChatMessage = {
      ...text(alice, ''),
      type: 'quiz',
      user: null,
      data: { question: 'What is 2+2?', reward: '1', currency: 'usdt' },
    } as ChatMessage;
    const answered: ChatMessage = {
      ...text(alice, ''),
      type: 'quiz_answered',
      user: null,
      data: { user: alice, question: 'What is 2+2?', correct: '4', reward: '1', currency: 'usdt' },
    } as ChatMessage;
    const service: ChatMessage = {
      ...text(alice, ''),
      type: 'service',
      user: null,
      data: { kind: 'tip', text: 'Alice tipped Bob 1 USDT <b>' },
    } as ChatMessage;
    const bet: ChatMessage = {
      ...text(alice, ''),
      type: 'game_link',
      data: {
        _id: '42',
        id: '42',
        game: 'dice',
        name: 'Dice',
        currency: 'usdt',
        splitTotal: '5',
        multiplier: '2.00',
      },
    } as ChatMessage;
    mockApi([bet, service, answered, quiz]);
    const { onOpenBet } = renderRoom();
    await waitFor(() => expect(screen.getByTestId('chat-quiz')).toBeTruthy());
    expect(screen.getByTestId('chat-quiz').textContent).toContain('What is 2+2?');
    expect(screen.getByTestId('chat-quiz-answered').textContent).toContain('Alice W. answered correctly');
    expect(screen.getByText('Alice tipped Bob 1 USDT <b>')).toBeTruthy();
    fireEvent.click(screen.getByTestId('chat-bet-card'));
    expect(onOpenBet).toHaveBeenCalledWith('42');
  });

  it('sends a message, strips newlines, and counts down the slow mode', async () => {
    const calls = mockApi([], ({ path, body }) =>
      path === '/api/chat/send'
        ? {
            body: { ...text({ _id: 'u-me', name: 'me_player' }, String(body.message)), channel: 'casino_en' },
          }
        : undefined,
    );
    renderRoom();
    await waitFor(() => expect(screen.getByText('No messages yet. Say hi!')).toBeTruthy());
    const input = screen.getByTestId('chat-input');
    fireEvent.change(input, { target: { value: 'hi\nthere :smile:' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(calls.find((call) => call.path === '/api/chat/send')?.body).toEqual({
      message: 'hi there :smile:',
      channel: 'casino_en',
    });
    expect((input as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('chat-send').getAttribute('aria-label')).toMatch(/Slow mode: wait [45] s/);

    // A second message within 5 s is refused on the client with the slow mode text.
    fireEvent.change(input, { target: { value: 'again' } });
    fireEvent.submit(input.closest('form')!);
    expect(useToastStore.getState().toasts.at(-1)?.text).toMatch(/1 message per 5 seconds/);
    expect(calls.filter((call) => call.path === '/api/chat/send')).toHaveLength(1);
  });

  it('shows the spec texts for length (code 1) and mute (code 2) errors', async () => {
    const until = new Date(Date.now() + 3_600_000).toISOString();
    mockApi([], ({ path }) =>
      path === '/api/chat/send'
        ? { status: 403, body: { code: 2, message: `Chat is muted until ${until}` } }
        : undefined,
    );
    renderRoom();
    await waitFor(() => expect(screen.getByText('No messages yet. Say hi!')).toBeTruthy());
    const input = screen.getByTestId('chat-input');
    fireEvent.change(input, { target: { value: 'x'.repeat(161) } });
    fireEvent.submit(input.closest('form')!);
    expect(useToastStore.getState().toasts.at(-1)?.text).toBe('Message is too short or long');

    fireEvent.change(input, { target: { value: 'hello' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(screen.getByTestId('chat-muted')).toBeTruthy());
    expect(screen.getByTestId('chat-muted').textContent).toMatch(/^Chat is muted until /);
    expect(String(useToastStore.getState().toasts.at(-1)?.text)).toMatch(/^Chat is muted until /);
    expect(screen.queryByTestId('chat-input')).toBeNull();

    // The unmute event gives the input back.
    emitPrivate('ChatMute', { mute: null });
    expect(screen.getByTestId('chat-input')).toBeTruthy();
  });

  it('asks for the rules first: they open on the first click and are remembered with the dated key', async () => {
    useAppStore.setState({ chatRulesAccepted: false, chatRulesExpanded: false });
    const calls = mockApi([]);
    renderRoom();
    const input = await screen.findByTestId('chat-input');
    fireEvent.pointerDown(input);
    expect(screen.getByTestId('chat-rules').textContent).toContain('No begging.');
    // Only one popover at a time: the emoji picker replaces the rules.
    fireEvent.click(screen.getByTestId('chat-emoji'));
    expect(screen.queryByTestId('chat-rules')).toBeNull();
    expect(screen.getByTestId('chat-emoji-picker')).toBeTruthy();
    // A second click does not open them again (remembered), but sending does.
    fireEvent.pointerDown(input);
    expect(screen.queryByTestId('chat-rules')).toBeNull();
    fireEvent.change(input, { target: { value: 'hello' } });
    fireEvent.submit(input.closest('form')!);
    expect(screen.getByTestId('chat-rules')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/chat/send')).toBe(false);
    fireEvent.click(screen.getByTestId('chat-accept-rules'));
    expect(useAppStore.getState().chatRulesAccepted).toBe(true);
    expect(localStorage.getItem('nebula:settings')).toContain('"chatRulesAccepted:27.06.2024":true');
  });

  it('runs commands: ignore calls the API, tip goes to the tips feature, unknown ones are sent', async () => {
    const calls = mockApi([], ({ path, body }) => {
      if (path === '/api/user/ignore') return { body: { ignore: ['u-ignored', 'u-bob'] } };
      if (path === '/api/user/unignore')
        return { status: 422, body: { code: 'general.error.unknown_user', message: 'Unknown user.' } };
      if (path === '/api/chat/send')
        return { body: text({ _id: 'u-me', name: 'me_player' }, String(body.message)) };
      return undefined;
    });
    const commands: unknown[] = [];
    const off = events.on('chat:command', (payload) => commands.push(payload));
    renderRoom();
    const input = await screen.findByTestId('chat-input');

    fireEvent.change(input, { target: { value: '/' } });
    expect(screen.getByTestId('chat-commands').textContent).toContain('/tip name amount');
    // Moderator commands are not listed for players.
    expect(screen.getByTestId('chat-commands').textContent).not.toContain('/mute');

    fireEvent.change(input, { target: { value: '/ignore bob' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(calls.some((call) => call.path === '/api/user/ignore')).toBe(true));
    await waitFor(() =>
      expect((useAppStore.getState().user as { ignore?: string[] }).ignore).toEqual(['u-ignored', 'u-bob']),
    );

    fireEvent.change(input, { target: { value: '/unignore nobody' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(useToastStore.getState().toasts.at(-1)?.text).toBe('Unknown user'));

    fireEvent.change(input, { target: { value: '/tip alice 0.5' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() =>
      expect(commands).toEqual([{ name: 'tip', args: ['alice', '0.5'], channel: 'casino_en' }]),
    );
    off();

    fireEvent.change(input, { target: { value: '/shrug' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/chat/send')?.body).toEqual({
        message: '/shrug',
        channel: 'casino_en',
      }),
    );
  });

  it('shows a login button to guests and the moderator tools to moderators', async () => {
    useAppStore.setState({ user: null });
    mockApi([]);
    renderRoom();
    expect(await screen.findByTestId('chat-login')).toBeTruthy();
    expect(screen.queryByTestId('chat-input')).toBeNull();
    expect(screen.queryByTestId('chat-mod-tools')).toBeNull();
    cleanup();

    useAppStore.setState({
      user: { ...ME, permissions: [{ id: 'moderateChat', permissions: { active: true } }] },
    });
    renderRoom();
    expect(await screen.findByTestId('chat-mod-tools')).toBeTruthy();
  });

  it('sends a sticker from the picker over the ChatStickerMessage whisper', async () => {
    const calls = mockApi([], ({ path, body }) =>
      path === '/api/whisper'
        ? {
            body: {
              ...text({ _id: 'u-me', name: 'me_player' }, ''),
              data: { message: '', sticker: (body.data as { url: string }).url },
            },
          }
        : undefined,
    );
    renderRoom();
    fireEvent.click(await screen.findByTestId('chat-emoji'));
    fireEvent.click(await screen.findByRole('tab', { name: 'Stickers' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sticker smile' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(calls.find((call) => call.path === '/api/whisper')?.body).toEqual({
      event: 'ChatStickerMessage',
      data: { url: '/api/chat/emoji/t/smile.svg', channel: 'casino_en' },
    });
    expect(rows()[0]!.querySelector('img.chatx-sticker')?.getAttribute('src')).toBe(
      '/api/chat/emoji/t/smile.svg',
    );
    expect(screen.queryByTestId('chat-emoji-picker')).toBeNull();
  });

  it('gives moderators delete, delete-all and the mute durations in the message menu', async () => {
    useAppStore.setState({
      user: { ...ME, permissions: [{ id: 'moderateChat', permissions: { active: true } }] },
    });
    const bad = text(alice, 'rude words');
    const other = text(alice, 'more rude words');
    const calls = mockApi([other, bad], ({ path, body }) => {
      if (path === '/api/chat/moderate/removeMessage') return { body: { ids: [body.id] } };
      if (path === '/api/chat/moderate/mute')
        return { body: { message: 'Muted successfully', until: '2030-01-01T00:00:00Z' } };
      return undefined;
    });
    renderRoom();
    await waitFor(() => expect(rows()).toHaveLength(2));

    fireEvent.click(within(rows()[0]!).getByTestId('chat-message-menu'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete message' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(calls.find((call) => call.path === '/api/chat/moderate/removeMessage')?.body).toEqual({
      id: bad._id,
    });

    fireEvent.click(within(rows()[0]!).getByTestId('chat-message-menu'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Mute' }));
    expect(
      screen
        .getAllByRole('menuitem')
        .map((item) => item.textContent)
        .slice(-8),
    ).toEqual(['5 min', '15 min', '1 hour', '1 day', '1 week', '30 days', '180 days', 'Forever']);
    fireEvent.click(screen.getByTestId('chat-mute-forever'));
    await waitFor(() => expect(useToastStore.getState().toasts.at(-1)?.text).toBe('Muted successfully'));
    expect(calls.find((call) => call.path === '/api/chat/moderate/mute')?.body).toEqual({
      id: alice._id,
      minutes: 52_560_000,
    });
  });

  it('selects the sport channel on /sportsbook', async () => {
    const calls = mockApi([]);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/sportsbook']}>
          <ChatRoom onOpenBet={() => {}} onClose={() => {}} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(useAppStore.getState().channel).toBe('sport_en'));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/chat/history').at(-1)?.body).toEqual({
        channel: 'sport_en',
      }),
    );
    expect(fake.channels.has('sport_en')).toBe(true);
    expect(screen.getByTestId('chat-messages').dataset.channel).toBe('sport_en');
  });
});
