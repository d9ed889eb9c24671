-- Crash schemes (issue G4): how a chain turns a round's HMAC_SHA256(key = game hash, message = salt) into
-- its crash point (packages/games/src/crash/crash.ts). Every chain published before this migration
-- played `hmac52` (the first 52 bits, floor(100 * (1 - edge) / (1 - r / 2^52))) and keeps it, so no round
-- already played changes; chains published from now on use `hmac32` (the first 32 bits,
-- floor(2^32 / (n + 1) * (1 - edge) * 100), the large casino's published algorithm). The server names
-- the scheme on every insert; the default only covers an insert that does not.
alter table crash_chains add column if not exists scheme text not null default 'hmac52';
alter table crash_chains alter column scheme set default 'hmac32';
alter table crash_chains drop constraint if exists crash_chains_scheme;
alter table crash_chains add constraint crash_chains_scheme check (scheme in ('hmac52', 'hmac32'));
