import { z } from 'zod';
import { NOTE_MAX, NOTE_MIN } from '../constants/players.js';
import { defineEndpoint, policy } from '../endpoint.js';

/**
 * The back office's players (issue G8 item 2; decision 0041): the search (`/admin/users`), the player
 * page (`/admin/user/{userId}`: profile, balances, ledger history, bets, deposits, withdrawals,
 * bonuses, VIP progress, linked accounts, sessions) and the staff actions on a player (balance
 * adjustment, force sign-out, roles), each permission-checked per call and audited. The protection
 * record is `POST /api/admin/protection` and chat mutes the chat's moderation calls: the page uses them.
 */

/** Who reads players: the spec's `users` permission (finance staff and administrators by default). */
export const PLAYERS_PERMISSION = 'users';
/** Who adjusts a balance: the spec's `wallet` permission (administrators by default). */
export const ADJUST_BALANCE_PERMISSION = 'wallet';
/** Who changes roles: administrators (`*`) only; nobody changes their own. */
export const ROLES_PERMISSION = '*';

/** Players per page at most (and by default). */
export const PLAYERS_PAGE = 50;

const userId = z.string().uuid('A user id.');
const decimal = z.string();
const instant = z.string();

export const playerRowSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  vipLevel: z.number().int(),
  roles: z.array(z.string()),
  created_at: instant,
  /** End of the chat mute in force, or null. */
  chatMutedUntil: instant.nullable(),
  /** The time-out or self-exclusion in force (player protection), or null. */
  blocked: z.enum(['time_out', 'self_exclusion']).nullable(),
  /** When staff banned the account (decision 0047), or null. */
  bannedAt: instant.nullable(),
});
export type PlayerRow = z.infer<typeof playerRowSchema>;

export const adminUsersRequestSchema = z
  .object({
    /** Part of a name or e-mail (any case), or exactly an id, a deposit address or a wallet address. */
    search: z.string().trim().max(120).optional(),
    limit: z.number().int().min(1).max(PLAYERS_PAGE).default(PLAYERS_PAGE),
    /** Players registered before this one (the `next` of the previous page). */
    before: userId.optional(),
  })
  .strict();
export type AdminUsersQuery = z.output<typeof adminUsersRequestSchema>;

export const adminUsersEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/users',
  request: adminUsersRequestSchema,
  response: z.object({
    users: z.array(playerRowSchema),
    /** Pass as `before` for the next (older) page; null on the last page. */
    next: z.string().nullable(),
  }),
  policy: policy.permission(PLAYERS_PERMISSION),
  summary:
    'Staff: players newest first, searched by name, e-mail, id, deposit or wallet address (users permission).',
});

export const playerProfileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  avatar: z.string().nullable(),
  vipLevel: z.number().int(),
  roles: z.array(z.string()),
  created_at: instant,
  walletAddress: z.string().nullable(),
  telegram: z.boolean(),
  registrationIp: z.string().nullable(),
  invitedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  chatMutedUntil: instant.nullable(),
  twoFactor: z.boolean(),
  privateProfile: z.boolean(),
  privateBets: z.boolean(),
  blocked: z.enum(['time_out', 'self_exclusion']).nullable(),
  bannedAt: instant.nullable(),
  /** The reason staff gave for the ban in force, or null. */
  bannedReason: z.string().nullable(),
});

