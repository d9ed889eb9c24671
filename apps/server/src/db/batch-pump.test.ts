import { describe, expect, it } from 'vitest';
import { BatchPump } from './batch-pump.js';

/** A pump whose batches are recorded and end only when the test releases them. */
function held(opts: { maxBatch: number; parallel: number }) {
  const batches: number[][] = [];
  const open: (() => void)[] = [];
  const pump = new BatchPump<number>(
    (batch) =>
      new Promise<void>((resolve) => {
        batches.push(batch);
        open.push(resolve);
      }),
    opts,
  );
  const turn = () => new Promise((r) => setImmediate(r));
  const endOldest = async () => {
    open.shift()?.();
    await turn();
    await turn();
  };
  return { pump, batches, open, turn, endOldest };
}

describe('BatchPump', () => {
  it('runs an item alone at once when nothing runs, and gathers what arrives meanwhile', async () => {
    const p = held({ maxBatch: 10, parallel: 1 });
    p.pump.push(1);
    await p.turn();
    expect(p.batches).toEqual([[1]]);
    for (const i of [2, 3, 4]) p.pump.push(i);
    await p.turn();
    expect(p.batches).toEqual([[1]]); // one batch at most in flight
    await p.endOldest();
    expect(p.batches).toEqual([[1], [2, 3, 4]]);
  });

  it('keeps at most `parallel` batches in flight and at most `maxBatch` items per batch, in arrival order', async () => {
    const p = held({ maxBatch: 2, parallel: 2 });
    for (const i of [1, 2, 3, 4, 5, 6, 7]) p.pump.push(i);
    await p.turn();
    expect(p.batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    await p.endOldest();
    expect(p.batches.at(-1)).toEqual([5, 6]);
    expect(p.open.length).toBe(2);
    await p.endOldest();
    await p.endOldest();
    expect(p.batches.at(-1)).toEqual([7]);
    await p.endOldest();
    expect(p.open.length).toBe(0);
    expect(p.batches.flat()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
