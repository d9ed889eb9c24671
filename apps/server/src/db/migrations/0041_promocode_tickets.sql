-- G7 item 2: promo codes that grant bonus-wheel tickets (decision 0038, "Tickets codes"). A code of type
-- 'tickets' grants `tickets` (1 to 100) wheel tickets through the wheel module's grantTickets under the key
-- promocode:{code id}:{player}; it has no money value (amount 0, multiplier 0). Money codes have no tickets.
alter table promocodes add column if not exists tickets integer;
alter table promocodes drop constraint if exists promocodes_type;
alter table promocodes add constraint promocodes_type check (type in ('real', 'bonus', 'tickets'));
alter table promocodes drop constraint if exists promocodes_amount;
alter table promocodes add constraint promocodes_amount check (
  (type = 'tickets' and amount = 0 and multiplier = 0 and tickets is not null and tickets between 1 and 100)
  or (type <> 'tickets' and amount > 0 and tickets is null)
);
