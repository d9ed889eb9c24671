-- What the last finished run of a job reported (JSON, e.g. the wager repair job's repaired stakes per
-- product), for the admin health page and the logs' readers; null when the run reported nothing or failed.
alter table job_runs add column if not exists last_result jsonb;
-- crash.repair became wagers.repair (the one repair job over every product's declaration).
delete from job_runs where name = 'crash.repair';
