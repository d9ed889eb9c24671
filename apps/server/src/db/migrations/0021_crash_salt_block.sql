-- Crash salts from a public block (issue G4 item 2). A chain published from now on announces, in the same
-- transaction, a block of a public chain that does not exist yet: the chain id (`salt_chain`, e.g. eth),
-- where the server reads it (`salt_source`: an EVM node, or the demo's simulated chain), its height and
-- the confirmations it must have. The leader fixes the salt only once that block exists with those
-- confirmations: the salt is the block's hash, `salt_block_at` its timestamp. `salt_explorer` is the
-- operator's explorer URL template ({height}, {hash}) at the announcement, for the fairness page.
-- Chains whose salt is already fixed keep it and get no announcement (their salt was drawn by the server);
-- a chain published earlier whose salt is not fixed yet is announced by the leader before it starts.
alter table crash_chains add column if not exists salt_chain text;
alter table crash_chains add column if not exists salt_source text;
alter table crash_chains add column if not exists salt_height bigint;
alter table crash_chains add column if not exists salt_confirmations integer;
alter table crash_chains add column if not exists salt_explorer text;
alter table crash_chains add column if not exists salt_announced_at timestamptz;
alter table crash_chains add column if not exists salt_block_at timestamptz;
alter table crash_chains drop constraint if exists crash_chains_salt_block;
alter table crash_chains add constraint crash_chains_salt_block check (
  (salt_height is null and salt_chain is null and salt_source is null and salt_confirmations is null
     and salt_explorer is null and salt_announced_at is null and salt_block_at is null)
  or (salt_height >= 0 and salt_chain is not null and salt_source in ('evm', 'simulated')
     and salt_confirmations >= 1 and salt_announced_at is not null
     and (salt is null) = (salt_block_at is null))
);

-- The simulated chain's block hashes: drawn at random the first time a block is read once its slot has
-- begun (modules/chains/simulated.ts), then the same for every node.
create table if not exists sim_chain_blocks (
  chain text not null,
  height bigint not null,
  hash text not null,
  created_at timestamptz not null default clock_timestamp(),
  primary key (chain, height)
);

-- No round of a chain before its salt: the database refuses a round whose chain has none yet (the round
-- loop already waits for the announced block; this holds for any other writer too).
create or replace function crash_round_needs_salt() returns trigger language plpgsql as $$
begin
  if not exists (select 1 from crash_chains where id = new.chain_id and salt is not null) then
    raise exception 'crash chain % has no salt yet: its announced block does not exist', new.chain_id
      using errcode = '23514';
  end if;
  return new;
end;
$$;
drop trigger if exists crash_rounds_need_salt on crash_rounds;
create trigger crash_rounds_need_salt before insert on crash_rounds
  for each row execute function crash_round_needs_salt();
