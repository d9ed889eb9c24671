import type { Database } from '../../src/db/client.js';
import { type WagerConsumer, consumerPosition, drainWagers } from '../../src/modules/wagers/index.js';

/**
 * Delivers the wager stream to `consumer` until it has applied every wager record committed before this
 * call. One drain is not enough on PostgreSQL: a record is delivered only once every transaction that
 * began before it has ended (the stream's horizon), and the server's own jobs keep short transactions
 * running, so the horizon can trail the last bet by a moment.
 */
export async function catchUp(
  database: Database,
  consumer: WagerConsumer,
  timeoutMs = 15_000,
): Promise<void> {
  const target = (
    await database.query<{ tx: string; id: string }>(
      'select tx::text as tx, id::text as id from bets where tx is not null order by tx desc, id desc limit 1',
    )
  )[0];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await drainWagers(database, consumer);
    if (!target) return;
    const done = await database.transaction(async (tx) => {
      const at = await consumerPosition(tx, consumer.name);
      const rows = await tx.query<{ done: boolean }>(
        'select ($1::xid8, $2::bigint) >= ($3::xid8, $4::bigint) as done',
        [at.tx, at.id, target.tx, target.id],
      );
      return rows[0]?.done === true;
    });
    if (done) return;
    if (Date.now() > deadline) throw new Error(`wager consumer ${consumer.name} did not catch up`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
