-- Ids of solved captcha challenges: each challenge is accepted once.
create table if not exists captcha_used (
  id text primary key,
  expires_at timestamptz not null
);
create index if not exists captcha_used_expires_idx on captcha_used (expires_at);
