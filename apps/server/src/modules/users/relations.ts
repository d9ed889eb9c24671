/**
 * The users module's tables as other modules' SQL may read them (issue G2 item 3; decision 0013).
 *
 * Other modules never name `users`, `roles` or `user_roles` in SQL. A read that has to stay inside
 * their own statement (a listing that shows who played, the bearer lookup of every request, a bet's
 * pre-bet read, a selection of players by a condition) joins one of these relations instead, and reads
 * only the columns documented here; everything else (lookups, writes, locks) goes through the
 * functions of `index.ts`. A relation is a plain subquery, which PostgreSQL pulls up into the outer
 * query, so joining it costs what joining `users` did: no extra round trip, the same index lookups.
 * When a column moves to the module of its feature (the issue's plan for mute and VIP level), the
 * relation keeps its name and shape and only its body here changes. Self-exclusion moved to the
 * protection module, which lends its own relation (`PROTECTION`, decision 0025).
 *
 * Read only: PostgreSQL refuses `update`/`delete`/`for update` on a subquery anyway.
 */

/**
 * One row per account, with these columns only:
 *  - `id` (uuid), `name`, `avatar` (nullable), `created_at`;
 *  - `vip_level` (int), `private_profile`, `private_bets` (booleans: what the player hides);
 *  - `chat_muted_until` (timestamptz or null: the end of the last chat mute, possibly past) and
 *    `chat_muted` (boolean: a mute is in force now);
 *  - `two_factor_enabled` (boolean; the secrets themselves are not here);
 *  - `banned` (boolean: staff banned the account, decision 0047).
 *
 * Use: `join ${PLAYERS} u on u.id = b.user_id`.
 */
export const PLAYERS = `(select id, name, avatar, created_at, vip_level, private_profile, private_bets,
    chat_muted_until, coalesce(chat_muted_until > now(), false) as chat_muted,
    two_factor_enabled_at is not null as two_factor_enabled, banned_at is not null as banned
  from users)`;

/**
 * One row per account with what a signed-in caller's policies need: `id`, `name`, `roles` (text[] of
 * role ids, sorted; null when none) and `permissions` (jsonb array of the permission groups
 * `{id, permissions}` of all their roles; null when none) and `banned` (boolean: a banned account's
 * sessions resolve to nothing, decision 0047). Built for the bearer lookup of every request (auth's
 * RESOLVE_TOKENS_SQL), which joins it to the session in one statement.
 */
export const AUTH_USERS = `(select u.id, u.name, u.banned_at is not null as banned,
    (select array_agg(ur.role_id order by ur.role_id) from user_roles ur where ur.user_id = u.id) as roles,
    (select jsonb_agg(p) from user_roles ur join roles r on r.id = ur.role_id,
            jsonb_array_elements(r.permissions) p where ur.user_id = u.id) as permissions
  from users u)`;
