-- The race's prize pool moves from the licence (`pluginSettings.race`) to its own operator setting
-- (`race.prize_pool`, settings registry): copied once when the licence names a reward; the licence's
-- `plugins.race` stays the switch. Nothing is copied when the setting exists already.
insert into settings (key, value)
select 'race.prize_pool',
       jsonb_strip_nulls(jsonb_build_object(
         'reward', l.value -> 'pluginSettings' -> 'race' -> 'reward',
         'currency', l.value -> 'pluginSettings' -> 'race' -> 'currency'))
  from settings l
 where l.key = 'license'
   and jsonb_typeof(l.value -> 'pluginSettings' -> 'race') = 'object'
   and (l.value -> 'pluginSettings' -> 'race') ? 'reward'
on conflict (key) do nothing;
