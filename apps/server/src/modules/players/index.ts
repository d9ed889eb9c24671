/**
 * Players module: the back office's players (issue G8 item 2, decision 0041). The search
 * (`POST /api/admin/users`), the player page (`POST /api/admin/user`) and the staff actions on a
 * player (balance adjustment, force sign-out, roles, ban), each permission-checked and audited. It owns one
 * table, `player_notes` (staff notes on a player, players.notes.ts, decision 0047); everything else it
 * reads and writes through the owning modules' exports (players.reads.ts, players.actions.ts).
 */
import {
  adminAddNoteEndpoint,
  adminAdjustBalanceEndpoint,
  adminBanEndpoint,
  adminDeleteNoteEndpoint,
  adminNotesEndpoint,
  adminUnbanEndpoint,
  adminRolesEndpoint,
  adminSetRolesEndpoint,
  adminSignOutEndpoint,
  adminUserEndpoint,
  adminUsersEndpoint,
} from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { AppError } from '../../platform/errors.js';
import { defineModule } from '../../platform/module.js';
import { adjustBalance, banPlayer, changeRoles, forceSignOut, unbanPlayer } from './players.actions.js';
import { addNote, deleteNote, notesOf } from './players.notes.js';
import { roleCatalogue } from '../users/index.js';
import { playerDetail, searchPlayers } from './players.reads.js';

export { PAGE_ROWS, playerDetail, searchPlayers } from './players.reads.js';
export { adjustBalance, banPlayer, changeRoles, forceSignOut, unbanPlayer } from './players.actions.js';

const staff = (user: AuthUser | null): AuthUser => {
  // The permission policies already refused anonymous callers; this narrows the type.
  if (!user) throw AppError.unauthenticated();
  return user;
};

function registerPlayerRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, adminUsersEndpoint, async ({ input, reply }) => {
    reply.header('cache-control', 'no-store');
    return searchPlayers(ctx, input);
  });
  registerEndpoint(app, adminUserEndpoint, async ({ input, reply }) => {
    reply.header('cache-control', 'no-store');
    return playerDetail(ctx, input.userId);
  });
  registerEndpoint(app, adminAdjustBalanceEndpoint, ({ input, user }) =>
    adjustBalance(ctx, staff(user), input),
  );
  registerEndpoint(app, adminSignOutEndpoint, ({ input, user }) =>
    forceSignOut(ctx, staff(user), input.userId),
  );
  registerEndpoint(app, adminRolesEndpoint, async () => ({ roles: await roleCatalogue(ctx.database) }));
  registerEndpoint(app, adminSetRolesEndpoint, ({ input, user }) =>
    changeRoles(ctx, staff(user), input.userId, input.roles),
  );
  registerEndpoint(app, adminNotesEndpoint, async ({ input, user, reply }) => {
    reply.header('cache-control', 'no-store');
    return notesOf(ctx, staff(user), input);
  });
  registerEndpoint(app, adminAddNoteEndpoint, ({ input, user }) => addNote(ctx, staff(user), input));
  registerEndpoint(app, adminDeleteNoteEndpoint, ({ input, user }) =>
    deleteNote(ctx, staff(user), input.noteId),
  );
  registerEndpoint(app, adminBanEndpoint, ({ input, user }) =>
    banPlayer(ctx, staff(user), input.userId, input.reason),
  );
  registerEndpoint(app, adminUnbanEndpoint, ({ input, user }) =>
    unbanPlayer(ctx, staff(user), input.userId, input.reason),
  );
}

export const playersModule = defineModule({
  name: 'players',
  register: registerPlayerRoutes,
});
