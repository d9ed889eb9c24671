/**
 * Staff notes on a player (issue G8 item 2, decision 0047): the players module's own table
 * `player_notes`. Any staff member with the `users` permission reads a player's notes (newest first,
 * with author and time) and adds one (1-2000 characters); each deletes only their own. Adding and
 * deleting are audited in the same transaction as the write.
 */
import { PlayerAdminCodes, type PlayerNote } from '@nebula/contracts';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { recordStaffAction } from '../audit/index.js';
import { findUserById, PLAYERS } from '../users/index.js';
import { unknownUser } from './players.reads.js';

interface NoteRow {
  id: string;
  user_id: string;
  body: string;
  author_id: string;
  author_name: string | null;
  created_at: Date | string;
}

const NOTE_COLUMNS = `n.id::text as id, n.user_id::text as user_id, n.body, n.author_id::text as author_id,
  a.name as author_name, n.created_at`;

function toNote(row: NoteRow, caller: AuthUser): PlayerNote {
  return {
    _id: row.id,
    body: row.body,
    author: { _id: row.author_id, name: row.author_name ?? '—' },
    created_at: new Date(row.created_at).toISOString(),
    own: row.author_id === caller.id,
  };
}

const unknownNote = () => new AppError(404, PlayerAdminCodes.unknownNote, 'No note has this id.');

/** POST /api/admin/user/notes: newest first (time, then id); `before` pages to older notes. */
export async function notesOf(
  ctx: AppContext,
  caller: AuthUser,
  input: { userId: string; limit: number; before?: string | undefined },
): Promise<{ notes: PlayerNote[]; next: string | null }> {
  const player = await findUserById(ctx.database, input.userId);
  if (!player) throw unknownUser();
  const rows = await ctx.database.query<NoteRow>(
    `select ${NOTE_COLUMNS} from player_notes n left join ${PLAYERS} a on a.id = n.author_id
      where n.user_id = $1
        and ($2::uuid is null or (n.created_at, n.id) <
             (select b.created_at, b.id from player_notes b where b.id = $2::uuid and b.user_id = $1))
      order by n.created_at desc, n.id desc
      limit $3`,
    [player.id, input.before ?? null, input.limit + 1],
  );
  const page = rows.slice(0, input.limit);
  return {
    notes: page.map((r) => toNote(r, caller)),
    next: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/** POST /api/admin/user/notes/add: the new note, audited as `players.note_add`. */
export async function addNote(
  ctx: AppContext,
  staff: AuthUser,
  input: { userId: string; body: string },
): Promise<{ note: PlayerNote }> {
  const player = await findUserById(ctx.database, input.userId);
  if (!player) throw unknownUser();
  const row = await ctx.database.transaction(async (tx) => {
    const inserted = await tx.query<{ id: string; created_at: Date | string }>(
      `insert into player_notes (user_id, author_id, body) values ($1, $2, $3)
       returning id::text as id, created_at`,
      [player.id, staff.id, input.body],
    );
    const note = inserted[0];
    if (!note) throw new Error('note insert returned nothing');
    await recordStaffAction(tx, {
      actor: staff,
      action: 'players.note_add',
      target: { type: 'user', id: player.id },
      after: { body: input.body },
      details: { name: player.name, noteId: note.id },
    });
    return note;
  });
  return {
    note: toNote(
      {
        id: row.id,
        user_id: player.id,
        body: input.body,
        author_id: staff.id,
        author_name: staff.name,
        created_at: row.created_at,
      },
      staff,
    ),
  };
}

/** POST /api/admin/user/notes/delete: only the author deletes a note; audited as `players.note_delete`. */
export async function deleteNote(ctx: AppContext, staff: AuthUser, noteId: string): Promise<{ ok: true }> {
  await ctx.database.transaction(async (tx) => {
    const rows = await tx.query<{ user_id: string; author_id: string; body: string }>(
      `select user_id::text as user_id, author_id::text as author_id, body from player_notes
        where id = $1 for update`,
      [noteId],
    );
    const note = rows[0];
    if (!note) throw unknownNote();
    if (note.author_id !== staff.id)
      throw new AppError(403, PlayerAdminCodes.notOwnNote, 'Staff delete only their own notes.');
    await tx.query('delete from player_notes where id = $1', [noteId]);
    await recordStaffAction(tx, {
      actor: staff,
      action: 'players.note_delete',
      target: { type: 'user', id: note.user_id },
      before: { body: note.body },
      details: { noteId },
    });
  });
  return { ok: true };
}
