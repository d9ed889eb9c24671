/**
 * Moderation (spec 2 section 6, chat_moderator): delete a message, delete all messages of a user,
 * mute for the spec's durations, unmute by name, the online users list ('Total: N user(s)' and
 * numbered names) and the quiz creation popup (question and answer; on failure the send button is
 * enabled again). Spec 2 section 8 texts: 'Muted successfully', 'Success', 'Unknown username'.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { ChatChannel } from '@nebula/contracts';
import { ChatErrorCode } from '@nebula/contracts/constants';
import { Button, Spinner, openModal, toast, useModal } from '../../ui';
import { api, isApiError } from '../../lib/api';
import i18n from '../../lib/i18n';
import { chatApi, fetchOnlineUsers, type OnlineUsers } from './chat-api';
import { MUTE_DURATIONS } from './chat-rules';
import { shortName } from './message-text';
import { useTranslation } from '../../lib/i18n';

function failText(error: unknown): string {
  if (isApiError(error) && error.code === ChatErrorCode.UnknownUsername) {
    return i18n.t('chatUi.moderation.unknownUsername');
  }
  if (isApiError(error) && error.code === ChatErrorCode.UnknownUser)
    return i18n.t('general.error.unknown_user');
  if (isApiError(error) && error.message && error.status !== 0) return error.message;
  return i18n.t('chatUi.moderation.failed');
}

/** Deletes one message; resolves with the removed ids (empty on failure, after a toast). */
export async function removeMessage(id: string): Promise<string[]> {
  try {
    const { ids } = await api(chatApi.removeMessage, { id });
    toast.success(i18n.t('chatUi.moderation.deleted'));
    return ids;
  } catch (error) {
    toast.error(failText(error));
    return [];
  }
}

/** Deletes every message of a user. */
export async function removeAllFrom(userId: string): Promise<string[]> {
  try {
    const { ids } = await api(chatApi.removeAllFrom, { id: userId });
    toast.success(i18n.t('chatUi.moderation.deletedAll'));
    return ids;
  } catch (error) {
    toast.error(failText(error));
    return [];
  }
}

/** Mutes a user (by id) for one of the spec's durations: 'Muted successfully'. */
export async function muteUser(userId: string, minutes: number): Promise<boolean> {
  try {
    await api(chatApi.mute, { id: userId, minutes });
    toast.success(i18n.t('chatUi.moderation.muted'));
    return true;
  } catch (error) {
    toast.error(failText(error));
    return false;
  }
}

/** Mutes a user by name (the /mute command): the id comes from POST /api/user/find. */
export async function muteByName(name: string, minutes: number): Promise<boolean> {
  let id: string;
  try {
    id = (await api(chatApi.findUser, { name })).id;
  } catch (error) {
    toast.error(
      isApiError(error) && error.status !== 0
        ? i18n.t('general.error.unknown_user')
        : i18n.t('chatUi.moderation.failed'),
    );
    return false;
  }
  return muteUser(id, minutes);
}

/** Unmutes by name: 'Success', or 'Unknown username'. */
export async function unmuteByName(name: string): Promise<boolean> {
  try {
    await api(chatApi.unmute, { name });
    toast.success(i18n.t('chatUi.moderation.unmuted'));
    return true;
  } catch (error) {
    toast.error(failText(error));
    return false;
  }
}

function UnmuteForm({ initialName }: { initialName: string }) {
  const { t } = useTranslation();
  const { close } = useModal();
  const [name, setName] = useState(initialName);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = name.trim().replace(/^@/, '');
    if (!value || busy) return;
    setBusy(true);
    const ok = await unmuteByName(value);
    setBusy(false);
    if (ok) close();
  };
  return (
    <form className="chatx-form" onSubmit={(event) => void submit(event)} data-testid="chat-unmute-form">
      <label className="chatx-field">
        <span>{t('chatUi.moderation.name')}</span>
        <input
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={64}
          autoComplete="off"
          autoFocus
          required
        />
      </label>
      <div className="chatx-form__actions">
        <Button variant="secondary" onClick={close}>
          {t('chatUi.moderation.cancel')}
        </Button>
        <Button type="submit" loading={busy} disabled={!name.trim()}>
          {t('chatUi.moderation.submitUnmute')}
        </Button>
      </div>
    </form>
  );
}

export function openUnmuteDialog(initialName = ''): void {
  openModal({
    id: 'chat-unmute',
    size: 'sm',
    title: i18n.t('chatUi.moderation.unmute'),
    content: <UnmuteForm initialName={initialName} />,
  });
}