export const playerDetailSchema = z.object({
  profile: playerProfileSchema,
  /** Every ledger account of the player: currency, kind (real, demo, bonus, rakeback, held), balance. */
  balances: z.array(z.object({ currency: z.string(), kind: z.string(), balance: decimal })),
  /** The latest ledger movements on the player's accounts, newest first (amount signed). */
  ledger: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      account: z.string(),
      currency: z.string(),
      amount: decimal,
      created_at: instant,
    }),
  ),
  /** The latest wager records (every product), newest first. */
  bets: z.array(
    z.object({
      id: z.string(),
      product: z.string(),
      game: z.string(),
      currency: z.string(),
      demo: z.boolean(),
      wager: decimal,
      payout: decimal,
      created_at: instant,
    }),
  ),
  deposits: z.array(
    z.object({
      _id: z.string(),
      currency: z.string(),
      chain: z.string(),
      sum: decimal,
      txid: z.string(),
      status: z.number().int(),
      confirmations: z.number().int(),
      required_confirmations: z.number().int(),
      created_at: instant,
    }),
  ),
  /** The player's deposit addresses, one per chain. */
  addresses: z.array(z.object({ chain: z.string(), address: z.string() })),
  withdrawals: z.array(
    z.object({
      _id: z.string(),
      currency: z.string(),
      chain: z.string(),
      address: z.string(),
      sum: decimal,
      fee: decimal,
      status: z.number().int(),
      txid: z.string().nullable(),
      decline_reason: z.string().nullable(),
      created_at: instant,
    }),
  ),
  bonuses: z.array(
    z.object({
      _id: z.string(),
      currency: z.string(),
      source: z.string(),
      amount: decimal,
      wageringRequired: decimal,
      wageringDone: decimal,
      status: z.string(),
      expiresAt: instant,
      created_at: instant,
    }),
  ),
  vip: z.object({
    level: z.number().int(),
    /** USD, 2 places. */
    deposited: decimal,
    wagered: decimal,
    next: z
      .object({
        level: z.number().int(),
        name: z.string(),
        depositRequirement: decimal,
        wagerRequirement: decimal,
      })
      .nullable(),
  }),
  /** Accounts the multi-account rule links to this one (same IP or device at registration). */
  linked: z.array(z.object({ _id: z.string(), name: z.string(), created_at: instant })),
  /** Live sessions (not revoked, not expired), newest first. */
  sessions: z.array(
    z.object({
      _id: z.string(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
      created_at: instant,
      lastSeenAt: instant,
      expiresAt: instant,
    }),
  ),
});
export type PlayerDetail = z.infer<typeof playerDetailSchema>;

export const adminUserEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/user',
  request: z.object({ userId }).strict(),
  response: playerDetailSchema,
  policy: policy.permission(PLAYERS_PERMISSION),
  summary: "Staff: a player's page (profile, balances, ledger, bets, payments, bonuses, VIP, sessions).",
});

/** Error codes of the staff actions on a player. */
export const PlayerAdminCodes = {
  unknownUser: 'unknown_user',
  invalidAmount: 'invalid_amount',
  insufficient: 'insufficient_balance',
  ownRoles: 'own_roles',
  unknownRole: 'unknown_role',
  /** Ban: the caller's own account, or a staff account by someone who is not an administrator. */
  notBannable: 'not_bannable',
  alreadyBanned: 'already_banned',
  notBanned: 'not_banned',
  unknownNote: 'unknown_note',
  /** Staff delete only their own notes. */
  notOwnNote: 'not_own_note',
} as const;

export const adjustBalanceRequestSchema = z
  .object({
    userId,
    currency: z.string().min(1).max(16),
    /** credit: from the house to the player's real account; debit: back. */
    direction: z.enum(['credit', 'debit']),
    /** Positive decimal text in the currency's units (`12.5`), converted exactly. */
    amount: z.string().min(1).max(64),
    reason: z.string().trim().min(3).max(500),
    /** One id per intended adjustment: a replay moves nothing more. */
    requestId: z.string().uuid('A request id (uuid).'),
  })
  .strict();

export const adminAdjustBalanceEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/user/balance',
  request: adjustBalanceRequestSchema,
  response: z.object({
    ok: z.literal(true),
    /** The player's real balance in that currency afterwards. */
    balance: decimal,
    /** True when this request id was used before: nothing moved this time. */
    replayed: z.boolean(),
  }),
  policy: policy.permission(ADJUST_BALANCE_PERMISSION),
  summary:
    "Staff: credits or debits a player's real balance against the house, with a reason (2FA, audited, once per request id).",
});

