/**
 * The chat moderation screen's other tabs (admin-chat.tsx holds the messages): the mutes in force
 * (search, CSV export, unmute), the rooms (slow mode, quiz start / stop, emoji packs) and the
 * moderation audit log (administrators: `chatAudit`).
 */
import { useDeferredValue, useMemo, useState, type FormEvent } from 'react';
import type { AdminChatRoom, ChatAuditEntry } from '@nebula/contracts';
import { CHAT_ROOM_SLOW_MODE_MIN_SECONDS, type ChatChannel } from '@nebula/contracts/constants';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, Clock, CloudRain, HelpCircle, ScrollText, Smile, Square } from 'lucide-react';
import { Link } from 'react-router';
import { Button, EmptyState, toast } from '../../ui';
import { api, isApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { AdminLoading, AdminTable, LoadOlder } from './admin-pages';
import { adminChatApi, muteEnd, roomLabel } from './admin-chat-api';
import { AdminToolbar } from './admin-toolbar';
import { downloadCsv, toCsv } from './csv';
import { formatAdminDate } from './format';

const failed = (err: unknown, fallback: string) => (isApiError(err) ? err.message : fallback);

export function MutesPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim());
  const query = useQuery({
    queryKey: ['admin', 'chat', 'mutes', term] as const,
    queryFn: ({ signal }) =>
      api(adminChatApi.mutes, term ? { search: term } : {}, { signal }).then((answer) => answer.mutes),
    refetchInterval: 15_000,
  });
  const unmute = useMutation({
    mutationFn: (mute: { userId: string; name: string }) =>
      api(adminChatApi.unmute, { userId: mute.userId }).then(() => mute),
    onSuccess: (mute) => {
      toast.success(t('adminChat.unmuted', { name: mute.name }));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'chat'] });
    },
    onError: (err) => toast.error(failed(err, t('adminChat.failed'))),
  });
  const mutes = query.data ?? [];
  const forever = t('adminChat.forever');
  const exportCsv = () => {
    const c = (key: string) => t(`adminChat.columns.${key}`);
    downloadCsv(
      'chat-mutes',
      toCsv(
        [c('player'), 'Id', c('until'), c('reason'), c('by'), c('at')],
        mutes.map((m) => [m.name, m.userId, m.until, m.reason, m.mutedBy, m.mutedAt]),
      ),
    );
  };
  return (
    <>
      <AdminToolbar
        search={{
          value: search,
          onChange: setSearch,
          placeholder: t('adminChat.mutes.search'),
          maxLength: 64,
          testId: 'chat-mutes-search',
        }}
        refresh={query}
        csv={{ onExport: exportCsv, count: mutes.length }}
      />
      <AdminTable
        query={query}
        count={mutes.length}
        loadingRows={4}
        errorTitle={t('adminChat.loadFailed')}
        empty={
          <EmptyState
            icon={<Ban size={28} />}
            title={t(term ? 'adminChat.mutes.noMatch' : 'adminChat.mutes.empty')}
            text={term ? undefined : t('adminChat.mutes.emptyText')}
          />
        }
        className="al-table"
        testId="chat-mutes-table"
        head={
          <>
            <th>{t('adminChat.columns.player')}</th>
            <th>{t('adminChat.columns.until')}</th>
            <th>{t('adminChat.columns.reason')}</th>
            <th>{t('adminChat.columns.by')}</th>
            <th aria-label={t('adminChat.unmute')} />
          </>
        }
      >
        {mutes.map((mute) => (
          <tr key={mute.userId} data-testid="chat-mute-row" data-name={mute.name}>
            <td>
              <strong>{mute.name}</strong>
            </td>
            <td className="al-nowrap">
              <span className="pg-tag ach-tag--muted">{muteEnd(mute.until, forever)}</span>
            </td>
            <td className="ach-reason">{mute.reason ?? '—'}</td>
            <td className="al-nowrap">
              {mute.mutedBy ?? '—'}
              {mute.mutedAt && <small className="ach-sub">{formatAdminDate(mute.mutedAt)}</small>}
            </td>
            <td className="al-nowrap ach-right">
              <Button
                size="sm"
                variant="secondary"
                loading={unmute.isPending && unmute.variables?.userId === mute.userId}
                onClick={() => unmute.mutate(mute)}
                data-testid="chat-mutes-unmute"
              >
                {t('adminChat.unmute')}
              </Button>
            </td>
          </tr>
        ))}
      </AdminTable>
    </>
  );
}