function OnlineList({
  channel,
  onOpenProfile,
}: {
  channel: ChatChannel;
  onOpenProfile: (id: string) => void;
}) {
  const { t } = useTranslation();
  const { close } = useModal();
  const [state, setState] = useState<{ data?: OnlineUsers; failed?: boolean }>({});
  useEffect(() => {
    let live = true;
    fetchOnlineUsers(channel)
      .then((data) => live && setState({ data }))
      .catch(() => live && setState({ failed: true }));
    return () => {
      live = false;
    };
  }, [channel]);
  if (state.failed) return <p className="chatx-dialog-note">{t('chatUi.moderation.onlineFailed')}</p>;
  if (!state.data) {
    return (
      <div className="chatx-dialog-loading" aria-label={t('chatUi.moderation.onlineLoading')}>
        <Spinner />
      </div>
    );
  }
  const users = Array.isArray(state.data.users) ? state.data.users : [];
  return (
    <div className="chatx-online" data-testid="chat-online-users">
      <p className="chatx-online__total">{t('chat.totalUsers', { count: users.length })}</p>
      <ol className="chatx-online__list">
        {users.map((user, index) => (
          <li key={user._id}>
            <span className="chatx-online__n">{index + 1}.</span>
            <button
              type="button"
              className="chatx-link"
              onClick={() => {
                close();
                onOpenProfile(user._id);
              }}
            >
              {user.name}
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}

export function openOnlineUsers(channel: ChatChannel, onOpenProfile: (id: string) => void): void {
  openModal({
    id: 'chat-online',
    size: 'sm',
    title: i18n.t('chatUi.moderation.online'),
    content: <OnlineList channel={channel} onOpenProfile={onOpenProfile} />,
  });
}

function QuizForm({ channel }: { channel: ChatChannel }) {
  const { t } = useTranslation();
  const { close } = useModal();
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !question.trim() || !answer.trim()) return;
    setBusy(true);
    try {
      await api(chatApi.quiz, { question: question.trim(), answer: answer.trim(), channel });
      toast.success(t('chatUi.moderation.quizSent'));
      close();
    } catch (error) {
      // Spec 2 section 8: on failure the send button is enabled again.
      toast.error(failText(error));
      setBusy(false);
    }
  };
  return (
    <form className="chatx-form" onSubmit={(event) => void submit(event)} data-testid="chat-quiz-form">
      <label className="chatx-field">
        <span>{t('chatUi.moderation.question')}</span>
        <textarea
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          maxLength={300}
          rows={3}
          required
          autoFocus
        />
      </label>
      <label className="chatx-field">
        <span>{t('chatUi.moderation.answer')}</span>
        <input
          value={answer}
          onChange={(event) => setAnswer(event.target.value)}
          maxLength={100}
          autoComplete="off"
          required
        />
      </label>
      <div className="chatx-form__actions">
        <Button variant="secondary" onClick={close}>
          {t('chatUi.moderation.cancel')}
        </Button>
        <Button type="submit" disabled={busy || !question.trim() || !answer.trim()} loading={busy}>
          {t('chatUi.moderation.send')}
        </Button>
      </div>
    </form>
  );
}

export function openQuizDialog(channel: ChatChannel): void {
  openModal({
    id: 'chat-quiz',
    size: 'sm',
    title: i18n.t('chatUi.moderation.quiz'),
    content: <QuizForm channel={channel} />,
  });
}

function MuteChoices({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const { close } = useModal();
  const [busy, setBusy] = useState(false);
  return (
    <div className="chatx-durations" data-testid="chat-mute-dialog">
      {MUTE_DURATIONS.map((duration) => (
        <Button
          key={duration.minutes}
          variant={duration.key === 'forever' ? 'danger' : 'secondary'}
          size="sm"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void muteUser(userId, duration.minutes).then((ok) => (ok ? close() : setBusy(false)));
          }}
        >
          {t(`chatUi.moderation.durations.${duration.key}`)}
        </Button>
      ))}
    </div>
  );
}

/** `/mute name` without minutes: finds the player, then offers the spec's durations. */
export async function openMuteDialog(name: string): Promise<boolean> {
  let id: string;
  try {
    id = (await api(chatApi.findUser, { name })).id;
  } catch (error) {
    toast.error(
      isApiError(error) && error.status !== 0
        ? i18n.t('general.error.unknown_user')
        : i18n.t('chatUi.moderation.failed'),
    );
    return false;
  }
  openModal({
    id: 'chat-mute',
    size: 'sm',
    title: i18n.t('chatUi.moderation.muteFor', { name: shortName(name) }),
    content: <MuteChoices userId={id} />,
  });
  return true;
}
