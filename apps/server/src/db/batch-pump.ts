/**
 * The batching of the coalesced reads (coalesce.ts) and of the bets' group commit
 * (modules/games/group-commit.ts): an item is queued; at most `parallel` batches run at once; whenever
 * one ends (and on the next turn of the event loop after an item arrives while fewer run) the queued
 * items, at most `maxBatch`, in arrival order, become the next batch. A quiet node therefore runs an
 * item at once, without waiting for a timer; a busy one gathers the items that arrive while earlier
 * batches run.
 *
 * `run` answers every item of its batch itself and never rejects (a rejection is a bug: it surfaces
 * as an unhandled rejection rather than as items that never answer).
 */
export interface BatchPumpOptions {
  /** Items per batch at most. */
  maxBatch: number;
  /** Batches running at once at most. */
  parallel: number;
}

export class BatchPump<T> {
  private readonly queue: T[] = [];
  private running = 0;
  private scheduled = false;

  constructor(
    private readonly run: (batch: T[]) => Promise<void>,
    private readonly opts: BatchPumpOptions,
  ) {}

  /** Queues `item` for the next batch. */
  push(item: T): void {
    this.queue.push(item);
    if (this.scheduled || this.running >= this.opts.parallel) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.opts.parallel && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.opts.maxBatch);
      this.running++;
      void this.run(batch).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }
}
