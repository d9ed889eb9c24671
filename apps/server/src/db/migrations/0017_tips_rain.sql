-- Tips, rain and the bot rain (modules/tips). The money itself is in the ledger; these rows say who
-- tipped or rained on whom, make a retried request find its first answer, and keep the bot rain's
-- schedule so a restart or a second node never doubles a rain.

-- One row per tip, keyed like its ledger transfer: tip:{sender}:{requestId}.
create table if not exists chat_tips (
  id bigserial primary key,
  key text not null,
  sender_id uuid not null references users (id) on delete restrict,
  recipient_id uuid not null references users (id) on delete restrict,
  currency text not null references currencies (id),
  amount numeric(38, 0) not null,
  channel text,
  public boolean not null,
  transfer_id bigint not null references ledger_transfers (id),
  created_at timestamptz not null default now(),
  constraint chat_tips_amount_positive check (amount > 0),
  constraint chat_tips_not_self check (sender_id <> recipient_id)
);
create unique index if not exists chat_tips_key_unique on chat_tips (key);
create index if not exists chat_tips_sender_created on chat_tips (sender_id, created_at desc);
create index if not exists chat_tips_recipient_created on chat_tips (recipient_id, created_at desc);

-- One row per rain, inserted in the same transaction as its transfers (all or nothing). `key` is
-- rain:{sender}:{requestId} for a player's rain, bot-rain:{day}:{slot} for the bot's. `amount` is
-- what left the payer: share x recipients (the remainder of the split never moves).
create table if not exists chat_rains (
  id bigserial primary key,
  key text not null,
  sender_id uuid references users (id) on delete restrict,
  channel text not null,
  currency text not null references currencies (id),
  share numeric(38, 0) not null,
  recipients integer not null,
  amount numeric(38, 0) not null,
  created_at timestamptz not null default now(),
  -- Set once the service message was posted (a rain committed but not announced is announced later).
  announced_at timestamptz,
  constraint chat_rains_share_positive check (share > 0),
  constraint chat_rains_recipients_range check (recipients between 1 and 25),
  constraint chat_rains_amount_split check (amount = share * recipients)
);
create unique index if not exists chat_rains_key_unique on chat_rains (key);
create index if not exists chat_rains_sender_created on chat_rains (sender_id, created_at desc)
  where sender_id is not null;
create index if not exists chat_rains_unannounced on chat_rains (id) where announced_at is null;

create table if not exists chat_rain_recipients (
  rain_id bigint not null references chat_rains (id) on delete restrict,
  user_id uuid not null references users (id) on delete restrict,
  transfer_id bigint not null references ledger_transfers (id),
  primary key (rain_id, user_id)
);
create index if not exists chat_rain_recipients_user on chat_rain_recipients (user_id);

-- The bot rain's schedule. A day is planned once (the insert of its bot_rain_days row wins once, and
-- only the winner inserts that day's slots, in the same transaction). A slot is claimed by a guarded
-- update (scheduled -> running), and its rain has the unique key bot-rain:{day}:{slot}, so running a
-- slot twice (a crash after the claim, two leaders for a moment) pays once.
create table if not exists bot_rain_days (
  day date primary key,
  slots integer not null,
  planned_at timestamptz not null default now()
);

create table if not exists bot_rain_slots (
  day date not null references bot_rain_days (day),
  slot integer not null,
  due_at timestamptz not null,
  currency text not null references currencies (id),
  amount numeric(38, 0) not null,
  recipients integer not null,
  status text not null default 'scheduled',
  claimed_by text,
  claimed_at timestamptz,
  finished_at timestamptz,
  rain_id bigint references chat_rains (id),
  note text,
  primary key (day, slot),
  constraint bot_rain_slots_status check (status in ('scheduled', 'running', 'done', 'skipped')),
  constraint bot_rain_slots_amount_positive check (amount > 0),
  constraint bot_rain_slots_recipients_range check (recipients between 1 and 25)
);
create index if not exists bot_rain_slots_open on bot_rain_slots (due_at) where status in ('scheduled', 'running');

-- Bot rain recipients are the players with a deposit credited in the last 24 hours, platform-wide.
create index if not exists deposits_credited_recent on deposits (credited_at) where status = 1;
