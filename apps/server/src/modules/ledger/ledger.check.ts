/** The ledger's invariants checked over the whole ledger (ledger.service.ts states them). */
import type { Database } from '../../db/client.js';

export interface LedgerCheck {
  ok: boolean;
  transfers: number;
  accounts: number;
  problems: string[];
}

/** Verifies the invariants over the whole ledger (an admin health check; O(postings)). */
export async function checkLedger(database: Database): Promise<LedgerCheck> {
  const problems: string[] = [];
  const sums = await database.query<{ currency: string; total: string }>(
    'select currency, sum(amount)::text as total from ledger_postings group by currency having sum(amount) <> 0',
  );
  for (const s of sums) problems.push(`postings of ${s.currency} sum to ${s.total}, not 0`);
  const drift = await database.query<{ id: string; balance: string; postings: string }>(
    `select a.id::text as id, a.balance::text as balance, coalesce(p.total, 0)::text as postings
       from ledger_accounts a
       left join (select account_id, sum(amount) as total from ledger_postings group by account_id) p on p.account_id = a.id
      where not a.is_system and a.balance <> coalesce(p.total, 0)`,
  );
  for (const d of drift)
    problems.push(`account ${d.id} has balance ${d.balance} but postings sum to ${d.postings}`);
  const negative = await database.query<{ id: string }>(
    'select id::text as id from ledger_accounts where not is_system and balance < 0',
  );
  for (const n of negative) problems.push(`account ${n.id} is negative`);
  const pairs = await database.query<{ id: string }>(
    `select t.id::text as id from ledger_transfers t
      where (select count(*) from ledger_postings p where p.transfer_id = t.id) <> 2
         or (select coalesce(sum(p.amount), 0) from ledger_postings p where p.transfer_id = t.id) <> 0`,
  );
  for (const p of pairs) problems.push(`transfer ${p.id} does not have exactly two balancing postings`);
  const counts = await database.query<{ transfers: number; accounts: number }>(
    'select (select count(*) from ledger_transfers)::int as transfers, (select count(*) from ledger_accounts)::int as accounts',
  );
  return {
    ok: problems.length === 0,
    transfers: counts[0]?.transfers ?? 0,
    accounts: counts[0]?.accounts ?? 0,
    problems,
  };
}