const SLOW_STEPS = [0, 10, 30, 60, 120, 300, 600] as const;

function QuizForm({ room, onStarted }: { room: AdminChatRoom; onStarted: () => void }) {
  const { t } = useTranslation();
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState('');
  const start = useMutation({
    mutationFn: () =>
      api(adminChatApi.quizStart, {
        channel: room.channel as ChatChannel,
        question: question.trim(),
        answer: answer.trim(),
      }),
    onSuccess: () => {
      toast.success(t('adminChat.rooms.started', { room: roomLabel(room.channel) }));
      setQuestion('');
      setAnswer('');
      onStarted();
    },
    onError: (err) => toast.error(failed(err, t('adminChat.failed'))),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (question.trim() && answer.trim()) start.mutate();
  };
  return (
    <form className="ach-quiz-form" onSubmit={submit}>
      <input
        value={question}
        maxLength={300}
        placeholder={t('adminChat.rooms.question')}
        aria-label={t('adminChat.rooms.question')}
        onChange={(event) => setQuestion(event.target.value)}
      />
      <input
        value={answer}
        maxLength={100}
        placeholder={t('adminChat.rooms.answer')}
        aria-label={t('adminChat.rooms.answer')}
        onChange={(event) => setAnswer(event.target.value)}
      />
      <Button
        type="submit"
        size="sm"
        icon={<HelpCircle size={14} />}
        loading={start.isPending}
        disabled={!question.trim() || !answer.trim()}
      >
        {t('adminChat.rooms.start')}
      </Button>
    </form>
  );
}

function RoomCard({ room }: { room: AdminChatRoom }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['admin', 'chat'] });
  const channel = room.channel as ChatChannel;
  const slow = useMutation({
    mutationFn: (seconds: number) => api(adminChatApi.slowMode, { channel, seconds }),
    onSuccess: () => {
      toast.success(t('adminChat.rooms.slowSaved', { room: roomLabel(room.channel) }));
      refresh();
    },
    onError: (err) => toast.error(failed(err, t('adminChat.failed'))),
  });
  const stop = useMutation({
    mutationFn: () => api(adminChatApi.quizStop, { channel }),
    onSuccess: () => {
      toast.success(t('adminChat.rooms.stopped', { room: roomLabel(room.channel) }));
      refresh();
    },
    onError: (err) => toast.error(failed(err, t('adminChat.failed'))),
  });
  const steps: number[] = SLOW_STEPS.includes(room.slowModeSeconds as never)
    ? [...SLOW_STEPS]
    : [...SLOW_STEPS, room.slowModeSeconds].sort((a, b) => a - b);
  return (
    <section className="pg-card ach-room-card" data-testid="chat-room-card" data-channel={room.channel}>
      <header className="ach-room-card__head">
        <h2 className="pg-card__title">{roomLabel(room.channel)}</h2>
        <small>{t('adminChat.rooms.lastHour', { count: room.lastHour })}</small>
      </header>
      <label className="ach-room-card__row">
        <span>
          <Clock size={14} aria-hidden="true" /> {t('adminChat.rooms.slowMode')}
        </span>
        <select
          className="ach-select__input"
          value={room.slowModeSeconds}
          disabled={slow.isPending}
          onChange={(event) => slow.mutate(Number(event.target.value))}
          data-testid="chat-room-slow"
        >
          {steps
            .filter((s) => s === 0 || s >= CHAT_ROOM_SLOW_MODE_MIN_SECONDS)
            .map((s) => (
              <option key={s} value={s}>
                {s === 0 ? t('adminChat.rooms.slowOff') : t('adminChat.rooms.seconds', { count: s })}
              </option>
            ))}
        </select>
      </label>
      <div className="ach-room-card__quiz">
        <span className="ach-room-card__label">
          <HelpCircle size={14} aria-hidden="true" /> {t('adminChat.rooms.quiz')}
        </span>
        {room.quiz ? (
          <div className="ach-quiz" data-testid="chat-room-quiz">
            <p className="ach-quiz__q">{room.quiz.question}</p>
            <dl className="ach-quiz__facts">
              <dt>{t('adminChat.rooms.answer')}</dt>
              <dd>
                <code>{room.quiz.answer}</code>
              </dd>
              <dt>{t('adminChat.rooms.prize')}</dt>
              <dd>
                {room.quiz.reward} {room.quiz.currency.toUpperCase()}
              </dd>
            </dl>
            <small className="ach-sub">
              {t('adminChat.rooms.startedBy', {
                name: room.quiz.startedBy ?? '—',
                time: formatAdminDate(room.quiz.startedAt),
              })}
            </small>
            <Button
              size="sm"
              variant="danger"
              icon={<Square size={12} />}
              loading={stop.isPending}
              onClick={() => stop.mutate()}
            >
              {t('adminChat.rooms.stop')}
            </Button>
          </div>
        ) : (
          <>
            <small className="ach-sub">{t('adminChat.rooms.noQuiz')}</small>
            <QuizForm room={room} onStarted={refresh} />
          </>
        )}
      </div>
    </section>
  );
}

