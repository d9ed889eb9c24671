-- The staff audit log (modules/audit): one row per staff action, written in the action's own
-- transaction, never updated or deleted. Replaces the chat's own moderation log (chat_audit_log),
-- whose rows are copied here as `chat.{action}` and which is then dropped: one log, one source.

create table if not exists staff_audit_log (
  id bigserial primary key,
  -- No foreign key: the row must outlive the account, and `on delete set null` would update it.
  actor_id uuid,
  -- The actor's name when they acted (names can change).
  actor_name text not null,
  -- `{module}.{verb}`: withdrawal.accept, chat.mute, settings.update...
  action text not null,
  -- What was acted on: `withdrawal` + id, `user` + id, `chat_message` + id, `setting` + key.
  target_type text,
  target_id text,
  -- The target's state before and after (the fields the action changed); null when there is none.
  before jsonb,
  after jsonb,
  -- Context that is not state: a reason, the player concerned, amounts.
  details jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  constraint staff_audit_log_action check (action ~ '^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$'),
  constraint staff_audit_log_target check ((target_type is null) = (target_id is null)),
  constraint staff_audit_log_details check (jsonb_typeof(details) = 'object')
);
create index if not exists staff_audit_log_actor on staff_audit_log (actor_id, id desc);
create index if not exists staff_audit_log_action_idx on staff_audit_log (action, id desc);
create index if not exists staff_audit_log_target_idx on staff_audit_log (target_type, target_id, id desc);
create index if not exists staff_audit_log_created on staff_audit_log (created_at);

-- Append-only: updates, deletes and truncation are refused.
create or replace function staff_audit_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'the staff audit log is append-only (% on %)', tg_op, tg_table_name using errcode = '55000';
end;
$$;
drop trigger if exists staff_audit_log_append_only on staff_audit_log;
create trigger staff_audit_log_append_only before update or delete on staff_audit_log
  for each row execute function staff_audit_append_only();
drop trigger if exists staff_audit_log_no_truncate on staff_audit_log;
create trigger staff_audit_log_no_truncate before truncate on staff_audit_log
  for each statement execute function staff_audit_append_only();

-- The chat's moderation log moves here, oldest first (so ids keep their order).
do $$
begin
  if to_regclass('chat_audit_log') is not null then
    insert into staff_audit_log (actor_id, actor_name, action, target_type, target_id, details, created_at)
    select actor_id, actor_name, 'chat.' || action,
           case when target_id is null then null
                when action = 'remove_message' then 'chat_message'
                when action = 'quiz' then 'chat_quiz'
                else 'user' end,
           target_id,
           case when jsonb_typeof(details) = 'object' then details else jsonb_build_object('value', details) end,
           created_at
      from (select id, actor_id, actor_name, action, details, created_at,
                   case when action = 'quiz' then details ->> 'quizId' else target end as target_id
              from chat_audit_log) old
     order by id;
    drop table chat_audit_log;
  end if;
end;
$$;
