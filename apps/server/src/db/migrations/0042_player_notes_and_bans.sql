-- G8 item 2 (decision 0047): staff notes on a player (the players module's table) and the account ban
-- (two columns of the users module's `users`: a banned account signs in nowhere and its bearer tokens
-- resolve to nothing).
create table if not exists player_notes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  author_id uuid not null references users (id),
  body text not null check (char_length(body) between 1 and 2000),
  created_at timestamptz not null default now()
);

create index if not exists player_notes_user_idx on player_notes (user_id, created_at desc, id desc);

alter table users add column if not exists banned_at timestamptz;
alter table users add column if not exists banned_reason text;