function EmojiPacks() {
  const { t } = useTranslation();
  const packs = useQuery({
    queryKey: ['admin', 'chat', 'emoji'],
    queryFn: ({ signal }) => api(adminChatApi.emojiPacks, {}, { signal }),
    staleTime: 5 * 60_000,
  });
  if (!packs.data?.length) return null;
  return (
    <section className="pg-card ach-emoji">
      <h2 className="pg-card__title">
        <Smile size={16} aria-hidden="true" /> {t('adminChat.rooms.emoji')}
      </h2>
      <p className="ach-sub">{t('adminChat.rooms.emojiText')}</p>
      {packs.data.map((pack) => (
        <div key={pack.metadata.name} className="ach-emoji__pack">
          <strong>
            {pack.metadata.name}{' '}
            <small className="ach-sub">{t('adminChat.rooms.emojiCount', { count: pack.files.length })}</small>
          </strong>
          <div className="ach-emoji__grid">
            {pack.files.slice(0, 48).map((file) => (
              <img key={file.id} src={file.path} alt={`:${file.id}:`} title={`:${file.id}:`} />
            ))}
          </div>
        </div>
      ))}
    </section>
  );
}

function RainSchedule() {
  const { t } = useTranslation();
  const rain = useQuery({
    queryKey: ['admin', 'chat', 'rain'],
    queryFn: ({ signal }) => api(adminChatApi.rain, {}, { signal }),
    refetchInterval: 60_000,
  });
  if (!rain.data) return null;
  const { bot, slots } = rain.data;
  const r = (key: string, values?: Record<string, unknown>) => t(`adminChat.rain.${key}`, values);
  return (
    <section className="pg-card ach-emoji" data-testid="chat-rain">
      <h2 className="pg-card__title">
        <CloudRain size={16} aria-hidden="true" /> {r('title')}
        <span className={bot.enabled ? 'pg-tag pg-tag--accent' : 'pg-tag'}>
          {r(bot.enabled ? 'on' : 'off')}
        </span>
      </h2>
      <p className="ach-sub">
        {r('rules', {
          perDay: `${bot.perDayMin}–${bot.perDayMax}`,
          recipients: `${bot.recipientsMin}–${bot.recipientsMax}`,
          hours: bot.depositHours,
          amounts: Object.entries(bot.amounts)
            .map(([currency, amount]) => `${amount} ${currency.toUpperCase()}`)
            .join(', '),
          rooms: bot.channels.map(roomLabel).join(', '),
        })}{' '}
        <Link to="/admin/settings">{r('edit')}</Link>
      </p>
      {slots.length === 0 ? (
        <p className="ach-sub">{r('none')}</p>
      ) : (
        <div className="pg-table-wrap">
          <table className="pg-table al-table">
            <thead>
              <tr>
                <th>{r('due')}</th>
                <th>{r('amount')}</th>
                <th>{r('recipients')}</th>
                <th>{r('status')}</th>
              </tr>
            </thead>
            <tbody>
              {slots.map((slot) => (
                <tr key={`${slot.day}-${slot.slot}`}>
                  <td className="al-nowrap">{formatAdminDate(slot.dueAt)}</td>
                  <td className="al-nowrap">
                    {slot.amount} {slot.currency.toUpperCase()}
                  </td>
                  <td>{slot.recipients}</td>
                  <td className="ach-reason">
                    <span className={slot.status === 'done' ? 'pg-tag pg-tag--accent' : 'pg-tag'}>
                      {r(`states.${slot.status}`)}
                    </span>
                    {slot.note && <small className="ach-sub">{slot.note}</small>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function RoomsPanel() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['admin', 'chat', 'rooms'],
    queryFn: ({ signal }) => api(adminChatApi.rooms, {}, { signal }).then((answer) => answer.rooms),
    refetchInterval: 15_000,
  });
  if (query.isPending) return <AdminLoading rows={6} />;
  if (query.isError) return <EmptyState tone="error" title={t('adminChat.loadFailed')} />;
  return (
    <>
      <div className="ach-rooms">
        {query.data.map((room) => (
          <RoomCard key={room.channel} room={room} />
        ))}
      </div>
      <RainSchedule />
      <EmojiPacks />
    </>
  );
}

/** An audit entry's details in one line ("name · 60 min · Spamming"). */
function detailsOf(entry: ChatAuditEntry): string {
  const d = entry.details;
  const parts = [
    d.name,
    d.channel,
    d.question,
    d.minutes && `${String(d.minutes)} min`,
    d.seconds !== undefined && `${String(d.seconds)} s`,
    d.reason,
  ];
  return parts.filter((part) => typeof part === 'string' || typeof part === 'number').join(' · ');
}

export function ChatAuditPanel() {
  const { t } = useTranslation();
  const query = useInfiniteQuery({
    queryKey: ['admin', 'chat', 'audit'],
    queryFn: ({ pageParam, signal }) =>
      api(adminChatApi.audit, { limit: 50, ...(pageParam ? { before: pageParam } : {}) }, { signal }),
    initialPageParam: '',
    getNextPageParam: (last) => (last.entries.length === 50 ? last.entries[49]?.id : undefined),
    refetchInterval: 30_000,
  });
  const entries = useMemo(() => query.data?.pages.flatMap((page) => page.entries) ?? [], [query.data]);
  const exportCsv = () => {
    const c = (key: string) => t(`adminChat.columns.${key}`);
    downloadCsv(
      'chat-audit',
      toCsv(
        ['Id', c('time'), c('by'), c('action'), c('target'), c('details')],
        entries.map((e) => [e.id, e.created_at, e.actor.name, e.action, e.target, JSON.stringify(e.details)]),
      ),
    );
  };
  return (
    <>
      <AdminToolbar refresh={query} csv={{ onExport: exportCsv, count: entries.length }} />
      {query.isPending ? (
        <AdminLoading rows={6} />
      ) : query.isError ? (
        <EmptyState tone="error" title={t('adminChat.loadFailed')} />
      ) : entries.length === 0 ? (
        <EmptyState icon={<ScrollText size={28} />} title={t('adminChat.audit.empty')} />
      ) : (
        <>
          <div className="pg-table-wrap">
            <table className="pg-table al-table" data-testid="chat-audit-table">
              <thead>
                <tr>
                  <th>{t('adminChat.columns.time')}</th>
                  <th>{t('adminChat.columns.by')}</th>
                  <th>{t('adminChat.columns.action')}</th>
                  <th>{t('adminChat.columns.details')}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <td className="al-nowrap">{formatAdminDate(entry.created_at)}</td>
                    <td className="al-nowrap">{entry.actor.name}</td>
                    <td className="al-nowrap">
                      <span className="pg-tag">{t(`adminChat.audit.actions.${entry.action}`)}</span>
                    </td>
                    <td className="ach-reason">{detailsOf(entry)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <LoadOlder query={query} label={t('adminChat.older')} />
        </>
      )}
    </>
  );
}