export const adminSignOutEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/user/signOut',
  request: z.object({ userId }).strict(),
  response: z.object({ ok: z.literal(true), revoked: z.number().int() }),
  policy: policy.permission(PLAYERS_PERMISSION),
  summary: 'Staff: ends every session of a player (audited).',
});

export const adminRolesEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/roles',
  request: z.object({}).strict(),
  response: z.object({ roles: z.array(z.object({ id: z.string(), name: z.string() })) }),
  policy: policy.permission(PLAYERS_PERMISSION),
  summary: 'Staff: every role (id and name), for the player page.',
});

export const adminSetRolesEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/user/roles',
  request: z
    .object({
      userId,
      /** The account's roles afterwards (replacing the ones it had). */
      roles: z
        .array(z.string().min(1).max(64))
        .min(1, 'At least one role.')
        .max(10)
        .refine((r) => new Set(r).size === r.length, 'Each role once.'),
    })
    .strict(),
  response: z.object({ ok: z.literal(true), roles: z.array(z.string()) }),
  policy: policy.permission(ROLES_PERMISSION),
  summary: "Administrators: sets a staff member's or player's roles (never their own; audited).",
});

// --- staff notes on a player and the account ban (decision 0047) ------------------------------------

/** Who reads, writes and deletes notes and who bans: the spec's `users` permission. */
export const NOTES_PERMISSION = 'users';
export const BAN_PERMISSION = 'users';
export { NOTE_MAX, NOTE_MIN } from '../constants/players.js';
/** Notes per page at most (and by default). */
export const NOTES_PAGE = 50;

export const playerNoteSchema = z.object({
  _id: z.string(),
  body: z.string(),
  author: z.object({ _id: z.string(), name: z.string() }),
  created_at: instant,
  /** The caller wrote it (and so may delete it). */
  own: z.boolean(),
});
export type PlayerNote = z.infer<typeof playerNoteSchema>;

export const adminNotesEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/user/notes',
  request: z
    .object({
      userId,
      limit: z.number().int().min(1).max(NOTES_PAGE).default(NOTES_PAGE),
      /** Notes older than this one (the `next` of the previous page). */
      before: z.string().uuid('A note id.').optional(),
    })
    .strict(),
  response: z.object({ notes: z.array(playerNoteSchema), next: z.string().nullable() }),
  policy: policy.permission(NOTES_PERMISSION),
  summary: 'Staff: the staff notes on a player, newest first, with author and time (users permission).',
});

export const adminAddNoteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/user/notes/add',
  request: z
    .object({
      userId,
      body: z
        .string()
        .trim()
        .min(NOTE_MIN, 'Write the note.')
        .max(NOTE_MAX, `At most ${NOTE_MAX} characters.`),
    })
    .strict(),
  response: z.object({ note: playerNoteSchema }),
  policy: policy.permission(NOTES_PERMISSION),
  summary: 'Staff: adds a note on a player (audited).',
});

export const adminDeleteNoteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/user/notes/delete',
  request: z.object({ noteId: z.string().uuid('A note id.') }).strict(),
  response: z.object({ ok: z.literal(true) }),
  policy: policy.permission(NOTES_PERMISSION),
  summary: 'Staff: deletes one of their own notes on a player (audited).',
});

export const adminBanEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/user/ban',
  request: z.object({ userId, reason: z.string().trim().min(3).max(500) }).strict(),
  response: z.object({
    ok: z.literal(true),
    /** The player's live sessions the ban ended. */
    revoked: z.number().int(),
  }),
  policy: policy.permission(BAN_PERMISSION),
  summary:
    'Staff: bans an account: sign-in refused, every live session ended (users permission; staff accounts by administrators; audited).',
});

export const adminUnbanEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/user/unban',
  request: z.object({ userId, reason: z.string().trim().min(3).max(500) }).strict(),
  response: z.object({ ok: z.literal(true) }),
  policy: policy.permission(BAN_PERMISSION),
  summary: 'Staff: lifts the ban of an account: it signs in again (audited).',
});
