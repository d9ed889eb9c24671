/**
 * Coalesced reads (decision 0020): concurrent single-row lookups of the same kind share ONE statement.
 *
 * Batching (batch-pump.ts, as the bets' group commit does it): a lookup is queued; at most `parallel`
 * statements run at once; whenever one ends the queued lookups, at most `maxBatch`, become the next
 * statement. A quiet node therefore reads at once, without waiting for a timer; a busy one gathers the
 * lookups that arrive during a read.
 *
 * Invariants:
 *  - Every lookup is answered from a statement that STARTED after the lookup was made: a coalesced
 *    read is never older than the uncoalesced read it replaces (no cache, nothing to invalidate).
 *  - A lookup's answer is its own: `run` returns one result per key, in the keys' order (a key given
 *    twice is answered twice).
 *  - A failure reaches only the lookup that causes it: when a statement of several keys fails, each
 *    key is read again alone, and only a key whose own statement fails is rejected.
 */
import { BatchPump, type BatchPumpOptions } from './batch-pump.js';

export type CoalesceOptions = BatchPumpOptions;

interface Waiting<K, V> {
  key: K;
  resolve: (value: V) => void;
  reject: (err: unknown) => void;
}

/** The statements of the module comment. */
export class Coalescer<K, V> {
  private readonly pump: BatchPump<Waiting<K, V>>;

  /** `run` reads the keys in one statement and returns one result per key, in order. */
  constructor(
    private readonly run: (keys: K[]) => Promise<V[]>,
    opts: CoalesceOptions = { maxBatch: 256, parallel: 2 },
  ) {
    this.pump = new BatchPump((batch) => this.read(batch), opts);
  }

  /** The result for `key`, read by a statement that starts after this call. */
  load(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => this.pump.push({ key, resolve, reject }));
  }

  private async read(batch: Waiting<K, V>[]): Promise<void> {
    let values: V[];
    try {
      values = await this.run(batch.map((w) => w.key));
      if (values.length !== batch.length)
        throw new Error(`a coalesced read returned ${values.length} results for ${batch.length} keys`);
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      // Each key alone, so the failure reaches only the key that causes it.
      await Promise.all(
        batch.map((w) =>
          this.run([w.key]).then(
            (v) => (v.length === 1 ? w.resolve(v[0]!) : w.reject(err)),
            (e: unknown) => w.reject(e),
          ),
        ),
      );
      return;
    }
    for (const [i, w] of batch.entries()) w.resolve(values[i]!);
  }
}
