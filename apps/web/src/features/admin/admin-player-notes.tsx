/**
 * Back office player page (`/admin/user/{id}`): the staff notes card (decision 0047, permission
 * `users`). A note is 1-2000 characters, never shown to the player; the list is newest first with the
 * author and time, pages to older notes, and each staff member deletes only their own (two clicks).
 * Every add and delete is audited by the server.
 */
import { useState } from 'react';
import type {
  PlayerNote,
  adminAddNoteEndpoint,
  adminDeleteNoteEndpoint,
  adminNotesEndpoint,
} from '@nebula/contracts';
import { NOTE_MAX } from '@nebula/contracts/constants';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { NotebookPen, Trash2 } from 'lucide-react';
import { Button, toast } from '../../ui';
import { api, endpointRef } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { AdminLoading } from './admin-pages';
import { Card, Empty, failure, playerKey } from './admin-player-parts';
import { formatAdminDate } from './format';

const notesRef = endpointRef<typeof adminNotesEndpoint>('POST', '/api/admin/user/notes');
const addRef = endpointRef<typeof adminAddNoteEndpoint>('POST', '/api/admin/user/notes/add');
const deleteRef = endpointRef<typeof adminDeleteNoteEndpoint>('POST', '/api/admin/user/notes/delete');

const notesKey = (userId: string) => [...playerKey(userId), 'notes'] as const;

function NoteItem({ note, userId }: { note: PlayerNote; userId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => api(deleteRef, { noteId: note._id }),
    onSuccess: () => toast.success(t('adminPlayers.notes.deleted')),
    onError: (err) => toast.error(failure(err)),
    onSettled: () => {
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: notesKey(userId) });
    },
  });
  return (
    <li className={clsx('ap-note', note.own && 'is-own')} data-testid="player-note" data-own={note.own}>
      <p className="ap-note__body">{note.body}</p>
      <div className="ap-note__meta">
        <span className="ap-note__author">{note.author.name}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={note.created_at}>{formatAdminDate(note.created_at)}</time>
        {note.own && (
          <button
            type="button"
            className={clsx('ap-note__delete', confirming && 'is-confirming')}
            title={t('adminPlayers.notes.remove')}
            aria-label={t('adminPlayers.notes.remove')}
            disabled={remove.isPending}
            onClick={() => (confirming ? remove.mutate() : setConfirming(true))}
            onBlur={() => setConfirming(false)}
            data-testid="player-note-delete"
          >
            <Trash2 size={13} aria-hidden="true" />
            {confirming && <span>{t('adminPlayers.notes.confirmRemove')}</span>}
          </button>
        )}
      </div>
    </li>
  );
}

export function NotesCard({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [body, setBody] = useState('');
  const query = useInfiniteQuery({
    queryKey: notesKey(userId),
    queryFn: ({ pageParam, signal }) =>
      api(notesRef, pageParam ? { userId, before: pageParam } : { userId }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
  const add = useMutation({
    mutationFn: () => api(addRef, { userId, body: body.trim() }),
    onSuccess: () => {
      setBody('');
      toast.success(t('adminPlayers.notes.added'));
    },
    onError: (err) => toast.error(failure(err)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: notesKey(userId) }),
  });
  const notes = query.data?.pages.flatMap((p) => p.notes) ?? [];
  const length = body.trim().length;
  return (
    <Card
      title={t('adminPlayers.notes.title')}
      icon={<NotebookPen size={16} />}
      testId="player-notes"
      wide
      extra={notes.length > 0 ? <span className="pg-tag">{notes.length}</span> : undefined}
    >
      <form
        className="ap-note-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (length > 0 && length <= NOTE_MAX) add.mutate();
        }}
      >
        <textarea
          rows={2}
          maxLength={NOTE_MAX}
          value={body}
          placeholder={t('adminPlayers.notes.placeholder')}
          aria-label={t('adminPlayers.notes.placeholder')}
          onChange={(event) => setBody(event.target.value)}
          onKeyDown={(event) => {
            // Ctrl/Cmd+Enter adds the note, as in the chat tools staff know.
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey))
              event.currentTarget.form?.requestSubmit();
          }}
          data-testid="note-body"
        />
        <div className="ap-note-form__foot">
          <small className={clsx('ap-muted', length > NOTE_MAX * 0.9 && 'ap-warn-text')}>
            {t('adminPlayers.notes.count', { count: length, max: NOTE_MAX })}
          </small>
          <Button
            type="submit"
            size="sm"
            disabled={length === 0}
            loading={add.isPending}
            data-testid="note-add"
          >
            {t('adminPlayers.notes.add')}
          </Button>
        </div>
      </form>
      {query.isPending ? (
        <AdminLoading rows={2} />
      ) : query.isError ? (
        <Empty text={t('adminPlayers.page.loadFailed')} />
      ) : notes.length === 0 ? (
        <Empty text={t('adminPlayers.notes.empty')} />
      ) : (
        <ul className="ap-notes" data-testid="player-notes-list">
          {notes.map((note) => (
            <NoteItem key={note._id} note={note} userId={userId} />
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <Button
          size="sm"
          variant="ghost"
          className="ap-notes__more"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('adminPlayers.notes.older')}
        </Button>
      )}
    </Card>
  );
}
