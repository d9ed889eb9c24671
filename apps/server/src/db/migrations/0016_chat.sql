-- The live chat (modules/chat): messages, likes, ignore lists, mutes, rate limits, quizzes and the
-- moderation audit log.

-- Spec 2 section 3 "User.mute": the chat is muted until this moment. Read on every send (never cached),
-- so a mute holds on every node at once.
alter table users add column if not exists chat_muted_until timestamptz;

-- Messages of every channel. `data` is the type's payload as the client reads it (text stored raw: the
-- client escapes it). A removed message keeps its row (moderation history) with `removed_at` set.
create table if not exists chat_messages (
  id bigserial primary key,
  channel text not null,
  type text not null,
  user_id uuid references users (id) on delete cascade,
  -- The sender's highlight (admin, moderator, user) and VIP level when the message was sent.
  access text not null default 'user',
  vip_level integer not null default 0,
  data jsonb not null,
  likes integer not null default 0,
  created_at timestamptz not null default now(),
  removed_at timestamptz,
  removed_by uuid references users (id) on delete set null,
  constraint chat_messages_type check (type in ('message', 'service', 'quiz', 'quiz_answered', 'game_link')),
  constraint chat_messages_sender check (type not in ('message', 'game_link') or user_id is not null),
  constraint chat_messages_access check (access in ('admin', 'moderator', 'user')),
  constraint chat_messages_likes_nonnegative check (likes >= 0)
);
create index if not exists chat_messages_channel_recent on chat_messages (channel, id desc) where removed_at is null;
create index if not exists chat_messages_user_recent on chat_messages (user_id, id desc) where user_id is not null;

-- One like per player per message.
create table if not exists chat_likes (
  message_id bigint not null references chat_messages (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (message_id, user_id)
);

-- Spec 2 section 3 "User.ignore": players whose messages `user_id` hides.
create table if not exists chat_ignores (
  user_id uuid not null references users (id) on delete cascade,
  ignored_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, ignored_id),
  constraint chat_ignores_not_self check (user_id <> ignored_id)
);

-- Slow mode (spec 3 section 5): the time of each player's last accepted message. One guarded upsert
-- per send decides, so two nodes can never both accept two messages within the interval.
create table if not exists chat_slow_mode (
  user_id uuid primary key references users (id) on delete cascade,
  last_sent_at timestamptz not null
);

-- Fixed-window rate limits shared by every node (keys such as `send:ip:1.2.3.4`, `like:user:{id}`).
create table if not exists chat_rate_limits (
  key text primary key,
  window_started_at timestamptz not null,
  hits integer not null
);

-- Quizzes. `answered_at` closes a quiz (won, or replaced by a newer quiz in the channel: no winner).
-- The first right answer wins: ONE guarded update (`winner_id is null`) picks the winner, and
-- the prize moves through the ledger with the key chat-quiz:{id}, so it is paid exactly once.
create table if not exists chat_quizzes (
  id bigserial primary key,
  channel text not null,
  question text not null,
  answer text not null,
  currency text not null references currencies (id),
  reward numeric(38, 0) not null,
  created_by uuid references users (id) on delete set null,
  message_id bigint references chat_messages (id) on delete set null,
  created_at timestamptz not null default now(),
  winner_id uuid references users (id) on delete set null,
  answered_at timestamptz,
  transfer_id bigint references ledger_transfers (id),
  paid_at timestamptz,
  -- The quiz_answered announcement, once posted (the repair job posts it when a run stopped before).
  answer_message_id bigint references chat_messages (id) on delete set null,
  constraint chat_quizzes_reward_positive check (reward > 0),
  constraint chat_quizzes_winner check (winner_id is null or answered_at is not null)
);
create index if not exists chat_quizzes_open on chat_quizzes (channel, id desc) where answered_at is null;
create index if not exists chat_quizzes_unpaid on chat_quizzes (id) where winner_id is not null and paid_at is null;

-- Every moderation action (spec 2 section 6), for the admins' audit view.
create table if not exists chat_audit_log (
  id bigserial primary key,
  actor_id uuid references users (id) on delete set null,
  actor_name text not null,
  action text not null,
  target text,
  details jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  constraint chat_audit_log_action check (action in ('remove_message', 'remove_all_from', 'mute', 'unmute', 'quiz'))
);
