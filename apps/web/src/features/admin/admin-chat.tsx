/**
 * Back office: chat moderation (issue 21 item 6, permission `moderateChat`; decision 0045). Tabs:
 * messages of every room (search by text and player, room and state filters, older pages, CSV export;
 * remove a message, mute / unmute its sender with a duration and a reason), the mutes in force, each
 * room's slow mode and quiz with the emoji packs, and the moderation audit log (administrators). Every
 * action is the in-chat moderator's action: the room sees it at once and the server audits it.
 */
import { useDeferredValue, useMemo, useState, type FormEvent } from 'react';
import type { AdminChatMessage } from '@nebula/contracts';
import { CHAT_CHANNELS, CHAT_MUTE_MINUTES, type ChatChannel } from '@nebula/contracts/constants';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Ban, MessageSquare, Trash2, Volume2 } from 'lucide-react';
import clsx from 'clsx';
import { Button, EmptyState, Tabs, toast } from '../../ui';
import { api, isApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { usePermission } from '../../lib/store';
import { AdminLayout, AdminLoading, LoadOlder } from './admin-pages';
import { adminChatApi, muteEnd, roomLabel } from './admin-chat-api';
import { ChatAuditPanel, MutesPanel, RoomsPanel } from './admin-chat-panels';
import { AdminSearch, AdminToolbar } from './admin-toolbar';
import { downloadCsv, toCsv } from './csv';
import { formatAdminDate } from './format';
import './admin-logs.css';
import './admin-chat-texts';
import './admin-chat.css';

type Tab = 'messages' | 'mutes' | 'rooms' | 'audit';
type State = 'all' | 'live' | 'removed';

function MuteForm({ message, onDone }: { message: AdminChatMessage; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [minutes, setMinutes] = useState<number>(60);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const name = message.user?.name ?? '';
  const mute = useMutation({
    mutationFn: () =>
      api(adminChatApi.mute, { userId: message.user?.id ?? '', minutes, reason: reason.trim() }),
    onSuccess: ({ until }) => {
      toast.success(t('adminChat.muteForm.done', { name, time: muteEnd(until, t('adminChat.forever')) }));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'chat'] });
      onDone();
    },
    onError: (err) => setError(isApiError(err) ? err.message : t('adminChat.failed')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError(t('adminChat.muteForm.needReason'));
    setError(null);
    mute.mutate();
  };
  return (
    <form className="ach-mute" onSubmit={submit} data-testid="chat-mute-form" noValidate>
      <strong className="ach-mute__title">{t('adminChat.muteForm.title', { name })}</strong>
      <label className="pg-field">
        <span>{t('adminChat.muteForm.duration')}</span>
        <select
          value={minutes}
          onChange={(event) => setMinutes(Number(event.target.value))}
          data-testid="chat-mute-minutes"
        >
          {CHAT_MUTE_MINUTES.map((value) => (
            <option key={value} value={value}>
              {t(`adminChat.durations.${value}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="pg-field ach-mute__reason">
        <span>{t('adminChat.muteForm.reason')}</span>
        <input
          value={reason}
          maxLength={300}
          placeholder={t('adminChat.muteForm.reasonHint')}
          onChange={(event) => {
            setReason(event.target.value);
            setError(null);
          }}
          data-testid="chat-mute-reason"
        />
      </label>
      <div className="ach-mute__actions">
        <Button size="sm" variant="ghost" onClick={onDone}>
          {t('adminChat.cancel')}
        </Button>
        <Button
          type="submit"
          size="sm"
          variant="danger"
          loading={mute.isPending}
          data-testid="chat-mute-submit"
        >
          {t('adminChat.muteForm.submit')}
        </Button>
      </div>
      {error && (
        <p className="ach-error ach-mute__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function MessageRow({ message }: { message: AdminChatMessage }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [muting, setMuting] = useState(false);
  const done = () => void queryClient.invalidateQueries({ queryKey: ['admin', 'chat'] });
  const remove = useMutation({
    mutationFn: () => api(adminChatApi.remove, { id: message.id }),
    onSuccess: () => {
      toast.success(t('adminChat.removedToast', { room: roomLabel(message.channel) }));
      setConfirming(false);
      done();
    },
    onError: (err) => toast.error(isApiError(err) ? err.message : t('adminChat.failed')),
  });
  const unmute = useMutation({
    mutationFn: () => api(adminChatApi.unmute, { userId: message.user?.id ?? '' }),
    onSuccess: () => {
      toast.success(t('adminChat.unmuted', { name: message.user?.name ?? '' }));
      done();
    },
    onError: (err) => toast.error(isApiError(err) ? err.message : t('adminChat.failed')),
  });
  const user = message.user;
  const canMute = user !== null && user.access === 'user';
  return (
    <li
      className={clsx('ach-msg', message.removedAt && 'is-removed')}
      data-testid="chat-admin-row"
      data-id={message.id}
    >
      <div className="ach-msg__meta">
        <span className="ach-room">{roomLabel(message.channel)}</span>
        <time dateTime={message.createdAt}>{formatAdminDate(message.createdAt)}</time>
      </div>
      <div className="ach-msg__body">
        <div className="ach-msg__who">
          {user ? (
            <strong className={clsx('ach-name', `ach-name--${user.access}`)}>{user.name}</strong>
          ) : (
            <span className="ach-name ach-name--system">{t(`adminChat.types.${message.type}`)}</span>
          )}
          {user && user.access !== 'user' && (
            <span className="pg-tag pg-tag--accent">{t(`adminChat.access.${user.access}`)}</span>
          )}
          {user && message.type !== 'message' && (
            <span className="pg-tag">{t(`adminChat.types.${message.type}`)}</span>
          )}
          {message.senderMutedUntil && (
            <span className="pg-tag ach-tag--muted" title={formatAdminDate(message.senderMutedUntil)}>
              <Ban size={11} aria-hidden="true" />
              {t('adminChat.mutedUntil', {
                time: muteEnd(message.senderMutedUntil, t('adminChat.forever')),
              })}
            </span>
          )}
        </div>
        <p className="ach-msg__text">
          {message.sticker ? (
            <img className="ach-sticker" src={message.sticker} alt={t('adminChat.sticker')} loading="lazy" />
          ) : (
            message.text
          )}
        </p>
        {message.removedAt && (
          <small className="ach-msg__removed">
            <Trash2 size={12} aria-hidden="true" />
            {message.removedBy
              ? t('adminChat.removedBy', { name: message.removedBy })
              : t('adminChat.removed')}{' '}
            · {formatAdminDate(message.removedAt)}
          </small>
        )}
      </div>
      <div className="ach-msg__actions">
        {confirming ? (
          <>
            <span className="ach-confirm">{t('adminChat.confirmRemove')}</span>
            <Button
              size="sm"
              variant="danger"
              loading={remove.isPending}
              onClick={() => remove.mutate()}
              data-testid="chat-remove-confirm"
            >
              {t('adminChat.confirm')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
              {t('adminChat.cancel')}
            </Button>
          </>
        ) : (
          <>
            {!message.removedAt && (
              <Button
                size="sm"
                variant="ghost"
                icon={<Trash2 size={14} />}
                onClick={() => setConfirming(true)}
                data-testid="chat-remove"
              >
                {t('adminChat.remove')}
              </Button>
            )}
            {canMute &&
              (message.senderMutedUntil ? (
                <Button
                  size="sm"
                  variant="secondary"
                  icon={<Volume2 size={14} />}
                  loading={unmute.isPending}
                  onClick={() => unmute.mutate()}
                  data-testid="chat-unmute"
                >
                  {t('adminChat.unmute')}
                </Button>
              ) : (
                <Button
                  size="sm"
                  variant={muting ? 'ghost' : 'secondary'}
                  icon={<Ban size={14} />}
                  onClick={() => setMuting((open) => !open)}
                  data-testid="chat-mute"
                >
                  {t('adminChat.mute')}
                </Button>
              ))}
          </>
        )}
      </div>
      {muting && !message.senderMutedUntil && <MuteForm message={message} onDone={() => setMuting(false)} />}
    </li>
  );
}

function MessagesPanel() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [player, setPlayer] = useState('');
  const [channel, setChannel] = useState('');
  const [state, setState] = useState<State>('all');
  const text = useDeferredValue(search.trim());
  const who = useDeferredValue(player.trim());
  const query = useInfiniteQuery({
    queryKey: ['admin', 'chat', 'messages', text, who, channel, state] as const,
    queryFn: ({ pageParam, signal }) =>
      api(
        adminChatApi.messages,
        {
          ...(text ? { search: text } : {}),
          ...(who ? { player: who } : {}),
          ...(channel ? { channel: channel as ChatChannel } : {}),
          state,
          ...(pageParam ? { before: pageParam } : {}),
        },
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
    refetchInterval: 10_000,
  });
  const messages = useMemo(() => query.data?.pages.flatMap((page) => page.messages) ?? [], [query.data]);
  const filtered = Boolean(text || who || channel || state !== 'all');
  const exportCsv = () => {
    const c = (key: string) => t(`adminChat.columns.${key}`);
    downloadCsv(
      'chat-messages',
      toCsv(
        ['Id', c('time'), c('room'), c('type'), c('player'), c('message'), c('state')],
        messages.map((m) => [
          m.id,
          m.createdAt,
          m.channel,
          m.type,
          m.user?.name ?? '',
          m.sticker ?? m.text,
          m.removedAt ? `removed ${m.removedAt} ${m.removedBy ?? ''}`.trim() : 'visible',
        ]),
      ),
    );
  };
  return (
    <>
      <AdminToolbar
        className="ach-toolbar"
        search={{
          value: search,
          onChange: setSearch,
          placeholder: t('adminChat.search'),
          maxLength: 100,
          testId: 'chat-admin-search',
        }}
        refresh={query}
        csv={{ onExport: exportCsv, count: messages.length, testId: 'chat-admin-export' }}
      >
        <AdminSearch
          value={player}
          onChange={setPlayer}
          placeholder={t('adminChat.player')}
          maxLength={64}
          testId="chat-admin-player"
        />
        <label className="ach-select">
          <span className="sr-only">{t('adminChat.room')}</span>
          <select
            value={channel}
            onChange={(event) => setChannel(event.target.value)}
            data-testid="chat-admin-room"
          >
            <option value="">{t('adminChat.allRooms')}</option>
            {CHAT_CHANNELS.map((id) => (
              <option key={id} value={id}>
                {roomLabel(id)}
              </option>
            ))}
          </select>
        </label>
        <label className="ach-select">
          <span className="sr-only">{t('adminChat.stateLabel')}</span>
          <select value={state} onChange={(event) => setState(event.target.value as State)}>
            {(['all', 'live', 'removed'] as const).map((value) => (
              <option key={value} value={value}>
                {t(`adminChat.state.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </AdminToolbar>
      {query.isPending ? (
        <AdminLoading rows={8} />
      ) : query.isError ? (
        <EmptyState tone="error" title={t('adminChat.loadFailed')} />
      ) : messages.length === 0 ? (
        <EmptyState
          icon={<MessageSquare size={28} />}
          title={t(filtered ? 'adminChat.noMatch' : 'adminChat.empty')}
        />
      ) : (
        <>
          <ul className="pg-card ach-list" data-testid="chat-admin-list">
            {messages.map((message) => (
              <MessageRow key={message.id} message={message} />
            ))}
          </ul>
          <LoadOlder query={query} label={t('adminChat.older')} />
        </>
      )}
    </>
  );
}

export function AdminChatPage() {
  const { t } = useTranslation();
  const title = t('adminChat.title');
  const [tab, setTab] = useState<Tab>('messages');
  const canAudit = usePermission('chatAudit');
  const tabs = (['messages', 'mutes', 'rooms', ...(canAudit ? (['audit'] as const) : [])] as const).map(
    (id) => ({ id, label: t(`adminChat.tabs.${id}`) }),
  );
  return (
    <AdminLayout title={title} crumbs={[{ label: title }]}>
      <p className="al-intro">{t('adminChat.intro')}</p>
      <Tabs<Tab>
        value={tab}
        onChange={setTab}
        variant="underline"
        aria-label={title}
        tabs={tabs}
        className="ach-tabs"
      />
      {tab === 'messages' && <MessagesPanel />}
      {tab === 'mutes' && <MutesPanel />}
      {tab === 'rooms' && <RoomsPanel />}
      {tab === 'audit' && canAudit && <ChatAuditPanel />}
    </AdminLayout>
  );
}
