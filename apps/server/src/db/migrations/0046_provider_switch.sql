-- The back office's provider switch (issue G8 item 4): a provider switched off lists, searches and
-- launches none of its games. Its games keep their own `disabled` flags.
alter table game_providers add column if not exists enabled boolean not null default true;
