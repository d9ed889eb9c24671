import { z } from 'zod';
import { defineEndpoint, policy } from '../endpoint.js';
import { defineEvent } from '../realtime.js';

/**
 * The staff audit log: one append-only row per staff action (withdrawal decisions, chat moderation,
 * settings changes, every back-office action), written in the action's own transaction. Actions are
 * named `{module}.{verb}` (`withdrawal.accept`, `chat.mute`); the target is `{type, id}`
 * (`withdrawal` + its id, `user` + a user id, `chat_message` + a message id, `setting` + its key).
 */

/** Who may read the log: the administrator role (`*`, which holds every permission) only. */
export const STAFF_AUDIT_PERMISSION = '*';

/** `{module}.{verb}`: lower case words of letters, digits and `_`, joined by dots (two or more). */
export const STAFF_ACTION_PATTERN = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/;
/** A module name alone (`chat`) filters every action of that module. */
const actionFilter = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An instant between 1970 and 9999, with its offset (`Z` or `+02:00`). */
const instant = z.iso.datetime({ offset: true }).refine((s) => {
  const year = new Date(s).getUTCFullYear();
  return year >= 1970 && year <= 9999;
}, 'A date between 1970 and 9999.');

export const staffAuditEntrySchema = z.object({
  id: z.string(),
  /** `_id` is empty for an action no signed-in person took (none today; kept for system actors). */
  actor: z.object({ _id: z.string(), name: z.string() }),
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string() }).nullable(),
  /** The target's state before and after the action (the fields the action changed); null when none. */
  before: z.unknown(),
  after: z.unknown(),
  /** Context that is not state: the reason given, the player concerned, amounts. */
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type StaffAuditEntry = z.infer<typeof staffAuditEntrySchema>;

export const staffAuditRequestSchema = z
  .object({
    /** The acting staff member's user id. */
    actor: z.string().regex(uuid, 'A user id.').optional(),
    /** An action (`chat.mute`) or a module (`chat`: every `chat.*` action). */
    action: z
      .string()
      .max(64)
      .regex(actionFilter, 'An action such as chat.mute, or a module such as chat.')
      .optional(),
    targetType: z
      .string()
      .max(32)
      .regex(/^[a-z][a-z0-9_]*$/, 'A target type such as withdrawal or user.')
      .optional(),
    targetId: z
      .string()
      .min(1)
      .max(128)
      .regex(/^[A-Za-z0-9_.:@-]+$/, 'Letters, digits and _ . : @ - only.')
      .optional(),
    /** Entries at or after this instant. */
    from: instant.optional(),
    /** Entries before this instant. */
    to: instant.optional(),
    limit: z.number().int().min(1).max(200).default(50),
    /** Entries older than this entry id (the `next` of the previous page). */
    before: z
      .string()
      .regex(/^\d{1,18}$/, 'An entry id.')
      .optional(),
  })
  .strict()
  .refine((r) => !r.from || !r.to || Date.parse(r.from) < Date.parse(r.to), {
    message: '`from` must be before `to`.',
    path: ['to'],
  });
export type StaffAuditQuery = z.output<typeof staffAuditRequestSchema>;

export const staffAuditEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/audit',
  request: staffAuditRequestSchema,
  response: z.object({
    entries: z.array(staffAuditEntrySchema),
    /** Pass as `before` for the next (older) page; null on the last page. */
    next: z.string().nullable(),
  }),
  policy: policy.permission(STAFF_AUDIT_PERMISSION),
  summary:
    'The staff audit log, newest first, filtered by actor, action or module, target and time range (administrators).',
});

/**
 * One committed staff action, told to every staff member's open back office on the `Staff` channel
 * (decision 0046) right after its transaction committed (never for one that rolled back or was
 * refused): the back office refreshes what the action changed. `area` is the action's module (the
 * part before the first dot: `games`, `players`, `withdrawal`, `chat`...), `id` its audit entry.
 */
export const staffChangeSchema = z.object({
  id: z.string(),
  area: z.string(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  by: z.object({ _id: z.string(), name: z.string() }),
  at: z.string(),
});
export type StaffChange = z.infer<typeof staffChangeSchema>;
export const staffChangeEvent = defineEvent('StaffChange', staffChangeSchema);
