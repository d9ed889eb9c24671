-- G7: the contact-info modal (modules/profile/contact-info.ts). What each player gave (one row per
-- field model; the e-mail lives on users), and their snooze: hidden until `until` while the operator asks
-- for `field_count` fields (a changed count shows it again).
create table if not exists contact_info (
  user_id uuid not null references users (id) on delete cascade,
  model text not null,
  value text not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, model)
);

create table if not exists contact_info_snoozes (
  user_id uuid primary key references users (id) on delete cascade,
  field_count integer not null,
  until timestamptz not null
);
