-- G7: server notifications (modules/notifications, decision 0040). One row per notification: for one
-- player (`user_id`) or everyone (null), written by staff (`created_by`) or by the system (a VIP
-- level-up, a bonus credited, a withdrawal decided: `key` makes each of those once, in the transaction
-- of the event itself). `text` is HTML already sanitised. `tx` is the writing transaction's id: the
-- leader publishes new rows in (tx, id) order below the oldest running transaction, as the wager
-- stream does, so a row committed late is not skipped.
create table if not exists notifications (
  id bigserial primary key,
  user_id uuid references users (id) on delete cascade,
  kind text not null,
  icon text not null,
  text text not null,
  key text,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz,
  withdrawn_at timestamptz,
  tx xid8 not null default pg_current_xact_id(),
  constraint notifications_kind check (kind in ('staff', 'vip_level_up', 'bonus_credited', 'withdrawal_decided'))
);
create unique index if not exists notifications_key on notifications (key) where key is not null;
create index if not exists notifications_user on notifications (user_id, id desc);
create index if not exists notifications_everyone on notifications (id desc) where user_id is null;
create index if not exists notifications_stream on notifications (tx, id);

-- What each player dismissed ('all' dismisses every notification they were shown up to then).
create table if not exists notification_dismissals (
  user_id uuid not null references users (id) on delete cascade,
  notification_id bigint not null references notifications (id) on delete cascade,
  dismissed_at timestamptz not null default now(),
  primary key (user_id, notification_id)
);
