-- Last run of each leader-only job (apps/server/src/jobs), for the admin health page.
-- One row per job, upserted at the start and the end of every run.
create table if not exists job_runs (
  name text primary key,
  node_id text not null,
  last_started_at timestamptz,
  last_finished_at timestamptz,
  -- Error of the last finished run; null when it succeeded.
  last_error text,
  -- Finished runs, failed ones included.
  runs bigint not null default 0
);
